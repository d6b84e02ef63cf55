/**
 * When the host goes away (the browser host stopped, or the core behind it closed), the page says so
 * by itself, before the operator's next action: a blocking notice, every live indicator unknown,
 * every action disabled. Nothing on the page may keep claiming "Stream live".
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The page with live indicators worth distrusting: the stream connected, the instruments listed. */
async function settled(app: Page): Promise<void> {
  await expect(app.getByRole('status').filter({ hasText: 'Stream live' })).toBeVisible();
  await expect(app.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
}

async function expectHostGone(app: Page): Promise<void> {
  const notice = app.getByRole('alert').filter({ hasText: 'UTA Desk stopped' });
  await expect(notice).toContainText('UTA Desk stopped. Start it again and open a new link.');
  // The control that had focus became inert: the notice has it now.
  await expect(notice).toBeFocused();
  const header = app.getByRole('banner');
  await expect(header.getByRole('status').filter({ hasText: 'Stream unknown' })).toBeVisible();
  await expect(header.getByRole('status').filter({ hasText: 'Connection unknown' })).toBeVisible();
  await expect(header.getByText('Stream live')).toHaveCount(0);
  // Every action: the screens, the nav rail and the toasts are inert, the header's buttons disabled.
  await expect(app.locator('main#content')).toHaveJSProperty('inert', true);
  await expect(app.getByRole('navigation', { name: 'Screens', includeHidden: true })).toHaveJSProperty('inert', true);
  await expect(app.getByRole('button', { name: /^Active profile:/ })).toBeDisabled();
  await expect(app.getByRole('button', { name: /Switch to (light|dark) theme/ })).toBeDisabled();
}

test.describe('the host is gone', () => {
  test('the browser host stopped: the page says so by itself, shows live indicators as unknown and disables every action', async ({
    app,
    host,
    shot,
  }, testInfo) => {
    test.skip(!host, 'the browser host serves the renderer project only');
    await settled(app);
    await app.getByRole('grid').focus();

    const stoppedAt = Date.now();
    await host!.close();
    await expect(app.getByRole('alert').filter({ hasText: 'UTA Desk stopped' })).toBeVisible();
    testInfo.annotations.push({ type: 'detected after', description: `${Date.now() - stoppedAt} ms` });
    await expectHostGone(app);

    // The keyboard cannot switch screens behind the notice either.
    const instruments = app.getByRole('navigation', { name: 'Screens', includeHidden: true }).getByRole('button', {
      name: 'Instruments',
      includeHidden: true,
    });
    await app.keyboard.press('Control+4');
    await expect(instruments).toHaveAttribute('aria-current', 'page');

    await app.setViewportSize({ width: 1280, height: 800 });
    await shot('host-gone-1280');
    await app.setViewportSize({ width: 960, height: 600 });
    await shot('host-gone-960');
  });

  test('the core behind a running host closed: the same notice, from the heartbeat alone', async ({ app, core }) => {
    test.skip(!core, 'the core is in the test process for the renderer project only');
    await settled(app);
    await core!.close();
    await expectHostGone(app);
  });
});
