import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect, type DeskFixtures } from './fixtures';
import { field } from './harness/amend-page';
import { nav } from './harness/app-shell';

type Page = DeskFixtures['app'];

const status = (app: Page) => app.getByRole('status', { name: 'Amend progress' });

async function amend(app: Page, clientOid: string, change: { qty?: string; price?: string }) {
  await field(app, 'Client order ID').fill(clientOid);
  await field(app, 'Quantity').fill(change.qty ?? '');
  await field(app, 'Price').fill(change.price ?? '');
  await app.getByRole('button', { name: 'Review' }).click();
  await app.getByRole('button', { name: 'Send modification' }).click();
}

test.describe('activity', () => {
  test('lists every attempt after a reload, filters, shows details and exports CSV', async ({
    app,
    userDataDir,
    shot,
  }) => {
    await nav(app, 'Activity');
    await expect(app.getByText('No amend attempts yet.')).toBeVisible();

    await nav(app, 'Amend order');
    // Applied.
    await amend(app, 'demo-btc-open', { price: '60010.0' });
    await expect(status(app)).toContainText('Applied: price → 60010.0 (previous not known)');
    // Rejected by the exchange (no such order), explained with its code.
    await amend(app, 'no-such-order', { price: '1' });
    await expect(status(app)).toContainText('Rejected: The order does not exist');
    await expect(status(app)).toContainText('code 25204');
    // Refused by main (the renderer bypassed): recorded like any other attempt.
    const refused = await app.evaluate(() =>
      (
        globalThis as unknown as { desk: { sendModification: (x: unknown) => Promise<{ data?: { status: string } }> } }
      ).desk.sendModification({
        request: { clientOid: 'demo-btc-open', price: '60010.05', category: 'USDT-FUTURES', symbol: 'BTCUSDT' },
      }),
    );
    expect(refused.data?.status).toBe('refused');

    // The log lives in the user-data folder, one JSON line per status change.
    const lines = (await readFile(join(userDataDir, 'activity.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(5);

    await app.reload();
    await nav(app, 'Activity');
    const table = app.getByRole('table', { name: 'Amend attempts' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(3);
    // Newest first.
    await expect(rows.nth(0)).toContainText('Refused');
    await expect(rows.nth(1)).toContainText('Rejected');
    await expect(rows.nth(2)).toContainText('Applied');
    await expect(rows.nth(2)).toContainText('price → 60010.0 (previous not known)');
    await expect(rows.nth(2)).toContainText('Local demo');
    await shot('activity-list');

    await rows.nth(1).click();
    const detail = app.getByRole('complementary', { name: 'Attempt details' });
    await expect(detail).toContainText('"clientOid": "no-such-order"');
    await expect(detail).toContainText('25204');

    await app.getByLabel('Outcome').selectOption('applied');
    await expect(rows).toHaveCount(1);
    await expect(app.getByText('1 of 3 shown')).toBeVisible();
    await app.getByLabel('Outcome').selectOption('');
    await app.getByLabel('Search activity').fill('no-such');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Rejected');
    await app.getByLabel('Search activity').fill('');
    await expect(rows).toHaveCount(3);

    const [download] = await Promise.all([
      app.waitForEvent('download'),
      app.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^uta-desk-activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const csvLines = csv.trim().split('\r\n');
    expect(csvLines[0]).toContain('time,started_ms,profile,environment,order_id,client_oid');
    expect(csvLines).toHaveLength(4);
    expect(csv).toContain('no-such-order');
    expect(csv).toContain(',applied,');

    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    await rows.nth(2).click();
    await shot('activity-list-light');
  });

  test('a single amend names its order by client order ID and order ID, as a run item does (1280 × 800)', async ({
    app,
  }) => {
    await app.setViewportSize({ width: 1280, height: 800 });
    await nav(app, 'Amend order');
    await field(app, 'Client order ID').fill('demo-btc-open');
    await app.getByRole('button', { name: 'Load order' }).click();
    await expect(field(app, 'Order ID')).toHaveValue(/^\d+$/);
    const orderId = await field(app, 'Order ID').inputValue();
    await field(app, 'Price').fill('60020.0');
    await app.getByRole('button', { name: 'Review' }).click();
    await app.getByRole('button', { name: 'Send modification' }).click();
    await expect(status(app)).toContainText('Applied');

    await nav(app, 'Activity');
    const order = app
      .getByRole('table', { name: 'Amend attempts' })
      .locator('tbody tr')
      .first()
      .locator('.activity-order');
    await expect(order).toContainText('demo-btc-open');
    await expect(order).toContainText(orderId);
    await app.screenshot({ path: 'e2e/screenshots/activity-single-amend-ids.png' });
  });

  test('counts unreadable lines of a log torn by a crash and still lists the rest', async ({ app, userDataDir }) => {
    await nav(app, 'Amend order');
    await amend(app, 'demo-btc-open', { price: '60010.0' });
    await expect(status(app)).toContainText('Applied');
    const path = join(userDataDir, 'activity.jsonl');
    const text = await readFile(path, 'utf8');
    // A crash mid-write leaves half a line at the end.
    await writeFile(path, `${text}{"id":"torn","profileId":"local-de`);
    await nav(app, 'Activity');
    await expect(app.getByText('1 unreadable line skipped')).toBeVisible();
    await expect(app.getByRole('table', { name: 'Amend attempts' }).locator('tbody tr')).toHaveCount(1);
  });

  test('a long history loads newest first, 200 at a time, and search reaches back through all of it', async ({
    app,
    userDataDir,
    shot,
  }) => {
    // Months of attempts, as an earlier run would have left them.
    const t0 = Date.parse('2026-01-05T09:00:00Z');
    const lines = Array.from({ length: 450 }, (_, n) =>
      JSON.stringify({
        id: `history-${n}`,
        profileId: 'local-demo',
        profileName: 'Local demo',
        environment: 'local-demo',
        startedAt: t0 + n * 60_000,
        finishedAt: t0 + n * 60_000 + 400,
        request: { clientOid: `ladder-${String(n).padStart(3, '0')}`, price: '60010.0', autoCancel: 'no' },
        status: 'applied',
        summary: 'Applied: price 60000.0 → 60010.0.',
        timeline: [],
      }),
    );
    await writeFile(join(userDataDir, 'activity.jsonl'), `${lines.join('\n')}\n`);
    await nav(app, 'Activity');
    const rows = app.getByRole('table', { name: 'Amend attempts' }).locator('tbody tr');
    await expect(app.getByText('200 of 450 shown · Load more, below the list, for older ones')).toBeVisible();
    await expect(rows.first()).toContainText('ladder-449');
    await app.getByRole('button', { name: 'Load more' }).click();
    await expect(app.getByText('400 of 450 shown · Load more, below the list, for older ones')).toBeVisible();
    await app.getByRole('button', { name: 'Load more' }).click();
    await expect(app.getByText('450 of 450 shown')).toBeVisible();
    await expect(rows.last()).toContainText('ladder-000');
    await expect(app.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    await shot('activity-history-loaded');

    // The oldest attempt is found by main's search, without loading the pages in between.
    await app.getByLabel('Search activity').fill('ladder-007');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('ladder-007');
    await expect(app.getByText('1 of 450 shown')).toBeVisible();
  });
});
