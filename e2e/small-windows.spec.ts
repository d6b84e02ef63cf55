/**
 * Issue 34's small-window items: at the sizes where they were seen (960×600, 1280×800), the
 * instrument details read as an operator reads them, and no text is cut (e2e/harness/clipping.ts).
 */
import { test, expect, type DeskFixtures } from './fixtures';
import { clippedTexts, expectWhole } from './harness/clipping';

type Page = DeskFixtures['app'];

/** The shot in the dark theme, then in the light one (axe checks both each time). */
async function shotBoth(app: Page, shot: DeskFixtures['shot'], name: string) {
  await shot(name);
  await app.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await shot(`${name}-light`);
  await app.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
}

const grid = (app: Page) => app.getByRole('grid', { name: /^Instruments/ });

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
        await grid(app).evaluate((g, left) => (g.scrollLeft = left), x);
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
