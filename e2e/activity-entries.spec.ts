/**
 * Activity pages by entries: an amend-many run is one row however many items it has, so the single
 * amends made after a run of 120 items are on the first page beside it; opened, the run lists its
 * items a page at a time; a search lists a run when any item matches, and opened it lists those. All
 * of it by keyboard.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect, type DeskFixtures } from './fixtures';

type Page = DeskFixtures['app'];

const RUN = 'run-e2e-120';
const ITEMS = 120;

/** A single amend, a run of 120 items (one rejected), then three single amends. */
async function history(userDataDir: string): Promise<void> {
  const t0 = Date.parse('2026-03-02T09:00:00Z');
  const attempt = (id: string, at: number, over: Record<string, unknown> = {}) => ({
    id,
    profileId: 'local-demo',
    profileName: 'Local demo',
    environment: 'local-demo',
    startedAt: at,
    finishedAt: at + 400,
    request: { clientOid: id, price: '60010.0', autoCancel: 'no' },
    status: 'applied',
    summary: 'Applied: price 60000.0 → 60010.0.',
    timeline: [],
    ...over,
  });
  const items = Array.from({ length: ITEMS }, (_, i) =>
    attempt(`item-${i}`, t0 + 60_000 + i * 10, {
      request: { orderId: `run-order-${String(i).padStart(3, '0')}`, price: '60010.0', autoCancel: 'no' },
      ...(i === 7 ? { status: 'rejected', summary: 'Rejected: The order does not exist.' } : {}),
      run: { id: RUN, index: i, size: ITEMS },
    }),
  );
  const lines = [
    attempt('single-before', t0),
    ...items,
    ...[1, 2, 3].map((n) => attempt(`single-after-${n}`, t0 + 120_000 + n * 60_000)),
  ];
  await writeFile(join(userDataDir, 'activity.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
}

/** Presses Tab until the focused element is the one wanted (keyboard only, as an operator would). */
async function tabTo(app: Page, wanted: (el: Element) => boolean, presses = 80): Promise<void> {
  for (let i = 0; i < presses; i++) {
    await app.keyboard.press('Tab');
    if (await app.evaluate(`(${wanted.toString()})(document.activeElement)`)) return;
  }
  throw new Error('the element wanted never took the focus');
}

test.describe('activity entries', () => {
  test('a run of 120 items is one row beside the single amends; opened, it pages its items', async ({
    app,
    userDataDir,
    shot,
  }) => {
    // Three screenshots, each checked by axe in both themes over a table of 120 rows.
    test.setTimeout(120_000);
    await history(userDataDir);
    await app.reload();
    await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Activity' }).click();
    const rows = app.getByRole('table', { name: 'Amend attempts' }).locator('tbody tr');
    // Newest first: the three singles made after the run, the run, the single before it.
    await expect(rows).toHaveCount(5);
    await expect(app.getByText('5 of 5 shown')).toBeVisible();
    await expect(rows.nth(0)).toContainText('single-after-3');
    await expect(rows.nth(2)).toContainText('single-after-1');
    const run = rows.nth(3);
    const toggle = run.getByRole('button', { name: /^Amend many · / });
    await expect(toggle).toHaveText(/Amend many · 120 items$/);
    await expect(run).toContainText('1 rejected, 119 applied');
    await expect(rows.nth(4)).toContainText('single-before');
    await shot('activity-entries-run-closed');

    // Keyboard only: from the search field to the run's button, Enter opens it.
    await app.getByLabel('Search activity').focus();
    await tabTo(app, (el) => el.getAttribute('aria-expanded') !== null);
    await app.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const items = app.locator('tbody tr.activity-run-item[data-attempt-id]');
    await expect(items).toHaveCount(50);
    await expect(items.first()).toContainText('item 1 of 120');
    // The next row is its first item: Enter shows it.
    await app.keyboard.press('Tab');
    await app.keyboard.press('Enter');
    const detail = app.getByRole('complementary', { name: 'Attempt details' });
    await expect(detail).toContainText('run-order-000');
    await tabTo(app, (el) => el.getAttribute('aria-label')?.startsWith('Load more items of run') === true);
    await expect(app.getByText('50 of 120 attempts shown')).toBeVisible();
    await app.keyboard.press('Enter');
    await expect(items).toHaveCount(100);
    await app.getByRole('button', { name: /^Load more items of run/ }).press('Enter');
    await expect(items).toHaveCount(120);
    await expect(items.last()).toContainText('item 120 of 120');
    await expect(app.getByRole('button', { name: /^Load more items of run/ })).toHaveCount(0);
    // The singles after the run are still where they were: above it.
    await expect(rows.nth(0)).toContainText('single-after-3');
    await toggle.scrollIntoViewIfNeeded();
    await shot('activity-entries-run-open');
    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    await shot('activity-entries-run-open-light');

    // Escape on a row closes the details; the run's button closes the run.
    await items.nth(7).focus();
    await app.keyboard.press('Enter');
    await expect(detail).toContainText('run-order-007');
    await app.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await toggle.focus();
    await app.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(items).toHaveCount(0);
  });

  test('a search lists a run when any item matches, and opened it lists the matching ones', async ({
    app,
    userDataDir,
    shot,
  }) => {
    await history(userDataDir);
    await app.reload();
    await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Activity' }).click();
    const rows = app.getByRole('table', { name: 'Amend attempts' }).locator('tbody tr');
    await expect(rows).toHaveCount(5);
    await app.getByLabel('Search activity').fill('run-order-00');
    await expect(rows).toHaveCount(1);
    const toggle = app.getByRole('button', { name: /^Amend many · / });
    await expect(toggle).toHaveText(/120 items · 10 matching$/);
    await toggle.press('Enter');
    const items = app.locator('tbody tr.activity-run-item[data-attempt-id]');
    await expect(items).toHaveCount(10);
    await expect(items.first()).toContainText('run-order-000');
    await expect(items.last()).toContainText('run-order-009');
    await shot('activity-entries-run-search');

    // The outcome filter works alike: the run holds one rejected item.
    await app.getByLabel('Search activity').fill('');
    await app.getByLabel('Outcome').selectOption('rejected');
    await expect(toggle).toHaveText(/120 items · 1 matching$/);
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('run-order-007');
    await expect(rows).toHaveCount(2);
  });
});
