import { describe, expect, it } from 'vitest';
import { deskFailure } from '../testing/desk-failure';
import { PassphraseVault, SCRYPT_PARAMS, vaultHeaderSchema, type ScryptParams } from './passphrase-vault';

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

  it('refuses a header whose parameters would make an unlock take minutes', () => {
    const base = { kdf: 'scrypt', N: 2 ** 17, r: 8, p: 1, salt: 'c2FsdHNhbHRzYWx0c2FsdA==', check: 'pv1.x' };
    expect(vaultHeaderSchema.safeParse(base).success).toBe(true);
    for (const bad of [{ N: 2 ** 24 }, { N: 100_000 }, { r: 1000 }, { p: 64 }])
      expect(vaultHeaderSchema.safeParse({ ...base, ...bad }).success).toBe(false);
  });
});
