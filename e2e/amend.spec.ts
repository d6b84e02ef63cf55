import { test, expect, type DeskFixtures } from './fixtures';
import { field, loaded, openAmend } from './harness/amend-page';

type Page = DeskFixtures['app'];

/** The Local demo profile's account (demo-exchange/accounts.ts). */
const DEMO_UID = '1000000001';
const MODIFY = '/api/v3/trade/modify-order';

type SendResult = { ok: boolean; data?: { status: string; summary: string; error?: { kind: string } } };

const status = (app: Page) => app.getByRole('status', { name: 'Amend progress' });
const sendButton = (app: Page) => app.getByRole('button', { name: 'Send modification' });
const fieldIssue = (app: Page, text: string) =>
  app.getByRole('form', { name: 'Modification' }).getByRole('listitem').filter({ hasText: text });

async function loadOrder(app: Page, clientOid: string) {
  await field(app, 'Client order ID').fill(clientOid);
  await app.getByRole('button', { name: 'Load order' }).click();
  await expect(status(app)).toContainText(`Loaded order ${clientOid}`);
}

async function reviewAndSend(app: Page, change: { qty?: string; price?: string }) {
  await field(app, 'Quantity').fill(change.qty ?? '');
  await field(app, 'Price').fill(change.price ?? '');
  await app.getByRole('button', { name: 'Review' }).click();
  await expect(app.getByRole('region', { name: 'Review' })).toBeVisible();
  await expect(sendButton(app)).toBeEnabled();
  await sendButton(app).click();
}

/** Calls main directly, as a page that bypassed the desk's own checks would. */
function sendFromPage(app: Page, request: Record<string, string>): Promise<SendResult> {
  return app.evaluate(
    (r) =>
      (
        globalThis as unknown as { desk: { sendModification: (x: unknown) => Promise<SendResult> } }
      ).desk.sendModification({ request: r }),
    request,
  );
}

test.describe('amend desk', () => {
  test('amends demo-btc-open: price, then quantity, then both, each followed until applied', async ({
    app,
    demo,
    shot,
  }) => {
    // Three amends followed to the end and five screenshots, each with axe in both themes.
    test.setTimeout(90_000);
    await openAmend(app);
    await expect(status(app)).toContainText('Ready');
    await shot('amend-empty');

    await loadOrder(app, 'demo-btc-open');
    await expect(loaded(app)).toContainText('60000.0');
    await expect(loaded(app)).toContainText('0.0100');
    await expect(loaded(app)).toContainText('Open');
    await expect(status(app)).toContainText('BTCUSDT buy 0.0100 @ 60000.0, open.');
    // Category and symbol come from the order, and enable the instrument checks.
    await expect(field(app, 'Category')).toHaveValue('USDT-FUTURES');
    await expect(field(app, 'Symbol')).toHaveValue('BTCUSDT');
    await expect(app.getByText('online · price 1 dp · qty 4 dp')).toBeVisible();
    await shot('amend-loaded');

    // Instant feedback from the instrument rules.
    await field(app, 'Price').fill('60010.05');
    await expect(fieldIssue(app, 'Price must be a multiple of 0.1')).toBeVisible();
    await expect(fieldIssue(app, 'Use 60010.0 or 60010.1')).toBeVisible();
    await expect(sendButton(app)).toBeDisabled();

    // A slower engine so the "following" state can be seen, on a loaded machine too (under the
    // fixture's 4 s follow limit); once it is photographed, the engine decides without waiting that out.
    demo.control.setEngineLatency(3000);
    await reviewAndSend(app, { price: '60010.0' });
    await expect(status(app)).toContainText('Following: Accepted by the exchange');
    await expect(app.getByRole('region', { name: 'Outcome' })).toContainText('Following');
    await shot('amend-following');
    demo.control.runEngineNow();
    await expect(status(app)).toContainText('Applied: price 60000.0 → 60010.0', { timeout: 10_000 });
    await expect(loaded(app)).toContainText('60010.0');
    // Applied: the change fields are cleared for the next one, so the review is gone.
    await expect(app.getByRole('region', { name: 'Review' })).toBeHidden();
    await shot('amend-applied');
    expect(demo.control.getOrder(DEMO_UID, 'demo-btc-open')?.price).toBe('60010.0');
    demo.control.setEngineLatency(300);

    await reviewAndSend(app, { qty: '0.0200' });
    await expect(status(app)).toContainText('Applied: qty 0.0100 → 0.0200');
    expect(demo.control.getOrder(DEMO_UID, 'demo-btc-open')?.qty).toBe('0.0200');

    await reviewAndSend(app, { qty: '0.0300', price: '60020.0' });
    await expect(status(app)).toContainText('Applied: price 60010.0 → 60020.0, qty 0.0200 → 0.0300');
    expect(demo.control.getOrder(DEMO_UID, 'demo-btc-open')).toMatchObject({ price: '60020.0', qty: '0.0300' });
    await expect(app.getByRole('region', { name: 'Outcome' }).getByRole('listitem').last()).toContainText('Applied');
  });

  test('review shows old → new, the auto-cancel choice and the profile; one ID typed, both from the exchange', async ({
    app,
    shot,
  }) => {
    await openAmend(app);
    await field(app, 'Client order ID').fill('demo-btc-open');
    // One order at a time: typing one ID empties the other.
    await field(app, 'Order ID').fill('1387296516478935041');
    await expect(field(app, 'Client order ID')).toHaveValue('');
    await app.getByRole('button', { name: 'Load order' }).click();
    await expect(loaded(app)).toContainText('demo-btc-open');
    await expect(field(app, 'Client order ID')).toHaveValue('demo-btc-open');
    await expect(app.getByRole('note').filter({ hasText: 'the Order ID wins' })).toHaveCount(0);
    await field(app, 'Price').fill('60100.0');
    await field(app, 'Quantity').fill('0.0150');
    await app.getByLabel('Auto-cancel on failure').check();
    await expect(app.getByText('a cancelled order can no longer be modified')).toBeVisible();
    await app.getByRole('button', { name: 'Review' }).click();
    const review = app.getByRole('region', { name: 'Review' });
    await expect(review).toContainText('Local demo');
    await expect(review).toContainText('60000.0');
    await expect(review).toContainText('60100.0');
    await expect(review).toContainText('yes — a failed modification cancels the order');
    await expect(sendButton(app)).toBeEnabled();
    await shot('amend-review');
    // Any edit after the review needs a new review.
    await field(app, 'Price').fill('60100.1');
    await expect(sendButton(app)).toBeDisabled();
    await expect(app.getByText('Review the change first.')).toBeVisible();
  });

  test('demo-eth-filled is shown filled and cannot be sent', async ({ app, demo, shot }) => {
    await openAmend(app);
    await loadOrder(app, 'demo-eth-filled');
    await expect(loaded(app)).toContainText('filled');
    await expect(loaded(app)).toContainText('completely filled: it can no longer be modified');
    await expect(field(app, 'Price')).not.toBeEditable();
    await app.getByRole('button', { name: 'Review' }).click();
    await expect(sendButton(app)).toBeDisabled();
    await expect(app.locator('#amend-send-reason')).toHaveText(
      'The order is completely filled and can no longer be modified',
    );
    await shot('amend-refused-filled');
    // Main refuses it too, without sending.
    const r = await sendFromPage(app, { clientOid: 'demo-eth-filled', price: '3100.00' });
    expect(r.data?.status).toBe('refused');
    expect(demo.control.requestLog().filter((e) => e.path === MODIFY)).toHaveLength(0);
  });

  test('a second send while one is in flight is refused by the desk and by main', async ({ app, demo }) => {
    await openAmend(app);
    await loadOrder(app, 'demo-btc-open');
    // The first answer is held long enough for the second send to meet it in flight on a loaded machine.
    demo.control.delayResponses(MODIFY, 6000, 1);
    await reviewAndSend(app, { price: '60010.0' });
    await expect(sendButton(app)).toBeDisabled();
    await expect(app.locator('#amend-send-reason')).toContainText(/in progress|Sending/);
    // The renderer refuses; a page bypassing it is refused by main, without a second request.
    const second = await sendFromPage(app, { clientOid: 'demo-btc-open', price: '60020.0' });
    expect(second.ok).toBe(true);
    expect(second.data?.status).toBe('refused');
    expect(second.data?.error?.kind).toBe('conflict');
    expect(second.data?.summary).toMatch(/result is not known yet/);
    // The first answer has done its part: it comes now rather than when its delay runs out.
    await expect.poll(() => demo.control.requestLog().filter((e) => e.path === MODIFY).length).toBe(1);
    expect(demo.control.releaseResponses(MODIFY)).toBe(1);
    await expect(status(app)).toContainText('Applied', { timeout: 15_000 });
    expect(demo.control.requestLog().filter((e) => e.path === MODIFY)).toHaveLength(1);
    expect(demo.control.getOrder(DEMO_UID, 'demo-btc-open')?.price).toBe('60010.0');
  });

  test('auto-cancel on, a change the engine fails (qty below filled, order not loaded): cancelled and locked', async ({
    app,
    demo,
    shot,
  }) => {
    await openAmend(app);
    await field(app, 'Client order ID').fill('demo-sol-partial');
    await field(app, 'Quantity').fill('3');
    await app.getByLabel('Auto-cancel on failure').check();
    await app.getByRole('button', { name: 'Review' }).click();
    await sendButton(app).click();
    await expect(status(app)).toContainText('Cancelled: The engine could not apply the modification');
    await expect(loaded(app)).toContainText('cancelled');
    await expect(loaded(app)).toContainText('Locked');
    await expect(sendButton(app)).toBeDisabled();
    await expect(app.locator('#amend-send-reason')).toContainText('can no longer be modified');
    await expect(app.getByText('online · price 2 dp · qty 4 dp')).toBeVisible();
    await shot('amend-cancelled-locked');
    expect(demo.control.getOrder(DEMO_UID, 'demo-sol-partial')?.orderStatus).toBe('cancelled');
    const again = await sendFromPage(app, { clientOid: 'demo-sol-partial', qty: '6' });
    expect(again.data?.status).toBe('refused');
    expect(again.data?.summary).toMatch(/cancelled by auto-cancel/);
    expect(demo.control.requestLog().filter((e) => e.path === MODIFY)).toHaveLength(1);
  });

  test.describe(() => {
    // The engine's "no" with auto-cancel off is an order left unchanged: the follow says so at its
    // limit, 2 s here (production: 10 s), well past the demo engine's 300 ms.
    test.use({ followTimeoutMs: 2_000 });

    test('auto-cancel off, the same failing change: not applied, the original order unchanged', async ({
      app,
      demo,
      shot,
    }) => {
      await openAmend(app);
      await field(app, 'Client order ID').fill('demo-sol-partial');
      await field(app, 'Quantity').fill('3');
      await app.getByRole('button', { name: 'Review' }).click();
      await sendButton(app).click();
      await expect(status(app)).toContainText('Following');
      await expect(status(app)).toContainText(
        'Not applied: The modification was not applied; the original order is unchanged (auto-cancel was off).',
        { timeout: 9000 },
      );
      await expect(loaded(app)).toContainText('Partly filled');
      await expect(loaded(app)).toContainText('10.000');
      await expect(app.getByRole('region', { name: 'Outcome' })).toContainText('The order was unchanged in');
      await expect(app.getByText('online · price 2 dp · qty 4 dp')).toBeVisible();
      await shot('amend-unchanged');
      expect(demo.control.getOrder(DEMO_UID, 'demo-sol-partial')).toMatchObject({
        qty: '10.000',
        cumExecQty: '4.000',
        orderStatus: 'partially_filled',
      });
      // Not locked: the desk lets the operator try another change.
      await field(app, 'Quantity').fill('12');
      await app.getByRole('button', { name: 'Review' }).click();
      await expect(sendButton(app)).toBeEnabled();
    });
  });

  test.describe(() => {
    // The Local demo gives up on an answer after 2 s here, not production's 10 s (the electron project's).
    test.use({ localDemoTimeoutMs: 2_000 });

    test('no answer in time: unknown, nothing resent, Load order lifts the guard', async ({ app, demo, shot }) => {
      test.setTimeout(40_000);
      await openAmend(app);
      await loadOrder(app, 'demo-btc-open');
      // Longer than the Local demo profile's request timeout, production's 10 s included.
      demo.control.delayResponses(MODIFY, 15_000, 1);
      await reviewAndSend(app, { price: '60010.0' });
      await expect(status(app)).toContainText('Sending');
      await expect(status(app)).toContainText(
        'Outcome unknown — the exchange did not answer in time. Load the order to check before sending again.',
        { timeout: 14_000 },
      );
      await expect(sendButton(app)).toBeDisabled();
      await expect(app.locator('#amend-send-reason')).toContainText('unknown');
      await expect(app.getByRole('region', { name: 'Outcome' })).toContainText('Nothing will be resent automatically');
      await shot('amend-unknown');
      const refused = await sendFromPage(app, { clientOid: 'demo-btc-open', price: '60020.0' });
      expect(refused.data?.status).toBe('refused');
      await app.waitForTimeout(1000);
      expect(demo.control.requestLog().filter((e) => e.path === MODIFY)).toHaveLength(1);
      // The operator loads the order: it shows what happened (the demo did apply it) and frees it.
      await app.getByRole('button', { name: 'Load order' }).click();
      await expect(loaded(app)).toContainText('60010.0');
      await field(app, 'Price').fill('60020.0');
      await app.getByRole('button', { name: 'Review' }).click();
      await expect(sendButton(app)).toBeEnabled();
    });
  });

  test('open orders: paged with Load more; picking one fills the form and loads it', async ({ app, shot }) => {
    await openAmend(app);
    const list = app.getByRole('region', { name: 'Open orders' });
    const rows = list.getByRole('button', { name: /^Pick order / });
    await expect(rows).toHaveCount(20);
    await list.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).toHaveCount(40);
    await field(app, 'Category').selectOption('SPOT');
    await field(app, 'Symbol').fill('SOLUSDT');
    // Statuses in words, the exchange's code in the accessible description.
    const solRow = list.getByRole('row').filter({ hasText: 'demo-sol-partial' });
    const solStatus = solRow.getByRole('cell', { name: 'Partly filled', exact: true });
    await expect(solStatus).toHaveAccessibleDescription(/exchange code: partially_filled/);
    await expect(list).not.toContainText('partially_filled');
    await list.getByRole('button', { name: 'Pick order demo-sol-partial' }).click();
    await expect(field(app, 'Client order ID')).toHaveValue('demo-sol-partial');
    await expect(field(app, 'Order ID')).toHaveValue('1387296516478935043');
    await expect(loaded(app)).toContainText('152.40');
    await field(app, 'Quantity').fill('4');
    await expect(fieldIssue(app, 'Quantity must be greater than the filled quantity 4 SOL')).toBeVisible();
    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    await shot('amend-loaded-light');
  });
});
