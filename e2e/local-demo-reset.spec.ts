/**
 * The Local demo's embedded exchange keeps its state across restarts; "Reset demo exchange" on the
 * Profiles screen puts it back to how it was at first, after a confirmation.
 */
import { createCore } from '../electron/core/create-core';
import { DEMO_ACCOUNT } from '../demo-exchange';
import { expect, test as base } from './fixtures';

const BTC = '1387296516478935041';

// The embedded demo exchange (as the app runs it), not the suite's external one.
const test = base.extend({
  core: async ({ userDataDir, secretBox }, use, testInfo) => {
    if (testInfo.project.name !== 'renderer') {
      await use(undefined);
      return;
    }
    const core = createCore({
      host: 'browser',
      userDataDir,
      secretBox,
      version: '0.0.0-e2e',
      localDemo: { engineLatencyMs: 50 },
    });
    await use(core);
    await core.close();
  },
});

test('Reset demo exchange on the Profiles screen asks first, then restores the starting orders', async ({
  app,
  core,
  shot,
}) => {
  const exchange = await core!.localDemo.exchange();
  exchange.control.cancelOrder(DEMO_ACCOUNT.uid, BTC);
  await expect(app.getByRole('status', { name: /^Connection test of the active profile/ })).toHaveText('Local');

  await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Profiles' }).click();
  const card = app.getByRole('listitem', { name: 'Local demo' });
  const reset = card.getByRole('button', { name: 'Reset demo exchange' });
  await reset.click();
  const dialog = app.getByRole('alertdialog', { name: 'Reset the demo exchange?' });
  await expect(dialog).toContainText('go back to how they were at first');
  await shot('profiles-reset-demo-confirm');

  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(reset).toBeFocused();
  expect(exchange.control.getOrder(DEMO_ACCOUNT.uid, BTC)?.orderStatus).toBe('cancelled');

  await reset.click();
  await dialog.getByRole('button', { name: 'Reset demo exchange' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('status')).toContainText('Demo exchange reset');
  await expect(reset).toBeFocused();
  expect(exchange.control.getOrder(DEMO_ACCOUNT.uid, BTC)?.orderStatus).toBe('live');
});
