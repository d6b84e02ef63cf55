/**
 * Test support: a profiles.json as the version before destination binding wrote it — a v1 vault
 * header and secrets sealed as bare JSON, bound to the profile id only — built with node:crypto
 * alone, so migration tests do not depend on the code they test.
 */
import { createCipheriv, randomBytes, scryptSync } from 'node:crypto';
import type { SecretBox } from '../secret-box';

export interface LegacySecrets {
  apiKey: string;
  secretKey: string;
  passphrase: string;
}

export interface LegacyProfile {
  id: string;
  name: string;
  environment: 'demo-trading' | 'live' | 'custom';
  baseUrl: string;
  secrets: LegacySecrets;
}

const FAST = { N: 2 ** 10, r: 8, p: 1 };

function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `pv1.${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
}

function stored(p: LegacyProfile, storage: string, sealed: string) {
  return {
    id: p.id,
    name: p.name,
    environment: p.environment,
    baseUrl: p.baseUrl,
    locale: 'en-US',
    timeoutMs: 10_000,
    apiKeyHint: `…${p.secrets.apiKey.slice(-4)}`,
    storage,
    sealed,
    createdAt: 1,
    updatedAt: 1,
  };
}

/** Profiles sealed in a v1 passphrase vault under `passphrase` (scrypt N=2^10, r=8, p=1). */
export function legacyPassphraseFile(passphrase: string, profiles: LegacyProfile[]): object {
  const salt = randomBytes(16);
  const key = scryptSync(Buffer.from(passphrase.normalize('NFC')), salt, 32, { ...FAST, maxmem: 64 * 1024 * 1024 });
  return {
    version: 1,
    activeProfileId: profiles[0]?.id ?? 'local-demo',
    profiles: profiles.map((p) => stored(p, 'passphrase', seal(key, JSON.stringify(p.secrets), p.id))),
    vault: {
      kdf: 'scrypt',
      ...FAST,
      salt: salt.toString('base64'),
      check: seal(key, 'uta-desk passphrase vault v1', 'uta-desk vault check'),
    },
  };
}

/** Profiles sealed with the OS keyring (`box`), as bare JSON. */
export function legacyOsFile(box: SecretBox, profiles: LegacyProfile[]): object {
  return {
    version: 1,
    activeProfileId: profiles[0]?.id ?? 'local-demo',
    profiles: profiles.map((p) =>
      stored(p, 'os-encrypted', box.encryptString(JSON.stringify(p.secrets)).toString('base64')),
    ),
  };
}
