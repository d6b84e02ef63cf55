import { describe, expect, it } from 'vitest';
import { deskFailure } from '../testing/desk-failure';
import {
  kdfProblem,
  PassphraseVault,
  SCRYPT_PARAMS,
  vaultHeaderSchema,
  type ScryptParams,
  type VaultHeader,
} from './passphrase-vault';

const FAST: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };
const PASS = 'a long enough passphrase';

async function unlocked(params = FAST): Promise<PassphraseVault> {
  const v = new PassphraseVault(undefined, params);
  const created = await v.create(PASS);
  created.adopt();
  return v;
}

describe('the passphrase vault', () => {
  it('derives with scrypt N=2^17, r=8, p=1 and a 16-byte random salt by default', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
    const v = new PassphraseVault(undefined);
    const { header, adopt } = await v.create(PASS);
    expect(header).toMatchObject({ kdf: 'scrypt', N: 131072, r: 8, p: 1 });
    expect(Buffer.from(header.salt, 'base64')).toHaveLength(16);
    expect(vaultHeaderSchema.parse(header)).toEqual(header);
    adopt();
    // The stored header alone (a new process) opens what was sealed.
    const sealed = v.seal('{"apiKey":"k"}', 'profile-1');
    const again = new PassphraseVault(header);
    await again.unlock(PASS);
    expect(again.open(sealed, 'profile-1')).toBe('{"apiKey":"k"}');
  });

  it('gives two vaults different salts, and the same text a different blob each time', async () => {
    const a = await unlocked();
    const b = await unlocked();
    expect(a.header?.salt).not.toBe(b.header?.salt);
    expect(a.seal('same', 'p')).not.toBe(a.seal('same', 'p'));
  });

  it('refuses a wrong passphrase without changing anything', async () => {
    const v = await unlocked();
    const locked = new PassphraseVault(v.header, FAST);
    expect(locked.state).toBe('locked');
    const e = await deskFailure(locked.unlock('not the passphrase'));
    expect(e).toMatchObject({ kind: 'vault', message: expect.stringMatching(/Wrong vault passphrase/) });
    expect(locked.state).toBe('locked');
    expect(locked.header).toEqual(v.header);
  });

  it('opens nothing while locked or unset, and says which', async () => {
    expect(() => new PassphraseVault(undefined, FAST).seal('x', 'p')).toThrow(/Choose a vault passphrase/);
    const v = await unlocked();
    const sealed = v.seal('x', 'p');
    v.lock();
    expect(v.state).toBe('locked');
    expect(() => v.open(sealed, 'p')).toThrow(/vault is locked/);
  });

  it('detects a tampered blob, a foreign blob and one moved to another profile', async () => {
    const v = await unlocked();
    const sealed = v.seal('secret text', 'profile-a');
    const raw = Buffer.from(sealed.slice(4), 'base64');
    for (const at of [0, 13, raw.length - 1]) {
      const t = Buffer.from(raw);
      t.writeUInt8(t.readUInt8(at) ^ 0x40, at);
      expect(() => v.open(`pv1.${t.toString('base64')}`, 'profile-a')).toThrow(/damaged/);
    }
    expect(() => v.open(sealed, 'profile-b')).toThrow(/damaged/);
    expect(() => v.open('not-a-blob', 'profile-a')).toThrow(/damaged/);
    const foreign = (await unlocked()).seal('secret text', 'profile-a');
    expect(() => v.open(foreign, 'profile-a')).toThrow(/damaged/);
  });

  it('treats a passphrase in another Unicode form as the same passphrase', async () => {
    const v = new PassphraseVault(undefined, FAST);
    (await v.create('caf\u00e9 au lait!')).adopt();
    const again = new PassphraseVault(v.header, FAST);
    await again.unlock('cafe\u0301 au lait!');
    expect(again.state).toBe('unlocked');
  });

  it('re-seals under a new passphrase only when adopted; a wrong current passphrase changes nothing', async () => {
    const v = await unlocked();
    const blobs = { a: v.seal('A', 'a'), b: v.seal('B', 'b') };
    expect((await deskFailure(v.rekey('wrong passphrase', 'next passphrase', blobs))).message).toMatch(/Wrong/);
    const before = v.header;
    const r = await v.rekey(PASS, 'next passphrase', blobs);
    expect(v.header).toBe(before); // not in force yet
    expect(v.open(blobs.a, 'a')).toBe('A');
    r.adopt();
    expect(v.header).toBe(r.header);
    expect(v.open(r.blobs.a!, 'a')).toBe('A');
    expect(v.open(r.blobs.b!, 'b')).toBe('B');
    const fresh = new PassphraseVault(r.header, FAST);
    expect((await deskFailure(fresh.unlock(PASS))).kind).toBe('vault');
    await fresh.unlock('next passphrase');
    expect(fresh.open(r.blobs.b!, 'b')).toBe('B');
  });

  it('refuses, in words and without deriving, KDF settings this version does not write', async () => {
    const v = await unlocked();
    const header = v.header!;
    // Settings this version writes (and the cheaper N tests use) still open.
    for (const N of [2 ** 10, 2 ** 12, 2 ** 17]) expect(kdfProblem({ N, r: 8, p: 1 })).toBeUndefined();
    // Cheap but foreign settings: an earlier version derived with them and said "Wrong passphrase".
    for (const bad of [{ r: 9 }, { p: 2 }, { N: 2 ** 11 + 1 }, { N: 2 ** 9 }, { N: 2 ** 20, r: 32, p: 4 }]) {
      const tampered = new PassphraseVault({ ...header, ...bad }, FAST);
      const e = await deskFailure(tampered.unlock(PASS));
      expect(e.kind).toBe('vault');
      expect(e.message).toMatch(
        /key settings in profiles\.json \(scrypt N=\d+, r=\d+, p=\d+\) are not ones UTA Desk writes/,
      );
      expect(tampered.state).toBe('locked');
    }
    // The file stays readable (its profiles are not moved aside for it).
    expect(vaultHeaderSchema.safeParse({ ...header, N: 2 ** 20, r: 32, p: 4 }).success).toBe(true);
  });

  it('tells a vault of an earlier version (not bound) from a bound one, and a rekey binds it', async () => {
    const v = await unlocked();
    expect(v.bound).toBe(true);
    const legacy = new PassphraseVault(legacyHeader(v), FAST);
    await legacy.unlock(PASS);
    expect(legacy.bound).toBe(false);
    const r = await legacy.rekey(PASS, PASS, { a: legacy.seal('A', 'a') }, (_id, plain) => `${plain}!`);
    r.adopt();
    expect(legacy.bound).toBe(true);
    expect(r.header.salt).not.toBe(v.header?.salt);
    expect(legacy.open(r.blobs.a!, 'a')).toBe('A!');
    legacy.lock();
    expect(legacy.bound).toBe(false);
  });
});

/** The header an earlier version wrote for the same key: its check value says v1. */
function legacyHeader(v: PassphraseVault): VaultHeader {
  // The same sealing as the check value: its plain text and context as an earlier version wrote them.
  return { ...v.header!, check: v.seal('uta-desk passphrase vault v1', 'uta-desk vault check') };
}
