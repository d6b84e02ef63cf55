/**
 * A profile names its team store on the Profiles screen: the address and display name shown, the
 * password sealed in profiles.json and never in the page; the card says where the store is (host
 * and database, no user, no password). At 960 × 600, in both themes, by keyboard.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shotBoth } from './harness/both-themes';
import { expectWhole } from './harness/clipping';
import { focusName, tabTo } from './harness/keyboard';

const STORE = 'postgres://trader@db.example:5432/desk?sslmode=verify-full';
const PASSWORD = 'e2e-store-PASSWORD-7c1f';

async function openProfiles(app: Page): Promise<void> {
  await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Profiles' }).click();
  await expect(app.getByRole('heading', { name: 'Profiles', level: 1 })).toBeVisible();
}

test('a store set on a profile: sealed password, host and database on the card, removed again', async ({
  app,
  shot,
  userDataDir,
}) => {
  test.skip(test.info().project.name !== 'renderer', 'reads profiles.json of the browser host’s core');
  await app.setViewportSize({ width: 960, height: 600 });
  await openProfiles(app);

  await app.getByRole('button', { name: 'Add profile' }).click();
  const add = app.getByRole('dialog', { name: 'Add a profile' });
  await add.getByLabel('Name', { exact: true }).fill('Team desk');
  await add.getByRole('button', { name: 'Add profile' }).click();
  await expect(add).toBeHidden();
  const card = app.getByRole('listitem', { name: 'Team desk' });
  await expect(card).not.toContainText('Team store');

  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = app.getByRole('dialog', { name: 'Edit profile Team desk' });
  const group = edit.getByRole('group', { name: 'Team store' });
  const address = group.getByRole('textbox', { name: 'Store address' });
  const password = group.getByLabel('Store password');
  const displayName = group.getByRole('textbox', { name: 'Display name' });
  await expect(address).toHaveAttribute('placeholder', 'postgres://host/db?sslmode=verify-full');
  await expect(password).toHaveAttribute('type', 'password');

  // A password inside the address is refused in words, before anything is sent.
  await address.fill('postgres://trader:hunter2@db.example/desk');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toContainText(
    'Put the password in Store password, not in the address: an address is shown and saved in clear',
  );
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toBeFocused();

  // By keyboard, in reading order: address, password, its Show toggle, display name.
  await address.fill(STORE);
  await app.keyboard.press('Tab');
  await expect(password).toBeFocused();
  await app.keyboard.type(PASSWORD);
  await app.keyboard.press('Tab');
  expect(await focusName(app)).toBe('button "Show password"');
  await app.keyboard.press('Tab');
  await expect(displayName).toBeFocused();
  await app.keyboard.type('Alice');
  await group.scrollIntoViewIfNeeded();
  await expectWhole(group.locator('legend, label, .field-hint, input'), 'the Team store group at 960 × 600', 'x');
  await shotBoth(app, shot, 'profiles-team-store-form-960');

  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  const fact = card.getByRole('definition').filter({ hasText: 'db.example' });
  await expect(card.getByRole('term').filter({ hasText: 'Team store' })).toBeVisible();
  await expect(fact).toHaveText('db.example:5432/desk · as Alice · password stored');
  await expect(card).not.toContainText('trader');
  await expectWhole(card.locator('dt, dd'), 'the card at 960 × 600', 'x');
  await shotBoth(app, shot, 'profiles-team-store-card-960');

  // Sealed at rest, never in the page.
  expect(await app.content()).not.toContain(PASSWORD);
  const file = await readFile(join(userDataDir, 'profiles.json'), 'utf8');
  expect(file).not.toContain(PASSWORD);
  const stored = JSON.parse(file).profiles.find((p: { name: string }) => p.name === 'Team desk');
  expect(stored.teamStore).toMatchObject({ url: STORE, displayName: 'Alice', password: { storage: 'os-encrypted' } });

  // Edited again: the password field is blank, "Unchanged"; emptying the address removes the store.
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(edit.getByLabel('Store password')).toHaveValue('');
  await expect(edit.getByLabel('Store password')).toHaveAttribute('placeholder', 'Unchanged');
  await expect(edit.getByRole('textbox', { name: 'Store address' })).toHaveValue(STORE);
  await tabTo(app, edit.getByRole('textbox', { name: 'Store address' }));
  await edit.getByRole('textbox', { name: 'Store address' }).fill('');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(card).not.toContainText('Team store');
  const after = JSON.parse(await readFile(join(userDataDir, 'profiles.json'), 'utf8'));
  expect(after.profiles.find((p: { name: string }) => p.name === 'Team desk')).not.toHaveProperty('teamStore');
});
