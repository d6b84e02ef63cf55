/**
 * Revert from Activity against the demo exchange, through the real browser host and core: a run of
 * 30 orders +1 %, three of them changed meanwhile (filled by the exchange, amended again from the
 * desk, cancelled), then Revert…: the preview leaves those three with why, and the other 27 go back
 * to exactly their recorded prices on the exchange. The revert run and the original link both ways.
 */
import { test, expect } from './fixtures';
import { shotBoth } from './harness/both-themes';
import {
  CATEGORY,
  confirmAndSend,
  counts,
  DEMO_UID,
  ladder,
  oid,
  openAmendMany,
  runState,
  selectLadder,
  SYMBOL,
} from './harness/amend-many-steps';

test('a run of 30 orders +1 % reverted: 3 changed since are left, 27 return exactly', async ({ app, demo, shot }) => {
  test.setTimeout(150_000);
  await ladder(app, demo, 'rv', 30);
  const recorded = new Map(Array.from({ length: 30 }, (_, k) => [oid('rv', k + 1), `${95000 - (k + 1) * 10}.0`]));
  await openAmendMany(app);
  await selectLadder(app, 30);
  await app.getByLabel('Price', { exact: true }).selectOption({ label: 'Shift by %' });
  await app.getByLabel('Price shift %').fill('1');
  await expect(counts(app)).toContainText('30 ready');
  await confirmAndSend(app, 30);
  await expect(runState(app)).toContainText('Finished — 30 applied', { timeout: 30_000 });
  // Buys round down: 94990.0 × 1.01 = 95939.9.
  expect(demo.control.getOrder(DEMO_UID, 'rv-01')?.price).toBe('95939.9');

  // Meanwhile: one filled by the exchange, one cancelled, one amended again from the desk.
  demo.control.fillOrder(DEMO_UID, 'rv-05');
  demo.control.cancelOrder(DEMO_UID, 'rv-10');
  const again = await app.evaluate(
    async ([category, symbol]) => {
      type Answer = { ok: boolean; data?: { id: string } };
      const desk = (globalThis as unknown as { desk: { sendModification: (r: unknown) => Promise<Answer> } }).desk;
      return desk.sendModification({ request: { clientOid: 'rv-15', category, symbol, price: '94000.0' } });
    },
    [CATEGORY, SYMBOL] as const,
  );
  expect(again.ok).toBe(true);
  await expect.poll(() => demo.control.getOrder(DEMO_UID, 'rv-15')?.price, { timeout: 10_000 }).toBe('94000.0');

  // Activity: the run is one entry, and finished, so it can be reverted.
  await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Activity' }).click();
  await app
    .getByRole('button', { name: /^Revert run \w+…$/ })
    .first()
    .click();
  const dialog = app.getByRole('dialog', { name: /^Revert run / });
  await expect(dialog).toBeVisible();
  const previewCounts = dialog.getByRole('status', { name: 'Preview counts' });
  await expect(previewCounts).toContainText('27 ready', { timeout: 15_000 });
  await expect(previewCounts).toContainText('3 excluded');
  const preview = dialog.getByRole('table', { name: 'Preview' });
  const row = (clientOid: string) => preview.getByRole('row').filter({ hasText: clientOid });
  await expect(row('rv-01')).toContainText('95939.9 → 94990.0');
  await expect(row('rv-05')).toContainText('filled now');
  await expect(row('rv-10')).toContainText('cancelled now');
  await expect(row('rv-15')).toContainText('Modified since the amend: its price is now 94000.0');
  const question = dialog.getByRole('heading', {
    name: /^Send 27 modifications with the profile Local demo \(Local\) to revert run \w+\?$/,
  });
  await expect(question).toBeFocused();
  // Nothing leaves before the confirmation.
  const batches = () => demo.control.requestLog().filter((e) => e.path === '/api/v3/trade/batch-modify-order').length;
  const sentBefore = batches();
  await shotBoth(app, shot, 'revert-preview');
  // Usable at 960×600: the dialog scrolls within the window, its Send button reachable.
  await app.setViewportSize({ width: 960, height: 600 });
  await dialog.getByRole('button', { name: 'Send 27 modifications' }).scrollIntoViewIfNeeded();
  await shot('revert-preview-960');
  await app.setViewportSize({ width: 1440, height: 900 });
  expect(batches()).toBe(sentBefore);

  await dialog.getByRole('button', { name: 'Send 27 modifications' }).click();
  // The operator stays in Activity: the revert run's progress is in the list, with a way to Amend many.
  await expect(dialog).toBeHidden();
  await expect(app.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  const started = app.getByRole('status', { name: 'Revert started' });
  await expect(started).toContainText(/^Revert run \w+ started as run \w+: its progress is at the top of this list\./);
  await expect(started).toContainText('Finished — 27 applied, 3 excluded.', { timeout: 30_000 });
  await expect(app.locator('.activity-run').first().locator('.activity-run-words')).toHaveText(
    'Finished — 27 applied, 3 excluded',
  );
  await shotBoth(app, shot, 'revert-started');
  await started.getByRole('button', { name: 'Follow it on Amend many' }).click();
  await expect(app.getByRole('heading', { name: 'Amend many', level: 1 })).toBeVisible();
  await expect(runState(app)).toContainText('Finished — 27 applied, 3 excluded');
  await expect(app.getByText(/^Reverts run \w+$/)).toBeVisible();
  for (const [clientOid, price] of recorded) {
    const now = demo.control.getOrder(DEMO_UID, clientOid);
    if (clientOid === 'rv-05') expect(now?.orderStatus).toBe('filled');
    else if (clientOid === 'rv-10') expect(now?.orderStatus).toBe('cancelled');
    else if (clientOid === 'rv-15') expect(now?.price).toBe('94000.0');
    else expect(now?.price, clientOid).toBe(price);
  }

  // Activity: the two runs, linked both ways.
  await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Activity' }).click();
  await expect(app.getByText(/^Reverts run \w+$/)).toBeVisible();
  await expect(app.getByText(/^Reverted by run \w+$/)).toBeVisible();
  await shotBoth(app, shot, 'revert-linked-runs');

  // A second revert of the same run, once the first is finished, finds nothing left to put back.
  await app
    .getByRole('button', { name: /^Revert run \w+…$/ })
    .last()
    .click();
  const second = app.getByRole('dialog', { name: /^Revert run / });
  await expect(second.getByRole('status', { name: 'Preview counts' })).toContainText('0 ready', { timeout: 15_000 });
  await expect(second.getByText(/^Reverted before by run \w+$/)).toBeVisible();
  await second.getByRole('button', { name: 'Close revert' }).click();
  await expect(second).toBeHidden();

  // One applied amend of its own: the desk's second amend of rv-15 goes back to what it replaced.
  await app.getByRole('row').filter({ hasText: 'rv-15' }).filter({ hasText: '94000.0' }).first().click();
  const details = app.getByRole('complementary', { name: 'Attempt details' });
  await details.getByRole('button', { name: 'Revert this amend…' }).click();
  const one = app.getByRole('dialog', { name: /^Revert amend / });
  await expect(one.getByRole('table', { name: 'Preview' }).getByRole('row').filter({ hasText: 'rv-15' })).toContainText(
    '94000.0 → 95798.5',
  );
  await one.getByRole('button', { name: 'Send 1 modification' }).click();
  await app
    .getByRole('status', { name: 'Revert started' })
    .getByRole('button', { name: 'Follow it on Amend many' })
    .click();
  await expect(runState(app)).toContainText('Finished — 1 applied', { timeout: 20_000 });
  await expect(app.getByText(/^Reverts amend \w+$/)).toBeVisible();
  expect(demo.control.getOrder(DEMO_UID, 'rv-15')?.price).toBe('95798.5');
});
