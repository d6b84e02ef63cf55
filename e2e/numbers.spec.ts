/**
 * Numbers shown whole and aligned (issue "First run and everyday polish", items 10 and 11): one
 * step per instrument on every screen, and no number cut, digits grouped, points lined up, with the
 * demo's longest values (USDT-FUTURES PEPEUSDT: max order qty 277777777777).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { field } from './harness/amend-page';
import { nav } from './harness/app-shell';
import { grid, instrumentsLoaded } from './harness/instruments-page';

/** Two frames: the virtualized grid has drawn what a scroll brought into view. */
const settle = (app: Page) =>
  app.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

interface CellFacts {
  column: string;
  text: string;
  cut: boolean;
  /** x of the decimal point (or where it would be: the end of the integer digits); null for words. */
  point: number | null;
}

/**
 * Each numeric cell under `root` matching `selector`: whether its content is cut (wider than its
 * box, or an ellipsis), its text as read (without aria-hidden padding), and the x of its point.
 */
function numericCells(root: Locator, selector: string, columnOf: 'aria-colindex' | 'index'): Promise<CellFacts[]> {
  return root.evaluate(
    (el, [selector, columnOf]) => {
      const visibleText = (n: Node): Text[] => {
        if (n.nodeType === Node.TEXT_NODE) return [n as Text];
        if (n instanceof Element && n.getAttribute('aria-hidden') === 'true') return [];
        return [...n.childNodes].flatMap(visibleText);
      };
      return [...el.querySelectorAll<HTMLElement>(selector)].map((cell) => {
        const nodes = visibleText(cell);
        const text = nodes.map((t) => t.data).join('');
        const style = getComputedStyle(cell);
        const cut =
          cell.scrollWidth > cell.clientWidth + 0.5 ||
          (style.textOverflow === 'ellipsis' && style.overflow !== 'visible' && cell.scrollWidth > cell.clientWidth);
        // The end of the leading sign, digits and group separators, measured where it is drawn.
        let point: number | null = null;
        const m = /^[+-]?\d[\d,]*/.exec(text);
        if (m) {
          let at = m[0].length;
          for (const t of nodes) {
            if (at <= t.data.length) {
              const range = document.createRange();
              range.setStart(t, at - 1);
              range.setEnd(t, at);
              point = range.getBoundingClientRect().right;
              break;
            }
            at -= t.data.length;
          }
        }
        const column =
          columnOf === 'aria-colindex'
            ? (cell.getAttribute('aria-colindex') ?? '?')
            : String([...(cell.parentElement?.children ?? [])].indexOf(cell));
        return { column, text, cut, point };
      });
    },
    [selector, columnOf] as const,
  );
}

/** Every column's points at one x (to half a pixel), and no cell cut. */
function expectWholeAndAligned(cells: CellFacts[], where: string) {
  expect(
    cells.filter((c) => c.cut).map((c) => c.text),
    `cut numbers in ${where}`,
  ).toEqual([]);
  const byColumn = new Map<string, CellFacts[]>();
  for (const c of cells) if (c.point !== null) byColumn.set(c.column, [...(byColumn.get(c.column) ?? []), c]);
  for (const [column, list] of byColumn) {
    const xs = list.map((c) => c.point!);
    expect(
      Math.max(...xs) - Math.min(...xs),
      `points of column ${column} in ${where}: ${list.map((c) => `${c.text}@${c.point!.toFixed(1)}`).join(', ')}`,
    ).toBeLessThanOrEqual(0.5);
  }
}

/** The grid scrolled across its whole width, every numeric cell in view checked at each stop. */
async function checkGridAcross(app: Page, where: string) {
  const g = grid(app);
  const { width, view } = await g.evaluate((el) => ({ width: el.scrollWidth, view: el.clientWidth }));
  let checked = 0;
  for (let left = 0; ; left += Math.floor(view * 0.7)) {
    await g.evaluate((el, x) => (el.scrollLeft = x), left);
    await settle(app);
    const cells = await numericCells(g, '[role="gridcell"].num', 'aria-colindex');
    expectWholeAndAligned(cells, `${where}, scrolled to ${left}`);
    checked += cells.length;
    if (left + view >= width) break;
  }
  await g.evaluate((el) => (el.scrollLeft = 0));
  expect(checked).toBeGreaterThan(100);
}

/** The x of the left edge of the sticky Pick column, and whether a cell ends before it and inside the table's view. */
async function insideOpenOrders(cell: Locator): Promise<boolean> {
  return cell.evaluate((td) => {
    const scroller = td.closest('.amend-open-scroll')!.getBoundingClientRect();
    const pick = td.parentElement!.lastElementChild!.getBoundingClientRect();
    const box = td.getBoundingClientRect();
    return box.left >= scroller.left - 0.5 && box.right <= Math.min(scroller.right, pick.left) + 0.5;
  });
}

test.describe('steps: one home for every screen', () => {
  test('the grid, the detail panel and the Amend desk show the same price step for a SPOT pair', async ({
    app,
    shot,
  }) => {
    await instrumentsLoaded(app);
    await field(app, 'Exact symbol').fill('BTCUSDT');
    await app.getByRole('button', { name: 'Fetch' }).click();
    await expect(app.getByText(/^Showing 1 of 1 instruments?$/)).toBeVisible();

    const header = grid(app).getByRole('columnheader', { name: 'Price step', exact: true });
    const column = await header.getAttribute('aria-colindex');
    await header.evaluate((h) => (h.closest('[role="grid"]')!.scrollLeft = (h as HTMLElement).offsetLeft - 300));
    const cell = grid(app).locator(`[role="gridcell"][aria-colindex="${column}"]`);
    // The specification: spot sends pricePrecision 2 and no multiplier, so the step is 0.01.
    await expect(cell).toHaveText('0.01');
    const qtyHeader = grid(app).getByRole('columnheader', { name: 'Quantity step', exact: true });
    const qtyCell = grid(app).locator(
      `[role="gridcell"][aria-colindex="${await qtyHeader.getAttribute('aria-colindex')}"]`,
    );
    await expect(qtyCell).toHaveText('0.000001');

    await grid(app).focus();
    await app.keyboard.press('ArrowDown');
    await app.keyboard.press('Enter');
    const panel = app.getByRole('complementary', { name: 'Details of BTCUSDT' });
    const stepRow = panel.getByRole('row', { name: /^Price step/ });
    await expect(stepRow).toContainText('0.01');
    await expect(stepRow.getByRole('rowheader')).toHaveAccessibleDescription(
      /Not sent by the exchange: 10\^-pricePrecision/,
    );
    await stepRow.scrollIntoViewIfNeeded();
    await shot('numbers-steps-detail');
    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    await shot('numbers-steps-detail-light');
    await app.getByRole('button', { name: 'Switch to dark theme' }).click();

    await nav(app, 'Amend order');
    await field(app, 'Category').selectOption('SPOT');
    await field(app, 'Symbol').fill('BTCUSDT');
    await expect(field(app, 'Price')).toHaveAccessibleDescription(/↑↓ 0\.01$/);
    await expect(field(app, 'Quantity')).toHaveAccessibleDescription(/↑↓ 0\.000001$/);
  });
});

test.describe('numbers whole, grouped and aligned', () => {
  for (const [width, height] of [
    [1280, 800],
    [960, 600],
  ] as const) {
    const size = `${width}x${height}`;

    test(`the grid and the detail panel at ${size}`, async ({ app, shot }) => {
      await app.setViewportSize({ width, height });
      await instrumentsLoaded(app);
      await field(app, 'Category').selectOption('USDT-FUTURES');
      await instrumentsLoaded(app);
      // The longest quantities first: 277,777,777,777 (PEPEUSDT) on top.
      const sort = grid(app).getByRole('columnheader', { name: 'Max order qty', exact: true }).getByRole('button');
      await sort.click();
      await sort.click();
      await expect(grid(app).getByRole('columnheader', { name: 'Max order qty', exact: true })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
      await expect(grid(app).getByRole('gridcell', { name: '277,777,777,777', exact: true })).toBeVisible();
      await checkGridAcross(app, `the grid at ${size}`);
      await shot(`numbers-grid-${size}`);

      // The fees, a column of percentages, lined up on the point and on "%".
      await grid(app)
        .getByRole('columnheader', { name: 'Maker fee', exact: true })
        .evaluate((h) => (h.closest('[role="grid"]')!.scrollLeft = (h as HTMLElement).offsetLeft - 300));
      await settle(app);
      if (width === 1280) {
        await shot(`numbers-grid-fees-${size}`);
        await app.getByRole('button', { name: 'Switch to light theme' }).click();
        await shot(`numbers-grid-fees-${size}-light`);
        await app.getByRole('button', { name: 'Switch to dark theme' }).click();
      }
      await grid(app).evaluate((el) => (el.scrollLeft = 0));

      // PEPEUSDT: the row with the longest number.
      await app.getByLabel('Search symbols').fill('PEPEUSDT');
      await expect(app.getByText(/^Showing 1 of /)).toBeVisible();
      await grid(app).focus();
      await app.keyboard.press('ArrowDown');
      await app.keyboard.press('Enter');
      const panel = app.getByRole('complementary', { name: 'Details of PEPEUSDT' });
      const longest = panel.getByRole('row', { name: /^Max limit order qty/ });
      await expect(longest).toContainText('277,777,777,777');
      const panelCells = await numericCells(panel, 'td.id-value', 'index');
      expect(panelCells.length).toBeGreaterThan(20);
      expect(
        panelCells.filter((c) => c.cut).map((c) => c.text),
        'cut values in the detail panel',
      ).toEqual([]);
      // A number stays on one line: its box is not wider than its cell.
      const overflowing = await panel.evaluate((p) =>
        [...p.querySelectorAll<HTMLElement>('.id-number')]
          .filter((n) => n.getBoundingClientRect().right > n.closest('td')!.getBoundingClientRect().right + 0.5)
          .map((n) => n.textContent),
      );
      expect(overflowing, 'numbers wider than the detail panel').toEqual([]);
      await longest.scrollIntoViewIfNeeded();
      await shot(`numbers-detail-${size}`);
    });

    test(`open orders and Activity at ${size}`, async ({ app, shot }) => {
      await app.setViewportSize({ width, height });
      await nav(app, 'Amend order');
      const open = app.getByRole('region', { name: 'Open orders' });
      await expect(open.getByRole('button', { name: /^Pick order / })).toHaveCount(20);
      await expect(open.getByRole('cell', { name: '56,943,717', exact: true })).toBeVisible();
      const cells = await numericCells(open, 'td.num', 'index');
      expect(
        cells.filter((c) => c.cut).map((c) => c.text),
        'cut numbers in open orders',
      ).toEqual([]);
      // Every column in view, none under the sticky Pick column; in a narrow window Created is
      // reached by scrolling sideways, and then stops short of Pick.
      for (const name of ['Price', 'Qty', 'Filled', 'Created']) {
        const index = await open
          .getByRole('columnheader', { name, exact: true })
          .evaluate((th) => [...th.parentElement!.children].indexOf(th));
        const first = open.locator('tbody tr').first().locator('td').nth(index);
        if (width < 1100 && name === 'Created') await first.scrollIntoViewIfNeeded();
        expect(await insideOpenOrders(first), `${name} in view at ${size}`).toBe(true);
      }
      await open.scrollIntoViewIfNeeded();
      await shot(`numbers-open-orders-${size}`);
      if (width === 1280) {
        // The width the issue names: the whole table fits, Created beside Pick.
        await app.setViewportSize({ width: 1100, height: 800 });
        const created = await open
          .getByRole('columnheader', { name: 'Created', exact: true })
          .evaluate((th) => [...th.parentElement!.children].indexOf(th));
        for (const row of await open.locator('tbody tr').all())
          expect(await insideOpenOrders(row.locator('td').nth(created)), 'Created at 1100 px').toBe(true);
        await open.scrollIntoViewIfNeeded();
        await shot('numbers-open-orders-1100x800');
        await app.getByRole('button', { name: 'Switch to light theme' }).click();
        await shot('numbers-open-orders-1100x800-light');
        await app.getByRole('button', { name: 'Switch to dark theme' }).click();
        await app.setViewportSize({ width, height });
      }

      // One applied amend, then its row in Activity.
      await field(app, 'Client order ID').fill('demo-btc-open');
      await field(app, 'Price').fill('60010.0');
      await app.getByRole('button', { name: 'Review' }).click();
      await app.getByRole('button', { name: 'Send modification' }).click();
      await expect(app.getByRole('status', { name: 'Amend progress' })).toContainText('Applied');
      await nav(app, 'Activity');
      const table = app.getByRole('table', { name: 'Amend attempts' });
      await expect(table.locator('tbody tr')).toHaveCount(1);
      const activity = await numericCells(table, 'td', 'index');
      expect(
        activity.filter((c) => c.cut).map((c) => c.text),
        'cut cells in Activity',
      ).toEqual([]);
      const wrap = await table.evaluate((t) => {
        const w = t.closest('.table-wrap') as HTMLElement;
        return { scroll: w.scrollWidth, client: w.clientWidth };
      });
      expect(wrap.scroll, 'Activity needs no sideways scroll').toBeLessThanOrEqual(wrap.client);
      await shot(`numbers-activity-${size}`);
    });
  }
});
