/**
 * What you see is what is sent: the desk's draft belongs to the order loaded now. A change typed for
 * one order never becomes ready to send on another, however the operator moves between orders
 * (Pick from Open orders, Load order by either ID), by mouse or by keyboard only; and the order Send
 * acts on is named beside it, on screen at the smallest window.
 */
import type { Locator } from '@playwright/test';
import { test, expect, type DeskFixtures } from './fixtures';
import { arrowTo } from './harness/keyboard';
import { field, openAmend } from './harness/amend-page';

type Page = DeskFixtures['app'];

/** The Local demo profile's account (demo-exchange/accounts.ts). */
const DEMO_UID = '1000000001';
const MODIFY = '/api/v3/trade/modify-order';
const BTC_ORDER_ID = '1387296516478935041';
const SOL_ORDER_ID = '1387296516478935043';

const status = (app: Page) => app.getByRole('status', { name: 'Amend progress' });
const sendBar = (app: Page) => app.getByRole('region', { name: 'Order to send' });
const sendButton = (app: Page) => app.getByRole('button', { name: 'Send modification' });
const sendReason = (app: Page) => app.locator('#amend-send-reason');
const review = (app: Page) => app.getByRole('region', { name: 'Review' });
const openOrders = (app: Page) => app.getByRole('region', { name: 'Open orders' });

/** Presses Tab (or Shift+Tab) until the target has focus, as a keyboard user would. */
async function tabTo(app: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await app.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The clientOid of the first generated BTCUSDT future in Open orders, and its pick button. */
async function firstGeneratedBtc(app: Page): Promise<{ clientOid: string; pick: Locator }> {
  const pick = openOrders(app)
    .getByRole('button', { name: /^Pick order gen-btcusdt-/ })
    .first();
  await expect(pick).toBeVisible();
  const clientOid = ((await pick.getAttribute('aria-label')) ?? '').replace('Pick order ', '');
  return { clientOid, pick };
}

/** After the repro: ready for demo-btc-open only, with the one tick typed for it, and sent as such. */
async function expectOnlyDemoBtcSent(app: Page, demo: DeskFixtures['demo'], picked: string, pickedQty: string) {
  await expect(review(app)).toContainText('demo-btc-open');
  await expect(review(app)).toContainText(BTC_ORDER_ID);
  await expect(review(app).getByRole('row', { name: /^Quantity/ })).toContainText('unchanged');
  await expect(review(app).getByRole('row', { name: /^Price/ })).toContainText('59999.9');
  await expect(review(app)).not.toContainText(picked);
  // The order Send acts on, named beside it.
  await expect(sendBar(app)).toContainText(`BTCUSDT buy · clientOid demo-btc-open · orderId ${BTC_ORDER_ID}`);
  await expect(sendReason(app)).toContainText('Ready to send');

  await sendButton(app).click();
  await expect(status(app)).toContainText('Applied: price 60000.0 → 59999.9');
  expect(demo.control.getOrder(DEMO_UID, 'demo-btc-open')).toMatchObject({ price: '59999.9', qty: '0.0100' });
  expect(demo.control.getOrder(DEMO_UID, picked)?.qty).toBe(pickedQty);
  expect(demo.control.getOrder(DEMO_UID, 'demo-sol-partial')).toMatchObject({ qty: '10.000', price: '152.40' });
  expect(demo.control.requestLog().filter((e) => e.path === MODIFY)).toHaveLength(1);
}

test.describe('the draft belongs to the order loaded now', () => {
  test('the issue’s repro: a quantity typed for one order is never sent on another', async ({ app, demo, shot }) => {
    test.setTimeout(60_000);
    await openAmend(app);
    // Pick a BTCUSDT future from Open orders.
    await field(app, 'Category').selectOption('USDT-FUTURES');
    await field(app, 'Symbol').fill('BTCUSDT');
    const { clientOid: picked, pick } = await firstGeneratedBtc(app);
    const pickedQty = demo.control.getOrder(DEMO_UID, picked)?.qty ?? '';
    await pick.click();
    await expect(status(app)).toContainText(`Loaded order ${picked}`);

    // Another order by its client order ID: the picked order's Order ID goes, and comes back as the new one's.
    await field(app, 'Client order ID').fill('demo-sol-partial');
    await expect(field(app, 'Order ID')).toHaveValue('');
    await app.getByRole('button', { name: 'Load order' }).click();
    await expect(status(app)).toContainText('Loaded order demo-sol-partial');
    await expect(field(app, 'Order ID')).toHaveValue(SOL_ORDER_ID);
    await field(app, 'Quantity').fill('1');

    // And another: the quantity typed for demo-sol-partial goes with it.
    await field(app, 'Client order ID').fill('demo-btc-open');
    await expect(field(app, 'Quantity')).toHaveValue('');
    await expect(field(app, 'Order ID')).toHaveValue('');
    await app.getByRole('button', { name: 'Load order' }).click();
    await expect(status(app)).toContainText('Loaded order demo-btc-open');
    await expect(field(app, 'Order ID')).toHaveValue(BTC_ORDER_ID);
    await expect(field(app, 'Quantity')).toHaveValue('');
    await expect(app.getByText('now 60000.0 USDT · ↑↓ 0.1')).toBeVisible();
    await app.getByRole('button', { name: 'Price −1 tick' }).click();
    await expect(field(app, 'Price')).toHaveValue('59999.9');
    await app.getByRole('button', { name: 'Review' }).click();
    await shot('amend-draft-ready-for-loaded');
    await expectOnlyDemoBtcSent(app, demo, picked, pickedQty);
  });

  test('the same, keyboard only', async ({ app, demo }) => {
    test.setTimeout(90_000);
    await app.keyboard.press('Control+2');
    await expect(app.getByRole('heading', { name: 'Amend order' })).toBeVisible();
    await tabTo(app, field(app, 'Category'));
    await app.keyboard.type('USDT');
    await expect(field(app, 'Category')).toHaveValue('USDT-FUTURES');
    await tabTo(app, field(app, 'Symbol'));
    await app.keyboard.type('BTCUSDT');
    const { clientOid: picked, pick } = await firstGeneratedBtc(app);
    const pickedQty = demo.control.getOrder(DEMO_UID, picked)?.qty ?? '';
    // The open orders are one tab stop: Tab reaches the list, the arrows the order.
    await tabTo(
      app,
      openOrders(app)
        .getByRole('button', { name: /^Pick order / })
        .first(),
    );
    await arrowTo(app, pick);
    await app.keyboard.press('Enter');
    await expect(status(app)).toContainText(`Loaded order ${picked}`);

    const loadButton = app.getByRole('button', { name: 'Load order' });
    await tabTo(app, field(app, 'Client order ID'), 'Shift+Tab');
    await app.keyboard.press('ControlOrMeta+A');
    await app.keyboard.type('demo-sol-partial');
    await tabTo(app, loadButton);
    await app.keyboard.press('Enter');
    await expect(status(app)).toContainText('Loaded order demo-sol-partial');
    await tabTo(app, field(app, 'Quantity'), 'Shift+Tab');
    await app.keyboard.type('1');

    await tabTo(app, field(app, 'Client order ID'), 'Shift+Tab');
    await app.keyboard.press('ControlOrMeta+A');
    await app.keyboard.type('demo-btc-open');
    await tabTo(app, loadButton);
    await app.keyboard.press('Enter');
    await expect(status(app)).toContainText('Loaded order demo-btc-open');
    await expect(app.getByText('now 60000.0 USDT · ↑↓ 0.1')).toBeVisible();
    await tabTo(app, app.getByRole('button', { name: 'Price −1 tick' }), 'Shift+Tab');
    await app.keyboard.press('Enter');
    await expect(field(app, 'Price')).toHaveValue('59999.9');
    await tabTo(app, app.getByRole('button', { name: 'Review' }));
    await app.keyboard.press('Enter');
    await expect(review(app)).toBeVisible();
    await tabTo(app, sendButton(app));
    // expectOnlyDemoBtcSent clicks Send; here Enter sends, so check the review first, then send.
    await expect(review(app)).toContainText('demo-btc-open');
    await expect(review(app).getByRole('row', { name: /^Quantity/ })).toContainText('unchanged');
    await expect(sendBar(app)).toContainText(`BTCUSDT buy · clientOid demo-btc-open · orderId ${BTC_ORDER_ID}`);
    await app.keyboard.press('Enter');
    await expect(status(app)).toContainText('Applied: price 60000.0 → 59999.9');
    expect(demo.control.getOrder(DEMO_UID, 'demo-btc-open')).toMatchObject({ price: '59999.9', qty: '0.0100' });
    expect(demo.control.getOrder(DEMO_UID, picked)?.qty).toBe(pickedQty);
    expect(demo.control.requestLog().filter((e) => e.path === MODIFY)).toHaveLength(1);
  });

  test('loading by Order ID fills the client order ID; editing an ID after a review unloads, and the banner agrees with the line under Send', async ({
    app,
    shot,
  }) => {
    test.setTimeout(90_000);
    await openAmend(app);
    await field(app, 'Order ID').fill(BTC_ORDER_ID);
    await app.getByRole('button', { name: 'Load order' }).click();
    await expect(status(app)).toContainText('Loaded order demo-btc-open');
    await expect(field(app, 'Client order ID')).toHaveValue('demo-btc-open');
    // Both IDs of one loaded order are no "Order ID wins" news.
    await expect(app.getByRole('note').filter({ hasText: 'the Order ID wins' })).toHaveCount(0);
    await field(app, 'Price').fill('60010.0');
    await app.getByRole('button', { name: 'Review' }).click();
    await expect(status(app)).toContainText('Review the change below, then Send modification.');
    await expect(sendReason(app)).toContainText('Ready to send');

    // An edit of the change after the review: both say "review again".
    await field(app, 'Price').fill('60020.0');
    await expect(status(app)).toContainText('Changed since the review: Review it again before sending.');
    await expect(sendReason(app)).toHaveText('Review the change first.');
    await app.getByRole('button', { name: 'Review' }).click();
    await expect(status(app)).toContainText('Review the change below');

    // An edit of an ID after the review: the order is unloaded, the change gone, and neither line says otherwise.
    await field(app, 'Client order ID').press('End');
    await field(app, 'Client order ID').press('Backspace');
    await expect(field(app, 'Order ID')).toHaveValue('');
    await expect(field(app, 'Price')).toHaveValue('');
    await expect(review(app)).toHaveCount(0);
    await expect(status(app)).not.toContainText('Review the change below');
    await expect(status(app)).toContainText('Ready: name an order and the change, then Review.');
    await expect(sendReason(app)).toHaveText('Send is available once a change is given and reviewed.');
    await expect(sendBar(app)).toContainText('Not loaded: clientOid demo-btc-ope');
    await shot('amend-draft-id-edited');
  });
});

test.describe('nothing of another order carries over', () => {
  test('typing another client order ID clears the category and symbol of the order loaded; the request names none of them', async ({
    app,
    shot,
  }) => {
    // Where the issue saw it.
    await app.setViewportSize({ width: 1280, height: 800 });
    await openAmend(app);
    await field(app, 'Client order ID').fill('demo-btc-open');
    await app.getByRole('button', { name: 'Load order' }).click();
    await expect(status(app)).toContainText('Loaded order demo-btc-open');
    await expect(field(app, 'Category')).toHaveValue('USDT-FUTURES');
    await expect(field(app, 'Symbol')).toHaveValue('BTCUSDT');

    // Another ID, typed and not loaded: nothing of demo-btc-open stays.
    await field(app, 'Client order ID').fill('demo-eth-filled');
    await expect(field(app, 'Order ID')).toHaveValue('');
    await expect(field(app, 'Category')).toHaveValue('');
    await expect(field(app, 'Symbol')).toHaveValue('');
    await expect(sendBar(app)).not.toContainText('BTCUSDT');
    await shot('amend-draft-other-id-typed');

    // What Send would hand to main names demo-eth-filled alone, with no category or symbol of demo-btc-open.
    await field(app, 'Price').fill('3100.00');
    await app.getByRole('button', { name: 'Review' }).click();
    await expect(review(app)).not.toContainText('BTCUSDT');
    const sent = app.waitForRequest((r) => /\/desk\/amend(:|%3A)send$/i.test(r.url()));
    await sendButton(app).click();
    const body = (await sent).postDataJSON() as { request: Record<string, unknown> };
    expect(body.request).toMatchObject({ clientOid: 'demo-eth-filled', price: '3100.00' });
    expect(body.request).not.toHaveProperty('category');
    expect(body.request).not.toHaveProperty('symbol');
    expect(body.request).not.toHaveProperty('orderId');
  });

  test('a category and symbol given before the order is named stay while its ID is typed', async ({ app }) => {
    await openAmend(app);
    await field(app, 'Category').selectOption('USDT-FUTURES');
    await field(app, 'Symbol').fill('ETHUSDT');
    await field(app, 'Client order ID').fill('demo-eth-reduce-only');
    await expect(field(app, 'Category')).toHaveValue('USDT-FUTURES');
    await expect(field(app, 'Symbol')).toHaveValue('ETHUSDT');
  });
});

test.describe('one message per field, the nearest valid values one click away', () => {
  const issues = (app: Page, name: string) => app.locator(`#amend-${name}-issues`).getByRole('listitem');

  test('an off-step price and a quantity below the minimum: one message each, with fixes', async ({ app, shot }) => {
    test.setTimeout(90_000);
    await openAmend(app);
    await field(app, 'Client order ID').fill('demo-btc-open');
    await app.getByRole('button', { name: 'Load order' }).click();
    await expect(status(app)).toContainText('Loaded order demo-btc-open');
    await expect(app.getByText('now 60000.0 USDT · ↑↓ 0.1')).toBeVisible();

    await field(app, 'Price').fill('60000.15');
    await expect(issues(app, 'price')).toHaveCount(1);
    await expect(issues(app, 'price')).toContainText('Price must be a multiple of 0.1');
    await expect(issues(app, 'price')).toContainText('Use 60000.1 or 60000.2');
    await field(app, 'Quantity').fill('0.00001');
    await expect(issues(app, 'qty')).toHaveCount(1);
    await expect(issues(app, 'qty')).toContainText('Quantity must be at least 0.0001 BTC');
    await app.getByRole('button', { name: 'Review' }).click();
    await expect(status(app)).toContainText(
      'Not ready: Price must be a multiple of 0.1; Quantity must be at least 0.0001 BTC',
    );
    // Send and why it is unavailable stay on screen, however many problems there are.
    for (const size of [
      { width: 960, height: 600 },
      { width: 1280, height: 800 },
    ]) {
      await app.setViewportSize(size);
      await expect(sendButton(app)).toBeInViewport({ ratio: 1 });
      await expect(sendReason(app)).toBeInViewport({ ratio: 1 });
      await expect(sendReason(app)).toHaveText('Price must be a multiple of 0.1');
      await shot(`amend-one-message-per-field-${size.width}x${size.height}`);
    }

    await app.getByRole('button', { name: 'Use 60000.2 for Price' }).click();
    await expect(field(app, 'Price')).toHaveValue('60000.2');
    await expect(field(app, 'Price')).toBeFocused();
    await expect(issues(app, 'price')).toHaveCount(0);
    await app.getByRole('button', { name: 'Use 0.0001 for Quantity' }).click();
    await expect(field(app, 'Quantity')).toHaveValue('0.0001');
    await expect(issues(app, 'qty')).toHaveCount(0);
    await app.getByRole('button', { name: 'Review' }).click();
    await expect(sendReason(app)).toContainText('Ready to send');
  });

  test('a filled order: the change fields and nudges are unavailable, with the reason', async ({ app, shot }) => {
    test.setTimeout(90_000);
    await openAmend(app);
    await field(app, 'Client order ID').fill('demo-eth-filled');
    await app.getByRole('button', { name: 'Load order' }).click();
    await expect(status(app)).toContainText('Loaded order demo-eth-filled');
    const reason = 'The order is completely filled and can no longer be modified';
    await expect(
      app.getByRole('note').filter({ hasText: 'Nothing can be changed here: the order is completely filled' }),
    ).toBeVisible();
    for (const name of ['Quantity', 'Price']) {
      await expect(field(app, name)).not.toBeEditable();
      await expect(field(app, name)).toHaveAttribute('aria-disabled', 'true');
      await expect(field(app, name)).toHaveAccessibleDescription(/completely filled and can no longer be modified/);
    }
    await expect(app.getByRole('button', { name: 'Price −1 tick' })).toHaveAttribute('aria-disabled', 'true');
    await expect(app.getByRole('button', { name: 'Price −1 tick' })).toHaveAttribute('title', reason);
    await app.getByRole('button', { name: 'Price −1 tick' }).press('Enter');
    await field(app, 'Price').press('ArrowUp');
    await expect(field(app, 'Price')).toHaveValue('');
    await expect(sendReason(app)).toHaveText(reason);
    await shot('amend-filled-frozen');
    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    await shot('amend-filled-frozen-light');
  });
});

test.describe('reduce-only orders', () => {
  test('cannot be modified: the desk says so in the exchange’s words, and main refuses without sending', async ({
    app,
    demo,
    shot,
  }) => {
    await openAmend(app);
    await field(app, 'Client order ID').fill('demo-eth-reduce-only');
    await app.getByRole('button', { name: 'Load order' }).click();
    await expect(status(app)).toContainText('Loaded order demo-eth-reduce-only');
    const words = 'The order is reduce-only, and reduce-only orders cannot be modified';
    await expect(sendReason(app)).toHaveText(words);
    await expect(app.getByRole('region', { name: 'Loaded order' })).toContainText(
      'This order is reduce-only: reduce-only orders cannot be modified.',
    );
    await expect(field(app, 'Price')).not.toBeEditable();
    await expect(sendButton(app)).toBeDisabled();
    await shot('amend-reduce-only');

    // Review asks for nothing: one sentence, why it cannot change (where the issue saw it).
    await app.setViewportSize({ width: 1280, height: 800 });
    await app.getByRole('button', { name: 'Review' }).click();
    await expect(status(app)).toHaveText(`${words}.`);
    await expect(status(app)).not.toContainText('Give a new quantity');
    await expect(sendReason(app)).toHaveText(words);
    await shot('amend-reduce-only-reviewed');

    const refused = await app.evaluate(() =>
      (
        globalThis as unknown as {
          desk: { sendModification: (x: unknown) => Promise<{ data?: { status: string; summary: string } }> };
        }
      ).desk.sendModification({ request: { clientOid: 'demo-eth-reduce-only', price: '3390.00' } }),
    );
    expect(refused.data?.status).toBe('refused');
    expect(refused.data?.summary).toContain('reduce-only orders cannot be modified');
    expect(demo.control.requestLog().filter((e) => e.path === MODIFY)).toHaveLength(0);
    expect(demo.control.getOrder(DEMO_UID, 'demo-eth-reduce-only')?.price).toBe('3400.00');
  });
});

test.describe('the send bar', () => {
  test('names the order and keeps Send on screen at 960×600 and 1280×800, scrolled anywhere', async ({ app, shot }) => {
    test.setTimeout(150_000);
    await openAmend(app);
    await field(app, 'Client order ID').fill('demo-btc-open');
    await app.getByRole('button', { name: 'Load order' }).click();
    await expect(status(app)).toContainText('Loaded order demo-btc-open');
    await field(app, 'Price').fill('60010.0');
    await app.getByRole('button', { name: 'Review' }).click();
    await expect(review(app)).toBeVisible();
    const screen = app.locator('#content .amend-scroll');
    for (const size of [
      { width: 960, height: 600 },
      { width: 1280, height: 800 },
    ]) {
      await app.setViewportSize(size);
      for (const at of ['top', 'middle', 'bottom'] as const) {
        await screen.evaluate((s, where) => {
          const max = s.scrollHeight - s.clientHeight;
          s.scrollTo(0, where === 'top' ? 0 : where === 'middle' ? max / 2 : max);
        }, at);
        await expect(sendButton(app)).toBeInViewport({ ratio: 1 });
        await expect(sendBar(app)).toBeInViewport({ ratio: 1 });
        await expect(sendBar(app)).toContainText(`BTCUSDT buy · clientOid demo-btc-open · orderId ${BTC_ORDER_ID}`);
        if (at !== 'middle') await shot(`amend-sendbar-${size.width}x${size.height}-${at}`);
      }
    }
    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    await screen.evaluate((s) => s.scrollTo(0, 0));
    await expect(sendButton(app)).toBeInViewport({ ratio: 1 });
    await shot('amend-sendbar-1280x800-top-light');
    await app.setViewportSize({ width: 960, height: 600 });
    await expect(sendButton(app)).toBeInViewport({ ratio: 1 });
    await shot('amend-sendbar-960x600-top-light');
  });
});
