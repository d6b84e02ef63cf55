import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { bodyRows, grid, header } from './harness/instruments-page';

/** The bundled demo data (demo-exchange/data/instruments.json). */
const SPOT_COUNT = 226;
const INSTRUMENTS_PATH = '/api/v3/market/instruments';

const category = (app: Page) => app.getByLabel('Category', { exact: true });
const search = (app: Page) => app.getByLabel('Search symbols');

async function expectShowing(app: Page, shown: number, total = shown) {
  await expect(
    app.getByText(`Showing ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} instruments`),
  ).toBeVisible();
}

/** "Showing N of M": the visible and total counts. */
async function counts(app: Page): Promise<{ shown: number; total: number }> {
  const text = await app.getByText(/^Showing [\d,]+ of [\d,]+ instruments$/).innerText();
  const [shown, total] = [...text.matchAll(/[\d,]+/g)].map((m) => Number(m[0].replace(/,/g, '')));
  return { shown: shown!, total: total! };
}

/** The column's cells in the rendered rows (columns are virtualized: scrolls the column into view). */
async function columnCells(app: Page, label: string): Promise<Locator> {
  const th = header(app, label);
  // Scroll sideways only: scrollIntoView on the sticky header would also move the grid to the top.
  await th.evaluate((el: HTMLElement) => {
    const g = el.closest<HTMLElement>('[role="grid"]')!;
    if (el.offsetLeft < g.scrollLeft || el.offsetLeft + el.offsetWidth > g.scrollLeft + g.clientWidth)
      g.scrollLeft = el.offsetLeft - 200;
  });
  const index = await th.getAttribute('aria-colindex');
  const cells = bodyRows(app).locator(`[role="gridcell"][aria-colindex="${index}"]`);
  await expect.poll(async () => (await cells.count()) === (await bodyRows(app).count())).toBe(true);
  return cells;
}

/** Texts of the column's cells in the rendered rows, top to bottom. */
async function columnTexts(app: Page, label: string): Promise<string[]> {
  return (await columnCells(app, label)).allInnerTexts();
}

async function chooseCategory(app: Page, value: string) {
  await category(app).selectOption(value);
  await expect(grid(app)).toHaveAttribute('aria-busy', 'false');
}

function row(app: Page, symbol: string): Locator {
  return bodyRows(app).filter({ has: app.getByRole('gridcell', { name: symbol, exact: true }) });
}

async function selectSymbol(app: Page, symbol: string) {
  await search(app).fill(symbol);
  await row(app, symbol).first().click();
  await expect(app.getByRole('group', { name: 'Selected instrument' })).toContainText(`Selected ${symbol}`);
}

test.describe('instrument browser', () => {
  test('switches categories, and All merges the five', async ({ app, shot }) => {
    await expect(category(app)).toHaveValue('SPOT');
    await expectShowing(app, SPOT_COUNT);
    await expect(app.getByText(/Updated \d+ s ago/)).toBeVisible();
    await shot('instruments-grid-dark');

    const totals: Record<string, number> = { SPOT: SPOT_COUNT };
    for (const c of ['MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES']) {
      await chooseCategory(app, c);
      const { shown, total } = await counts(app);
      expect(shown).toBe(total);
      totals[c] = total;
      await expect((await columnTexts(app, 'Category'))[0]).toBe(c);
    }
    expect(totals['USDT-FUTURES']).not.toBe(SPOT_COUNT);

    await chooseCategory(app, 'ALL');
    const all = Object.values(totals).reduce((a, b) => a + b, 0);
    await expectShowing(app, all);
    await expect(app.getByRole('heading', { name: 'Instruments' })).toBeVisible();
    await expect(app.getByText(`All categories · ${all} instruments`)).toBeVisible();
  });

  test('clips only the cells whose content may not fit, and no other cell overflows', async ({ app }) => {
    await chooseCategory(app, 'ALL');
    const grid = app.getByRole('grid');
    // Squeeze a monospace and a text column to the minimum width: their longer values must clip.
    for (const name of ['Min order qty', 'Category']) {
      const header = app.getByRole('columnheader', { name, exact: true }).getByRole('button');
      for (let i = 0; i < 12; i++) await header.press('Alt+ArrowLeft');
    }
    await expect(app.getByRole('gridcell', { name: 'SPOT', exact: true }).first()).toHaveClass(/clip/);
    for (const [top, left] of [
      [0, 0],
      [0.5, 0],
      [1, 0],
      [0, 0.5],
      [0.5, 1],
    ] as const) {
      const { overflowing, plain, clipped } = await grid.evaluate(
        async (el, [top, left]) => {
          el.scrollTop = (el.scrollHeight - el.clientHeight) * top;
          el.scrollLeft = (el.scrollWidth - el.clientWidth) * left;
          // Past the "scroll seek" of a long jump: rows are drawn in full once the scroll settles.
          await new Promise((r) => setTimeout(r, 400));
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          const cells = [...el.querySelectorAll<HTMLElement>('[role="row"] [role="gridcell"]')];
          const plainCells = cells.filter((c) => !c.classList.contains('clip'));
          return {
            overflowing: plainCells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent),
            plain: plainCells.length,
            clipped: cells.length - plainCells.length,
          };
        },
        [top, left] as const,
      );
      expect(overflowing, `scrolled to ${top}, ${left}`).toEqual([]);
      expect(plain).toBeGreaterThan(clipped);
    }
  });

  test('refresh fetches again: one request per category, five for All', async ({ app, demo }) => {
    const fetches = () => demo.control.requestLog().filter((e) => e.path === INSTRUMENTS_PATH).length;
    await expectShowing(app, SPOT_COUNT);
    const start = fetches();
    const refresh = app.getByRole('button', { name: 'Refresh' });
    await refresh.click();
    await expect(refresh).toBeEnabled();
    expect(fetches()).toBe(start + 1);
    await chooseCategory(app, 'ALL');
    await expect(refresh).toBeEnabled();
    const afterAll = fetches();
    expect(afterAll).toBe(start + 1 + 4); // SPOT is cached: only the other four
    await refresh.click();
    await expect(refresh).toBeEnabled();
    expect(fetches()).toBe(afterAll + 5);
    expect(demo.control.requestLog().filter((e) => e.path === INSTRUMENTS_PATH && e.status !== 200)).toEqual([]);
    await expect(app.getByText(/Updated \d+ s ago/)).toBeVisible();
  });

  test('an exact symbol asks the exchange for that symbol only', async ({ app, demo }) => {
    await expectShowing(app, SPOT_COUNT);
    const before = demo.control.requestLog().filter((e) => e.path === INSTRUMENTS_PATH).length;
    await app.getByLabel('Exact symbol').fill('btcusdt');
    await app.getByLabel('Exact symbol').press('Enter');
    await expectShowing(app, 1);
    await expect(row(app, 'BTCUSDT')).toHaveCount(1);
    expect(demo.control.requestLog().filter((e) => e.path === INSTRUMENTS_PATH).length).toBe(before + 1);

    await app.getByLabel('Exact symbol').fill('NOSUCHPAIR');
    await app.getByRole('button', { name: 'Fetch' }).click();
    await expect(app.getByText('No instruments match')).toBeVisible();
    await expect(app.getByText(/lists no SPOT instrument named NOSUCHPAIR/)).toBeVisible();
    await app.getByRole('button', { name: 'Clear symbol' }).click();
    await expectShowing(app, SPOT_COUNT);
  });

  test('search matches symbol, base and quote, client side', async ({ app, demo }) => {
    await expectShowing(app, SPOT_COUNT);
    const requests = demo.control.requestLog().length;
    await search(app).fill('eth');
    const { shown } = await counts(app);
    expect(shown).toBeGreaterThan(2);
    expect(shown).toBeLessThan(SPOT_COUNT);
    const symbols = await columnTexts(app, 'Symbol');
    expect(symbols).toContain('ETHUSDT');
    expect(symbols).toContain('ETHBTC');
    expect(symbols).toContain('SOLETH');
    for (const s of symbols) expect(s.toLowerCase()).toContain('eth');
    await search(app).fill('usdt eth');
    expect(await columnTexts(app, 'Symbol')).toEqual(['ETHUSDT']);
    expect(demo.control.requestLog().length).toBe(requests);

    // "/" jumps to the search box from the grid.
    await search(app).fill('');
    await bodyRows(app).first().click();
    await app.keyboard.press('/');
    await expect(search(app)).toBeFocused();
  });

  test('sorts numerically from decimal strings, unset values last both ways', async ({ app }) => {
    await chooseCategory(app, 'USDT-FUTURES');
    const maxLeverage = header(app, 'Max leverage');
    await maxLeverage.click();
    await expect(maxLeverage).toHaveAttribute('aria-sort', 'ascending');
    const ascending = await columnTexts(app, 'Max leverage');
    await maxLeverage.click();
    await expect(maxLeverage).toHaveAttribute('aria-sort', 'descending');
    const descending = await columnTexts(app, 'Max leverage');
    expect(descending[0]).toBe('150');
    // Numeric, not lexical: "150" before "20", and "20" before "100" when ascending.
    expect(descending.indexOf('150')).toBeLessThan(
      descending.indexOf('20') === -1 ? Infinity : descending.indexOf('20'),
    );
    const numbers = descending.map(Number);
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
    expect(Number(ascending[0])).toBeLessThan(100);

    // All categories: spot and margin pairs have no leverage, and stay at the bottom either way.
    await chooseCategory(app, 'ALL');
    await expect(maxLeverage).toHaveAttribute('aria-sort', 'descending');
    expect((await columnTexts(app, 'Max leverage'))[0]).toBe('150');
    await grid(app).focus();
    await app.keyboard.press('End');
    await expect.poll(async () => (await columnTexts(app, 'Max leverage')).at(-1)).toBe('—');
    await maxLeverage.click();
    await maxLeverage.click(); // third click clears, fourth sorts ascending again
    await expect(maxLeverage).toHaveAttribute('aria-sort', 'ascending');
    // (Home in the header row goes to the first header: back to the rows first.)
    await grid(app).focus();
    await app.keyboard.press('Home');
    const firstAsc = (await columnTexts(app, 'Max leverage'))[0]!;
    expect(Number(firstAsc)).toBeGreaterThan(0);
    await grid(app).focus();
    await app.keyboard.press('End');
    await expect.poll(async () => (await columnTexts(app, 'Max leverage')).at(-1)).toBe('—');

    // Shift+click adds a secondary key.
    await header(app, 'Category').click();
    await header(app, 'Max leverage').click({ modifiers: ['Shift'] });
    await expect(header(app, 'Category')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header(app, 'Max leverage')).toHaveAttribute('aria-sort', 'ascending');
  });

  test('filters by status, restrictions, RWA and futures type', async ({ app }) => {
    await expectShowing(app, SPOT_COUNT);
    await app.getByLabel('Status', { exact: true }).selectOption('offline');
    const offline = await columnTexts(app, 'Status');
    expect(offline.length).toBeGreaterThan(0);
    expect(new Set(offline)).toEqual(new Set(['Offline']));

    await app.getByLabel('Status', { exact: true }).selectOption('not-online');
    expect(new Set(await columnTexts(app, 'Status')).has('Online')).toBe(false);
    await app.getByRole('button', { name: 'Clear filters' }).click();
    await expectShowing(app, SPOT_COUNT);

    await app.getByLabel('Has restrictions').check();
    const restricted = await counts(app);
    expect(restricted.shown).toBeGreaterThan(0);
    expect(restricted.shown).toBeLessThan(SPOT_COUNT);
    // Every row left has a restriction time set.
    const off = await columnTexts(app, 'Off');
    const limitOpen = await columnTexts(app, 'Limit open');
    const maintenance = await columnTexts(app, 'Maintenance');
    off.forEach((t, i) => expect([t, limitOpen[i], maintenance[i]].some((v) => v !== '—')).toBe(true));
    await app.getByLabel('Has restrictions').uncheck();

    await app.getByLabel('RWA', { exact: true }).selectOption('yes');
    const rwa = await columnTexts(app, 'Symbol');
    expect(rwa.length).toBeGreaterThan(0);
    expect(rwa.every((s) => s.includes('RWA'))).toBe(true);
    expect(rwa.join(' ')).toContain('AAPLUSDT');
    await app.getByLabel('RWA', { exact: true }).selectOption('');

    await chooseCategory(app, 'USDT-FUTURES');
    await app.getByLabel('Futures type').selectOption('delivery');
    const types = await columnTexts(app, 'Type');
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['delivery']));
    await app.getByLabel('Futures type').selectOption('perpetual');
    expect(new Set(await columnTexts(app, 'Type'))).toEqual(new Set(['perpetual']));

    // Nothing matches: the empty state offers to clear the filters.
    await search(app).fill('zzzzzz');
    await expect(app.getByRole('heading', { name: 'No instruments match' })).toBeVisible();
    await app.getByRole('button', { name: 'Clear filters' }).click();
    const { shown, total } = await counts(app);
    expect(shown).toBe(total);
  });

  test('a tooltip belongs to the instrument under the pointer, through a sort', async ({ app }) => {
    const cell = bodyRows(app).nth(2).locator('[aria-colindex="1"]');
    const titleOf = (symbol: string) => new RegExp(`^${symbol}(\\n|$)`);
    await cell.hover();
    const before = await cell.locator('.ig-symbol').innerText();
    await expect(cell).toHaveAttribute('title', titleOf(before));
    // Only the row under the pointer carries tooltips (no row is selected).
    await expect(bodyRows(app).nth(0).locator('[title]')).toHaveCount(0);
    // Sorted from the keyboard while the pointer stays: the row under it now shows another
    // instrument, and its tooltip is that instrument's, never the one it replaced.
    await header(app, 'Symbol').getByRole('button').focus();
    await app.keyboard.press('Enter');
    await app.keyboard.press('Enter');
    await expect(header(app, 'Symbol')).toHaveAttribute('aria-sort', 'descending');
    const after = await cell.locator('.ig-symbol').innerText();
    expect(after).not.toBe(before);
    await expect(cell).toHaveAttribute('title', titleOf(after));
  });

  test('status badges explain the status; upcoming restrictions are flagged', async ({ app, shot }) => {
    await app.getByLabel('Status', { exact: true }).selectOption('limit_open');
    const badge = bodyRows(app).first().locator('.badge');
    await expect(badge).toHaveText('Limit open');
    // Tooltips are on the row under the pointer (and the selected one): hover, as a person does.
    await badge.hover();
    await expect(badge).toHaveAttribute('title', /opening positions is restricted.*limit_open/);

    await app.getByLabel('Status', { exact: true }).selectOption('');
    await app.getByLabel('Has restrictions').check();
    await expect(
      grid(app)
        .getByRole('img', { name: /upcoming/i })
        .first(),
    ).toBeVisible();
    const launch = await columnCells(app, 'Launch');
    await expect(launch.first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await launch.first().hover();
    await expect(launch.first()).toHaveAttribute('title', /raw: "\d+"/);
    const unset = (await columnCells(app, 'Maintenance')).filter({ hasText: '—' });
    await unset.first().hover();
    await expect(unset.first()).toHaveAttribute('title', /raw: ""|raw: "-1"|raw: "0"/);
    await app.getByLabel('Has restrictions').uncheck();
    await app.getByLabel('Status', { exact: true }).selectOption('not-online');
    await shot('instruments-not-online-times');
  });

  test('the detail panel lists every field, unknown ones too, and copies', async ({ app, shot }) => {
    await selectSymbol(app, 'PEPEUSDT');
    await grid(app).focus();
    await app.keyboard.press('Enter');
    const panel = app.getByRole('complementary', { name: 'Details of PEPEUSDT' });
    await expect(panel).toBeVisible();
    await expect(
      panel
        .getByRole('table', { name: 'Not in the specification' })
        .getByRole('rowheader', { name: 'newFieldExample' }),
    ).toBeVisible();
    await expect(panel.getByRole('rowheader', { name: /Maker fee/ })).toBeVisible();
    await expect(panel.getByRole('row', { name: /Maker fee/ })).toContainText('%');
    await expect(panel.getByRole('row', { name: /^Max limit order qty/ })).toContainText('no limit');

    const copy = panel.getByRole('button', { name: 'Copy the raw newFieldExample' });
    await copy.click();
    await expect(copy).toHaveText(/^(Copied|Copy failed)$/);
    await shot('instruments-details');

    await app.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  test('keyboard: arrows, Home/End, Enter and Escape', async ({ app }) => {
    await bodyRows(app).first().click();
    const selection = app.getByRole('group', { name: 'Selected instrument' });
    const first = (await columnTexts(app, 'Symbol'))[0]!;
    await expect(selection).toContainText(`Selected ${first}`);
    await app.keyboard.press('ArrowDown');
    const second = (await columnTexts(app, 'Symbol'))[1]!;
    await expect(selection).toContainText(`Selected ${second}`);
    await expect(bodyRows(app).nth(1)).toHaveAttribute('aria-selected', 'true');
    await app.keyboard.press('ArrowUp');
    await expect(selection).toContainText(`Selected ${first}`);
    await app.keyboard.press('End');
    await expect(bodyRows(app).last()).toHaveAttribute('aria-selected', 'true');
    await app.keyboard.press('PageUp');
    await app.keyboard.press('Home');
    await expect(selection).toContainText(`Selected ${first}`);
    await app.keyboard.press('Enter');
    await expect(app.getByRole('complementary', { name: `Details of ${first}` })).toBeVisible();
    await app.keyboard.press('Escape');
    await expect(app.getByRole('complementary', { name: `Details of ${first}` })).toBeHidden();
  });

  test('columns, widths and sort survive a reload', async ({ app, shot }) => {
    await chooseCategory(app, 'USDT-FUTURES');
    await app.getByRole('button', { name: /^Columns/ }).click();
    const chooser = app.getByRole('dialog', { name: 'Columns' });
    await chooser.getByRole('checkbox', { name: 'Taker fee' }).uncheck();
    await chooser.getByRole('button', { name: 'Done' }).click();
    await expect(header(app, 'Taker fee')).toHaveCount(0);
    await header(app, 'Min order amount').click();
    await header(app, 'Min order amount').click();
    await expect(header(app, 'Min order amount')).toHaveAttribute('aria-sort', 'descending');
    // Move Maker fee after Fee markup, and widen Base by dragging its edge.
    await app.getByRole('button', { name: /^Columns/ }).click();
    // Twice: past the hidden Taker fee (the chooser lists hidden columns too), then past Fee markup.
    await chooser.getByRole('button', { name: 'Move Maker fee down' }).click();
    await chooser.getByRole('button', { name: 'Move Maker fee down' }).click();
    await chooser.getByRole('button', { name: 'Done' }).click();
    const makerBefore = Number(await header(app, 'Maker fee').getAttribute('aria-colindex'));
    expect(Number(await header(app, 'Fee markup').getAttribute('aria-colindex'))).toBe(makerBefore - 1);
    const base = header(app, 'Base');
    const box = (await base.boundingBox())!;
    await app.mouse.move(box.x + box.width - 1, box.y + box.height / 2);
    await app.mouse.down();
    await app.mouse.move(box.x + box.width + 60, box.y + box.height / 2, { steps: 4 });
    await app.mouse.up();
    await expect.poll(async () => (await base.boundingBox())!.width).toBeGreaterThan(box.width + 40);
    const widened = (await base.boundingBox())!.width;

    await app.reload();
    await expect(category(app)).toHaveValue('USDT-FUTURES');
    await expect(grid(app)).toHaveAttribute('aria-busy', 'false');
    await expect(header(app, 'Min order amount')).toHaveAttribute('aria-sort', 'descending');
    await expect(header(app, 'Taker fee')).toHaveCount(0);
    await expect(header(app, 'Maker fee')).toHaveAttribute('aria-colindex', String(makerBefore));
    expect(Math.round((await header(app, 'Base').boundingBox())!.width)).toBe(Math.round(widened));

    await app.getByRole('button', { name: /^Columns/ }).click();
    await expect(chooser.getByRole('checkbox', { name: 'Taker fee' })).not.toBeChecked();
    await shot('instruments-columns');
    await chooser.getByRole('button', { name: 'Reset columns' }).click();
    await app.keyboard.press('Escape');
    await expect(header(app, 'Taker fee')).toBeVisible();
    expect(Math.round((await header(app, 'Base').boundingBox())!.width)).toBeLessThan(Math.round(widened));
  });

  test('exports the visible rows and columns as CSV', async ({ app }) => {
    await search(app).fill('btc');
    await header(app, 'Symbol').click();
    const { shown } = await counts(app);
    const downloading = app.waitForEvent('download');
    await app.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^instruments-SPOT-\d{8}-\d{6}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(shown + 2);
    expect(lines[0]).toMatch(/^Symbol,Base,Quote,Category,Type,Symbol type,Status,Min order qty,Max order qty,/);
    // Raw values: the exchange's strings, "0" not "no limit", fees as fractions, empty for unset.
    const btc = lines.find((l) => l.startsWith('BTCUSDT,'));
    expect(btc).toMatch(/^BTCUSDT,BTC,USDT,SPOT,,crypto,online,0\.000001,0,/);
    expect(btc).toContain(',0.001,0.001,');
    const symbols = lines.slice(1, -1).map((l) => l.split(',')[0]!);
    expect([...symbols].sort()).toEqual(symbols);
  });

  test('"Amend an order on this symbol" opens the amend desk with the symbol', async ({ app }) => {
    await chooseCategory(app, 'USDT-FUTURES');
    await selectSymbol(app, 'SUIUSDT');
    await app.getByRole('button', { name: 'Amend an order on this symbol' }).click();
    await expect(
      app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Amend order' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(app.getByRole('heading', { name: 'Amend order' })).toBeVisible();
    await expect(app.getByLabel('Category', { exact: true })).toHaveValue('USDT-FUTURES');
    await expect(app.getByLabel('Symbol', { exact: true })).toHaveValue('SUIUSDT');
  });

  test('shows skeleton rows while the exchange answers', async ({ app, demo, shot }) => {
    demo.control.delayResponses(INSTRUMENTS_PATH, 1500);
    await category(app).selectOption('COIN-FUTURES');
    await expect(grid(app)).toHaveAttribute('aria-busy', 'true');
    await expect(app.getByText('Loading instruments…')).toBeVisible();
    await expect(app.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await shot('instruments-loading');
    await expect(grid(app)).toHaveAttribute('aria-busy', 'false', { timeout: 10_000 });
    const { shown, total } = await counts(app);
    expect(shown).toBe(total);
  });

  test('shows the failure and retries', async ({ app, core, shot }) => {
    test.skip(core === undefined, 'needs the in-process core (renderer project)');
    const handlers = core!.handlers;
    const real = handlers.listInstruments;
    handlers.listInstruments = async () => {
      throw new Error('the exchange is unreachable (simulated)');
    };
    await category(app).selectOption('COIN-FUTURES');
    const alert = app.getByRole('alert');
    await expect(alert).toContainText('Could not load COIN-FUTURES instruments');
    await expect(alert).toContainText('the exchange is unreachable (simulated)');
    await shot('instruments-error');
    handlers.listInstruments = real;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toBeHidden();
    const { shown, total } = await counts(app);
    expect(shown).toBe(total);
    expect(total).toBeGreaterThan(0);
  });

  test('looks right in the light theme', async ({ app, shot }) => {
    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    await chooseCategory(app, 'USDT-FUTURES');
    await app.getByLabel('Status', { exact: true }).selectOption('');
    await selectSymbol(app, 'SUIUSDT');
    await search(app).fill('');
    await shot('instruments-grid-light');
  });
});
