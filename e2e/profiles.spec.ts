import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNT } from '../demo-exchange';
import { testSecretBox } from '../electron/profiles/testing/test-secret-box';
import { expect, test } from './fixtures';

async function openProfiles(app: Page): Promise<void> {
  await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Profiles' }).click();
  await expect(app.getByRole('heading', { name: 'Profiles', level: 1 })).toBeVisible();
}

async function addProfile(
  app: Page,
  fields: {
    name: string;
    environment: 'custom' | 'live' | 'demo-trading';
    baseUrl?: string;
    apiKey?: string;
    secretKey?: string;
    passphrase?: string;
  },
): Promise<void> {
  await app.getByRole('button', { name: 'Add profile' }).click();
  const dialog = app.getByRole('dialog', { name: 'Add a profile' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill(fields.name);
  await dialog.getByLabel('Environment').selectOption(fields.environment);
  if (fields.baseUrl !== undefined) await dialog.getByLabel('Base URL').fill(fields.baseUrl);
  if (fields.apiKey !== undefined) await dialog.getByLabel('API key').fill(fields.apiKey);
  if (fields.secretKey !== undefined) await dialog.getByLabel('Secret key').fill(fields.secretKey);
  if (fields.passphrase !== undefined)
    await dialog.getByLabel('API passphrase', { exact: true }).fill(fields.passphrase);
  await dialog.getByRole('button', { name: 'Add profile' }).click();
  await expect(dialog).toBeHidden();
}

const activeChip = (app: Page) => app.getByRole('button', { name: /^Active profile:/ });

test.describe('profiles', () => {
  test('add a custom profile for the demo exchange, test it, use it, edit it and delete it', async ({
    app,
    demo,
    shot,
  }) => {
    await openProfiles(app);
    await expect(app.getByRole('listitem', { name: 'Local demo' })).toContainText('Active');
    await expect(app.getByRole('region', { name: 'Secret storage on this computer' })).toContainText(
      'Protected by the operating system',
    );

    await addProfile(app, {
      name: 'Desk on demo',
      environment: 'custom',
      baseUrl: demo.url,
      apiKey: DEMO_ACCOUNT.apiKey,
      secretKey: DEMO_ACCOUNT.secretKey,
      passphrase: DEMO_ACCOUNT.passphrase,
    });
    const card = app.getByRole('listitem', { name: 'Desk on demo' });
    await expect(card).toContainText('Custom');
    await expect(card).toContainText(demo.url);
    await expect(card).toContainText(`…${DEMO_ACCOUNT.apiKey.slice(-4)}`);
    await expect(card).toContainText('OS-encrypted');
    // Only the hint: the page never holds the secrets once the form is closed.
    const html = await app.content();
    expect(html).not.toContain(DEMO_ACCOUNT.secretKey);
    expect(html).not.toContain(DEMO_ACCOUNT.passphrase);

    await card.getByRole('button', { name: 'Test connection' }).click();
    const result = card.getByRole('status', { name: 'Connection test result' });
    await expect(result).toContainText('Connection OK');
    await expect(result).toContainText(/Latency \d+ ms · Clock skew [+−]\d/);
    await shot('profiles-connection-ok');

    await card.getByRole('button', { name: 'Use this profile' }).click();
    await expect(activeChip(app)).toHaveAccessibleName('Active profile: Desk on demo, environment Custom');
    await expect(card).toContainText('Active');
    await expect(
      app.getByRole('listitem', { name: 'Local demo' }).getByRole('button', { name: 'Use this profile' }),
    ).toBeVisible();

    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = app.getByRole('dialog', { name: 'Edit profile Desk on demo' });
    await expect(edit.getByLabel('API key')).toHaveValue('');
    await expect(edit.getByLabel('API key')).toHaveAttribute(
      'placeholder',
      `Unchanged (…${DEMO_ACCOUNT.apiKey.slice(-4)})`,
    );
    await edit.getByLabel('Name', { exact: true }).fill('Demo desk');
    await edit.getByLabel('Timeout (ms)').fill('5000');
    await shot('profiles-edit');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    const renamed = app.getByRole('listitem', { name: 'Demo desk' });
    await expect(renamed).toContainText('5,000 ms');
    await expect(activeChip(app)).toHaveAccessibleName('Active profile: Demo desk, environment Custom');
    // The secrets were kept ("blank = unchanged"): the connection still works.
    await renamed.getByRole('button', { name: 'Test connection' }).click();
    await expect(renamed.getByRole('status', { name: 'Connection test result' })).toContainText('Connection OK');

    await renamed.getByRole('button', { name: 'Delete' }).click();
    const confirm = app.getByRole('alertdialog', { name: 'Delete profile Demo desk?' });
    await expect(confirm).toContainText('It is the active profile: the desk switches to Local demo.');
    await shot('profiles-delete-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: 'Delete' }).click();
    await app.getByRole('alertdialog').getByRole('button', { name: 'Delete profile' }).click();
    await expect(renamed).toBeHidden();
    await expect(activeChip(app)).toHaveAccessibleName('Active profile: Local demo, environment Local demo');
  });

  test('Test connection by keyboard at 960 × 600: the focus stays on the button, the result comes into view', async ({
    app,
  }) => {
    await app.setViewportSize({ width: 960, height: 600 });
    await openProfiles(app);
    const card = app.getByRole('listitem', { name: 'Local demo' });
    const button = card.getByRole('button', { name: 'Test connection' });
    await button.focus();
    await app.keyboard.press('Enter');
    const result = card.getByRole('status', { name: 'Connection test result' });
    await expect(result).toContainText('Connection OK');
    await expect(button).toBeFocused();
    await expect(result).toBeInViewport();
    await app.screenshot({ path: 'e2e/screenshots/profiles-test-connection-960.png' });
  });

  test('a live profile is unmistakable: red LIVE badge in the list and LIVE in the header', async ({ app, shot }) => {
    await openProfiles(app);
    await app.getByRole('button', { name: 'Add profile' }).click();
    const dialog = app.getByRole('dialog', { name: 'Add a profile' });
    await dialog.getByLabel('Environment').selectOption('live');
    await expect(dialog.getByRole('note')).toContainText(
      'LIVE: modifications sent with this profile change real orders',
    );
    // The API key names the key and is shown; the secret and passphrase stay masked until asked.
    await expect(dialog.getByLabel('API key')).toHaveAttribute('type', 'text');
    for (const [field, toggle] of [
      ['Secret key', 'Show secret'],
      ['API passphrase', 'Show passphrase'],
    ] as const) {
      const input = dialog.getByLabel(field, { exact: true });
      const show = dialog.getByRole('button', { name: toggle, exact: true });
      await expect(input).toHaveAttribute('type', 'password');
      await expect(show).toHaveAttribute('aria-pressed', 'false');
      await show.click();
      await expect(input).toHaveAttribute('type', 'text');
      await expect(show).toHaveAttribute('aria-pressed', 'true');
      await show.click();
      await expect(input).toHaveAttribute('type', 'password');
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await addProfile(app, { name: 'Main account', environment: 'live' });
    const card = app.getByRole('listitem', { name: 'Main account' });
    const badge = card.getByText('LIVE', { exact: true });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveCSS('background-color', 'rgb(217, 43, 60)'); // --live
    await expect(card).toContainText('https://api.bitget.com');
    await expect(card).toContainText('No credentials');

    await card.getByRole('button', { name: 'Use this profile' }).click();
    await app
      .getByRole('alertdialog', { name: 'Switch to the LIVE profile Main account?' })
      .getByRole('button', { name: 'Use Main account (LIVE)' })
      .click();
    const chip = activeChip(app);
    await expect(chip).toHaveAccessibleName('Active profile: Main account, environment LIVE');
    await expect(chip).toHaveClass(/env-live/);
    await expect(chip).toContainText('LIVE');
    await shot('profiles-live');
  });

  test('switching to a LIVE profile asks first, naming it and its last test; Escape and Cancel keep the current one', async ({
    app,
    shot,
  }) => {
    await openProfiles(app);
    await addProfile(app, { name: 'Main account', environment: 'live' });
    const card = app.getByRole('listitem', { name: 'Main account' });
    // Without keys its test fails whether or not the exchange can be reached here.
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('status', { name: 'Connection test result' })).toContainText('Connection failed');

    const use = card.getByRole('button', { name: 'Use this profile' });
    await use.click();
    const confirm = app.getByRole('alertdialog', { name: 'Switch to the LIVE profile Main account?' });
    await expect(confirm).toContainText('Modifications sent with it change real orders on api.bitget.com.');
    await expect(confirm).toContainText(/Its last connection test failed at \d\d:\d\d: /);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await app.setViewportSize({ width: 1280, height: 800 });
    await shot('profiles-switch-live-confirm-1280');
    await app.setViewportSize({ width: 960, height: 600 });
    await shot('profiles-switch-live-confirm-960');

    await app.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(use).toBeFocused();
    await use.press('Enter');
    await confirm.getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect(confirm).toBeHidden();
    await expect(use).toBeFocused();
    await expect(activeChip(app)).toHaveAccessibleName('Active profile: Local demo, environment Local demo');

    // Another profile that is not LIVE is still one click.
    await addProfile(app, { name: 'Paper', environment: 'demo-trading' });
    await app.getByRole('listitem', { name: 'Paper' }).getByRole('button', { name: 'Use this profile' }).click();
    await expect(activeChip(app)).toHaveAccessibleName('Active profile: Paper, environment Demo trading');
    await expect(app.getByRole('alertdialog')).toHaveCount(0);

    await use.click();
    await confirm.getByRole('button', { name: 'Use Main account (LIVE)' }).click();
    await expect(activeChip(app)).toHaveAccessibleName('Active profile: Main account, environment LIVE');
    // The screens were mounted afresh for the new profile: focus is on its heading, not lost.
    await expect(app.getByRole('heading', { name: 'Profiles', level: 1 })).toBeFocused();
  });

  test('switching profiles clears every screen of the previous one at once', async ({ app }) => {
    // A host that takes connections and never answers: the new profile's lists stay loading.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const nav = app.getByRole('navigation', { name: 'Screens' });
      await expect(app.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
      await expect(app.getByText('BTCUSDT', { exact: true }).first()).toBeVisible();
      await nav.getByRole('button', { name: 'Amend order' }).click();
      const openOrders = app.getByRole('region', { name: 'Open orders' });
      await expect(openOrders.getByRole('button', { name: /^Pick order / }).first()).toBeVisible();

      await openProfiles(app);
      await addProfile(app, { name: 'Silent host', environment: 'custom', baseUrl: `http://127.0.0.1:${port}` });
      await app
        .getByRole('listitem', { name: 'Silent host' })
        .getByRole('button', { name: 'Use this profile' })
        .click();
      await expect(activeChip(app)).toHaveAccessibleName('Active profile: Silent host, environment Custom');

      await nav.getByRole('button', { name: 'Instruments' }).click();
      await expect(app.getByRole('heading', { name: 'Instruments', level: 1 })).toBeVisible();
      await expect(app.getByText('BTCUSDT', { exact: true })).toHaveCount(0);
      await expect(app.getByText(/\d instruments/)).toHaveCount(0);
      await expect(app.getByText(/Updated \d+ (s|min) ago/)).toHaveCount(0);
      await nav.getByRole('button', { name: 'Amend order' }).click();
      await expect(app.getByRole('region', { name: 'Open orders' })).toBeVisible();
      await expect(app.getByRole('button', { name: /^Pick order / })).toHaveCount(0);

      // And back: the Local demo's own lists load again.
      await openProfiles(app);
      await app.getByRole('listitem', { name: 'Local demo' }).getByRole('button', { name: 'Use this profile' }).click();
      await nav.getByRole('button', { name: 'Instruments' }).click();
      await expect(app.getByText('BTCUSDT', { exact: true }).first()).toBeVisible();
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  test('explains a failed connection in words, and refuses an http base URL that is not loopback', async ({
    app,
    demo,
  }) => {
    await openProfiles(app);
    await addProfile(app, {
      name: 'Wrong passphrase',
      environment: 'custom',
      baseUrl: demo.url,
      apiKey: DEMO_ACCOUNT.apiKey,
      secretKey: DEMO_ACCOUNT.secretKey,
      passphrase: 'not-the-passphrase',
    });
    const card = app.getByRole('listitem', { name: 'Wrong passphrase' });
    await card.getByRole('button', { name: 'Test connection' }).click();
    const result = card.getByRole('status', { name: 'Connection test result' });
    await expect(result).toContainText('Connection failed');
    await expect(result).toContainText('The passphrase is wrong for this API key (code 40012)');

    await app.getByRole('button', { name: 'Add profile' }).click();
    const dialog = app.getByRole('dialog', { name: 'Add a profile' });
    await dialog.getByLabel('Name', { exact: true }).fill('Plain http');
    await dialog.getByLabel('Environment').selectOption('custom');
    await dialog.getByLabel('Base URL').fill('http://exchange.example.com');
    await dialog.getByRole('button', { name: 'Add profile' }).click();
    await expect(dialog.getByRole('alert')).toContainText('must use https://');
    await expect(dialog.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true');
    await dialog.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('the passphrase vault (no OS keyring, as in the browser host)', () => {
  test.use({ secretBox: testSecretBox({ available: false }) });
  const VAULT = 'correct horse battery staple';

  test('choose a passphrase with the first secret, lock, unlock (a wrong passphrase changes nothing)', async ({
    app,
    demo,
    shot,
  }) => {
    await openProfiles(app);
    const vault = app.getByRole('region', { name: 'Passphrase vault' });
    await expect(vault).toContainText('sealed with a passphrase you choose');

    await app.getByRole('button', { name: 'Add profile' }).click();
    const dialog = app.getByRole('dialog', { name: 'Add a profile' });
    await dialog.getByLabel('Name', { exact: true }).fill('Vaulted');
    await dialog.getByLabel('Environment').selectOption('custom');
    await dialog.getByLabel('Base URL').fill(demo.url);
    await dialog.getByLabel('API key').fill(DEMO_ACCOUNT.apiKey);
    await dialog.getByLabel('Secret key').fill(DEMO_ACCOUNT.secretKey);
    await dialog.getByLabel('API passphrase', { exact: true }).fill(DEMO_ACCOUNT.passphrase);
    await dialog.getByLabel('Vault passphrase (protects stored secrets)', { exact: true }).fill(VAULT);
    await dialog.getByLabel('Repeat vault passphrase').fill('something else');
    await dialog.getByRole('button', { name: 'Add profile' }).click();
    await expect(dialog).toBeVisible(); // the two passphrases differ: nothing sent
    await dialog.getByLabel('Repeat vault passphrase').fill(VAULT);
    await shot('profiles-vault-setup');
    await dialog.getByRole('button', { name: 'Add profile' }).click();
    await expect(dialog).toBeHidden();

    const card = app.getByRole('listitem', { name: 'Vaulted' });
    await expect(card).toContainText('Passphrase vault');
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('status', { name: 'Connection test result' })).toContainText('Connection OK');

    // Lock: as after a restart, the secrets exist but cannot be used until the vault is unlocked.
    await vault.getByRole('button', { name: 'Lock now' }).click();
    await expect(card).toContainText('Locked');
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('status', { name: 'Connection test result' })).toContainText('vault is locked');
    await shot('profiles-vault-locked');

    const field = vault.getByLabel('Vault passphrase');
    await field.fill('not the passphrase');
    await vault.getByRole('button', { name: 'Unlock' }).click();
    await expect(vault.getByRole('alert')).toContainText('Wrong vault passphrase');
    await expect(field).toBeFocused();
    await expect(card).toContainText('Locked');
    await shot('profiles-vault-wrong-passphrase');

    await field.fill(VAULT);
    await field.press('Enter');
    await expect(vault).toContainText('Unlocked for this session');
    await expect(card).not.toContainText('Locked');
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('status', { name: 'Connection test result' })).toContainText('Connection OK');
    await shot('profiles-vault-unlocked');
    const html = await app.content();
    expect(html).not.toContain(VAULT);
    expect(html).not.toContain(DEMO_ACCOUNT.secretKey);
  });
});
