import { test, expect, type DeskFixtures } from './fixtures';
import { field } from './harness/amend-page';

type Page = DeskFixtures['app'];

const status = (app: Page) => app.getByRole('status', { name: 'Amend progress' });
const market = (app: Page) => app.getByRole('region', { name: 'Market' });
const row = (app: Page, name: string) => market(app).getByRole('row', { name: new RegExp(`^${name} `) });

async function openDemoBtc(app: Page) {
  await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Amend order' }).click();
  await field(app, 'Client order ID').fill('demo-btc-open');
  await app.getByRole('button', { name: 'Load order' }).click();
  await expect(status(app)).toContainText('Loaded order demo-btc-open');
  // The instrument gives the steps; the Price hint shows them once it is known.
  await expect(app.getByText('now 60000.0 USDT · ↑↓ 0.1')).toBeVisible();
}

test.describe('amend desk: market context and nudges', () => {
  test('demo-btc-open: the market it is amended into, refreshed, and nudges on the step', async ({
    app,
    demo,
    shot,
  }) => {
    demo.control.setMarketPrice('USDT-FUTURES', 'BTCUSDT', '60000.0');
    await openDemoBtc(app);

    // Last and mark are pinned; the book stays around them within a few steps.
    await expect(row(app, 'Last')).toContainText('60000.0');
    await expect(row(app, 'Mark')).toContainText('60000.0');
    await expect(row(app, 'Best bid')).toContainText(/599\d\d\.\d|60000\.0/);
    await expect(row(app, 'Best ask')).toContainText(/600\d\d\.\d/);
    await expect(market(app)).toContainText('Order price 60000.0 from each · step 0.1');
    await expect(market(app)).toContainText('Band for buys: up to 63000');

    // Refreshed while the screen is open.
    demo.control.setMarketPrice('USDT-FUTURES', 'BTCUSDT', '60100.0');
    await expect(row(app, 'Last')).toContainText('60100.0');
    await expect(row(app, 'Last')).toContainText('−0.17 %');
    await expect(row(app, 'Last')).toContainText('−1000 steps');
    demo.control.setMarketPrice('USDT-FUTURES', 'BTCUSDT', '60000.0');
    await expect(row(app, 'Last')).toContainText('60000.0');

    // ↑ from an empty Price starts at the order's price: one step of 0.1; Shift: ten.
    const price = field(app, 'Price');
    await price.focus();
    await app.keyboard.press('ArrowUp');
    await expect(price).toHaveValue('60000.1');
    await app.keyboard.press('Shift+ArrowUp');
    await expect(price).toHaveValue('60001.1');
    await app.keyboard.press('ArrowDown');
    await expect(price).toHaveValue('60001.0');
    await expect(price).toBeFocused();
    await expect(row(app, 'Last')).toContainText('+10 steps');
    await expect(market(app)).toContainText('New price 60001.0 (buy):');
    await expect(market(app)).toContainText('above the best ask: would trade at once');

    // +1 % rounds down to the step for a buy: 60000.3 × 1.01 = 60600.303 → 60600.3.
    await expect(app.getByRole('group', { name: 'Price helpers' })).toContainText('% rounds down to 0.1 for a buy');
    await price.fill('60000.3');
    const plusPct = app.getByRole('button', { name: 'Price +1 %' });
    await plusPct.focus();
    await app.keyboard.press('Enter');
    await expect(price).toHaveValue('60600.3');
    await expect(plusPct).toBeFocused();
    await app.getByRole('button', { name: 'Price −1 tick' }).click();
    await expect(price).toHaveValue('60600.2');
    await app.getByRole('button', { name: 'Review' }).click();
    await expect(app.getByRole('region', { name: 'Review' })).toContainText('60600.2');
    await shot('amend-market');
  });

  test('demo-btc-open: a price above the band warns with its formula, and Send stays open', async ({
    app,
    demo,
    shot,
  }) => {
    demo.control.setMarketPrice('USDT-FUTURES', 'BTCUSDT', '60000.0');
    await openDemoBtc(app);
    await expect(row(app, 'Last')).toContainText('60000.0');
    const price = field(app, 'Price');

    // Above the band: a warning with the formula and the values; Review and Send stay open.
    await price.fill('63000.1');
    const warning = market(app).getByRole('note');
    await expect(warning).toContainText(
      "The new price 63000.1 is above the exchange's band for buys: market × (1 + buyLimitPriceRatio) = 60000.0 × (1 + 0.05) = 63000.",
    );
    await expect(warning).toContainText('the exchange judges the band');
    await app.getByRole('button', { name: 'Review' }).click();
    await expect(app.getByRole('region', { name: 'Review' })).toContainText("above the exchange's band for buys");
    await expect(app.getByRole('button', { name: 'Send modification' })).toBeEnabled();
    await shot('amend-market-band');

    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    await shot('amend-market-band-light');
  });
});
