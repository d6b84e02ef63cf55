/**
 * A profile names its team store: the address and display name kept in profiles.json, the password
 * sealed like the API secrets (OS keyring or passphrase vault) and bound to the store's address, so
 * it is never in the file in clear, never in a summary, and never handed out for an address it was
 * not sealed for.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileInput, ProfileSummary } from '../../shared/profiles';
import type { EnvironmentProfile, ProfileService } from '../core/context';
import { deskFailure } from '../testing/desk-failure';
import { LOCAL_DEMO_PROFILE_ID } from './builtin-profile';
import { ENVIRONMENT_PROFILE_ID, withEnvironmentProfile } from './environment-profile';
import { createProfileService } from './profile-service';
import type { SecretBox } from './secret-box';
import { testSecretBox } from './testing/test-secret-box';

const STORE = 'postgres://trader@db.example:5432/desk?sslmode=verify-full';
const OTHER_STORE = 'postgres://trader@other.example/desk?sslmode=verify-full';
const PASSWORD = 'store-PASSWORD-9f8e7d';
const NEW_PASSWORD = 'store-NEW-password-1a2b3c';
const VAULT_PASS = 'correct horse battery';
const FAST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

let dir: string;
/** The OS keyring of this test: each service made with it is the app on another start. */
let box: SecretBox;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uta-team-profiles-'));
  box = testSecretBox();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function service(secretBox: SecretBox = box): ProfileService {
  return createProfileService(
    { userDataDir: dir, secretBox, version: 'test' },
    { url: async () => 'http://127.0.0.1:1' },
    { scrypt: FAST_SCRYPT, osUser: 'alice' },
  );
}

const withStore = (extra: Partial<ProfileInput> = {}): ProfileInput => ({
  name: 'Team desk',
  environment: 'live',
  teamStoreUrl: STORE,
  teamStorePassword: PASSWORD,
  ...extra,
});

const raw = () => readFile(join(dir, 'profiles.json'), 'utf8');
const stored = async () => JSON.parse(await raw()).profiles[0];

/** What profiles.json says outside UTA Desk's hands: a change to the first profile's store. */
async function editFile(change: (store: Record<string, unknown>) => void): Promise<void> {
  const file = JSON.parse(await raw());
  change(file.profiles[0].teamStore);
  await writeFile(join(dir, 'profiles.json'), JSON.stringify(file));
}

function expectNoPassword(text: string): void {
  for (const p of [PASSWORD, NEW_PASSWORD]) expect(text).not.toContain(p);
}

describe('a profile with a team store', () => {
  it('keeps the address and display name, seals the password, and shows only whether there is one', async () => {
    const s = service();
    const p = await s.create(withStore({ teamDisplayName: 'Alice on desk 2' }));
    expect(p.teamStore).toEqual({ url: STORE, displayName: 'Alice on desk 2', hasPassword: true });
    expectNoPassword(JSON.stringify(p));
    expectNoPassword(JSON.stringify(await s.list()));

    const text = await raw();
    expectNoPassword(text);
    expect((await stored()).teamStore).toMatchObject({
      url: STORE,
      displayName: 'Alice on desk 2',
      password: { storage: 'os-encrypted', sealed: expect.any(String) },
    });

    expect(await s.teamStore(p.id)).toEqual({ url: STORE, password: PASSWORD, displayName: 'Alice on desk 2' });
    // A restart reads it back the same.
    expect(await service().teamStore(p.id)).toBeDefined();
  });

  it("names the operator by the OS user's name unless a display name is given", async () => {
    const s = service();
    const p = await s.create(withStore({ teamStorePassword: undefined }));
    expect(p.teamStore).toEqual({ url: STORE, displayName: 'alice', hasPassword: false });
    expect(await s.teamStore(p.id)).toEqual({ url: STORE, displayName: 'alice' });
  });

  it('without a store everything is as before: no field in the summary or the file, no settings', async () => {
    const s = service();
    const p = await s.create({ name: 'Solo', environment: 'live' });
    expect(p).not.toHaveProperty('teamStore');
    expect(await stored()).not.toHaveProperty('teamStore');
    expect(await s.teamStore(p.id)).toBeUndefined();
    expect(await s.teamStore(LOCAL_DEMO_PROFILE_ID)).toBeUndefined();
    expect((await deskFailure(s.teamStore('no-such-profile'))).kind).toBe('not-found');
  });
});

describe('editing a team store', () => {
  it('keeps the password when it is left blank, replaces it when one is given', async () => {
    const s = service();
    const p = await s.create(withStore());
    await s.update({ id: p.id, teamStorePassword: '', teamDisplayName: 'Bob' });
    expect(await s.teamStore(p.id)).toEqual({ url: STORE, password: PASSWORD, displayName: 'Bob' });
    const renamed = await s.update({ id: p.id, name: 'Renamed' });
    expect(renamed.teamStore).toEqual({ url: STORE, displayName: 'Bob', hasPassword: true });

    await s.update({ id: p.id, teamStorePassword: NEW_PASSWORD });
    expect((await s.teamStore(p.id))?.password).toBe(NEW_PASSWORD);
    expectNoPassword(await raw());
  });

  it('seals the kept password again for an address changed in the app', async () => {
    const s = service();
    const p = await s.create(withStore());
    const sealedBefore = (await stored()).teamStore.password.sealed;
    const moved = await s.update({ id: p.id, teamStoreUrl: OTHER_STORE });
    expect(moved.teamStore).toEqual({ url: OTHER_STORE, displayName: 'alice', hasPassword: true });
    expect((await stored()).teamStore.password.sealed).not.toBe(sealedBefore);
    expect(await s.teamStore(p.id)).toEqual({ url: OTHER_STORE, password: PASSWORD, displayName: 'alice' });
    expectNoPassword(await raw());
  });

  it('adds a store to a profile that had none, and removes it with its password', async () => {
    const s = service();
    const p = await s.create({ name: 'Solo', environment: 'live' });
    const added = await s.update({ id: p.id, teamStoreUrl: STORE, teamStorePassword: PASSWORD });
    expect(added.teamStore).toEqual({ url: STORE, displayName: 'alice', hasPassword: true });

    const removed = await s.update({ id: p.id, teamStoreUrl: '', teamStorePassword: '' });
    expect(removed).not.toHaveProperty('teamStore');
    expect(await stored()).not.toHaveProperty('teamStore');
    expect(await s.teamStore(p.id)).toBeUndefined();
    // Named again, the store starts without the old password or name.
    const again = await s.update({ id: p.id, teamStoreUrl: STORE });
    expect(again.teamStore).toEqual({ url: STORE, displayName: 'alice', hasPassword: false });
  });

  it('refuses a password or a display name for a profile that names no store, and a password being removed', async () => {
    const s = service();
    const p = await s.create({ name: 'Solo', environment: 'live' });
    const e = await deskFailure(s.update({ id: p.id, teamStorePassword: PASSWORD, teamDisplayName: 'Bob' }));
    expect(e).toMatchObject({
      kind: 'validation',
      details: [
        'teamStorePassword: A store password needs a store address',
        'teamDisplayName: A display name is for the team store: give its address too',
      ],
    });
    expectNoPassword(JSON.stringify(e));
    const q = await s.create(withStore({ name: 'Team' }));
    const removing = await deskFailure(s.update({ id: q.id, teamStoreUrl: '', teamStorePassword: NEW_PASSWORD }));
    expect(removing.details).toEqual([
      'teamStorePassword: The store is being removed, and its password with it: leave Store password empty',
    ]);
    expect((await s.teamStore(q.id))?.password).toBe(PASSWORD);
  });

  it('refuses a password inside the address, in words that do not repeat it', async () => {
    const s = service();
    const e = await deskFailure(s.create(withStore({ teamStoreUrl: `postgres://trader:${PASSWORD}@db.example/desk` })));
    expect(e.details).toEqual([
      'teamStoreUrl: Put the password in Store password, not in the address: an address is shown and saved in clear',
    ]);
    expectNoPassword(JSON.stringify(e));
  });
});

describe('profiles.json changed outside UTA Desk', () => {
  it('does not give the password for an address other than the one it was sealed for', async () => {
    const s = service();
    const p = await s.create(withStore());
    for (const url of [OTHER_STORE, `${STORE}&application_name=x`]) {
      await editFile((store) => (store.url = url));
      const next = service();
      const e = await deskFailure(next.teamStore(p.id));
      expect(e.kind).toBe('vault');
      expect(e.message).toMatch(/changed outside UTA Desk/);
      expect(e.message).toMatch(/The password is sent nowhere until you enter it again/);
      expectNoPassword(JSON.stringify(e));
      const [, summary] = await next.list();
      expect(summary?.teamStore).toMatchObject({ url, hasPassword: true, problem: e.message });
    }
    expect((await deskFailure(service().teamStore(p.id))).message).toMatch(
      /settings of its address \(db\.example:5432\/desk\) are not the ones its password was sealed for/,
    );

    // Typed again in the app, the password is sealed for the address it now names.
    const fixed = service();
    const summary = await fixed.update({ id: p.id, teamStorePassword: NEW_PASSWORD });
    expect(summary.teamStore).not.toHaveProperty('problem');
    expect((await fixed.teamStore(p.id))?.password).toBe(NEW_PASSWORD);
  });

  it("keeps a moved address's password where it was sealed for when the address is changed in the app", async () => {
    const s = service();
    const p = await s.create(withStore());
    await editFile((store) => (store.url = OTHER_STORE));
    const next = service();
    // Pointed elsewhere again in the app: not sealed for that address either.
    await next.update({ id: p.id, teamStoreUrl: 'postgres://third.example/desk' });
    expect((await deskFailure(next.teamStore(p.id))).kind).toBe('vault');
    // Pointed back where it was sealed for: it is the operator's store again.
    await next.update({ id: p.id, teamStoreUrl: STORE });
    expect((await next.teamStore(p.id))?.password).toBe(PASSWORD);
  });

  it('refuses an address the app would not take (a host parameter, a password) and never shows its secrets', async () => {
    const s = service();
    const p = await s.create(withStore());
    await editFile((store) => (store.url = `postgres://trader:${NEW_PASSWORD}@db.example:5432/desk?host=evil.example`));
    const next = service();
    const e = await deskFailure(next.teamStore(p.id));
    expect(e.kind).toBe('validation');
    expect(e.message).toMatch(/address in profiles\.json was changed outside UTA Desk and is refused/);
    const [, summary] = await next.list();
    expect(summary?.teamStore?.url).toBe('postgres://trader@db.example:5432/desk');
    expect(summary?.teamStore?.problem).toMatch(/Put the password in Store password/);
    expectNoPassword(JSON.stringify([e, summary]));
    expect(JSON.stringify(summary)).not.toContain('evil.example');
  });

  it("does not open another profile's store password, nor API secrets put in its place", async () => {
    const s = service();
    const a = await s.create(withStore({ name: 'A' }));
    const b = await s.create(
      withStore({
        name: 'B',
        teamStorePassword: NEW_PASSWORD,
        apiKey: 'key-0000-abcd',
        secretKey: 'secret-1111',
        passphrase: 'pass-2222',
      }),
    );
    const file = JSON.parse(await raw());
    const [pa, pb] = file.profiles;
    pa.teamStore.password = pb.teamStore.password;
    pb.teamStore.password = { storage: pb.storage, sealed: pb.sealed };
    await writeFile(join(dir, 'profiles.json'), JSON.stringify(file));
    const next = service();
    expect((await deskFailure(next.teamStore(a.id))).message).toMatch(/sealed for another profile/);
    expect((await deskFailure(next.teamStore(b.id))).message).toMatch(/team store password is damaged/);
  });
});

describe('in the passphrase vault', () => {
  it('is sealed with the vault, locked with it, and sealed again when its passphrase changes', async () => {
    const weak = testSecretBox({ available: false });
    const s = service(weak);
    await s.setupVault(VAULT_PASS);
    const p = await s.create(withStore());
    expect((await stored()).teamStore.password.storage).toBe('passphrase');
    expectNoPassword(await raw());

    s.lockVault();
    expect((await s.list())[1]).toMatchObject({ locked: true, storage: 'none' });
    const locked = await deskFailure(s.teamStore(p.id));
    expect(locked).toMatchObject({ kind: 'vault', message: expect.stringMatching(/vault is locked/) });
    // Its address can be changed only once the password can be opened, or with it typed again.
    expect((await deskFailure(s.update({ id: p.id, teamStoreUrl: OTHER_STORE }))).kind).toBe('vault');

    await s.unlockVault(VAULT_PASS);
    await s.changeVaultPassphrase(VAULT_PASS, 'a new passphrase');
    expectNoPassword(await raw());
    const next = service(weak);
    await next.unlockVault('a new passphrase');
    expect((await next.teamStore(p.id))?.password).toBe(PASSWORD);
  });
});

describe('the environment profile', () => {
  it("names the environment's store only (none unless given); the stored profiles keep theirs", async () => {
    const s = service();
    const p = await s.create(withStore());
    const env: EnvironmentProfile = {
      credentials: { apiKey: 'env-key-abcd', secretKey: 'env-secret', passphrase: 'env-pass' },
      baseUrl: 'https://api.bitget.com',
      demoTrading: false,
      locale: 'en-US',
      timeoutMs: 10_000,
    };
    const withEnv = withEnvironmentProfile(s, env);
    expect(await withEnv.teamStore(ENVIRONMENT_PROFILE_ID)).toBeUndefined();
    expect((await withEnv.teamStore(p.id))?.password).toBe(PASSWORD);
    const listed: ProfileSummary[] = await withEnv.list();
    expectNoPassword(JSON.stringify(listed));
    const envStore = { url: OTHER_STORE, password: NEW_PASSWORD, displayName: 'env' };
    expect(await withEnvironmentProfile(s, { ...env, teamStore: envStore }).teamStore(ENVIRONMENT_PROFILE_ID)).toBe(
      envStore,
    );
  });
});
