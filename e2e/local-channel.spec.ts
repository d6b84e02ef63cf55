/**
 * One writer, seen by the operator: while the browser host runs, an amend the command line sends over
 * the local channel is made by the app's own core and shows in its Activity, as the CLI's.
 */
import { buildDeskApi, unwrap } from '../shared/contract';
import type { AttemptWithGuard } from '../shared/attempts';
import { osUserName } from '../electron/core/source-tag';
import { createDispatch } from '../electron/ipc/dispatch';
import { connectLocalChannel } from '../electron/local-channel/channel-client';
import { serveLocalChannel } from '../electron/local-channel/channel-server';
import { test, expect } from './fixtures';

test('an amend sent over the local channel shows in Activity with the CLI as its source', async ({
  app,
  core,
  userDataDir,
  shot,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'renderer' || process.platform === 'win32', 'the harness serves it here');
  if (!core) throw new Error('renderer project without a core');
  // As `uta-desk serve` does: the channel over the same core and dispatch as the page's.
  const server = await serveLocalChannel(userDataDir, createDispatch(core.handlers));
  const channel = await connectLocalChannel(userDataDir);
  try {
    if (!channel) throw new Error('the channel is not served');
    const cli = buildDeskApi(channel.invoke);
    let attempt: AttemptWithGuard = await unwrap(
      cli.sendModification({ request: { clientOid: 'demo-btc-open', price: '60010.0' } }),
    );
    while (attempt.status === 'sending' || attempt.status === 'following')
      attempt = await unwrap(
        cli.getAttempt({ id: attempt.id, after: { status: attempt.status, steps: attempt.timeline.length } }),
      );
    expect(attempt.status).toBe('applied');
  } finally {
    channel?.close();
    await server.close();
  }

  const user = osUserName();
  await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Activity' }).click();
  const table = app.getByRole('table', { name: 'Amend attempts' });
  await expect(table.getByRole('columnheader', { name: 'Profile / source' })).toBeVisible();
  const row = table.locator('tbody tr').filter({ hasText: 'demo-btc-open' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(`CLI · ${user}`, { exact: true })).toBeVisible();
  await row.click();
  const detail = app.getByRole('complementary', { name: 'Attempt details' });
  await expect(detail.getByText(`CLI · ${user}`, { exact: true })).toBeVisible();

  // Found by where it came from.
  await app.getByLabel('Search activity').fill('cli');
  await expect(table.locator('tbody tr').filter({ hasText: 'demo-btc-open' })).toHaveCount(1);
  await app.getByLabel('Search activity').fill('desktop');
  await expect(app.getByText('No attempt matches the filter.')).toBeVisible();
  await app.getByLabel('Search activity').fill('');
  await row.click();
  await shot('activity-cli-source');
  await app.setViewportSize({ width: 960, height: 600 });
  await shot('activity-cli-source-960');
});
