/**
 * The outcome belongs to its order, the status banner looks like what it says, and the hint under
 * Send speaks only when it applies.
 */
import { test, expect, type DeskFixtures } from './fixtures';
import { field, loaded, openAmend } from './harness/amend-page';
import { nav } from './harness/app-shell';

type Page = DeskFixtures['app'];

const MODIFY = '/api/v3/trade/modify-order';
const BTC_ORDER_ID = '1387296516478935041';
/** The Local demo profile's account (demo-exchange/accounts.ts). */
const DEMO_UID = '1000000001';

const status = (app: Page) => app.getByRole('status', { name: 'Amend progress' });
const outcome = (app: Page) => app.getByRole('region', { name: /^Outcome/ });
const sendReason = (app: Page) => app.locator('#amend-send-reason');

async function loadOrder(app: Page, clientOid: string) {
  await field(app, 'Order ID').fill('');
  await field(app, 'Client order ID').fill(clientOid);
  await app.getByRole('button', { name: 'Load order' }).click();
  await expect(status(app)).toContainText(`Loaded order ${clientOid}`);
}

async function send(app: Page, change: { qty?: string; price?: string }) {
  await field(app, 'Quantity').fill(change.qty ?? '');
  await field(app, 'Price').fill(change.price ?? '');
  await app.getByRole('button', { name: 'Review' }).click();
  await app.getByRole('button', { name: 'Send modification' }).click();
}

interface Look {
  /** The banner's accent (its left edge). */
  accent: string;
  /** The icon's text alternative. */
  icon: string | null;
}

/** How the status banner looks now: its accent colour and its icon's text alternative. */
async function bannerLook(app: Page): Promise<Look> {
  const banner = status(app);
  const accent = await banner.evaluate((el) => getComputedStyle(el).borderLeftColor);
  const icons = banner.getByRole('img');
  const icon = (await icons.count()) === 1 ? await icons.getAttribute('aria-label') : null;
  return { accent, icon };
}

/** A colour token of the current theme, as the browser computes it. */
function token(app: Page, name: string): Promise<string> {
  return app.evaluate((n) => {
    const probe = document.createElement('div');
    probe.style.color = `var(${n})`;
    document.body.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  }, name);
}

async function expectLook(app: Page, accentToken: string, icon: RegExp) {
  const want = await token(app, accentToken);
  await expect.poll(async () => (await bannerLook(app)).accent).toBe(want);
  const look = await bannerLook(app);
  expect(look.icon, 'the banner’s icon has a text alternative').toMatch(icon);
}

test.describe('the outcome and the status banner', () => {
  test('an outcome is titled with its order and leaves the screen when another order is loaded', async ({
    app,
    shot,
  }) => {
    await openAmend(app);
    await loadOrder(app, 'demo-btc-open');
    await send(app, { price: '60100.0' });
    await expect(status(app)).toContainText('Applied: price 60000.0 → 60100.0');
    await expect(outcome(app)).toContainText('Applied: price 60000.0 → 60100.0');
    // Titled with the order's ids: whose outcome it is can be seen, and is in the region's name.
    const title = outcome(app).getByRole('heading', { level: 2 });
    await expect(title).toContainText('demo-btc-open');
    await expect(title).toContainText(BTC_ORDER_ID);
    await expect(outcome(app)).toHaveAccessibleName(/demo-btc-open/);
    await shot('amend-outcome-titled');

    await loadOrder(app, 'demo-eth-filled');
    await expect(loaded(app)).toContainText('completely filled');
    await expect(outcome(app)).toHaveCount(0);
    await expect(app.getByText('60000.0 → 60100.0')).toHaveCount(0);
    await shot('amend-outcome-other-order');

    // It stays in Activity.
    await nav(app, 'Activity');
    const rows = app.getByRole('table', { name: 'Amend attempts' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Applied');
    await expect(rows.first()).toContainText('60000.0 → 60100.0');

    // Back on the first order, its outcome is its own again.
    await openAmend(app);
    await loadOrder(app, 'demo-btc-open');
    await expect(outcome(app)).toContainText('Applied: price 60000.0 → 60100.0');
  });

  test('an outcome that arrives once another order is loaded never stands above it; the banner names its order', async ({
    app,
    demo,
    shot,
  }) => {
    test.setTimeout(60_000);
    // Where the issue saw it.
    await app.setViewportSize({ width: 1280, height: 800 });
    await openAmend(app);
    await loadOrder(app, 'demo-btc-open');
    // The engine takes its time: the outcome lands after the operator has moved on.
    demo.control.setEngineLatency(2500);
    const applied = app.waitForResponse(
      async (r) => /\/desk\/amend(:|%3A)attempt/i.test(r.url()) && (await r.text()).includes('"status":"applied"'),
    );
    await send(app, { price: '59999.9' });
    await expect(status(app)).toContainText('demo-btc-open · Following');

    await loadOrder(app, 'demo-eth-reduce-only');
    // The operator has moved on: the engine decides now rather than when its latency runs out.
    demo.control.runEngineNow();
    await applied;
    expect(demo.control.getOrder(DEMO_UID, 'demo-btc-open')?.price).toBe('59999.9');
    // The desk has the outcome now; it is not said above the reduce-only order.
    await expect(status(app)).toContainText('Loaded order demo-eth-reduce-only');
    await expect(status(app)).not.toContainText('Applied');
    await expect(app.getByText('60000.0 → 59999.9')).toHaveCount(0);
    await expect(outcome(app)).toHaveCount(0);
    await shot('amend-outcome-late-other-order');

    // Back on its order, the outcome is its own, and the banner names whose it is.
    await loadOrder(app, 'demo-btc-open');
    await expect(outcome(app)).toContainText('Applied: price 60000.0 → 59999.9');
    demo.control.setEngineLatency(300);
    await send(app, { price: '60000.0' });
    await expect(status(app)).toHaveText('demo-btc-open · Applied: price 59999.9 → 60000.0.');
    await shot('amend-outcome-named-banner');
    // Editing an ID takes it away too.
    await field(app, 'Client order ID').press('End');
    await field(app, 'Client order ID').press('Backspace');
    await expect(status(app)).not.toContainText('Applied');
  });

  test('the banner’s colour and icon follow the outcome: ready, applied, rejected, cancelled', async ({
    app,
    shot,
  }) => {
    await openAmend(app);
    await expect(status(app)).toContainText('Ready');
    await expectLook(app, '--accent', /information|ready/i);
    const ready = await bannerLook(app);

    await loadOrder(app, 'demo-btc-open');
    await send(app, { price: '60100.0' });
    await expect(status(app)).toContainText('Applied');
    await expectLook(app, '--ok', /applied|success/i);
    const applied = await bannerLook(app);
    await shot('amend-banner-applied');

    await field(app, 'Order ID').fill('');
    await field(app, 'Client order ID').fill('no-such-order');
    await send(app, { price: '1' });
    await expect(status(app)).toContainText('Rejected');
    await expectLook(app, '--danger', /rejected/i);
    const rejected = await bannerLook(app);
    await shot('amend-banner-rejected');

    // A change the engine fails, with auto-cancel on (as in amend.spec.ts), on a fresh draft.
    await field(app, 'Client order ID').fill('demo-sol-partial');
    await field(app, 'Category').selectOption('');
    await field(app, 'Symbol').fill('');
    await field(app, 'Price').fill('');
    await field(app, 'Quantity').fill('3');
    await app.getByLabel('Auto-cancel on failure').check();
    await app.getByRole('button', { name: 'Review' }).click();
    await app.getByRole('button', { name: 'Send modification' }).click();
    await expect(status(app)).toContainText('Cancelled');
    await expectLook(app, '--danger', /cancelled/i);
    const cancelled = await bannerLook(app);
    await shot('amend-banner-cancelled');

    // No two of them look alike.
    const looks = [ready, applied, rejected, cancelled].map((l) => `${l.accent} ${l.icon}`);
    expect(new Set(looks).size).toBe(looks.length);
    // In the light theme too.
    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    await expectLook(app, '--danger', /cancelled/i);
    await shot('amend-banner-cancelled-light');
  });

  test.describe(() => {
    // The Local demo gives up on an answer after 2 s here, not production's 10 s (the electron project's).
    test.use({ localDemoTimeoutMs: 2_000 });

    test('the banner says Unknown in its own way', async ({ app, demo, shot }) => {
      test.setTimeout(40_000);
      await openAmend(app);
      await loadOrder(app, 'demo-btc-open');
      // Longer than the Local demo profile's request timeout, production's 10 s included.
      demo.control.delayResponses(MODIFY, 15_000, 1);
      await send(app, { price: '60010.0' });
      await expect(status(app)).toContainText('Sending');
      await expectLook(app, '--info', /progress|sending/i);
      await expect(status(app)).toContainText('Outcome unknown', { timeout: 14_000 });
      await expectLook(app, '--warn', /unknown/i);
      const unknown = await bannerLook(app);
      expect(unknown.icon).not.toMatch(/applied|rejected|cancelled|ready/i);
      await shot('amend-banner-unknown');
    });
  });

  test('the hint under Send: none after a success, the real reason on a filled order', async ({ app, shot }) => {
    await openAmend(app);
    const warn = await token(app, '--warn');
    await loadOrder(app, 'demo-btc-open');
    await send(app, { price: '60100.0' });
    await expect(status(app)).toContainText('Applied');
    await expect(sendReason(app)).not.toContainText('Give a new quantity or a new price');
    expect(await sendReason(app).evaluate((el) => getComputedStyle(el).color)).not.toBe(warn);
    await shot('amend-hint-after-applied');

    await loadOrder(app, 'demo-eth-filled');
    await expect(sendReason(app)).toHaveText('The order is completely filled and can no longer be modified');
    await shot('amend-hint-filled');
    // The change-required hint comes back once the operator asks for a review without a change.
    await loadOrder(app, 'demo-btc-open');
    await app.getByRole('button', { name: 'Review' }).click();
    await expect(sendReason(app)).toContainText('Give a new quantity or a new price');
  });
});
