/**
 * The credential vault: seals a profile's API key, secret and passphrase with the OS-backed SecretBox
 * (Electron safeStorage) where the OS keyring is strong, and with the passphrase vault everywhere else.
 *
 * On Linux without a keyring, safeStorage falls back to `basic_text`: "encryption" with a key
 * hard-coded in Chromium, which any program able to read the file can undo; in plain Node (the
 * browser host) there is no OS keyring at all. There, secrets are sealed with a key derived from the
 * operator's passphrase. Profiles an earlier version stored on `basic_text` are still read.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { deskError } from '../../shared/errors';
import type { StorageStatus, StorageStrength } from '../../shared/profiles';
import { PassphraseVault, type ScryptParams } from './passphrase-vault';
import type { SecretBox } from './secret-box';

export interface ProfileSecrets {
  apiKey: string;
  secretKey: string;
  passphrase: string;
}

export type SealedStorage = 'os-encrypted' | 'passphrase';

/**
 * Where a profile's secrets go: its id, environment (which also decides the demo-trading header)
 * and base URL. Sealed together with the secrets, so a profiles.json edited to point a profile at
 * another host no longer matches what its secrets were sealed for.
 */
export interface Destination {
  id: string;
  environment: string;
  baseUrl: string;
}

/** What a sealed blob holds: the secrets, and the destination they were sealed for (absent: an earlier version's blob). */
export interface Unsealed {
  secrets: ProfileSecrets;
  sealedFor: Destination | undefined;
}

/**
 * The sealed plain text since the binding. The digest covers destination and secrets, so the
 * binding holds even where the OS cipher is not authenticated (Chromium's OSCrypt on Linux is
 * AES-CBC: flipping bits could otherwise rewrite a base URL inside the blob).
 */
const ENVELOPE_VERSION = 2;
interface Envelope {
  v: typeof ENVELOPE_VERSION;
  for: Destination;
  secrets: ProfileSecrets;
  digest: string;
}

/**
 * Where a team store's password goes: its profile, and the store's whole address (its query too: pg
 * reads every parameter of it as a setting). Sealed with the password, as a Destination is with the
 * API secrets, so a profiles.json edited to point the store elsewhere does not send it there.
 */
export interface StoreTarget {
  id: string;
  url: string;
}

/** A sealed team store password, kept apart from the profile's API secrets (its own storage). */
export interface SealedPassword {
  storage: SealedStorage;
  sealed: string;
}

const STORE_KIND = 'team-store-password';
interface StoreEnvelope {
  v: typeof ENVELOPE_VERSION;
  kind: typeof STORE_KIND;
  for: StoreTarget;
  password: string;
  digest: string;
}

const STORE_CONTEXT = 'team-store\u0000';

/**
 * The passphrase vault's context (additional data) of a profile's store password: not the profile's
 * id, which its API secrets use, so neither blob opens in the other's place.
 */
export function storePasswordContext(id: string): string {
  return `${STORE_CONTEXT}${id}`;
}

export function isStorePasswordContext(context: string): boolean {
  return context.startsWith(STORE_CONTEXT);
}

/** What the vault needs of a stored profile to open its secrets. */
export interface SealedRef {
  id: string;
  storage: StorageStrength;
  sealed: string | null;
}

/** Backends whose "encryption" key is not protected by the OS. */
const WEAK_BACKENDS = new Set(['basic_text', 'unknown']);

export const WEAK_KEYRING_NOTE =
  'This system has no OS keyring (safeStorage backend "basic_text"), so secrets are sealed with your vault passphrase instead.';

export class Vault {
  readonly passphrase: PassphraseVault;

  constructor(
    private readonly box: SecretBox,
    scryptParams?: ScryptParams,
  ) {
    this.passphrase = new PassphraseVault(undefined, scryptParams);
  }

  private backend(): string {
    return this.box.isEncryptionAvailable() ? this.box.backend() : 'unavailable';
  }

  /** The OS keyring protects its key: only then are new secrets given to it. */
  osIsStrong(): boolean {
    const backend = this.backend();
    return backend !== 'unavailable' && !WEAK_BACKENDS.has(backend);
  }

  status(): StorageStatus {
    const backend = this.backend();
    const strong = this.osIsStrong();
    return {
      backend,
      strong,
      sealsWith: strong ? 'os' : 'passphrase',
      vault: this.passphrase.state,
      ...(WEAK_BACKENDS.has(backend) ? { warning: WEAK_KEYRING_NOTE } : {}),
    };
  }

  /**
   * Seals the secrets for `destination` as one string. A 'vault' DeskError, storing nothing, when
   * the passphrase vault is needed and not unlocked (or not set up).
   */
  seal(secrets: ProfileSecrets, destination: Destination): { storage: SealedStorage; sealed: string } {
    const plain = envelope(secrets, destination);
    if (!this.osIsStrong()) return { storage: 'passphrase', sealed: this.passphrase.seal(plain, destination.id) };
    return { storage: 'os-encrypted', sealed: this.sealWithOs(plain) };
  }

  /**
   * Seals again for `destination` in the same storage as `ref` (a migration, a confirmed
   * destination): a profile on the OS keyring, or on basic_text accepted earlier, stays there.
   */
  resealFor(ref: SealedRef, secrets: ProfileSecrets, destination: Destination): string {
    const plain = envelope(secrets, destination);
    return ref.storage === 'passphrase' ? this.passphrase.seal(plain, destination.id) : this.sealWithOs(plain);
  }

  /** The bound form of a passphrase blob's plain text (rekey's migration): an earlier version's gets `destination`. */
  bindPlain(plain: string, destination: Destination): string {
    const parsed = parseSealed(plain);
    if (!parsed) throw deskError('vault', 'A stored secret is damaged, so the vault was not changed. Enter it again.');
    return parsed.sealedFor ? plain : envelope(parsed.secrets, destination);
  }

  /** Decrypts what seal made; a 'vault' DeskError when it cannot be opened now. */
  unseal(ref: SealedRef): Unsealed {
    if (ref.sealed === null) throw deskError('vault', 'No secrets are stored for this profile.');
    const text = ref.storage === 'passphrase' ? this.passphrase.open(ref.sealed, ref.id) : this.openWithOs(ref.sealed);
    const parsed = parseSealed(text);
    // A bound vault has no blob of an earlier version: one is a blob of an older key put back.
    if (!parsed || (!parsed.sealedFor && ref.storage === 'passphrase' && this.passphrase.bound))
      throw deskError('vault', 'The stored secrets are damaged. Enter them again.');
    return parsed;
  }

  /** Seals a team store's password for `target`, where new secrets go (as seal). */
  sealStorePassword(password: string, target: StoreTarget): SealedPassword {
    return this.resealStorePassword(this.osIsStrong() ? 'os-encrypted' : 'passphrase', password, target);
  }

  /** Seals a store password for `target` in the given storage (its address changed in the app). */
  resealStorePassword(storage: SealedStorage, password: string, target: StoreTarget): SealedPassword {
    const plain = storeEnvelope(password, target);
    const sealed =
      storage === 'passphrase' ? this.passphrase.seal(plain, storePasswordContext(target.id)) : this.sealWithOs(plain);
    return { storage, sealed };
  }

  /** Opens a profile's store password and where it was sealed for; a 'vault' DeskError when it cannot be now. */
  unsealStorePassword(id: string, ref: SealedPassword): { password: string; sealedFor: StoreTarget } {
    const text =
      ref.storage === 'passphrase'
        ? this.passphrase.open(ref.sealed, storePasswordContext(id))
        : this.openWithOs(ref.sealed);
    const opened = parseStoreEnvelope(text);
    if (!opened) throw deskError('vault', 'The stored team store password is damaged. Enter it again.');
    return opened;
  }

  /** A store password's plain text, checked, for a change of vault passphrase (it is bound already). */
  checkStorePlain(plain: string): string {
    if (!parseStoreEnvelope(plain))
      throw deskError('vault', 'A stored secret is damaged, so the vault was not changed. Enter it again.');
    return plain;
  }

  private sealWithOs(plain: string): string {
    try {
      return this.box.encryptString(plain).toString('base64');
    } catch {
      // The underlying error may quote its input; it is not passed on.
      throw deskError('vault', 'The system refused to encrypt the secrets; nothing was stored.');
    }
  }

  /** Whether the secrets can be opened without the passphrase (the OS-sealed ones). */
  opensWithoutPassphrase(ref: SealedRef): boolean {
    return ref.storage === 'os-encrypted' || ref.storage === 'weak-accepted';
  }

  private openWithOs(sealed: string): string {
    if (!this.box.isEncryptionAvailable()) {
      throw deskError(
        'vault',
        'The stored secrets cannot be decrypted now: the OS keyring that sealed them is not available.',
      );
    }
    try {
      return this.box.decryptString(Buffer.from(sealed, 'base64'));
    } catch {
      throw deskError(
        'vault',
        'The stored secrets could not be decrypted (the OS keyring or its key changed). Enter them again.',
      );
    }
  }
}

function digestOf(destination: Destination, secrets: ProfileSecrets): string {
  const canonical = JSON.stringify([
    destination.id,
    destination.environment,
    destination.baseUrl,
    secrets.apiKey,
    secrets.secretKey,
    secrets.passphrase,
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('base64');
}

function envelope(secrets: ProfileSecrets, destination: Destination): string {
  const { id, environment, baseUrl } = destination;
  const bound = { id, environment, baseUrl };
  const { apiKey, secretKey, passphrase } = secrets;
  const body: Envelope = {
    v: ENVELOPE_VERSION,
    for: bound,
    secrets: { apiKey, secretKey, passphrase },
    digest: digestOf(bound, secrets),
  };
  return JSON.stringify(body);
}

/** The secrets and their destination; undefined when the text is neither form (damaged). */
function parseSealed(text: string): Unsealed | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (isSecrets(parsed)) return { secrets: parsed, sealedFor: undefined };
  if (!parsed || typeof parsed !== 'object') return undefined;
  const e = parsed as Partial<Envelope>;
  const d = e.for;
  if (e.v !== ENVELOPE_VERSION || !isSecrets(e.secrets) || typeof e.digest !== 'string') return undefined;
  if (!d || typeof d.id !== 'string' || typeof d.environment !== 'string' || typeof d.baseUrl !== 'string')
    return undefined;
  const expected = Buffer.from(digestOf(d, e.secrets));
  const given = Buffer.from(e.digest);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { secrets: e.secrets, sealedFor: { id: d.id, environment: d.environment, baseUrl: d.baseUrl } };
}

function storeDigestOf(target: StoreTarget, password: string): string {
  const canonical = JSON.stringify([STORE_KIND, target.id, target.url, password]);
  return createHash('sha256').update(canonical, 'utf8').digest('base64');
}

function storeEnvelope(password: string, target: StoreTarget): string {
  const bound = { id: target.id, url: target.url };
  const body: StoreEnvelope = {
    v: ENVELOPE_VERSION,
    kind: STORE_KIND,
    for: bound,
    password,
    digest: storeDigestOf(bound, password),
  };
  return JSON.stringify(body);
}

/** The password and its target; undefined when the text is not a whole store envelope (damaged, or another blob). */
function parseStoreEnvelope(text: string): { password: string; sealedFor: StoreTarget } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const e = parsed as Partial<StoreEnvelope>;
  const t = e.for;
  if (e.v !== ENVELOPE_VERSION || e.kind !== STORE_KIND || typeof e.password !== 'string') return undefined;
  if (typeof e.digest !== 'string' || !t || typeof t.id !== 'string' || typeof t.url !== 'string') return undefined;
  const expected = Buffer.from(storeDigestOf(t, e.password));
  const given = Buffer.from(e.digest);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { password: e.password, sealedFor: { id: t.id, url: t.url } };
}

/** Whether two destinations are the same (a profile points where its secrets were sealed for). */
export function sameDestination(a: Destination, b: Destination): boolean {
  return a.id === b.id && a.environment === b.environment && a.baseUrl === b.baseUrl;
}

function isSecrets(v: unknown): v is ProfileSecrets {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return typeof o.apiKey === 'string' && typeof o.secretKey === 'string' && typeof o.passphrase === 'string';
}

/** "…" and the last four characters: enough to tell keys apart, never enough to use one. */
export function apiKeyHint(apiKey: string): string {
  return apiKey.length > 4 ? `…${apiKey.slice(-4)}` : '…';
}
