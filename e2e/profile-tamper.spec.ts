/**
 * A profile whose profiles.json entry was pointed at another host outside UTA Desk: the Profiles
 * screen says so in words, its secrets reach no other host, and the operator confirms the new
 * destination (or enters the secrets again) on the card.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNT } from '../demo-exchange';
import { ok, startFakeExchange, type FakeExchange } from '../electron/exchange/testing/fake-exchange';
import { createProfileService } from '../electron/profiles/profile-service';
import { expect, test as base } from './fixtures';

const CREDS = { apiKey: DEMO_ACCOUNT.apiKey, secretKey: DEMO_ACCOUNT.secretKey, passphrase: DEMO_ACCOUNT.passphrase };

const test = base.extend<{ other: FakeExchange }>({
  /** "Another host": records what it is sent. */
  other: async ({}, use) => {
    const other = await startFakeExchange((req) =>
      req.path.endsWith('/public/time') ? ok({ serverTime: String(Date.now()) }) : ok({ list: [] }),
    );
    await use(other);
    await other.close();
  },
  // Written before the app starts: a profile sealed for the demo, then pointed at the other host.
  userDataDir: async ({ demo, other, secretBox }, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'uta-desk-e2e-'));
    const service = createProfileService(
      { userDataDir: dir, secretBox, version: 'e2e' },
      { url: async () => demo.url },
    );
    await service.create({ name: 'Desk on demo', environment: 'custom', baseUrl: demo.url, ...CREDS });
    const path = join(dir, 'profiles.json');
    const file = JSON.parse(await readFile(path, 'utf8'));
    Object.assign(file.profiles[0], { baseUrl: other.url, environment: 'live' });
    await writeFile(path, JSON.stringify(file));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },
});

async function openProfiles(app: Page): Promise<void> {
  await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Profiles' }).click();
  await expect(app.getByRole('heading', { name: 'Profiles', level: 1 })).toBeVisible();
}

test('a tampered profile is shown in words, sends its secrets nowhere, and is confirmed on its card', async ({
  app,
  demo,
  other,
  shot,
}) => {
  await openProfiles(app);
  const card = app.getByRole('listitem', { name: 'Desk on demo' });
  await expect(card).toContainText('Tampered');
  const warning = card.getByRole('alert');
  await expect(warning).toContainText('Changed outside UTA Desk.');
  await expect(warning).toContainText(`now points to LIVE, ${other.url}`);
  await expect(warning).toContainText(`sealed for Custom, ${demo.url}`);
  await shot('profiles-tampered');

  await card.getByRole('button', { name: 'Test connection' }).click();
  const result = card.getByRole('status', { name: 'Connection test result' });
  await expect(result).toContainText('Connection failed');
  await expect(result).toContainText('changed outside UTA Desk');
  for (const req of other.requests) {
    expect(req.headers['access-key']).toBeUndefined();
    expect(req.headers['access-sign']).toBeUndefined();
    expect(req.headers['access-passphrase']).toBeUndefined();
  }

  // Re-enter opens the edit form; closing it changes nothing.
  await card.getByRole('button', { name: 'Re-enter secrets' }).click();
  const dialog = app.getByRole('dialog', { name: 'Edit profile Desk on demo' });
  await expect(dialog).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Tampered');

  await card.getByRole('button', { name: 'Confirm new destination' }).click();
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(card).not.toContainText('Tampered');
  // The button that was pressed is gone: focus moves to the card's next step, not to the page.
  await expect(card.getByRole('button', { name: 'Test connection' })).toBeFocused();
  // Confirmed by the operator: now its secrets may go there.
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect.poll(() => other.requests.some((r) => r.headers['access-key'] === CREDS.apiKey)).toBe(true);
});
