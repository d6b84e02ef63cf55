/**
 * Every screen works from the smallest window the app allows (960×600) up: nothing is clipped
 * sideways. Panels stack, and only deliberately scrollable regions (tables, code) scroll sideways.
 */
import { test, expect, type DeskFixtures } from './fixtures';
import { field } from './harness/amend-page';
import { nav } from './harness/app-shell';

type Page = DeskFixtures['app'];

const SIZES = [
  { width: 960, height: 600 },
  { width: 1024, height: 700 },
  { width: 1100, height: 700 },
  { width: 1280, height: 720 },
] as const;

const status = (app: Page) => app.getByRole('status', { name: 'Amend progress' });

interface Clipped {
  what: string;
  scrollWidth: number;
  clientWidth: number;
}

/**
 * Elements whose content is cut sideways: any visible element that hides its overflow (hidden or
 * clip) while its content is wider than it, and the page, the shell and the screen themselves, which
 * must never need sideways scrolling. Scroll containers inside a screen (a table's wrapper, a code
 * block) may scroll: their content can be reached.
 */
function clippedElements(app: Page): Promise<Clipped[]> {
  return app.evaluate(() => {
    const out: { what: string; scrollWidth: number; clientWidth: number }[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
      } "${(el.textContent ?? '').trim().slice(0, 50)}"`;
    const roots = [document.documentElement, document.body, ...document.querySelectorAll('.app, main, .screen')];
    for (const el of roots) {
      if (el.scrollWidth > el.clientWidth + 1)
        out.push({
          what: `(must not scroll) ${describe(el)}`,
          scrollWidth: el.scrollWidth,
          clientWidth: el.clientWidth,
        });
    }
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      // Form controls scroll their own text; the visually hidden text is meant to be 1 px.
      if (el.matches('input, select, textarea, option, .sr-only, .sr-only *, svg, svg *')) continue;
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || cs.visibility === 'hidden') continue;
      if (el.getClientRects().length === 0) continue;
      const hides = ['hidden', 'clip'].includes(cs.overflowX);
      if (hides && el.scrollWidth > el.clientWidth + 1)
        out.push({ what: describe(el), scrollWidth: el.scrollWidth, clientWidth: el.clientWidth });
    }
    return out;
  });
}

async function expectNothingClipped(app: Page, where: string) {
  await expect.poll(() => clippedElements(app), { message: `clipped sideways on ${where}` }).toEqual([]);
}

/** Scrolled into view, the element is whole inside the window (not cut by the window or a panel). */
async function expectReachable(app: Page, locator: ReturnType<Page['locator']>) {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeInViewport({ ratio: 1 });
}

test.describe('narrow windows', () => {
  test('amend, activity and profiles are whole from 960×600 to 1280×720', async ({ app, shot }) => {
    test.setTimeout(90_000);
    // An applied outcome, then a reviewed next change: every amend panel is on screen at once.
    await nav(app, 'Amend order');
    await field(app, 'Client order ID').fill('demo-btc-open');
    await app.getByRole('button', { name: 'Load order' }).click();
    await expect(status(app)).toContainText('Loaded order demo-btc-open');
    await field(app, 'Price').fill('60100.0');
    await app.getByRole('button', { name: 'Review' }).click();
    await app.getByRole('button', { name: 'Send modification' }).click();
    await expect(status(app)).toContainText('Applied');
    await field(app, 'Price').fill('60234.5');
    await field(app, 'Quantity').fill('0.0250');
    await app.getByRole('button', { name: 'Review' }).click();
    const review = app.getByRole('region', { name: 'Review' });
    await expect(review).toBeVisible();

    for (const size of SIZES) {
      const at = `${size.width}x${size.height}`;
      await app.setViewportSize(size);

      await nav(app, 'Amend order');
      await expect(review).toBeVisible();
      await expectNothingClipped(app, `Amend at ${at}`);
      await expectReachable(app, review.getByText('60234.5', { exact: true }));
      await expectReachable(app, review.getByText('0.0250', { exact: true }));
      const open = app.getByRole('region', { name: 'Open orders' });
      await expect(open.getByRole('button', { name: /^Pick order / }).first()).toBeVisible();
      await expectReachable(app, open.getByRole('button', { name: 'Pick order demo-btc-open' }));
      await expectReachable(app, open.getByRole('columnheader', { name: 'Created' }));
      await expectReachable(app, app.getByRole('region', { name: 'Loaded order' }).getByText(/^1387296516478935041$/));
      if (size.width === 960) {
        await expectReachable(app, open.getByRole('button', { name: 'Pick order demo-btc-open' }));
        await shot(`layout-amend-${at}-open-orders`);
      }
      await app.locator('#content .screen').evaluate((s) => s.scrollTo(0, 0));
      await shot(`layout-amend-${at}`);

      await nav(app, 'Activity');
      const rows = app.getByRole('table', { name: 'Amend attempts' }).locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await expect(app.getByRole('complementary', { name: 'Attempt details' })).toBeVisible();
      await expectNothingClipped(app, `Activity at ${at}`);
      await expectReachable(
        app,
        app.getByRole('complementary', { name: 'Attempt details' }).getByRole('heading', { name: 'Request' }),
      );
      await shot(`layout-activity-${at}`);

      await nav(app, 'Profiles');
      await expect(app.getByRole('button', { name: 'Add profile' })).toBeEnabled();
      await expectNothingClipped(app, `Profiles at ${at}`);
      await shot(`layout-profiles-${at}`);
    }
  });
});
