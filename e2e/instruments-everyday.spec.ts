/**
 * The instrument browser in everyday use (issue "First run and everyday polish", items 12 and 13):
 * the selection follows what is shown, Clear filters keeps the focus, W is announced, "?" lists the
 * shortcuts, and the filter toolbar fits its rows.
 */
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { SCREENSHOT_DIR } from './harness/paths';
import { grid, instrumentsLoaded } from './harness/instruments-page';

const search = (app: Page) => app.getByLabel('Search symbols');
const selection = (app: Page) => app.getByRole('group', { name: 'Selected instrument' });

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
    await instrumentsLoaded(app);
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
    await instrumentsLoaded(app);
    await search(app).fill('btc');
    const clear = app.getByRole('button', { name: 'Clear filters' });
    await clear.focus();
    await app.keyboard.press('Enter');
    await expect(search(app)).toHaveValue('');
    await expect(search(app)).toBeFocused();

    // Nothing left to clear: the button stays in place, disabled.
    await expect(clear).toBeDisabled();
    // The empty state's own button too (no row left to show).
    await search(app).fill('no such symbol anywhere');
    await app.getByRole('button', { name: 'Show all instruments' }).focus();
    await app.keyboard.press('Enter');
    await expect(search(app)).toBeFocused();
    await expect(app.getByText(/^Showing [1-9]/)).toBeVisible();
  });

  test('W on a row says what it did', async ({ app }) => {
    await instrumentsLoaded(app);
    const symbol = await selectFirstRow(app);
    const said = app.getByRole('status').filter({ hasText: symbol });
    await app.keyboard.press('w');
    await expect(said).toHaveText(new RegExp(`^Watching ${symbol} \\(`));
    await app.keyboard.press('w');
    await expect(said).toHaveText(new RegExp(`^Stopped watching ${symbol} \\(`));
    await expect(grid(app)).toBeFocused();
  });

  test('"?" lists the shortcuts; Escape returns to where the focus was', async ({ app, shot }) => {
    await instrumentsLoaded(app);
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

/** How many rows of controls the toolbar and the bar under it take, and where the grid starts. */
function chrome(app: Page) {
  return app.evaluate(() => {
    // A row starts with the first item entirely below every item of the row before.
    const rows = (sel: string) => {
      const el = document.querySelector(sel)!;
      const boxes = [...el.querySelectorAll<HTMLElement>(':scope > *, .ib-source > *, .ib-filters > *')]
        .filter((e) => getComputedStyle(e).display !== 'contents')
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0)
        .sort((p, q) => p.top - q.top);
      let count = 0;
      let bottom = -Infinity;
      for (const r of boxes) {
        if (r.top >= bottom - 1) count++;
        bottom = r.top >= bottom - 1 ? r.bottom : Math.max(bottom, r.bottom);
      }
      return count;
    };
    return {
      toolbarRows: rows('.ib-toolbar'),
      barRows: rows('.ib-bar'),
      gridTop: Math.round(document.querySelector('[role="grid"]')!.getBoundingClientRect().top),
    };
  });
}

/** The same state in the light theme, beside the shot (which has checked both themes with axe). */
async function lightToo(app: Page, name: string) {
  await app.getByRole('button', { name: 'Switch to light theme' }).click();
  await app.screenshot({ path: join(SCREENSHOT_DIR, `renderer-${name}-light.png`) });
}

test.describe('instrument browser toolbar', () => {
  test('at 1280 × 800: two toolbar rows, a one-line bar, the grid high up; no filter choice is cut', async ({
    app,
    shot,
  }) => {
    // Its screenshot runs axe twice over a full window of rows: slow on a loaded machine.
    test.slow();
    await instrumentsLoaded(app);
    await app.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => (await chrome(app)).toolbarRows).toBeLessThanOrEqual(2);
    const at1280 = await chrome(app);
    expect(at1280.barRows, JSON.stringify(at1280)).toBe(1);
    // The grid starts below two toolbar rows and one bar row, not lower.
    expect(at1280.gridTop, JSON.stringify(at1280)).toBeLessThanOrEqual(270);

    // Every option of every filter menu fits its select (no "commodit").
    for (const name of ['Category', 'Status', 'Symbol type', 'Futures type', 'RWA']) {
      const { widest, room } = await app.getByLabel(name, { exact: true }).evaluate((el: HTMLSelectElement) => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        const cs = getComputedStyle(el);
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const arrow = 20;
        return {
          widest: Math.max(...[...el.options].map((o) => ctx.measureText(o.text).width)),
          room: el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - arrow,
        };
      });
      expect(widest, `${name}: widest option ${widest} px in ${room} px`).toBeLessThanOrEqual(room);
    }
    await shot('instruments-1280');
    await lightToo(app, 'instruments-1280');
  });

  test('at 1920 × 1080: one toolbar row and a one-line bar', async ({ app, shot }) => {
    test.slow();
    await instrumentsLoaded(app);
    await app.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(async () => (await chrome(app)).toolbarRows).toBe(1);
    expect((await chrome(app)).barRows).toBe(1);
    await shot('instruments-1920');
    await lightToo(app, 'instruments-1920');
  });
});
