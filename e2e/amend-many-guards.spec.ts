/**
 * Amend many's preview knows main's guards: an order a single amend holds in flight (its answer held
 * back by the demo exchange) is refused in the preview with main's words, before anything is sent,
 * while the others are ready; the run then sends only those. At 960 × 600, in both themes.
 */
import { test, expect } from './fixtures';
import {
  CATEGORY,
  confirmAndSend,
  counts,
  DEMO_UID,
  itemRow,
  ladder,
  openAmendMany,
  progress,
  runState,
  selectLadder,
  SYMBOL,
} from './harness/amend-many-steps';
import { shotBoth } from './harness/both-themes';
import { expectWhole } from './harness/clipping';

const MODIFY = '/api/v3/trade/modify-order';
/** The words main gives an order whose single amend is on the wire (amend-steps.ts, sendingReason). */
const IN_FLIGHT =
  /^A modification of order held-02 is in progress: it was sent at \S+Z and its result is not known yet\.$/;

test('an order in flight is refused in the preview with main’s words, the others are ready', async ({
  app,
  demo,
  shot,
}) => {
  test.setTimeout(90_000);
  await app.setViewportSize({ width: 960, height: 600 });
  await ladder(app, demo, 'held', 4);
  await openAmendMany(app);
  await selectLadder(app, 4);
  await app.getByLabel('Price steps').fill('1');
  await expect(counts(app)).toContainText('4 ready');

  // A single amend of held-02 whose answer is held back: main holds the order in flight. (The Local
  // demo's 10 s request timeout then makes it unknown; the preview is read well before that.)
  demo.control.delayResponses(MODIFY, 30_000, 1);
  const sent = await app.evaluate(
    async ([category, symbol]) => {
      type Answer = { ok: boolean; data?: { status: string; guard: { state: string } } };
      const desk = (globalThis as unknown as { desk: { sendModification: (r: unknown) => Promise<Answer> } }).desk;
      return desk.sendModification({ request: { clientOid: 'held-02', price: '94980.5', category, symbol } });
    },
    [CATEGORY, SYMBOL] as const,
  );
  expect(sent.data).toMatchObject({ status: 'sending', guard: { state: 'in-flight' } });

  // The open orders read again: main answers its guard with the page.
  await app.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(counts(app)).toContainText('3 ready');
  await expect(counts(app)).toContainText('1 refused');
  const preview = app.getByRole('table', { name: 'Preview' });
  const held = preview.getByRole('row').filter({ hasText: 'held-02' });
  await expect(held.getByRole('cell').nth(4)).toHaveText('Refused');
  const why = held.locator('.am-notes li');
  await expect(why).toHaveCount(1);
  await expect(why).toHaveText(IN_FLIGHT);
  for (const other of ['held-01', 'held-03', 'held-04'])
    await expect(preview.getByRole('row').filter({ hasText: other }).getByRole('cell').nth(4)).toHaveText('Ready');

  // The smallest window the app supports: the page does not spill sideways; the preview's table
  // scrolls sideways in its own box (its verdict first, so "Refused" is in view at once), and the
  // words, scrolled to as an operator does, are read whole.
  expect(await app.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await held.scrollIntoViewIfNeeded();
  await expectWhole(held.getByRole('cell').nth(4), 'the verdict of the guarded row at 960 × 600');
  await shotBoth(app, shot, 'amend-many-preview-guarded-960x600');
  await why.scrollIntoViewIfNeeded();
  await expectWhole(why, 'the in-flight refusal in the preview’s Why column at 960 × 600');
  await shotBoth(app, shot, 'amend-many-preview-guarded-why-960x600');

  // Only the ready rows are sent; the guarded one goes with the run as refused in the preview.
  await confirmAndSend(app, 3);
  await expect(runState(app)).toContainText('Finished', { timeout: 20_000 });
  await expect(progress(app)).toHaveAttribute('aria-valuetext', /3 applied, 1 refused/);
  await expect(itemRow(app, 'held-02')).toContainText('Refused in the preview: A modification of order held-02');
  expect(demo.control.getOrder(DEMO_UID, 'held-01')?.price).toBe('94990.1');
  expect(demo.control.getOrder(DEMO_UID, 'held-02')?.price).toBe('94980.5');
  expect(demo.control.requestLog().filter((e) => e.path === MODIFY)).toHaveLength(1);
});
