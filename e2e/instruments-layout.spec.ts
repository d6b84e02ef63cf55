/**
 * The instrument browser's layout at the window sizes people use (issue "Polish for people"): the
 * filter bar wraps into full rows, status badges are never clipped at their column's default width,
 * the pinned Symbol column never covers another header's label, and 960 × 600 clips nothing.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { bodyRows, grid, header, instrumentsLoaded } from './harness/instruments-page';

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The toolbar's controls (each with its label) and its buttons, in DOM order, and the toolbar's content box. */
function toolbarLayout(app: Page) {
  return app.locator('.ib-toolbar').evaluate((bar) => {
    const cs = getComputedStyle(bar);
    const outer = bar.getBoundingClientRect();
    const px = (v: string) => parseFloat(v) || 0;
    const content = {
      left: outer.left + px(cs.borderLeftWidth) + px(cs.paddingLeft),
      right: outer.right - px(cs.borderRightWidth) - px(cs.paddingRight),
      top: outer.top + px(cs.borderTopWidth) + px(cs.paddingTop),
      bottom: outer.bottom - px(cs.borderBottomWidth) - px(cs.paddingBottom),
    };
    // A control's item: the element holding the control and its label, directly in a flex line.
    const items = [...bar.querySelectorAll<HTMLInputElement | HTMLSelectElement>('select, input')].map((control) => {
      let item: HTMLElement = control;
      while (item.parentElement && !item.parentElement.matches('.ib-toolbar, .ib-source, .ib-filters'))
        item = item.parentElement;
      const b = item.getBoundingClientRect();
      const label = control.labels?.[0]?.textContent?.trim() ?? control.getAttribute('aria-label') ?? '?';
      return { name: label, left: b.left, right: b.right, top: b.top, bottom: b.bottom };
    });
    // The shortcuts, Columns and Export CSV buttons: one item, at the end of the last row.
    const tools = bar.querySelector('.ib-tools');
    if (tools) {
      const b = tools.getBoundingClientRect();
      items.push({ name: 'Tools', left: b.left, right: b.right, top: b.top, bottom: b.bottom });
    }
    return {
      content,
      columnGap: px(cs.columnGap),
      rowGap: px(cs.rowGap),
      overflows: bar.scrollWidth > bar.clientWidth,
      items,
    };
  });
}

/** Items in DOM order split into lines: a line ends where the next item starts further left. */
function lines(items: Box[]): Box[][] {
  const out: Box[][] = [];
  for (const item of items) {
    const line = out.at(-1);
    if (line && item.left > line.at(-1)!.left) line.push(item);
    else out.push([item]);
  }
  return out;
}

test.describe('instrument browser layout', () => {
  test('the filter bar wraps into full rows, with no blank block, at 1000, 1280 and 1920 px', async ({ app }) => {
    await instrumentsLoaded(app);
    for (const width of [1000, 1280, 1920]) {
      await app.setViewportSize({ width, height: 900 });
      await expect.poll(async () => (await toolbarLayout(app)).content.right).toBeGreaterThan(width - 60);
      const { content, columnGap, rowGap, overflows, items } = await toolbarLayout(app);
      const at = `${width} px: ${JSON.stringify(items.map((i) => [i.name, Math.round(i.left), Math.round(i.top)]))}`;
      expect(items.length, at).toBe(9);
      expect(overflows, at).toBe(false);
      const rows = lines(items);
      let bottom = content.top;
      rows.forEach((row, r) => {
        // Each row starts at the left edge (the buttons keep to the right end, even alone on a row)
        // and sits below the previous one (rows do not interleave).
        if (row[0]!.name !== 'Tools')
          expect(Math.abs(row[0]!.left - content.left), `${at}: row ${r + 1} starts at the left`).toBeLessThanOrEqual(
            1,
          );
        const top = Math.min(...row.map((i) => i.top));
        expect(top, `${at}: row ${r + 1} is below row ${r}`).toBeGreaterThanOrEqual(bottom - 0.5);
        // The first item of a row did not fit at the end of the previous one (no early wrap).
        if (r > 0) {
          const room = content.right - rows[r - 1]!.at(-1)!.right - columnGap;
          expect(row[0]!.right - row[0]!.left, `${at}: row ${r + 1} wrapped early`).toBeGreaterThan(room);
        }
        bottom = Math.max(...row.map((i) => i.bottom));
      });
      // No blank block: the bar is as tall as its rows.
      const rowHeights = rows.map((row) => Math.max(...row.map((i) => i.bottom)) - Math.min(...row.map((i) => i.top)));
      const needed = rowHeights.reduce((a, b) => a + b, 0) + rowGap * (rows.length - 1);
      expect(content.bottom - content.top, `${at}: bar height`).toBeLessThanOrEqual(needed + 1);
      if (width === 1920) expect(rows.length, at).toBe(1);
      expect(rows.length, at).toBeLessThanOrEqual(2);
    }
  });

  test('the grid stays put while the operator filters and selects: nothing above it appears or wraps', async ({
    app,
  }) => {
    const top = async () => (await grid(app).boundingBox())!.y;
    for (const width of [1280, 1440, 1920]) {
      await app.setViewportSize({ width, height: 900 });
      await instrumentsLoaded(app);
      const at = await top();
      // A first keystroke makes the filters clearable; a row selected can be copied and amended.
      await app.getByLabel('Search symbols').fill('b');
      await expect(app.getByText(/^Showing [\d,]+ of/)).not.toHaveText(/^Showing ([\d,]+) of \1 /);
      expect(await top(), `${width}: a search typed`).toBe(at);
      await grid(app).focus();
      await app.keyboard.press('ArrowDown');
      await expect(app.getByRole('group', { name: 'Selected instrument' })).toContainText('Selected');
      expect(await top(), `${width}: a row selected`).toBe(at);
      await app.getByLabel('Search symbols').fill('');
      await app.getByRole('checkbox', { name: /^Watched/ }).check();
      expect(await top(), `${width}: Watched only`).toBe(at);
      await app.getByRole('checkbox', { name: /^Watched/ }).uncheck();
    }
  });

  test('the grid stays put when changes arrive, are marked seen, and the first symbol is watched', async ({
    app,
    demo,
    shot,
  }) => {
    const top = async () => (await grid(app).boundingBox())!.y;
    const refresh = async () => {
      // Not a click: a refresh the operator did not start (the grid keeps the focus it had).
      await app.getByRole('button', { name: 'Refresh', exact: true }).dispatchEvent('click');
      await expect(grid(app)).toHaveAttribute('aria-busy', 'false');
      await expect(app.getByRole('button', { name: 'Refresh', exact: true })).toBeEnabled();
    };
    const changes = app.getByRole('group', { name: 'Changes since last seen' });
    const fees = ['0.0011', '0.0012', '0.0013', '0.0014', '0.0015'];
    for (const [i, width] of [960, 1100, 1280, 1440, 1920].entries()) {
      await app.setViewportSize({ width, height: 900 });
      await instrumentsLoaded(app);
      const at = await top();
      demo.control.mutateInstrument('SPOT', 'ETHUSDT', { takerFeeRate: fees[i]! });
      demo.control.listInstrument('SPOT', {
        symbol: `NEW${i}USDT`,
        baseCoin: `NEW${i}`,
        quoteCoin: 'USDT',
        status: 'listed',
      });
      await refresh();
      await expect(changes).toContainText('1 new');
      await expect(changes).toContainText('1 changed');
      expect(await top(), `${width}: changes arrived`).toBe(at);
      if (width === 960) await shot('layout-changes-arrived-960');
      await changes.getByRole('button', { name: 'Mark all seen' }).click();
      await expect(changes).toHaveCount(0);
      expect(await top(), `${width}: marked seen`).toBe(at);
      const star = grid(app)
        .getByRole('button', { name: /^(Watch|Stop watching) / })
        .first();
      await star.click();
      await expect(app.getByRole('checkbox', { name: /^Watched/ })).toBeVisible();
      expect(await top(), `${width}: a symbol watched or unwatched`).toBe(at);
    }
  });

  test('the grid stays put when the Watched count passes 99', async ({ app }) => {
    // The bar above the grid has a few pixels to spare at 1280 px; a third digit must not wrap it.
    await app.setViewportSize({ width: 1280, height: 900 });
    await instrumentsLoaded(app);
    const top = async () => (await grid(app).boundingBox())!.y;
    await grid(app).focus();
    await app.keyboard.press('ArrowDown');
    const at = await top();
    for (let i = 0; i < 100; i++) {
      await app.keyboard.press('w');
      await app.keyboard.press('ArrowDown');
    }
    await expect(app.getByRole('checkbox', { name: 'Watched 100' })).toBeVisible();
    expect(await top()).toBe(at);
  });

  test('status badges fit their column at its default width, and never clip with a stray ellipsis', async ({ app }) => {
    await instrumentsLoaded(app);
    await app.getByLabel('Category', { exact: true }).selectOption('ALL');
    await expect(grid(app)).toHaveAttribute('aria-busy', 'false');
    await app.getByLabel('Status', { exact: true }).selectOption('not-online');
    const index = await header(app, 'Status').getAttribute('aria-colindex');
    const cells = bodyRows(app).locator(`[role="gridcell"][aria-colindex="${index}"]`);
    const fit = () =>
      cells.evaluateAll((els) =>
        els.map((cell) => {
          const badge = cell.firstElementChild as HTMLElement;
          const c = cell.getBoundingClientRect();
          const b = badge.getBoundingClientRect();
          const pad = parseFloat(getComputedStyle(cell).paddingRight);
          return {
            text: badge.textContent,
            cellClipped: cell.scrollWidth > cell.clientWidth || getComputedStyle(cell).textOverflow === 'ellipsis',
            badgeInside: b.right <= c.right - pad + 0.5,
            badgeWhole: badge.scrollWidth <= badge.clientWidth,
          };
        }),
      );
    const atDefault = await fit();
    expect(atDefault.length).toBeGreaterThan(5);
    for (const c of atDefault)
      expect(c).toEqual({ text: c.text, cellClipped: false, badgeInside: true, badgeWhole: true });

    // Squeezed by the user: a badge may shorten (its own ellipsis), but never spills or clips the cell.
    const sort = header(app, 'Status').getByRole('button');
    for (let i = 0; i < 6; i++) await sort.press('Alt+ArrowLeft');
    for (const c of await fit()) expect(c, String(c.text)).toMatchObject({ cellClipped: false, badgeInside: true });
  });

  test('the pinned Symbol column never covers another header’s label', async ({ app }) => {
    await instrumentsLoaded(app);
    const covered = await grid(app).evaluate(async (g) => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const out: string[] = [];
      const max = g.scrollWidth - g.clientWidth;
      for (let x = 0; x <= max; x += 16) {
        g.scrollLeft = x;
        await frame();
        const view = g.getBoundingClientRect();
        for (const label of g.querySelectorAll<HTMLElement>('[role="columnheader"] .ig-th-label')) {
          if (getComputedStyle(label).visibility !== 'visible') continue;
          const r = label.getBoundingClientRect();
          const cx = r.left + r.width / 2;
          const cy = r.top + r.height / 2;
          if (r.width === 0 || cx < view.left || cx > view.left + g.clientWidth) continue;
          const hit = document.elementFromPoint(cx, cy);
          if (!hit || !label.contains(hit))
            out.push(`${x}: "${label.textContent}" under ${hit?.textContent?.slice(0, 20)}`);
        }
      }
      return out;
    });
    expect(covered).toEqual([]);
  });

  test('works at 960 × 600: nothing clipped outside the grid’s own scrolling', async ({ app, shot }) => {
    await app.setViewportSize({ width: 960, height: 600 });
    await instrumentsLoaded(app);
    const screen = app.getByRole('region', { name: 'Instruments' });
    /** Elements sticking out of the screen, except inside an element that scrolls or clips on purpose. */
    const clipped = () =>
      screen.evaluate((section) => {
        const s = section.getBoundingClientRect();
        const main = section.closest('main')!;
        const out: string[] = [];
        if (main.scrollWidth > main.clientWidth) out.push(`main scrolls ${main.scrollWidth} > ${main.clientWidth}`);
        for (const el of section.querySelectorAll<HTMLElement>('*')) {
          let inner = false;
          for (let p = el.parentElement; p && p !== section; p = p.parentElement)
            if (getComputedStyle(p).overflowX !== 'visible') inner = true;
          if (inner) continue;
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          if (r.left < s.left - 0.5 || r.right > s.right + 0.5 || r.bottom > window.innerHeight + 0.5)
            out.push(
              `${el.tagName}.${el.className} ${Math.round(r.left)}–${Math.round(r.right)}, bottom ${Math.round(r.bottom)}`,
            );
        }
        return out;
      });
    expect(await clipped()).toEqual([]);
    // The grid keeps room for rows.
    expect((await grid(app).boundingBox())!.height).toBeGreaterThan(56 + 8 * 24);

    // A row selected (the selection bar grows), then its details open.
    await bodyRows(app).first().click();
    await expect(app.getByRole('group', { name: 'Selected instrument' })).toContainText('Selected');
    expect(await clipped()).toEqual([]);
    await app.keyboard.press('Enter');
    await expect(app.getByRole('complementary', { name: /^Details of/ })).toBeVisible();
    expect(await clipped()).toEqual([]);
    expect((await grid(app).boundingBox())!.width).toBeGreaterThan(300);
    await shot('instruments-960-details');
    await app.keyboard.press('Escape');

    // The column chooser fits in the window.
    await app.getByRole('button', { name: /^Columns/ }).click();
    const dialog = app.getByRole('dialog', { name: 'Columns' });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(960);
    expect(box.y + box.height).toBeLessThanOrEqual(600);
    expect(await clipped()).toEqual([]);
  });
});
