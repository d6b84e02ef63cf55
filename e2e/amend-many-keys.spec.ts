/**
 * Amend many by keyboard with 150 orders loaded, at 960×600 (issue 34, item 10): the orders are one
 * tab stop with arrows and Space inside, and the rule is the next stop, not 151 Tabs away.
 */
import { test, expect } from './fixtures';
import { CATEGORY, ladder, openAmendMany, SYMBOL } from './harness/amend-many-steps';
import { focusUncovered, tabTo } from './harness/keyboard';

const N = 150;

test.describe('Amend many by keyboard at 960×600', () => {
  test('150 orders are one tab stop: arrows and Space inside, the rule one Tab on', async ({ app, demo, shot }) => {
    test.setTimeout(90_000);
    const ids = await ladder(app, demo, 'key', N);
    await app.setViewportSize({ width: 960, height: 600 });
    await openAmendMany(app);
    await app.getByLabel('Category', { exact: true }).selectOption(CATEGORY);
    await app.getByLabel('Symbol', { exact: true }).fill(SYMBOL);
    const table = app.getByRole('table', { name: 'Open orders to amend' });
    const box = (clientOid: string) => table.getByRole('checkbox', { name: `Select order ${clientOid}` });
    await expect(app.getByText(`0 of ${N} shown selected`)).toBeVisible();

    // From the last filter: one Tab into the orders, one more to the rule.
    const side = app.getByLabel('Side', { exact: true });
    await side.focus();
    await app.keyboard.press('Tab');
    await expect(box(ids[0]!)).toBeFocused();
    await app.keyboard.press('Tab');
    await expect(app.getByLabel('Price', { exact: true })).toBeFocused();
    await app.keyboard.press('Shift+Tab');
    await expect(box(ids[0]!)).toBeFocused();

    // Arrows move, Space ticks; the focused row is drawn whole under the table's sticky head.
    await app.keyboard.press('ArrowDown');
    await app.keyboard.press('ArrowDown');
    await expect(box(ids[2]!)).toBeFocused();
    await app.keyboard.press('Space');
    await expect(box(ids[2]!)).toBeChecked();
    await expect(app.getByText(`1 of ${N} shown selected`)).toBeVisible();
    await app.keyboard.press('End');
    await expect(box(ids[N - 1]!)).toBeFocused();
    expect(await focusUncovered(app), 'last row uncovered').toBe(true);
    await app.keyboard.press('Space');
    await expect(app.getByText(`2 of ${N} shown selected`)).toBeVisible();
    await app.keyboard.press('PageUp');
    await app.keyboard.press('Home');
    await expect(box(ids[0]!)).toBeFocused();
    expect(await focusUncovered(app), 'first row uncovered').toBe(true);
    await app.keyboard.press('PageDown');
    const paged = await app.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(paged).toMatch(/^Select order key-\d+$/);
    expect(paged).not.toBe(`Select order ${ids[0]}`);
    expect(await focusUncovered(app), 'paged row uncovered').toBe(true);
    await shot('amend-many-keys-960x600');

    // Scrolled away by the wheel, the focused row goes; the focus stays in the list, not on the page.
    await app.keyboard.press('Home');
    await table.hover();
    await app.mouse.wheel(0, 3000);
    await expect
      .poll(() => app.evaluate(() => document.activeElement?.getAttribute('data-row-index') ?? 'lost'))
      .not.toBe('lost');

    // The rule is still one Tab on, from wherever the list was left.
    await tabTo(app, app.getByLabel('Price', { exact: true }), 'Tab', 1);
  });
});
