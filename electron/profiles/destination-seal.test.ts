/**
 * The tamper test: profiles.json edited to point a profile at "another host" (a listener on
 * 127.0.0.1) must not deliver its credentials there, ever — on the OS keyring and in the passphrase
 * vault, before and after unlocking, and for files written before the binding existed (migrated).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import type { ProfileService } from '../core/context';
import { RateLimiters } from '../exchange/rate-limiter';
import { ClockSkews } from '../exchange/skew';
import { ok, startFakeExchange, type FakeExchange } from '../exchange/testing/fake-exchange';
import { deskFailure } from '../testing/desk-failure';
import { createProfileService } from './profile-service';
import type { SecretBox } from './secret-box';
import { legacyOsFile, legacyPassphraseFile } from './testing/legacy-profiles';
import { testSecretBox } from './testing/test-secret-box';

const PASS = 'correct horse battery';
const FAST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
const CREDS = { apiKey: DEMO_ACCOUNT.apiKey, secretKey: DEMO_ACCOUNT.secretKey, passphrase: DEMO_ACCOUNT.passphrase };
const CREDENTIAL_HEADERS = ['access-key', 'access-sign', 'access-passphrase', 'access-timestamp'];

let demo: DemoExchange;
let other: FakeExchange;
let dir: string;

beforeAll(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 0 });
});
afterAll(async () => {
  await demo.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uta-tamper-'));
  other = await startFakeExchange((req) =>
    req.path.endsWith('/public/time') ? ok({ serverTime: String(Date.now()) }) : ok({ list: [] }),
  );
});
afterEach(async () => {
  vi.restoreAllMocks();
  await other.close();
  await rm(dir, { recursive: true, force: true });
});

function service(box: SecretBox): ProfileService {
  return createProfileService(
    { userDataDir: dir, secretBox: box, version: 'test' },
    { url: async () => demo.url },
    { client: { limiters: new RateLimiters(), skews: new ClockSkews(), sleep: async () => {} }, scrypt: FAST_SCRYPT },
  );
}

const path = () => join(dir, 'profiles.json');
const readJson = async () => JSON.parse(await readFile(path(), 'utf8'));

/** What an attacker who can write the file but knows no passphrase does: point the profile elsewhere. */
async function redirect(id: string, to: { baseUrl: string; environment?: string }): Promise<void> {
  const file = await readJson();
  for (const p of file.profiles) if (p.id === id) Object.assign(p, { environment: 'live', ...to });
  await writeFile(path(), JSON.stringify(file));
}

/** Every request the other host saw carried no credential header and no signature. */
function expectNoCredentials(): void {
  for (const req of other.requests) {
    for (const h of CREDENTIAL_HEADERS) expect(req.headers[h], `${req.path} ${h}`).toBeUndefined();
    expect(JSON.stringify(req)).not.toContain(CREDS.apiKey);
    expect(JSON.stringify(req)).not.toContain(CREDS.passphrase);
  }
}

/** Tries everything that could send the profile's credentials: a connection test, and the active client. */
async function tryToLeak(s: ProfileService, id: string): Promise<void> {
  const t = await s.testConnection(id);
  expect(t.ok).toBe(false);
  await s.select(id);
  const { client } = await s.active();
  await expect(client.getOpenOrders({ limit: 1 })).rejects.toThrow();
  expectNoCredentials();
}

describe('a profile pointed at another host outside UTA Desk', () => {
  it('on the OS keyring: shown as tampered, its credentials never reach the other host', async () => {
    const box = testSecretBox();
    const p = await service(box).create({ name: 'Desk', environment: 'custom', baseUrl: demo.url, ...CREDS });
    await redirect(p.id, { baseUrl: other.url });

    const s = service(box);
    const listed = (await s.list()).find((x) => x.id === p.id);
    expect(listed).toMatchObject({ baseUrl: other.url, environment: 'live' });
    expect(listed?.tampered).toEqual({ environment: 'custom', baseUrl: demo.url });
    const t = await s.testConnection(p.id);
    expect(t.message).toMatch(
      /changed outside UTA Desk: it now points to LIVE, http:\/\/127\.0\.0\.1:\d+, but its secrets were sealed for Custom/,
    );
    await tryToLeak(s, p.id);

    // Keeping some of the old secrets for the new host is refused; all three anew is the operator's word.
    const partial = await deskFailure(s.update({ id: p.id, apiKey: 'bg_other_key_1234' }));
    expect(partial.message).toMatch(/enter all three secrets again/);
    expectNoCredentials();
  });

  it('in the passphrase vault: nothing while locked, nothing once unlocked', async () => {
    const box = testSecretBox({ available: false });
    const first = service(box);
    await first.setupVault(PASS);
    const p = await first.create({ name: 'Desk', environment: 'custom', baseUrl: demo.url, ...CREDS });
    await redirect(p.id, { baseUrl: other.url });

    const s = service(box);
    expect((await s.list())[1]).toMatchObject({ locked: true });
    await tryToLeak(s, p.id);
    await s.unlockVault(PASS);
    expect((await s.list())[1]?.tampered).toEqual({ environment: 'custom', baseUrl: demo.url });
    await tryToLeak(s, p.id);
  });

  it('an OS blob moved onto another profile is tampered too', async () => {
    const box = testSecretBox();
    const first = service(box);
    const a = await first.create({ name: 'A', environment: 'custom', baseUrl: demo.url, ...CREDS });
    const b = await first.create({ name: 'B', environment: 'custom', baseUrl: other.url });
    const file = await readJson();
    Object.assign(file.profiles[1], { sealed: file.profiles[0].sealed, storage: 'os-encrypted' });
    await writeFile(path(), JSON.stringify(file));

    const s = service(box);
    expect((await s.list()).find((x) => x.id === b.id)?.tampered).toEqual({ environment: 'custom', baseUrl: demo.url });
    await tryToLeak(s, b.id);
    expect((await s.testConnection(a.id)).ok).toBe(true);
  });

  it('is used at the new destination once the operator confirms it, and pointing it back clears it too', async () => {
    const box = testSecretBox();
    const p = await service(box).create({ name: 'Desk', environment: 'custom', baseUrl: demo.url, ...CREDS });
    await redirect(p.id, { baseUrl: other.url, environment: 'custom' });
    const s = service(box);
    expect((await s.list())[1]?.tampered).toBeDefined();
    // Set back in the app to where the secrets were sealed for: no longer tampered.
    const back = await s.update({ id: p.id, baseUrl: demo.url });
    expect(back.tampered).toBeUndefined();
    expect((await s.testConnection(p.id)).ok).toBe(true);

    await redirect(p.id, { baseUrl: other.url, environment: 'custom' });
    const again = service(box);
    const confirmed = await again.confirmDestination(p.id);
    expect(confirmed).toMatchObject({ baseUrl: other.url });
    expect(confirmed.tampered).toBeUndefined();
    expect((await again.list())[1]?.tampered).toBeUndefined();
    await again.testConnection(p.id);
    expect(other.requests.some((r) => r.headers['access-key'] === CREDS.apiKey)).toBe(true);
  });
});

describe('changing the host in the app', () => {
  it('seals the secrets again for the new host; while the vault is locked it says why it cannot', async () => {
    const box = testSecretBox({ available: false });
    const s = service(box);
    await s.setupVault(PASS);
    const p = await s.create({ name: 'Desk', environment: 'custom', baseUrl: other.url, ...CREDS });
    const moved = await s.update({ id: p.id, baseUrl: demo.url });
    expect(moved.tampered).toBeUndefined();
    expect((await s.testConnection(p.id)).ok).toBe(true);

    s.lockVault();
    const before = await readFile(path(), 'utf8');
    const e = await deskFailure(s.update({ id: p.id, baseUrl: other.url }));
    expect(e.message).toMatch(/vault is locked.*sealed for the host they are sent to/);
    expect(await readFile(path(), 'utf8')).toBe(before);
    // A rename needs no secrets.
    expect((await s.update({ id: p.id, name: 'Renamed' })).name).toBe('Renamed');
  });
});

describe('files written before the binding', () => {
  const legacy = (baseUrl: string) => ({
    id: 'p-1',
    name: 'Old',
    environment: 'custom' as const,
    baseUrl,
    secrets: CREDS,
  });

  it('passphrase vault: sealed again with a fresh key at the first unlock; the old blob cannot be put back', async () => {
    const box = testSecretBox({ available: false });
    const old = legacyPassphraseFile(PASS, [legacy(demo.url)]) as {
      profiles: Array<{ sealed: string }>;
      vault: { salt: string };
    };
    await writeFile(path(), JSON.stringify(old));

    const s = service(box);
    expect((await s.list())[1]).toMatchObject({ locked: true });
    await s.unlockVault(PASS);
    const migrated = await readJson();
    expect(migrated.vault.salt).not.toBe(old.vault.salt);
    expect(migrated.profiles[0].sealed).not.toBe(old.profiles[0]!.sealed);
    expect((await s.testConnection('p-1')).ok).toBe(true);

    // Pointed elsewhere after the migration: tampered.
    await redirect('p-1', { baseUrl: other.url });
    const next = service(box);
    await next.list();
    await next.unlockVault(PASS);
    expect((await next.list())[1]?.tampered).toEqual({ environment: 'custom', baseUrl: demo.url });
    await tryToLeak(next, 'p-1');

    // The whole old file put back keeps its old key and opens as before (a restored backup), but an
    // old blob in the migrated file is of the old key: it does not open.
    const downgraded = await readJson();
    downgraded.profiles[0].sealed = old.profiles[0]!.sealed;
    await writeFile(path(), JSON.stringify(downgraded));
    const third = service(box);
    await third.list();
    await third.unlockVault(PASS);
    const t = await third.testConnection('p-1');
    expect(t.message).toMatch(/damaged/);
    expectNoCredentials();
  });

  it('OS keyring: sealed again on load, and a later edit of the file is tampered', async () => {
    const box = testSecretBox();
    const old = legacyOsFile(box, [legacy(demo.url)]) as { profiles: Array<{ sealed: string }> };
    await writeFile(path(), JSON.stringify(old));
    const s = service(box);
    expect((await s.list())[1]?.tampered).toBeUndefined();
    expect((await readJson()).profiles[0].sealed).not.toBe(old.profiles[0]!.sealed);
    expect((await s.testConnection('p-1')).ok).toBe(true);

    await redirect('p-1', { baseUrl: other.url });
    const next = service(box);
    expect((await next.list())[1]?.tampered).toEqual({ environment: 'custom', baseUrl: demo.url });
    await tryToLeak(next, 'p-1');
  });
});
