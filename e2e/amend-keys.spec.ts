/**
 * The amend desk by keyboard at the smallest window (issue 34, items 4–6): Enter in an ID field loads
 * that order, the open orders are one tab stop with arrows inside, Load / Review / Send are a key
 * away from the fields, and what follows each press is drawn in view.
 */
import { test, expect, type DeskFixtures } from './fixtures';
import { focusUncovered, tabTo } from './harness/keyboard';
import { field } from './harness/amend-page';

type Page = DeskFixtures['app'];

const SOL_ORDER_ID = '1387296516478935043';
const SMALL = { width: 960, height: 600 };

const status = (app: Page) => app.getByRole('status', { name: 'Amend progress' });
const openOrders = (app: Page) => app.getByRole('region', { name: 'Open orders' });
const picks = (app: Page) => openOrders(app).getByRole('button', { name: /^Pick order / });
const sendBar = (app: Page) => app.getByRole('region', { name: 'Order to send' });
const heading = (app: Page) => app.getByRole('heading', { name: 'Amend order', level: 1 });

async function openDesk(app: Page) {
  await app.setViewportSize(SMALL);
  await app.keyboard.press('Control+2');
  await expect(heading(app)).toBeFocused();
  await expect(picks(app)).toHaveCount(20);
}

test.describe('the amend desk by keyboard at 960×600', () => {
  test('Enter in Client order ID or Order ID loads that order', async ({ app }) => {
    await openDesk(app);
    await tabTo(app, field(app, 'Client order ID'));
    await app.keyboard.type('demo-btc-open');
    await app.keyboard.press('Enter');
    await expect(status(app)).toContainText('Loaded order demo-btc-open');
    await expect(status(app)).not.toContainText('Not ready');
    await expect(field(app, 'Client order ID')).toBeFocused();

    await tabTo(app, field(app, 'Order ID'), 'Shift+Tab');
    await app.keyboard.press('Control+A');
    await app.keyboard.type(SOL_ORDER_ID);
    await app.keyboard.press('Enter');
    await expect(status(app)).toContainText('Loaded order demo-sol-partial');
    await expect(field(app, 'Client order ID')).toHaveValue('demo-sol-partial');
    await expect(field(app, 'Order ID')).toBeFocused();
  });

  test('the open orders are one tab stop: arrows move between them, Enter picks', async ({ app }) => {
    await openDesk(app);
    const refresh = openOrders(app).getByRole('button', { name: 'Refresh' });
    await tabTo(app, refresh);
    await app.keyboard.press('Tab');
    await expect(picks(app).first()).toBeFocused();
    // One stop: the next Tab leaves the list.
    await app.keyboard.press('Tab');
    await expect(openOrders(app).getByRole('button', { name: 'Load more' })).toBeFocused();
    await app.keyboard.press('Shift+Tab');
    await expect(picks(app).first()).toBeFocused();

    // Each focused row is drawn whole: under no sticky header and above the send bar.
    for (let i = 1; i < 20; i++) {
      await app.keyboard.press('ArrowDown');
      await expect(picks(app).nth(i)).toBeFocused();
      expect(await focusUncovered(app), `row ${i + 1} uncovered`).toBe(true);
    }
    await app.keyboard.press('Home');
    await expect(picks(app).first()).toBeFocused();
    expect(await focusUncovered(app), 'first row uncovered').toBe(true);
    await app.keyboard.press('End');
    await expect(picks(app).last()).toBeFocused();
    await app.keyboard.press('ArrowUp');
    await expect(picks(app).nth(18)).toBeFocused();
    // The list keeps its place: Tab away and back returns to the row last focused.
    await app.keyboard.press('Shift+Tab');
    await app.keyboard.press('Tab');
    await expect(picks(app).nth(18)).toBeFocused();

    const name = (await picks(app).nth(18).getAttribute('aria-label'))!.replace('Pick order ', '');
    await app.keyboard.press('Enter');
    await expect(status(app)).toContainText(`Loaded order ${name}`);
  });

  test('Load, Review and Send a key away from the fields; each outcome in view', async ({ app, shot }) => {
    await openDesk(app);
    await tabTo(app, field(app, 'Client order ID'));
    await app.keyboard.type('demo-btc-open');
    // Load order itself is a few Tabs on, past the open orders' one stop (35 before, past every Pick).
    const tabs = await tabTo(app, app.getByRole('button', { name: 'Load order' }));
    expect(tabs).toBeLessThanOrEqual(16);
    await app.keyboard.press('Enter');
    await expect(status(app)).toContainText('Loaded order demo-btc-open');

    await tabTo(app, field(app, 'Price'));
    await app.keyboard.type('60100.0');
    await app.keyboard.press('Enter');
    // The review the banner points to is in view at once: beside Send, whatever the scroll.
    await expect(status(app)).toContainText('Review the change');
    const reviewed = sendBar(app).getByRole('group', { name: 'Reviewed change' });
    await expect(reviewed).toHaveText('Change price 60000.0 → 60100.0 · auto-cancel off');
    await expect(reviewed).toBeInViewport({ ratio: 1 });
    await expect(field(app, 'Price')).toBeFocused();
    await shot('amend-keys-reviewed-960x600');
    // Review pressed in the send bar brings the whole review into view.
    await tabTo(app, app.getByRole('button', { name: 'Review' }));
    await app.keyboard.press('Enter');
    await expect(app.getByRole('region', { name: 'Review' })).toBeInViewport({ ratio: 1 });

    await app.keyboard.press('Control+Enter');
    const outcome = app.getByRole('region', { name: /^Outcome/ });
    await expect(outcome).toContainText('Applied');
    await expect(outcome.getByRole('heading', { name: /^Outcome/ })).toBeInViewport({ ratio: 1 });
    await expect.poll(() => outcome.evaluate((o) => o.contains(document.activeElement))).toBe(true);
    await expect(status(app)).toContainText('Applied: price 60000.0 → 60100.0');
    await shot('amend-keys-sent-960x600');
  });

  test('Ctrl+Enter before a review says why at Send, and sends nothing', async ({ app, demo }) => {
    await openDesk(app);
    await tabTo(app, field(app, 'Client order ID'));
    await app.keyboard.type('demo-btc-open');
    await app.keyboard.press('Enter');
    await expect(status(app)).toContainText('Loaded order demo-btc-open');
    await tabTo(app, field(app, 'Price'));
    await app.keyboard.type('60100.0');
    await app.keyboard.press('Control+Enter');
    const send = app.getByRole('button', { name: 'Send modification' });
    await expect(send).toBeFocused();
    await expect(send).toHaveAccessibleDescription(/Review the change first/);
    expect(demo.control.requestLog().filter((e) => e.path === '/api/v3/trade/modify-order')).toHaveLength(0);
  });

  test('Ctrl+2 on the desk takes the focus to its top, not low on the page', async ({ app }) => {
    await openDesk(app);
    await picks(app).nth(10).focus();
    await app.keyboard.press('Control+2');
    await expect(heading(app)).toBeFocused();
    await expect(heading(app)).toBeInViewport({ ratio: 1 });
    expect(await app.locator('.amend-scroll').evaluate((s) => s.scrollTop)).toBe(0);
  });
});
