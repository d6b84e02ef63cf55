/**
 * Issue 34's small-window items: at the sizes where they were seen (960×600, 1280×800), the
 * instrument details read as an operator reads them, and no text is cut (e2e/harness/clipping.ts).
 */
import { test, expect, type DeskFixtures } from './fixtures';
import { shotBoth } from './harness/both-themes';
import { clippedTexts, expectWhole } from './harness/clipping';
import {
  CATEGORY,
  confirmAndSend,
  counts,
  openAmendMany,
  previewShiftedLadder,
  runState,
  SYMBOL,
} from './harness/amend-many-steps';
import { nav } from './harness/app-shell';
import { grid } from './harness/instruments-page';

type Page = DeskFixtures['app'];

async function openDetails(app: Page, category: string, symbol: string) {
  await app.getByLabel('Category', { exact: true }).selectOption(category);
  await expect(grid(app)).toHaveAttribute('aria-busy', 'false');
  await app.getByLabel('Search symbols').fill(symbol);
  await expect(app.getByText(/^Showing 1 of /)).toBeVisible();
  await grid(app).focus();
  await app.keyboard.press('ArrowDown');
  await app.keyboard.press('Enter');
  const panel = app.getByRole('complementary', { name: `Details of ${symbol}` });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('the instrument details panel', () => {
  for (const [width, height] of [
    [960, 600],
    [1280, 800],
  ] as const) {
    test(`reads in groups, steps first, with many fields in view at ${width}×${height}`, async ({ app, shot }) => {
      await app.setViewportSize({ width, height });
      const panel = await openDetails(app, 'USDT-FUTURES', 'PEPEUSDT');
      await expect(panel.getByRole('heading', { level: 3 })).toHaveText([
        'Steps and precision',
        'Order limits',
        'Fees',
        'Leverage',
        'Status and times',
        'Instrument',
      ]);
      const steps = panel.getByRole('table', { name: 'Steps and precision' });
      await expect(steps.getByRole('rowheader').first()).toHaveText('Price step');
      // In view as the panel opens, whole: the first fields an operator looks for.
      await expectWhole(panel.getByRole('rowheader', { name: 'Price step', exact: true }), 'the price step');
      await expectWhole(panel.getByRole('rowheader', { name: 'Quantity step', exact: true }), 'the quantity step');
      // Dense rows: a field, its value and its copy control on one line of at most 24 px.
      const inView = await panel.evaluate((p) => {
        const scroll = p.querySelector<HTMLElement>('.id-scroll')!.getBoundingClientRect();
        return [...p.querySelectorAll('tbody tr')].filter((tr) => {
          const r = tr.getBoundingClientRect();
          return r.top >= scroll.top && r.bottom <= scroll.bottom;
        }).length;
      });
      expect(inView, 'fields wholly in view').toBeGreaterThanOrEqual(width === 960 ? 6 : 16);
      const makerFee = panel.getByRole('row', { name: /^Maker fee/ });
      expect((await makerFee.boundingBox())!.height).toBeLessThanOrEqual(25);
      await shotBoth(app, shot, `small-details-${width}x${height}`);

      // A field reached from below (Shift+Tab does this) is whole, not under a sticky header.
      await panel.locator('.id-scroll').evaluate((s) => (s.scrollTop = s.scrollHeight));
      await panel.getByRole('button', { name: 'Copy the raw makerFeeRate' }).focus();
      await expectWhole(panel.getByRole('rowheader', { name: 'Maker fee', exact: true }), 'a field focused from below');
      await expectWhole(panel.getByRole('heading', { name: 'Fees' }), 'the heading of the focused field');
      // No field is drawn under anything (the field above a focused one was half under the header).
      const covered = (await clippedTexts(panel.getByRole('rowheader'))).filter((w) => w.includes('covered'));
      expect(covered, 'fields drawn under something').toEqual([]);
      await shotBoth(app, shot, `small-details-${width}x${height}-fees`);
    });
  }
});

test.describe('cut text', () => {
  for (const [width, height] of [
    [960, 600],
    [1280, 800],
  ] as const) {
    test(`the grid's group labels stay whole while it scrolls sideways at ${width}×${height}`, async ({
      app,
      shot,
    }) => {
      await app.setViewportSize({ width, height });
      await expect(grid(app)).toHaveAttribute('aria-busy', 'false');
      const labels = grid(app).locator('[aria-rowindex="1"] [role="columnheader"] span');
      const max = await grid(app).evaluate((g) => g.scrollWidth - g.clientWidth);
      for (let x = 0; x <= Math.min(max, 2400); x += 40) {
        // Scrolled, then two frames: the grid takes its scroll event and re-renders which group labels
        // show before the labels are read (read at once, a label could still hide after being picked).
        await grid(app).evaluate(
          (g, left) =>
            new Promise<void>((settled) => {
              g.scrollLeft = left;
              requestAnimationFrame(() => requestAnimationFrame(() => settled()));
            }),
          x,
        );
        // The labels in view, away from the right edge (where the view cuts whatever comes in).
        const inView = await labels.evaluateAll((spans) => {
          const view = spans[0]!.closest('[role="grid"]')!.getBoundingClientRect();
          return spans.flatMap((s, i) => {
            const r = s.getBoundingClientRect();
            return getComputedStyle(s).visibility !== 'hidden' && r.right > view.left && r.left < view.right - 120
              ? [i]
              : [];
          });
        });
        expect(inView.length, `group labels in view at scrollLeft ${x}`).toBeGreaterThan(0);
        for (const i of inView) await expectWhole(labels.nth(i), `group label ${i} at scrollLeft ${x}`);
        if (x === 520) await shotBoth(app, shot, `small-grid-groups-${width}x${height}`);
      }
    });
  }
});

/** The demo's own BTCUSDT orders (gen-btcusdt-…, demo-btc-open) on the Amend many screen, previewed 2 steps up. */
async function previewBundledBtc(app: Page) {
  await openAmendMany(app);
  await app.getByLabel('Category', { exact: true }).selectOption(CATEGORY);
  await app.getByLabel('Symbol', { exact: true }).fill(SYMBOL);
  const orders = app.getByRole('table', { name: 'Open orders to amend' });
  await expect(orders.getByRole('checkbox', { name: /^Select order / }).first()).toBeVisible();
  await app.getByRole('button', { name: 'Select all shown' }).click();
  await app.getByLabel('Price steps').fill('2');
  await expect(counts(app)).toContainText(/[1-9]\d* ready/);
  return Number(/(\d+) ready/.exec(await counts(app).innerText())![1]);
}

for (const [width, height] of [
  [960, 600],
  [1280, 800],
] as const) {
  const size = `${width}x${height}`;

  test(`Amend many: placeholders, the Verdict and what happened are whole at ${size}`, async ({ app, shot }) => {
    test.setTimeout(90_000);
    await app.setViewportSize({ width, height });
    const n = await previewBundledBtc(app);
    // Every placeholder of the rule fits its box ("e.g. 2 or -:").
    for (const mode of ['Shift by steps', 'Shift by %', 'Set to']) {
      await app.getByLabel('Price', { exact: true }).selectOption({ label: mode });
      const value = app.locator('#am-price-value');
      await value.fill('');
      await expectWhole(value, `the price placeholder of "${mode}"`);
    }
    for (const mode of ['Scale to %', 'Set to']) {
      await app.getByLabel('Quantity', { exact: true }).selectOption({ label: mode });
      await expectWhole(app.locator('#am-qty-value'), `the quantity placeholder of "${mode}"`);
    }
    await app.getByLabel('Quantity', { exact: true }).selectOption({ label: 'Unchanged' });
    await app.getByLabel('Price', { exact: true }).selectOption({ label: 'Shift by steps' });
    await app.getByLabel('Price steps').fill('2');
    await expect(counts(app)).toContainText(`${n} ready`);

    // The verdict of every row, without a sideways scroll.
    const preview = app.getByRole('table', { name: 'Preview' });
    await preview.scrollIntoViewIfNeeded();
    await expectWhole(preview.getByRole('columnheader', { name: 'Verdict' }), 'the Verdict header');
    await expectWhole(preview.locator('tbody .badge'), 'the verdicts');
    await shotBoth(app, shot, `small-many-preview-${size}`);

    await confirmAndSend(app, n);
    await expect(runState(app)).toContainText(`Finished — ${n} applied`, { timeout: 30_000 });
    const items = app.getByRole('table', { name: 'Run items' });
    await items.scrollIntoViewIfNeeded();
    // What happened never runs under or against the Activity button beside it.
    const happened = items.locator('tbody td.am-summary-cell');
    await expectWhole(happened, 'what happened', 'x');
    const gaps = await items.locator('tbody tr').evaluateAll((rows) =>
      rows.map((tr) => {
        const range = document.createRange();
        range.selectNodeContents(tr.querySelector('.am-summary-cell')!);
        return tr.querySelector('button')!.getBoundingClientRect().left - range.getBoundingClientRect().right;
      }),
    );
    expect(Math.min(...gaps), 'room between what happened and the Activity button').toBeGreaterThanOrEqual(8);
    await shotBoth(app, shot, `small-many-run-${size}`);
  });

  test(`Activity's Duration stays whole with a run opened, an item shown, a search at ${size}`, async ({
    app,
    demo,
    shot,
  }) => {
    test.setTimeout(90_000);
    await app.setViewportSize({ width, height });
    await previewShiftedLadder(app, demo, 'du', 5, 2);
    await confirmAndSend(app, 5);
    await expect(runState(app)).toContainText('Finished — 5 applied', { timeout: 30_000 });
    await nav(app, 'Activity');
    const table = app.getByRole('table', { name: 'Amend attempts' });
    const duration = () => [
      table.getByRole('columnheader', { name: 'Duration' }),
      table.locator('tbody td:last-child'),
    ];
    await app.getByRole('button', { name: /^Amend many · 5 items/ }).click();
    await expect(table.locator('tbody tr')).toHaveCount(6);
    for (const l of duration()) await expectWhole(l, 'Duration, the run opened', 'x');
    await table.locator('tbody tr').nth(1).click();
    await expect(app.getByRole('complementary', { name: 'Attempt details' })).toBeVisible();
    for (const l of duration()) await expectWhole(l, 'Duration, an item shown', 'x');
    await app.getByRole('searchbox').fill('du-0');
    await expect(app.getByRole('button', { name: /5 matching/ })).toBeVisible();
    for (const l of duration()) await expectWhole(l, 'Duration, a search typed', 'x');
    await shotBoth(app, shot, `small-activity-${size}`);
  });

  test(`the revert dialog: whole ids, every item, the app's time at ${size}`, async ({ app, demo, shot }) => {
    test.setTimeout(90_000);
    await app.setViewportSize({ width, height });
    demo.control.setMarketPrice(CATEGORY, SYMBOL, '96000.0');
    // Five of the demo's own orders: ids as long as the operator's ("gen-btcusdt-141").
    await previewBundledBtc(app);
    const boxes = app
      .getByRole('table', { name: 'Open orders to amend' })
      .getByRole('checkbox', { name: /^Select order / });
    await app.getByRole('button', { name: 'Select none' }).click();
    for (let i = 0; i < 5; i++) await boxes.nth(i).check();
    await expect(counts(app)).toContainText('5 ready');
    await confirmAndSend(app, 5);
    await expect(runState(app)).toContainText('Finished — 5 applied', { timeout: 30_000 });
    await nav(app, 'Activity');
    await app.getByRole('button', { name: /^Revert run \w+…$/ }).click();
    const dialog = app.getByRole('dialog', { name: /^Revert run / });
    await expect(dialog.getByRole('status', { name: 'Preview counts' })).toContainText('5 ready', { timeout: 15_000 });
    const preview = dialog.getByRole('table', { name: 'Preview' });
    // Each order id on one line, and all five rows in view.
    const orderCells = preview.locator('tbody tr td:nth-child(2)');
    await expect(orderCells).toHaveCount(5);
    const lines = await orderCells.evaluateAll((tds) =>
      tds.map((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }),
    );
    expect(lines, 'lines of each order id').toEqual([1, 1, 1, 1, 1]);
    await expectWhole(orderCells, 'the order ids');
    // The run's start in the app's own time format, not the wire's.
    await expect(dialog).toContainText(/started \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?!\.)/);
    await expect(dialog).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    await shotBoth(app, shot, `small-revert-${size}`);
  });

  test(`the desk's open orders keep the symbol whole while they scroll sideways at ${size}`, async ({ app, shot }) => {
    await app.setViewportSize({ width, height });
    await nav(app, 'Amend order');
    const open = app.getByRole('region', { name: 'Open orders' });
    await expect(open.getByRole('button', { name: /^Pick order / }).first()).toBeVisible();
    const scroller = open.locator('.amend-open-scroll');
    await scroller.scrollIntoViewIfNeeded();
    const max = await scroller.evaluate((s) => s.scrollWidth - s.clientWidth);
    for (const x of [0, 20, 60, Math.round(max / 2), max]) {
      await scroller.evaluate((s, left) => (s.scrollLeft = left), x);
      await expectWhole(open.getByRole('columnheader', { name: /^Symbol/ }), `the Symbol header at ${x}`);
      await expectWhole(open.locator('tbody tr:nth-child(-n+5) td:first-child'), `the symbols at ${x}`);
      if (x === 60) await shotBoth(app, shot, `small-open-orders-${size}`);
    }
    // Scrolled to the end, the times are whole beside Pick ("2026-11-2").
    await expectWhole(open.locator('tbody tr:nth-child(-n+5) td.amend-open-time'), 'the times, scrolled to the end');
  });
}
