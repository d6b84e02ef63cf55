/**
 * Amend many against the demo exchange, through the real browser host and core: a ladder of open
 * orders shifted by one price step, an order filled between preview and send, Stop halfway, an
 * answer that never comes in time, and the preview's refusal to go below the filled quantity.
 */
import { test, expect } from './fixtures';
import {
  BATCH,
  batchRequests,
  confirmAndSend,
  counts,
  DEMO_UID,
  itemRow,
  items,
  ladder,
  openAmendMany,
  previewShiftedLadder,
  progress,
  runState,
  selectLadder,
  CATEGORY,
  SYMBOL,
} from './harness/amend-many-steps';

test.describe('amend many', () => {
  test('50 open orders shifted by one price step: preview, confirm, progress, all applied', async ({
    app,
    demo,
    shot,
  }) => {
    test.setTimeout(150_000);
    const ids = await previewShiftedLadder(app, demo, 'ladder', 50, 1);
    await expect(counts(app)).toContainText('in 3 requests');
    const preview = app.getByRole('table', { name: 'Preview' });
    await expect(preview.getByRole('row').filter({ hasText: 'ladder-01' })).toContainText('94990.0 → 94990.1');
    await shot('amend-many-preview');

    // Nothing leaves before the confirmation.
    await app.getByRole('button', { name: 'Review and send…' }).click();
    await expect(app.getByRole('heading', { name: /^Send 50 modifications with/ })).toBeVisible();
    expect(batchRequests(demo)).toBe(0);
    await shot('amend-many-confirm');
    await app.getByRole('button', { name: 'Back' }).click();
    await expect(app.getByRole('button', { name: 'Review and send…' })).toBeFocused();

    // The first request's answer is held back, so the run is photographed under way.
    demo.control.delayResponses(BATCH, 1500, 1);
    await confirmAndSend(app, 50);
    await expect(runState(app)).toContainText('Running');
    await shot('amend-many-progress');

    await expect(runState(app)).toContainText('Finished — 50 applied', { timeout: 20_000 });
    await expect(progress(app)).toHaveAttribute('aria-valuetext', /^50 of 50 decided: 50 applied, 0 refused/);
    await expect(items(app).getByText('Applied', { exact: true })).toHaveCount(50);
    await shot('amend-many-summary');
    for (const [i, id] of ids.entries()) {
      expect(demo.control.getOrder(DEMO_UID, id)?.price).toBe(`${95000 - (i + 1) * 10}.1`);
    }
    expect(batchRequests(demo)).toBe(3);

    // Activity: the run is one entry; opened, it lists its items.
    await itemRow(app, 'ladder-01')
      .getByRole('button', { name: /Show the attempt/ })
      .click();
    await expect(app.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    const run = app.getByRole('button', { name: /^Amend many · / });
    await expect(run).toHaveAttribute('aria-expanded', 'true');
    await expect(app.getByRole('complementary', { name: 'Attempt details' })).toContainText('item 1 of 50');
    await shot('amend-many-activity');
  });

  test('a double press of Send starts one run: one request, no second run of refusals', async ({ app, demo }) => {
    test.setTimeout(60_000);
    await previewShiftedLadder(app, demo, 'twice', 4, 1);
    await app.getByRole('button', { name: 'Review and send…' }).click();
    await app.getByRole('button', { name: 'Send 4 modifications' }).dblclick();
    await expect(runState(app)).toContainText('Finished — 4 applied', { timeout: 20_000 });
    expect(batchRequests(demo)).toBe(1);
    // The Activity screen lists one run, not a second one whose items were all refused.
    await app.keyboard.press('Control+4');
    await expect(app.getByRole('button', { name: /^Amend many · / })).toHaveCount(1);
  });

  test('an order filled between preview and send is refused while the others apply', async ({ app, demo, shot }) => {
    test.setTimeout(60_000);
    await previewShiftedLadder(app, demo, 'fill', 12, 2);
    await app.getByRole('button', { name: 'Review and send…' }).click();
    demo.control.fillOrder(DEMO_UID, 'fill-07');
    await app.getByRole('button', { name: 'Send 12 modifications' }).click();
    await expect(runState(app)).toContainText('Finished', { timeout: 20_000 });
    await expect(progress(app)).toHaveAttribute('aria-valuetext', /11 applied, 1 refused/);
    await expect(itemRow(app, 'fill-07')).toContainText('Refused');
    expect(demo.control.getOrder(DEMO_UID, 'fill-07')?.price).toBe('94930.0');
    expect(demo.control.getOrder(DEMO_UID, 'fill-06')?.price).toBe('94940.2');
    // What did not apply can be listed alone.
    await app.getByLabel('Only items not applied (1)').check();
    await expect(items(app).getByRole('row')).toHaveCount(2);
    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    await shot('amend-many-summary-refused-light');
  });

  test('Stop halfway: nothing new is sent, what was sent is followed, the rest is not sent', async ({ app, demo }) => {
    test.setTimeout(60_000);
    await previewShiftedLadder(app, demo, 'stop', 50, 1);
    demo.control.delayResponses(BATCH, 2000, 1);
    await confirmAndSend(app, 50);
    await expect(app.getByText('Pause and Stop send nothing new')).toBeVisible();
    // Paused while the first request is out: nothing new leaves, and Resume takes Pause's place.
    await app.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(runState(app)).toContainText('Paused: nothing new is sent');
    await expect(app.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
    await app.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(runState(app)).toContainText('Stopped — 20 applied, 30 not sent', { timeout: 20_000 });
    await expect(progress(app)).toHaveAttribute('aria-valuetext', /20 applied, .*30 not sent/);
    await expect(itemRow(app, 'stop-50')).toContainText('Not sent');
    expect(batchRequests(demo)).toBe(1);
    expect(demo.control.getOrder(DEMO_UID, 'stop-01')?.price).toBe('94990.1');
    expect(demo.control.getOrder(DEMO_UID, 'stop-50')?.price).toBe('94500.0');
  });

  test.describe(() => {
    // The Local demo gives up on an answer after 2 s here, not production's 10 s (the electron project's).
    test.use({ localDemoTimeoutMs: 2_000 });

    test('no answer in time: items unknown, nothing resent, Check again reads them', async ({ app, demo, shot }) => {
      test.setTimeout(60_000);
      await previewShiftedLadder(app, demo, 'late', 3, 1);
      // Longer than the Local demo profile's request timeout, production's 10 s included.
      demo.control.delayResponses(BATCH, 15_000, 1);
      await confirmAndSend(app, 3);
      await expect(progress(app)).toHaveAttribute('aria-valuetext', /3 unknown/, { timeout: 16_000 });
      await expect(items(app).getByText('check the order')).toHaveCount(3);
      await shot('amend-many-unknown');
      await app.waitForTimeout(1000);
      expect(batchRequests(demo)).toBe(1);
      // The demo exchange did apply them: a check finds that out, and sends nothing.
      await app.getByRole('button', { name: 'Check again' }).click();
      await expect(progress(app)).toHaveAttribute('aria-valuetext', /3 applied/);
      await expect(app.getByRole('button', { name: 'Check again' })).toBeHidden();
      // Check again is gone with the last unknown item: its focus went on to New rule.
      await expect(app.getByRole('button', { name: 'New rule' })).toBeFocused();
      await app.keyboard.press('Enter');
      await expect(app.getByLabel('Category', { exact: true })).toBeFocused();
      expect(batchRequests(demo)).toBe(1);
    });
  });

  test('the preview refuses a quantity below what is already filled', async ({ app, demo, shot }) => {
    await ladder(app, demo, 'half', 2);
    demo.control.placeOrder({
      uid: DEMO_UID,
      clientOid: 'half-filled',
      category: CATEGORY,
      symbol: SYMBOL,
      side: 'buy',
      orderType: 'limit',
      price: '94000.0',
      qty: '0.0100',
      cumExecQty: '0.0070',
      orderStatus: 'partially_filled',
    });
    await openAmendMany(app);
    await selectLadder(app, 3);
    await app.getByLabel('Price', { exact: true }).selectOption('none');
    await app.getByLabel('Quantity', { exact: true }).selectOption('percent');
    await app.getByLabel('Quantity %').fill('50');
    await expect(counts(app)).toContainText('2 ready');
    await expect(counts(app)).toContainText('1 excluded');
    const row = app.getByRole('table', { name: 'Preview' }).getByRole('row').filter({ hasText: 'half-filled' });
    await expect(row).toContainText('Excluded');
    await expect(row).toContainText('The quantity cannot go below the filled quantity 0.007 BTC');
    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    await shot('amend-many-preview-excluded-light');
    // The smallest window the app supports: panels stack, nothing spills sideways.
    await app.setViewportSize({ width: 960, height: 600 });
    expect(await app.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot('amend-many-preview-960x600-light');
    await app.getByRole('button', { name: 'Review and send…' }).click();
    await expect(app.getByRole('heading', { name: /^Send 2 modifications with/ })).toBeVisible();
  });

  test('entry points carry their filter: the desk’s open orders and an instrument row', async ({ app }) => {
    await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Amend order' }).click();
    await app.getByLabel('Category', { exact: true }).selectOption('SPOT');
    await app.getByLabel('Symbol', { exact: true }).fill('SOLUSDT');
    await app.getByRole('button', { name: 'Amend many…' }).click();
    await expect(app.getByRole('heading', { name: 'Amend many', level: 1 })).toBeVisible();
    await expect(app.getByLabel('Category', { exact: true })).toHaveValue('SPOT');
    await expect(app.getByLabel('Symbol', { exact: true })).toHaveValue('SOLUSDT');
    const picker = app.getByRole('table', { name: 'Open orders to amend' });
    await expect(picker).toContainText('demo-sol-partial');
    // The status in words, its exchange code in the description.
    const solStatus = picker
      .getByRole('row')
      .filter({ hasText: 'demo-sol-partial' })
      .getByRole('cell', { name: 'Partly filled', exact: true });
    await expect(solStatus).toHaveAccessibleDescription(/exchange code: partially_filled/);

    // From an instrument row: its category and symbol.
    await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Instruments' }).click();
    const grid = app.getByRole('grid', { name: /^Instruments/ });
    await app.getByLabel('Category', { exact: true }).selectOption('USDT-FUTURES');
    await expect(grid).toHaveAttribute('aria-busy', 'false');
    await app.getByLabel('Search symbols').fill('BTCUSDT');
    await grid
      .getByRole('rowgroup')
      .nth(1)
      .getByRole('row')
      .filter({ has: app.getByRole('gridcell', { name: 'BTCUSDT', exact: true }) })
      .first()
      .click();
    await app.getByRole('button', { name: 'Amend open orders of this symbol…' }).click();
    await expect(app.getByLabel('Category', { exact: true })).toHaveValue('USDT-FUTURES');
    await expect(app.getByLabel('Symbol', { exact: true })).toHaveValue('BTCUSDT');
    await expect(app.getByRole('table', { name: 'Open orders to amend' })).toContainText('demo-btc-open');

    // Ctrl+5 reaches the screen from anywhere.
    await app.keyboard.press('Control+1');
    await app.keyboard.press('Control+5');
    await expect(app.getByRole('heading', { name: 'Amend many', level: 1 })).toBeFocused();
  });
});
