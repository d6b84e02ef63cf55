/**
 * The instrument browser in everyday use (issue "First run and everyday polish", items 12 and 13):
 * the selection follows what is shown, Clear filters keeps the focus, W is announced, "?" lists the
 * shortcuts, and the filter toolbar fits its rows.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

const grid = (app: Page) => app.getByRole('grid', { name: /^Instruments/ });
const search = (app: Page) => app.getByLabel('Search symbols');
const selection = (app: Page) => app.getByRole('group', { name: 'Selected instrument' });

async function loaded(app: Page) {
  await expect(app.getByText(/^Showing [\d,]+ of [\d,]+ instruments$/)).toBeVisible();
  await expect(grid(app)).toHaveAttribute('aria-busy', 'false');
}

/** Selects the first row by keyboard and returns its symbol, as the selection bar names it. */
async function selectFirstRow(app: Page): Promise<string> {
  await grid(app).focus();
  await app.keyboard.press('ArrowDown');
  const named = selection(app).locator('strong');
  await expect(named).toHaveText(/\S/);
  return named.innerText();
}

test.describe('instrument browser, everyday use', () => {
  test('a row the filters hide is no longer offered as the selection, and comes back with it', async ({ app }) => {
    await loaded(app);
    const symbol = await selectFirstRow(app);
    await expect(selection(app)).toContainText(`Selected ${symbol}`);

    // A search that keeps other rows but not this one.
    const other = symbol.toLowerCase().includes('eth') ? 'btc' : 'eth';
    await search(app).fill(other);
    await expect(app.getByText(/^Showing [1-9][\d,]* of/)).toBeVisible();
    await expect(selection(app)).toContainText('No row selected');
    await expect(selection(app).getByRole('button', { name: 'Amend an order on this symbol' })).toBeDisabled();
    await expect(selection(app).getByRole('button', { name: 'Details' })).toBeDisabled();

    await search(app).fill('');
    await expect(selection(app)).toContainText(`Selected ${symbol}`);
  });

  test('Enter on Clear filters clears them and leaves the focus in the search box', async ({ app }) => {
    await loaded(app);
    await search(app).fill('btc');
    const clear = app.getByRole('button', { name: 'Clear filters' });
    await clear.focus();
    await app.keyboard.press('Enter');
    await expect(search(app)).toHaveValue('');
    await expect(search(app)).toBeFocused();

    // The empty state's button too (no row left to show).
    await search(app).fill('no such symbol anywhere');
    await app.getByRole('button', { name: 'Clear filters' }).focus();
    await app.keyboard.press('Enter');
    await expect(search(app)).toBeFocused();
    await expect(app.getByText(/^Showing [1-9]/)).toBeVisible();
  });

  test('W on a row says what it did', async ({ app }) => {
    await loaded(app);
    const symbol = await selectFirstRow(app);
    const said = app.getByRole('status').filter({ hasText: symbol });
    await app.keyboard.press('w');
    await expect(said).toHaveText(new RegExp(`^Watching ${symbol} \\(`));
    await app.keyboard.press('w');
    await expect(said).toHaveText(new RegExp(`^Stopped watching ${symbol} \\(`));
    await expect(grid(app)).toBeFocused();
  });

  test('"?" lists the shortcuts; Escape returns to where the focus was', async ({ app, shot }) => {
    await loaded(app);
    await grid(app).focus();
    await app.keyboard.press('?');
    const dialog = app.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Search symbols');
    await expect(dialog).toContainText('Watch or stop watching the selected symbol');
    await shot('instruments-shortcuts');
    await app.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(grid(app)).toBeFocused();

    // Typing "?" in the search box is typing, not a shortcut.
    await search(app).focus();
    await app.keyboard.press('?');
    await expect(dialog).toBeHidden();
    await expect(search(app)).toHaveValue('?');
  });
});
