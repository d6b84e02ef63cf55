import { deskFailure } from '../testing/desk-failure';
import * as fsp from 'node:fs/promises';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileInput } from '../../shared/profiles';
import type { ProfileService } from '../core/context';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { RateLimiters } from '../exchange/rate-limiter';
import { ClockSkews } from '../exchange/skew';
import { closedPort } from '../exchange/testing/fake-exchange';
import { createProfileService } from './profile-service';
import { LOCAL_DEMO_PROFILE_ID } from './builtin-profile';
import type { SecretBox } from './secret-box';
import { testSecretBox } from './testing/test-secret-box';

const SECRETS = {
  apiKey: 'bg_live_key_ABCDEFGH12345678wxyz',
  secretKey: 'Zq8-very-secret-value-0987',
  passphrase: 'my-pass-phrase-5566',
};

/** The stored header carries the parameters; tests derive cheaply (the real ones: passphrase-vault.test.ts). */
const FAST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

let demo: DemoExchange;
let dir: string;

beforeAll(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 50 });
});
afterAll(async () => {
  await demo.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uta-profiles-'));
  demo.control.reset();
  demo.control.setClockOffset(0);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

function service(box: SecretBox = testSecretBox(), skews = new ClockSkews()): ProfileService {
  return createProfileService(
    { userDataDir: dir, secretBox: box, version: 'test' },
    { url: async () => demo.url },
    { client: { limiters: new RateLimiters(), skews, sleep: async () => {} }, scrypt: FAST_SCRYPT },
  );
}

const custom = (extra: Partial<ProfileInput> = {}): ProfileInput => ({
  name: 'Desk A',
  environment: 'custom',
  baseUrl: demo.url,
  ...SECRETS,
  ...extra,
});

const demoCreds = {
  apiKey: DEMO_ACCOUNT.apiKey,
  secretKey: DEMO_ACCOUNT.secretKey,
  passphrase: DEMO_ACCOUNT.passphrase,
};

describe('listing and the built-in Local demo', () => {
  it('starts with Local demo only, active, built in and not deletable', async () => {
    const s = service();
    const list = await s.list();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: LOCAL_DEMO_PROFILE_ID,
      environment: 'local-demo',
      baseUrl: demo.url,
      builtin: true,
      active: true,
      storage: 'builtin',
    });
    expect(list[0]?.apiKeyHint).toBe(`…${DEMO_ACCOUNT.apiKey.slice(-4)}`);
    expect((await deskFailure(s.remove(LOCAL_DEMO_PROFILE_ID))).kind).toBe('validation');
    expect((await deskFailure(s.update({ id: LOCAL_DEMO_PROFILE_ID, name: 'x' }))).kind).toBe('validation');
    expect(s.storageStatus()).toEqual({ backend: 'test', strong: true, sealsWith: 'os', vault: 'unset' });
    const { profile } = await s.active();
    expect(profile.id).toBe(LOCAL_DEMO_PROFILE_ID);
  });
});

describe('creating and masking', () => {
  it('stores secrets encrypted and shows only a masked hint', async () => {
    const s = service();
    const p = await s.create(custom());
    expect(p).toMatchObject({
      name: 'Desk A',
      environment: 'custom',
      baseUrl: demo.url,
      apiKeyHint: '…wxyz',
      hasSecret: true,
      hasPassphrase: true,
      storage: 'os-encrypted',
      builtin: false,
      active: false,
      locale: 'en-US',
      timeoutMs: 10000,
    });
    const text = JSON.stringify(p);
    for (const v of Object.values(SECRETS)) expect(text).not.toContain(v);

    const raw = await readFile(join(dir, 'profiles.json'), 'utf8');
    for (const v of Object.values(SECRETS)) expect(raw).not.toContain(v);
    expect(raw).toContain('"sealed"');
    expect((await stat(join(dir, 'profiles.json'))).mode & 0o777).toBe(0o600);
    // No temporary file is left behind by the atomic write.
    expect((await readdir(dir)).sort()).toEqual(['profiles.json']);
  });

  it('uses the live host for live and demo-trading profiles', async () => {
    const s = service();
    expect((await s.create({ name: 'Live', environment: 'live', ...SECRETS })).baseUrl).toBe('https://api.bitget.com');
    expect(
      (await s.create({ name: 'Paper', environment: 'demo-trading', baseUrl: 'https://ignored.example' })).baseUrl,
    ).toBe('https://api.bitget.com');
  });

  it('allows a profile without credentials (public data only) but not with some of them', async () => {
    const s = service();
    expect(await s.create({ name: 'Public', environment: 'live' })).toMatchObject({
      storage: 'none',
      apiKeyHint: null,
      hasSecret: false,
    });
    const e = await deskFailure(s.create({ name: 'Half', environment: 'live', apiKey: SECRETS.apiKey }));
    expect(e.kind).toBe('validation');
    expect(e.details).toEqual(['secretKey: required', 'passphrase: required']);
  });

  it('refuses duplicate names', async () => {
    const s = service();
    await s.create(custom());
    expect((await deskFailure(s.create(custom({ name: ' desk a ' })))).kind).toBe('validation');
    expect((await deskFailure(s.create(custom({ name: 'Local demo' })))).kind).toBe('validation');
  });

  it('accepts https and loopback http base URLs only', async () => {
    const s = service();
    const bad = [
      'http://example.com',
      'ftp://127.0.0.1',
      'not a url',
      'https://user:pw@example.com',
      'https://example.com/?x=1',
      '',
    ];
    for (const [i, baseUrl] of bad.entries())
      expect((await deskFailure(s.create({ name: `bad ${i}`, environment: 'custom', baseUrl }))).kind).toBe(
        'validation',
      );
    const good = ['https://api.example.com/', 'http://127.0.0.1:8080', 'http://localhost:3000/', 'http://[::1]:9000'];
    const made = await Promise.all(
      good.map((baseUrl, i) => s.create({ name: `good ${i}`, environment: 'custom', baseUrl })),
    );
    expect(made.map((p) => p.baseUrl)).toEqual([
      'https://api.example.com',
      'http://127.0.0.1:8080',
      'http://localhost:3000',
      'http://[::1]:9000',
    ]);
  });
});

describe('the passphrase vault, where the OS keyring is weak or absent', () => {
  const PASS = 'correct horse battery';
  const read = () => readFile(join(dir, 'profiles.json'), 'utf8');

  it.each([
    ['basic_text', { backend: 'basic_text' }],
    ['no keyring', { available: false }],
  ] as const)('seals with the passphrase (%s), locked again on the next start', async (_name, boxOptions) => {
    const box = testSecretBox(boxOptions);
    const s = service(box);
    expect(s.storageStatus()).toMatchObject({ strong: false, sealsWith: 'passphrase', vault: 'unset' });
    const refused = await deskFailure(s.create(custom(demoCreds)));
    expect(refused.kind).toBe('vault');
    expect(refused.message).toMatch(/Choose a vault passphrase/);
    expect(await s.list()).toHaveLength(1);

    expect(await s.setupVault(PASS)).toMatchObject({ vault: 'unlocked' });
    const p = await s.create(custom(demoCreds));
    expect(p).toMatchObject({ storage: 'passphrase', locked: false, hasSecret: true });
    expect((await s.testConnection(p.id)).ok).toBe(true);
    const raw = await read();
    for (const v of [...Object.values(demoCreds), PASS]) expect(raw).not.toContain(v);
    expect(JSON.parse(raw).vault).toMatchObject({ kdf: 'scrypt', N: FAST_SCRYPT.N, r: 8, p: 1 });

    // The next start: the secrets are there but locked until the operator unlocks once.
    const next = service(box);
    expect((await next.list())[1]).toMatchObject({ id: p.id, storage: 'passphrase', locked: true });
    expect(next.storageStatus().vault).toBe('locked');
    const locked = await next.testConnection(p.id);
    expect(locked.ok).toBe(false);
    expect(locked.message).toMatch(/vault is locked/);
    const wrong = await deskFailure(next.unlockVault('not the passphrase'));
    expect(wrong).toMatchObject({ kind: 'vault', message: expect.stringMatching(/Wrong vault passphrase/) });
    expect(next.storageStatus().vault).toBe('locked');
    expect(await next.unlockVault(PASS)).toMatchObject({ vault: 'unlocked' });
    expect((await next.list())[1]?.locked).toBe(false);
    expect((await next.testConnection(p.id)).ok).toBe(true);
    expect(next.lockVault().vault).toBe('locked');
    expect((await next.testConnection(p.id)).ok).toBe(false);
  });

  it('keeps a file whose vault KDF settings were raised outside UTA Desk, and refuses to unlock it in words', async () => {
    const box = testSecretBox({ available: false });
    const s = service(box);
    await s.setupVault(PASS);
    await s.create(custom(demoCreds));
    const file = JSON.parse(await read());
    Object.assign(file.vault, { N: 2 ** 20, r: 32, p: 4 });
    await writeFile(join(dir, 'profiles.json'), JSON.stringify(file));
    const before = await read();

    const next = service(box);
    expect((await next.list())[1]).toMatchObject({ name: 'Desk A', locked: true });
    const e = await deskFailure(next.unlockVault(PASS));
    expect(e.kind).toBe('vault');
    expect(e.message).toMatch(/scrypt N=1048576, r=32, p=4\) are not ones UTA Desk writes/);
    expect(await read()).toBe(before);
    expect(await readdir(dir)).toEqual(['profiles.json']);
  });

  it('sets a passphrase only once', async () => {
    const s = service(testSecretBox({ available: false }));
    await s.setupVault(PASS);
    expect((await deskFailure(s.setupVault('another passphrase'))).message).toMatch(/already set/);
  });

  it('changes the passphrase by re-sealing every secret in one write; a wrong current one changes nothing', async () => {
    const box = testSecretBox({ available: false });
    const s = service(box);
    await s.setupVault(PASS);
    const a = await s.create(custom(demoCreds));
    const b = await s.create(custom({ name: 'Desk B', ...demoCreds }));
    await s.create({ name: 'Public', environment: 'live' });
    const before = await read();
    expect((await deskFailure(s.changeVaultPassphrase('wrong one!', 'a new passphrase'))).message).toMatch(/Wrong/);
    expect(await read()).toBe(before);

    expect(await s.changeVaultPassphrase(PASS, 'a new passphrase')).toMatchObject({ vault: 'unlocked' });
    const after = JSON.parse(await read());
    expect(after.vault.salt).not.toBe(JSON.parse(before).vault.salt);
    expect((await s.testConnection(a.id)).ok).toBe(true);

    const next = service(box);
    await next.list();
    expect((await deskFailure(next.unlockVault(PASS))).kind).toBe('vault');
    await next.unlockVault('a new passphrase');
    expect((await next.testConnection(b.id)).ok).toBe(true);
    expect(await readdir(dir)).toEqual(['profiles.json']);
  });

  it('tells a damaged or moved blob from a wrong passphrase', async () => {
    const box = testSecretBox({ available: false });
    const s = service(box);
    await s.setupVault(PASS);
    const a = await s.create(custom(demoCreds));
    const b = await s.create(custom({ name: 'Desk B', ...demoCreds }));
    const file = JSON.parse(await read());
    const [pa, pb] = file.profiles;
    // a's blob given to b: it was sealed for a's id, so it does not open as b's.
    pb.sealed = pa.sealed;
    // a's blob with one byte of its ciphertext changed.
    const bytes = Buffer.from(pa.sealed.slice(4), 'base64');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    pa.sealed = `pv1.${bytes.toString('base64')}`;
    await writeFile(join(dir, 'profiles.json'), JSON.stringify(file));

    const next = service(box);
    await next.list();
    await next.unlockVault(PASS);
    for (const id of [a.id, b.id]) {
      const t = await next.testConnection(id);
      expect(t.ok).toBe(false);
      expect(t.message).toMatch(/damaged/);
    }
  });

  it('still reads secrets an earlier version stored on basic_text', async () => {
    const strong = testSecretBox();
    const p = await service(strong).create(custom(demoCreds));
    const file = JSON.parse(await read());
    file.profiles[0].storage = 'weak-accepted';
    await writeFile(join(dir, 'profiles.json'), JSON.stringify(file));
    const legacy = service(testSecretBox({ backend: 'basic_text', key: strong.key }));
    expect((await legacy.list())[1]).toMatchObject({ storage: 'weak-accepted', locked: false });
    expect((await legacy.testConnection(p.id)).ok).toBe(true);
  });

  it('refuses credentials with control characters before storing anything', async () => {
    const s = service();
    const e = await deskFailure(s.create(custom({ passphrase: 'pass\r\nX-Evil: 1' })));
    expect(e.kind).toBe('validation');
    expect(e.details).toEqual(['passphrase: Must not contain control characters (line breaks, tabs)']);
    expect(JSON.stringify(e)).not.toContain('X-Evil');
  });
});

describe('corrupt and undecryptable files', () => {
  it('moves a corrupt file aside, reports it, and does not overwrite it', async () => {
    await writeFile(join(dir, 'profiles.json'), '{"version":1, "profiles": [garbage');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = service();
    expect(await s.list()).toHaveLength(1);
    const status = s.storageStatus();
    expect(status.warning).toMatch(/moved aside to profiles\.corrupt-.*\.json/);
    expect(warn).toHaveBeenCalledOnce();
    const files = await readdir(dir);
    const aside = files.find((f) => f.startsWith('profiles.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside ?? ''), 'utf8')).toBe('{"version":1, "profiles": [garbage');
    expect(files).not.toContain('profiles.json');

    await s.create(custom());
    expect(await readFile(join(dir, aside ?? ''), 'utf8')).toBe('{"version":1, "profiles": [garbage');
  });

  it('treats valid JSON of the wrong shape as corrupt', async () => {
    await writeFile(join(dir, 'profiles.json'), JSON.stringify({ version: 1, profiles: 'nope' }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = service();
    expect(await s.list()).toHaveLength(1);
    expect(s.storageStatus().warning).toMatch(/not a profiles file/);
  });

  it('keeps readable profiles when secrets cannot be decrypted, and keeps the original aside', async () => {
    await service().create(custom());
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const other = service(testSecretBox()); // a different key: the keyring changed
    const list = await other.list();
    expect(list[1]).toMatchObject({ name: 'Desk A', hasSecret: false, storage: 'none', apiKeyHint: null });
    expect(other.storageStatus().warning).toMatch(/"Desk A" could not be decrypted/);
    const files = await readdir(dir);
    expect(files.filter((f) => f.startsWith('profiles.corrupt-'))).toHaveLength(1);
    expect(files).toContain('profiles.json');
  });
});

describe('editing, selecting and deleting', () => {
  it('edits metadata and replaces only the secrets given (blank = unchanged)', async () => {
    const box = testSecretBox();
    const s = service(box);
    const p = await s.create(custom({ ...demoCreds, passphrase: 'wrong' }));
    expect((await s.testConnection(p.id)).ok).toBe(false);
    const edited = await s.update({
      id: p.id,
      name: 'Desk B',
      locale: 'zh-CN',
      timeoutMs: 5000,
      passphrase: DEMO_ACCOUNT.passphrase,
    });
    expect(edited).toMatchObject({
      name: 'Desk B',
      locale: 'zh-CN',
      timeoutMs: 5000,
      apiKeyHint: `…${DEMO_ACCOUNT.apiKey.slice(-4)}`,
    });
    expect((await s.testConnection(p.id)).ok).toBe(true);

    // Persisted: a new service over the same folder and keyring sees the edit.
    const again = service(box);
    expect((await again.list())[1]).toMatchObject({ name: 'Desk B', locale: 'zh-CN', hasSecret: true });
  });

  it('persists the selection, and deleting the active profile re-selects Local demo', async () => {
    const box = testSecretBox();
    const s = service(box);
    const p = await s.create(custom({ ...demoCreds }));
    expect((await s.select(p.id)).active).toBe(true);
    expect((await service(box).active()).profile.id).toBe(p.id);
    await s.remove(p.id);
    expect((await s.active()).profile.id).toBe(LOCAL_DEMO_PROFILE_ID);
    expect((await service(box).active()).profile.id).toBe(LOCAL_DEMO_PROFILE_ID);
    expect((await deskFailure(s.select(p.id))).kind).toBe('not-found');
    expect((await deskFailure(s.remove(p.id))).kind).toBe('not-found');
  });

  it('builds the active client from the profile: demo-trading adds paptrading', async () => {
    const s = service();
    const p = await s.create({
      name: 'Paper',
      environment: 'demo-trading',
      ...SECRETS,
      locale: 'en-GB',
      timeoutMs: 3000,
    });
    await s.select(p.id);
    const { client, profile } = await s.active();
    expect(profile.environment).toBe('demo-trading');
    expect(client.baseUrl).toBe('https://api.bitget.com');
  });
});

describe('test connection', () => {
  it('succeeds with the right credentials and reports latency and skew', async () => {
    const s = service();
    const p = await s.create(custom({ ...demoCreds }));
    const t = await s.testConnection(p.id);
    expect(t.ok).toBe(true);
    expect(t.latencyMs).toBeGreaterThanOrEqual(0);
    expect(typeof t.skewMs).toBe('number');
    expect(t.message).toMatch(/accepted/);
    expect((await s.testConnection(LOCAL_DEMO_PROFILE_ID)).ok).toBe(true);
  });

  it.each([
    [{ passphrase: 'not-the-passphrase' }, /passphrase is wrong/, '40012'],
    [{ apiKey: 'bg_unknown_key_9999' }, /does not know this API key/, '40006'],
    [{ secretKey: 'not-the-secret' }, /secret key does not belong/, '40009'],
  ])('explains a wrong credential in words (%o)', async (wrong, words, code) => {
    const s = service();
    const p = await s.create(custom({ ...demoCreds, ...wrong }));
    const t = await s.testConnection(p.id);
    expect(t.ok).toBe(false);
    expect(t.message).toMatch(words);
    expect(t.message).toContain(code);
  });

  it('marks a passed test stale once the host answers nothing, and fresh again when it answers', async () => {
    let hostGone = false;
    const send: typeof fetch = (input, init) =>
      hostGone ? Promise.reject(new TypeError('fetch failed: connect ECONNREFUSED')) : fetch(input, init);
    const s = createProfileService(
      { userDataDir: dir, secretBox: testSecretBox(), version: 'test' },
      { url: async () => demo.url },
      {
        client: { limiters: new RateLimiters(), skews: new ClockSkews(), sleep: async () => {}, fetch: send },
        scrypt: FAST_SCRYPT,
      },
    );
    const p = await s.create(custom({ ...demoCreds }));
    await s.select(p.id);
    expect((await s.testConnection(p.id)).ok).toBe(true);
    const lastTest = async () => (await s.list()).find((x) => x.id === p.id)?.lastTest;
    expect((await lastTest())?.hostSilentSince).toBeUndefined();

    hostGone = true;
    const { client } = await s.active();
    await expect(client.getOpenOrders({ category: 'USDT-FUTURES' })).rejects.toThrow();
    expect((await lastTest())?.hostSilentSince).toEqual(expect.any(Number));
    expect((await lastTest())?.ok).toBe(true);

    hostGone = false;
    await (await s.active()).client.getOpenOrders({ category: 'USDT-FUTURES' });
    expect((await lastTest())?.hostSilentSince).toBeUndefined();

    // A test that itself found no host says so; it is not stale, even when it ends in the same millisecond.
    hostGone = true;
    expect((await s.testConnection(p.id)).ok).toBe(false);
    await expect((await s.active()).client.getOpenOrders({ category: 'USDT-FUTURES' })).rejects.toThrow();
    expect(await lastTest()).toMatchObject({ ok: false });
    expect((await lastTest())?.hostSilentSince).toBeUndefined();
  });

  it('explains an unreachable host and a timeout', async () => {
    const s = service();
    const port = await closedPort();
    const down = await s.create(custom({ name: 'Down', baseUrl: `http://127.0.0.1:${port}` }));
    expect((await s.testConnection(down.id)).message).toMatch(
      /Could not reach 127\.0\.0\.1:\d+ \(connection refused\)/,
    );

    const slow = await s.create(custom({ name: 'Slow', ...demoCreds, timeoutMs: 1000 }));
    demo.control.delayResponses('/api/v3/trade/unfilled-orders', 1500);
    const t = await s.testConnection(slow.id);
    expect(t.ok).toBe(false);
    expect(t.message).toMatch(/did not answer within 1000 ms/);
  });

  it('says when a profile has no credentials', async () => {
    const s = service();
    const p = await s.create({ name: 'Public', environment: 'custom', baseUrl: demo.url });
    const t = await s.testConnection(p.id);
    expect(t.ok).toBe(false);
    expect(t.message).toMatch(/no API key/);
  });
});

describe('the last connection test of each profile', () => {
  it('is remembered, and shown on the list and on the active profile', async () => {
    const s = service();
    const bad = await s.create(custom({ ...demoCreds, name: 'Bad', apiKey: 'bg_unknown_key_9999' }));
    expect((await s.list()).find((p) => p.id === bad.id)?.lastTest).toBeUndefined();
    const t = await s.testConnection(bad.id);
    await s.select(bad.id);
    const { profile } = await s.active();
    expect(profile.lastTest).toEqual({
      ok: false,
      at: expect.any(Number),
      headline: 'API key not known (40006)',
      message: t.message,
    });
    expect((await s.list()).find((p) => p.id === bad.id)?.lastTest).toEqual(profile.lastTest);
    // The built-in Local demo too (for the session: it is not stored).
    await s.testConnection(LOCAL_DEMO_PROFILE_ID);
    expect((await s.list())[0]?.lastTest).toMatchObject({ ok: true, headline: 'Connection OK' });
  });

  it('is kept in profiles.json, so a restart still warns about a failed test', async () => {
    const box = testSecretBox();
    const s = service(box);
    const bad = await s.create(custom({ ...demoCreds, passphrase: 'not-the-passphrase' }));
    await s.testConnection(bad.id);
    const stored = JSON.parse(await readFile(join(dir, 'profiles.json'), 'utf8')) as {
      profiles: Array<{ lastTest?: unknown }>;
    };
    expect(stored.profiles[0]?.lastTest).toMatchObject({ ok: false, headline: 'wrong passphrase (40012)' });
    const restarted = service(box);
    expect((await restarted.list()).find((p) => p.id === bad.id)?.lastTest).toMatchObject({ ok: false });
  });

  it('is forgotten when the host or the credentials change, and kept for a rename', async () => {
    const s = service();
    const p = await s.create(custom({ ...demoCreds, apiKey: 'bg_unknown_key_9999' }));
    await s.testConnection(p.id);
    expect((await s.update({ id: p.id, name: 'Renamed' })).lastTest).toMatchObject({ ok: false });
    expect((await s.update({ id: p.id, apiKey: demoCreds.apiKey })).lastTest).toBeUndefined();
    await s.testConnection(p.id);
    expect((await s.list()).find((x) => x.id === p.id)?.lastTest).toMatchObject({ ok: true });
    expect((await s.update({ id: p.id, baseUrl: `${demo.url}/` })).lastTest).toMatchObject({ ok: true });
    expect((await s.update({ id: p.id, environment: 'live' })).lastTest).toBeUndefined();
  });

  it('drops a result that arrives after the credentials it tested were replaced', async () => {
    const s = service();
    const p = await s.create(custom({ ...demoCreds, apiKey: 'bg_unknown_key_9999' }));
    demo.control.delayResponses('/api/v3/trade/unfilled-orders', 300, 1);
    const running = s.testConnection(p.id);
    await new Promise((r) => setTimeout(r, 50));
    await s.update({ id: p.id, apiKey: demoCreds.apiKey });
    expect((await running).ok).toBe(false);
    expect((await s.list()).find((x) => x.id === p.id)?.lastTest).toBeUndefined();
  });

  it('still answers the test when profiles.json cannot be written, and remembers it for the session', async () => {
    let full = false;
    const storeFs = {
      ...{
        readFile: fsp.readFile,
        open: fsp.open,
        rm: fsp.rm,
        mkdir: fsp.mkdir,
        access: fsp.access,
        readdir: fsp.readdir,
      },
      rename: ((...args: Parameters<typeof fsp.rename>) =>
        full
          ? Promise.reject(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }))
          : fsp.rename(...args)) as typeof fsp.rename,
    };
    const s = createProfileService(
      { userDataDir: dir, secretBox: testSecretBox(), version: 'test' },
      { url: async () => demo.url },
      { client: { limiters: new RateLimiters(), skews: new ClockSkews() }, scrypt: FAST_SCRYPT, storeFs },
    );
    const p = await s.create(custom({ ...demoCreds }));
    full = true;
    expect((await s.testConnection(p.id)).ok).toBe(true);
    expect((await s.list()).find((x) => x.id === p.id)?.lastTest).toMatchObject({ ok: true });
  });
});

describe('clock skew', () => {
  it('corrects a 60 s server clock offset after one 40008 and reports the skew for the active profile', async () => {
    const skews = new ClockSkews();
    const s = service(testSecretBox(), skews);
    const p = await s.create(custom({ ...demoCreds }));
    await s.select(p.id);
    expect(s.clockSkewMs()).toBeNull();
    demo.control.setClockOffset(60_000);
    const { client } = await s.active();
    await client.getOpenOrders({ limit: 1 });
    const log = demo.control.requestLog().map((e) => `${e.path} ${e.code}`);
    expect(log).toEqual([
      '/api/v3/trade/unfilled-orders 40008',
      '/api/v2/public/time 00000',
      '/api/v3/trade/unfilled-orders 00000',
    ]);
    const skew = s.clockSkewMs();
    expect(skew).not.toBeNull();
    expect(Math.abs((skew ?? 0) + 60_000)).toBeLessThan(1000);
    // The next client of the profile signs with the corrected clock from the start.
    await (await s.active()).client.getOpenOrders({ limit: 1 });
    expect(demo.control.requestLog()).toHaveLength(4);
  });
});
