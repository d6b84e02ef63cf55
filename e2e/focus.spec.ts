/**
 * Keyboard only: after every action that replaces or disables what had focus, focus lands somewhere
 * meaningful (never the page body) and shows its ring.
 */
import type { Locator } from '@playwright/test';
import { test, expect, type DeskFixtures } from './fixtures';
import { field } from './harness/amend-page';

type Page = DeskFixtures['app'];

const ORDER_INFO = '/api/v3/trade/order-info';
const MODIFY = '/api/v3/trade/modify-order';

interface FocusState {
  onBody: boolean;
  ring: boolean;
  what: string;
}

/** Where focus is, and whether it shows a :focus-visible outline. */
function focusState(app: Page): Promise<FocusState> {
  return app.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement)
      return { onBody: true, ring: false, what: 'body' };
    const cs = getComputedStyle(el);
    const ring = el.matches(':focus-visible') && cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0;
    const name = el.getAttribute('aria-label') ?? el.id ?? '';
    return { onBody: false, ring, what: `${el.tagName.toLowerCase()} ${name} ${(el.textContent ?? '').slice(0, 40)}` };
  });
}

/** Focus is on an element (not the body) with a visible ring. */
async function expectVisibleFocus(app: Page) {
  await expect.poll(() => focusState(app)).toMatchObject({ onBody: false, ring: true });
}

/** Presses Tab until the target has focus, as a keyboard user would. */
async function tabTo(app: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await app.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const nav = (app: Page, name: string) => app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name });
const status = (app: Page) => app.getByRole('status', { name: 'Amend progress' });

test.describe('focus after keyboard actions', () => {
  test('Ctrl+1…4 move focus into the new screen, with a visible ring', async ({ app, shot }) => {
    const content = app.locator('#content');
    for (const [key, screen] of [
      ['2', 'Amend order'],
      ['3', 'Profiles'],
      ['4', 'Activity'],
      ['1', 'Instruments'],
    ] as const) {
      await app.keyboard.press(`Control+${key}`);
      await expect(nav(app, screen)).toHaveAttribute('aria-current', 'page');
      await expectVisibleFocus(app);
      expect(await content.evaluate((c) => c.contains(document.activeElement))).toBe(true);
      if (key === '2') await shot('focus-ctrl2-amend');
    }
    // From inside a field of the screen being left, too.
    await app.keyboard.press('Control+2');
    await tabTo(app, field(app, 'Order ID'));
    await app.keyboard.type('12');
    await app.keyboard.press('Control+4');
    await expect(nav(app, 'Activity')).toHaveAttribute('aria-current', 'page');
    await expectVisibleFocus(app);
    expect(await content.evaluate((c) => c.contains(document.activeElement))).toBe(true);
  });

  test('"Amend an order on this symbol" lands on the amend form’s first field', async ({ app, shot }) => {
    const search = app.getByLabel('Search symbols');
    await tabTo(app, search);
    await app.keyboard.type('BTCUSDT');
    const grid = app.getByRole('grid', { name: /^Instruments/ });
    await expect(grid).toHaveAttribute('aria-busy', 'false');
    await tabTo(app, grid);
    await app.keyboard.press('ArrowDown');
    await expect(app.getByRole('group', { name: 'Selected instrument' })).toContainText('Selected BTCUSDT');
    // The selection's actions sit above the grid.
    await tabTo(app, app.getByRole('button', { name: 'Amend an order on this symbol' }), 'Shift+Tab');
    await app.keyboard.press('Enter');
    await expect(nav(app, 'Amend order')).toHaveAttribute('aria-current', 'page');
    await expect(field(app, 'Symbol')).toHaveValue('BTCUSDT');
    await expect(field(app, 'Order ID')).toBeFocused();
    await expectVisibleFocus(app);
    await shot('focus-amend-from-instruments');
  });

  test('Load order keeps focus while it loads; Send moves it to the outcome', async ({ app, demo, shot }) => {
    await app.keyboard.press('Control+2');
    await tabTo(app, field(app, 'Client order ID'));
    await app.keyboard.type('demo-btc-open');
    demo.control.delayResponses(ORDER_INFO, 800, 1);
    await tabTo(app, app.getByRole('button', { name: 'Load order' }));
    await app.keyboard.press('Enter');
    await expect(status(app)).toContainText('Loading the order');
    await expectVisibleFocus(app);
    await expect(status(app)).toContainText('Loaded order demo-btc-open');
    await expectVisibleFocus(app);
    await shot('focus-after-load');

    await tabTo(app, field(app, 'Price'));
    await app.keyboard.type('60100.0');
    await app.keyboard.press('Enter'); // submits the form: Review
    await expect(app.getByRole('region', { name: 'Review' })).toBeVisible();
    demo.control.delayResponses(MODIFY, 600, 1);
    await tabTo(app, app.getByRole('button', { name: 'Send modification' }));
    await app.keyboard.press('Enter');
    await expect(status(app)).toContainText('Sending');
    await expectVisibleFocus(app);
    const outcome = app.getByRole('region', { name: /^Outcome/ });
    await expect(outcome).toBeVisible();
    await expect.poll(() => outcome.evaluate((o) => o.contains(document.activeElement))).toBe(true);
    await expectVisibleFocus(app);
    await expect(status(app)).toContainText('Applied');
    // Settling (and the quiet reload of the order) does not take focus away again.
    await expectVisibleFocus(app);
    expect(await outcome.evaluate((o) => o.contains(document.activeElement))).toBe(true);
    await shot('focus-outcome');
  });

  test('a refresh that takes the selected row away gives the focus to the grid, not the page', async ({
    app,
    demo,
    shot,
  }) => {
    const grid = app.getByRole('grid', { name: /^Instruments/ });
    await expect(grid).toHaveAttribute('aria-busy', 'false');
    await app.getByLabel('Search symbols').fill('ETH');
    await grid
      .getByRole('row')
      .filter({ hasText: /^ETHUSDT/ })
      .click();
    const selection = app.getByRole('group', { name: 'Selected instrument' });
    await expect(selection).toContainText('Selected ETHUSDT · SPOT');
    const copy = app.getByRole('button', { name: 'Copy symbol' });
    await tabTo(app, copy, 'Shift+Tab');
    await expectVisibleFocus(app);

    // The exchange delists it; a refresh the operator did not start (a click event, no focus move).
    demo.control.delistInstrument('SPOT', 'ETHUSDT');
    await app.getByRole('button', { name: 'Refresh', exact: true }).dispatchEvent('click');
    await expect(selection).toContainText('No row selected');
    await expect(copy).toBeDisabled();
    await expect(grid).toBeFocused();
    await expectVisibleFocus(app);
    // The keyboard goes on from there: a row of what is left is selected.
    await app.keyboard.press('ArrowDown');
    await expect(selection).toContainText(/Selected ETH\w+ · SPOT/);
    await expect(selection).not.toContainText('ETHUSDT');
    await shot('focus-selected-row-delisted');
  });

  test('a button pressed from the keyboard keeps the focus while its work runs: Refresh, Reload list, Check now', async ({
    app,
  }) => {
    const header = (name: string) => app.locator('.screen-header').getByRole('button', { name, exact: true });
    const press = async (button: Locator, where: string) => {
      await tabTo(app, button);
      await app.keyboard.press('Enter');
      // The work runs (the button says so) and ends; the focus stayed on the button throughout.
      await expect(button, where).not.toHaveAttribute('aria-busy', 'true');
      await expect(button, where).toBeFocused();
      await expectVisibleFocus(app);
    };
    await press(header('Refresh'), 'Instruments');
    await app.keyboard.press('Control+2');
    await press(
      app.getByRole('region', { name: 'Open orders' }).getByRole('button', { name: 'Refresh' }),
      'Amend order',
    );
    await app.keyboard.press('Control+4');
    await press(header('Refresh'), 'Activity');
    await app.keyboard.press('Control+5');
    await press(
      app.getByRole('region', { name: /Open orders/ }).getByRole('button', { name: 'Refresh' }),
      'Amend many',
    );
    await app.keyboard.press('Control+6');
    await press(header('Reload list'), 'Changes, Reload list');
    await press(header('Check now'), 'Changes, Check now');
  });

  test('Select all shown and Select none keep the focus once they have done their work', async ({ app }) => {
    await app.keyboard.press('Control+5');
    await app.getByLabel('Category', { exact: true }).selectOption('SPOT');
    await expect(app.getByRole('checkbox', { name: /^Select order/ }).first()).toBeVisible();
    for (const name of ['Select all shown', 'Select none']) {
      const button = app.getByRole('button', { name });
      await tabTo(app, button);
      await app.keyboard.press('Enter');
      // Nothing left for it to do: it says so, and keeps the focus.
      await expect(button, name).toHaveAttribute('aria-disabled', 'true');
      await expect(button, name).toBeFocused();
      await expectVisibleFocus(app);
      // A second press does nothing.
      const counts = await app.getByText(/shown selected/).textContent();
      await app.keyboard.press('Enter');
      await expect(app.getByText(/shown selected/)).toHaveText(counts!);
    }
  });

  test('Mark all seen, gone with the marks it cleared, hands the focus to Refresh beside it', async ({ app, demo }) => {
    const grid = app.getByRole('grid', { name: /^Instruments/ });
    await expect(grid).toHaveAttribute('aria-busy', 'false');
    demo.control.mutateInstrument('SPOT', 'ETHUSDT', { takerFeeRate: '0.0009' });
    const refresh = app.locator('.screen-header').getByRole('button', { name: 'Refresh', exact: true });
    await refresh.dispatchEvent('click');
    const changes = app.getByRole('group', { name: 'Changes since last seen' });
    await expect(changes).toContainText('1 changed');
    await tabTo(app, changes.getByRole('button', { name: 'Mark all seen' }));
    await app.keyboard.press('Enter');
    await expect(changes).toHaveCount(0);
    await expect(refresh).toBeFocused();
    await expectVisibleFocus(app);
  });

  test('Escape from the Add profile dialog returns focus to Add profile', async ({ app, shot }) => {
    await app.keyboard.press('Control+3');
    const add = app.getByRole('button', { name: 'Add profile' });
    await expect(add).toBeEnabled();
    await tabTo(app, add);
    await app.keyboard.press('Enter');
    const dialog = app.getByRole('dialog', { name: 'Add a profile' });
    await expect(dialog).toBeVisible();
    await app.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
    await expectVisibleFocus(app);
    await shot('focus-add-profile-closed');
  });
});
