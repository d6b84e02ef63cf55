/**
 * Every screen at the window sizes an operator uses, in both themes: photographed for review by eye
 * and checked with axe-core (through `shot`), with no content cut off at the sides.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { nav } from './harness/app-shell';

const SIZES = [
  { width: 960, height: 600 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

/** The page itself never scrolls sideways: wide content scrolls inside its own container. */
async function expectNoPageOverflow(app: Page): Promise<void> {
  const overflow = await app.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of SIZES) {
  test(`every screen at ${size.width}×${size.height}, both themes`, async ({ app, shot }) => {
    // Twelve screenshots, each with two axe-core runs.
    test.setTimeout(240_000);
    await app.setViewportSize(size);
    // Something on each screen: an attempt in Activity, a loaded order on the desk.
    await nav(app, 'Amend order');
    await app.getByLabel('Client order ID', { exact: true }).fill('demo-btc-open');
    await app.getByRole('button', { name: 'Load order' }).click();
    await expect(app.getByText('BTCUSDT').first()).toBeVisible();
    for (const theme of ['dark', 'light'] as const) {
      const toggle = app.getByRole('button', { name: `Switch to ${theme} theme` });
      if (await toggle.isVisible()) await toggle.click();
      for (const screen of ['Instruments', 'Amend order', 'Profiles', 'Activity', 'Amend many', 'Changes']) {
        await nav(app, screen);
        await app.waitForTimeout(150);
        await expectNoPageOverflow(app);
        const slug = screen.toLowerCase().replace(/\s+/g, '-');
        await shot(`screens-${slug}-${size.width}x${size.height}-${theme}`);
      }
    }
  });
}
