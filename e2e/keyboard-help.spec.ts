/**
 * Keyboard help on every screen (issue 34, item 7): "?" lists that screen's keys and the global
 * ones; "/" reaches the Instruments search from anywhere on the screen, a menu included; ArrowDown
 * in the search box goes on into the rows.
 */
import { test, expect, type DeskFixtures } from './fixtures';
import { grid } from './harness/instruments-page';

type Page = DeskFixtures['app'];

const SCREENS = [
  ['1', 'Instruments', 'Details of the selected row'],
  ['2', 'Amend order', 'Load order'],
  ['3', 'Profiles', 'No keys of its own'],
  ['4', 'Activity', 'On an attempt’s row: its details'],
  ['5', 'Amend many', 'Select or unselect the order'],
  ['6', 'Changes', 'No keys of its own'],
] as const;

const dialog = (app: Page) => app.getByRole('dialog', { name: 'Keyboard shortcuts' });
const search = (app: Page) => app.getByLabel('Search symbols');

test.describe('keyboard help at 960×600', () => {
  test('"?" on every screen lists its keys and the global ones; Escape returns the focus', async ({ app, shot }) => {
    await app.setViewportSize({ width: 960, height: 600 });
    for (const [key, screen, own] of SCREENS) {
      await app.keyboard.press(`Control+${key}`);
      const h1 = app.getByRole('heading', { name: screen, level: 1 });
      await expect(h1).toBeFocused();
      await app.keyboard.press('?');
      await expect(dialog(app), screen).toBeVisible();
      await expect(dialog(app).getByRole('heading', { name: screen })).toBeVisible();
      await expect(dialog(app)).toContainText(own);
      const everywhere = dialog(app).getByRole('region', { name: 'Everywhere' });
      for (const global of ['Ctrl+1–6', '/', 'Escape', '?']) {
        await expect(everywhere.getByText(global, { exact: true }), `${screen}: ${global}`).toBeVisible();
      }
      if (key === '2' || key === '5') await shot(`keyboard-help-${screen.toLowerCase().replace(' ', '-')}-960x600`);
      await app.keyboard.press('Escape');
      await expect(dialog(app)).toBeHidden();
      await expect(h1).toBeFocused();
    }
  });

  test('"?" in a text field is typing, not help', async ({ app }) => {
    await app.keyboard.press('Control+2');
    const id = app.getByLabel('Client order ID', { exact: true });
    await id.focus();
    await app.keyboard.press('?');
    await expect(dialog(app)).toBeHidden();
    await expect(id).toHaveValue('?');
  });

  test('"/" focuses the search from a menu; ArrowDown in the search moves into the rows', async ({ app }) => {
    await app.setViewportSize({ width: 960, height: 600 });
    await expect(grid(app)).toHaveAttribute('aria-busy', 'false');
    const status = app.getByLabel('Status', { exact: true });
    await status.focus();
    await app.keyboard.press('/');
    await expect(search(app)).toBeFocused();
    await expect(status).toHaveValue('');

    await app.keyboard.type('BTC');
    await expect(app.getByText(/^Showing [\d,]+ of/)).toBeVisible();
    await app.keyboard.press('ArrowDown');
    await expect(grid(app)).toBeFocused();
    await expect(app.getByRole('group', { name: 'Selected instrument' })).toContainText('Selected BTC');
    await app.keyboard.press('ArrowDown');
    await expect(app.getByRole('group', { name: 'Selected instrument' })).toContainText('Selected');
    await expect(grid(app)).toBeFocused();
  });
});
