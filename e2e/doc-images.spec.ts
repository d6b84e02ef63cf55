/**
 * The README's pictures, made from the app as it is: the four screens an operator meets first, at
 * 1280 × 800. `npm run docs:images` writes them to docs/images/; in the suite they go to
 * e2e/screenshots/ (the same states, checked with axe), so the README's pictures never stop working.
 */
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { ROOT, SCREENSHOT_DIR } from './harness/paths';
import { previewShiftedLadder } from './harness/amend-many-steps';
import { nav } from './harness/app-shell';

const DIR = process.env.UTA_DESK_DOC_IMAGES ? join(ROOT, 'docs/images') : SCREENSHOT_DIR;
const image = (name: string) => join(DIR, `${process.env.UTA_DESK_DOC_IMAGES ? '' : 'doc-'}${name}.png`);

test.beforeEach(async ({ app }, testInfo) => {
  test.skip(testInfo.project.name !== 'renderer', 'the pictures are of the renderer project');
  await app.setViewportSize({ width: 1280, height: 800 });
});

test('instruments', async ({ app }) => {
  await app.getByLabel('Category', { exact: true }).selectOption('USDT-FUTURES');
  await expect(app.getByText(/^Showing 151 of 151 instruments$/)).toBeVisible();
  await app
    .getByRole('grid', { name: /^Instruments/ })
    .getByRole('row', { name: /BTCUSDT/ })
    .first()
    .click();
  await app.screenshot({ path: image('instruments') });
});

test('amend order', async ({ app }) => {
  await nav(app, 'Amend order');
  await app.getByLabel('Client order ID', { exact: true }).fill('demo-btc-open');
  await app.getByRole('button', { name: 'Load order' }).click();
  await expect(app.getByLabel('Order ID', { exact: true })).toHaveValue(/^\d+$/);
  await app.getByLabel('Price', { exact: true }).fill('60100.0');
  await app.getByRole('button', { name: 'Review' }).first().click();
  await expect(app.getByRole('button', { name: 'Send modification' })).toBeEnabled();
  await app.screenshot({ path: image('amend-order') });
});

test('amend many', async ({ app, demo }) => {
  await previewShiftedLadder(app, demo, 'doc', 12, 2);
  await app.screenshot({ path: image('amend-many') });
});

test('activity', async ({ app }) => {
  await nav(app, 'Amend order');
  for (const price of ['60100.0', '60050.0']) {
    await app.getByLabel('Client order ID', { exact: true }).fill('demo-btc-open');
    await app.getByLabel('Price', { exact: true }).fill(price);
    await app.getByRole('button', { name: 'Review' }).first().click();
    await app.getByRole('button', { name: 'Send modification' }).click();
    await expect(app.getByRole('status', { name: 'Amend progress' })).toContainText('Applied', { timeout: 15_000 });
  }
  await nav(app, 'Activity');
  const rows = app.getByRole('table', { name: 'Amend attempts' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await rows.first().click();
  await expect(app.getByRole('complementary', { name: 'Attempt details' })).toBeVisible();
  await app.screenshot({ path: image('activity') });
});
