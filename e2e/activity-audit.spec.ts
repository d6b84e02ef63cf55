import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect, type DeskFixtures } from './fixtures';
import { nav } from './harness/app-shell';

type Page = DeskFixtures['app'];

/** 489 attempts, as months of use leave them: every third one rejected. */
async function history(userDataDir: string): Promise<void> {
  const t0 = Date.parse('2026-01-05T09:00:00Z');
  const lines = Array.from({ length: 489 }, (_, n) =>
    JSON.stringify({
      id: `history-${n}`,
      profileId: 'local-demo',
      profileName: 'Local demo',
      environment: 'local-demo',
      startedAt: t0 + n * 60_000,
      finishedAt: t0 + n * 60_000 + 400,
      request: { clientOid: `ladder-${String(n).padStart(3, '0')}`, price: '60010.0', autoCancel: 'no' },
      status: n % 3 === 0 ? 'rejected' : 'applied',
      summary: n % 3 === 0 ? 'Rejected: The order does not exist.' : 'Applied: price 60000.0 → 60010.0.',
      timeline: [],
    }),
  );
  await writeFile(join(userDataDir, 'activity.jsonl'), `${lines.join('\n')}\n`);
}

async function exportCsv(app: Page): Promise<string[]> {
  const [download] = await Promise.all([
    app.waitForEvent('download'),
    app.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^uta-desk-activity-\d{4}-\d{2}-\d{2}\.csv$/);
  return (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
}

test.describe('activity as an audit tool', () => {
  test('Export CSV writes every attempt matching the filter, not only the loaded page', async ({
    app,
    userDataDir,
    shot,
  }) => {
    await history(userDataDir);
    await nav(app, 'Activity');
    await expect(app.getByText('200 of 489 shown · Load more, below the list, for older ones')).toBeVisible();

    const all = await exportCsv(app);
    expect(all[0]).toContain('time,started_ms,profile,environment,order_id,client_oid');
    expect(all).toHaveLength(1 + 489);
    expect(all[1]).toContain('ladder-488');
    expect(all[489]).toContain('ladder-000');
    await expect(app.getByRole('status', { name: 'Export progress' })).toHaveText(
      /^Exported 489 attempts to uta-desk-activity-\d{4}-\d{2}-\d{2}\.csv in the browser's downloads$/,
    );
    await shot('activity-export-all');

    // Filtered: the match count (163 rejected), though only the newest 200 of the log are loaded.
    await app.getByLabel('Outcome').selectOption('rejected');
    const rejected = await exportCsv(app);
    expect(rejected).toHaveLength(1 + 163);
    expect(rejected.slice(1).every((l) => l.includes(',rejected,'))).toBe(true);
    await expect(app.getByRole('status', { name: 'Export progress' })).toHaveText(/^Exported 163 attempts/);
  });

  test('the detail panel closes by Escape and by its button, returning focus to the row', async ({
    app,
    userDataDir,
    shot,
  }) => {
    await history(userDataDir);
    await app.setViewportSize({ width: 1280, height: 800 });
    await nav(app, 'Activity');
    const table = app.getByRole('table', { name: 'Amend attempts' });
    const detail = app.getByRole('complementary', { name: 'Attempt details' });
    const row = table.locator('tbody tr').nth(2);
    await row.click();
    await expect(detail).toContainText('ladder-486');

    // Outcome and Duration stay in view beside the open panel.
    const panel = await detail.boundingBox();
    for (const name of ['Outcome', 'Duration']) {
      const header = await table.getByRole('columnheader', { name }).boundingBox();
      expect(header, name).not.toBeNull();
      expect(header!.x + header!.width, `${name} is not under the detail panel`).toBeLessThanOrEqual(panel!.x);
    }

    await shot('activity-detail-1280');

    await row.focus();
    await app.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect(row).toBeFocused();

    await row.press('Enter');
    await expect(detail).toContainText('ladder-486');
    await detail.getByRole('button', { name: 'Close details' }).click();
    await expect(detail).toHaveCount(0);
    await expect(row).toBeFocused();

    // Escape from inside the panel too.
    await row.press('Enter');
    await detail.getByRole('button', { name: 'Close details' }).focus();
    await app.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect(row).toBeFocused();
  });
});
