/**
 * The last connection test of a profile, where the operator works: in the header next to the
 * active profile, and on the amend desk as a warning above the form when it failed.
 */
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNT } from '../demo-exchange';
import { closedPort } from '../electron/exchange/testing/fake-exchange';
import { expect, test } from './fixtures';
import { openAmend } from './harness/amend-page';
import { nav } from './harness/app-shell';

const OPEN_ORDERS = '/api/v3/trade/unfilled-orders';

async function openProfiles(app: Page): Promise<void> {
  await nav(app, 'Profiles');
  await expect(app.getByRole('heading', { name: 'Profiles', level: 1 })).toBeVisible();
}

async function addCustomProfile(
  app: Page,
  fields: { name: string; baseUrl: string; apiKey?: string; timeoutMs?: number },
): Promise<void> {
  await app.getByRole('button', { name: 'Add profile' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add a profile' });
  await dialog.getByLabel('Name', { exact: true }).fill(fields.name);
  await dialog.getByLabel('Environment').selectOption('custom');
  await dialog.getByLabel('Base URL').fill(fields.baseUrl);
  await dialog.getByLabel('API key').fill(fields.apiKey ?? DEMO_ACCOUNT.apiKey);
  await dialog.getByLabel('Secret key').fill(DEMO_ACCOUNT.secretKey);
  await dialog.getByLabel('API passphrase', { exact: true }).fill(DEMO_ACCOUNT.passphrase);
  if (fields.timeoutMs !== undefined) await dialog.getByLabel('Timeout (ms)').fill(String(fields.timeoutMs));
  await dialog.getByRole('button', { name: 'Add profile' }).click();
  await expect(dialog).toBeHidden();
}

/** The header's indicator of the active profile's last connection test. */
const headerHealth = (app: Page) => app.getByRole('status', { name: /^Connection test of the active profile/ });
const activeChip = (app: Page) => app.getByRole('button', { name: /^Active profile:/ });
const warning = (app: Page) => app.getByRole('region', { name: 'Connection warning' });
const testResult = (card: ReturnType<Page['getByRole']>) =>
  card.getByRole('status', { name: 'Connection test result' });

test.describe('the last connection test of the active profile', () => {
  test('a failed test shows in the header and warns on the amend desk, above Send, until a test passes', async ({
    app,
    demo,
    shot,
  }) => {
    await openProfiles(app);
    await expect(headerHealth(app)).toHaveText('Local');

    await addCustomProfile(app, { name: 'Wrong key', baseUrl: demo.url, apiKey: 'bg_not_a_known_key_0000' });
    const card = app.getByRole('listitem', { name: 'Wrong key' });
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(testResult(card)).toContainText('code 40006');
    await card.getByRole('button', { name: 'Use this profile' }).click();
    await expect(activeChip(app)).toHaveAccessibleName('Active profile: Wrong key, environment Custom');

    const health = headerHealth(app);
    await expect(health).toHaveText('Last test failed: API key not known (40006)');
    await expect(health).toHaveAccessibleName(
      /^Connection test of the active profile: failed at \d\d:\d\d, API key not known \(40006\)$/,
    );

    await openAmend(app);
    const notice = warning(app);
    await expect(notice).toContainText('The last connection test of Wrong key failed');
    await expect(notice).toContainText('The exchange does not know this API key (code 40006)');
    await expect(notice).toContainText('will probably be rejected');
    // Seen before sending: on screen without scrolling, and above the Send button.
    await expect(notice).toBeInViewport();
    const send = app.getByRole('button', { name: 'Send modification' });
    const [noticeBox, sendBox] = [await notice.boundingBox(), await send.boundingBox()];
    expect(noticeBox && sendBox && noticeBox.y + noticeBox.height <= sendBox.y).toBe(true);
    await shot('amend-profile-test-failed');

    // Testing again with the same wrong key: a new request, the same answer, the warning stays.
    const reads = () => demo.control.requestLog().filter((e) => e.path.startsWith(OPEN_ORDERS)).length;
    const before = reads();
    await notice.getByRole('button', { name: 'Test again' }).click();
    await expect.poll(reads).toBeGreaterThan(before);
    await expect(notice.getByRole('button', { name: 'Test again' })).toBeEnabled();
    await expect(notice).toContainText('code 40006');

    // Fixing the key: the old result no longer describes the profile, and a new test passes.
    await openProfiles(app);
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = app.getByRole('dialog', { name: 'Edit profile Wrong key' });
    await edit.getByLabel('API key').fill(DEMO_ACCOUNT.apiKey);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(health).toHaveText('Not tested');
    await expect(testResult(card)).toBeHidden();
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(testResult(card)).toContainText('Connection OK');
    await expect(health).toHaveText(/^Connection OK · \d\d:\d\d$/);
    await shot('profiles-header-connection-ok');

    await openAmend(app);
    await expect(app.getByRole('status', { name: 'Amend progress' })).toContainText('Ready');
    await expect(warning(app)).toBeHidden();
  });

  test('"Test again" on the amend desk clears the warning once the exchange answers', async ({ app, demo }) => {
    await openProfiles(app);
    await addCustomProfile(app, { name: 'Slow desk', baseUrl: demo.url, timeoutMs: 1000 });
    const card = app.getByRole('listitem', { name: 'Slow desk' });
    // The signed read of the test answers too late, once.
    demo.control.delayResponses(OPEN_ORDERS, 1500, 1);
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(testResult(card)).toContainText('did not answer within 1000 ms');
    await card.getByRole('button', { name: 'Use this profile' }).click();
    await expect(headerHealth(app)).toHaveText('Last test failed: no answer in time');

    await openAmend(app);
    const notice = warning(app);
    await expect(notice).toContainText('did not answer within 1000 ms');
    await notice.getByRole('button', { name: 'Test again' }).click();
    await expect(notice).toBeHidden();
    await expect(headerHealth(app)).toHaveText(/^Connection OK · \d\d:\d\d$/);
  });
});

test.describe('the words of a connection test', () => {
  test('a custom profile names its exchange by host, not "Custom"', async ({ app, demo }) => {
    await openProfiles(app);
    await addCustomProfile(app, { name: 'Unknown key', baseUrl: demo.url, apiKey: 'bg_not_a_known_key_0000' });
    const card = app.getByRole('listitem', { name: 'Unknown key' });
    await card.getByRole('button', { name: 'Test connection' }).click();
    const result = testResult(card);
    await expect(result).toContainText('Connection failed');
    const host = new URL(demo.url).host;
    await expect(result).toContainText(
      `The exchange does not know this API key (code 40006). Check that it was copied completely and that it was created for the exchange at ${host}.`,
    );
    await expect(result).not.toContainText('for Custom');
  });

  test('a failed test shows latency only when a request completed, never "0 ms" for no answer', async ({
    app,
    demo,
  }) => {
    await openProfiles(app);
    await addCustomProfile(app, { name: 'Unknown key', baseUrl: demo.url, apiKey: 'bg_not_a_known_key_0000' });
    const card = app.getByRole('listitem', { name: 'Unknown key' });
    await card.getByRole('button', { name: 'Test connection' }).click();
    // The exchange answered (with a refusal): how long that took is worth knowing.
    await expect(testResult(card)).toContainText(/Latency \d+ ms/);

    const port = await closedPort();
    await addCustomProfile(app, { name: 'Nobody home', baseUrl: `http://127.0.0.1:${port}` });
    const down = app.getByRole('listitem', { name: 'Nobody home' });
    await down.getByRole('button', { name: 'Test connection' }).click();
    const downResult = testResult(down);
    await expect(downResult).toContainText('Connection failed');
    await expect(downResult).toContainText(`127.0.0.1:${port}`);
    // Nothing answered: there is no latency to report, not "0 ms".
    await expect(downResult).not.toContainText('Latency');
  });
});
