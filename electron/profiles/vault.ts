/**
 * The credential vault: seals a profile's API key, secret and passphrase with the OS-backed SecretBox
 * (Electron safeStorage) where the OS keyring is strong, and with the passphrase vault everywhere else.
 *
 * On Linux without a keyring, safeStorage falls back to `basic_text`: "encryption" with a key
 * hard-coded in Chromium, which any program able to read the file can undo; in plain Node (the
 * browser host) there is no OS keyring at all. There, secrets are sealed with a key derived from the
 * operator's passphrase. Profiles an earlier version stored on `basic_text` are still read.
 */
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
   * Seals the secrets of profile `id` as one string. A 'vault' DeskError, storing nothing, when the
   * passphrase vault is needed and not unlocked (or not set up).
   */
  seal(secrets: ProfileSecrets, id: string): { storage: SealedStorage; sealed: string } {
    const plain = JSON.stringify(secrets);
    if (!this.osIsStrong()) return { storage: 'passphrase', sealed: this.passphrase.seal(plain, id) };
    let encrypted: Buffer;
    try {
      encrypted = this.box.encryptString(plain);
    } catch {
      // The underlying error may quote its input; it is not passed on.
      throw deskError('vault', 'The system refused to encrypt the secrets; nothing was stored.');
    }
    return { storage: 'os-encrypted', sealed: encrypted.toString('base64') };
  }

  /** Decrypts what seal made; a 'vault' DeskError when it cannot be opened now. */
  open(ref: SealedRef): ProfileSecrets {
    if (ref.sealed === null) throw deskError('vault', 'No secrets are stored for this profile.');
    const text = ref.storage === 'passphrase' ? this.passphrase.open(ref.sealed, ref.id) : this.openWithOs(ref.sealed);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!isSecrets(parsed)) throw deskError('vault', 'The stored secrets are damaged. Enter them again.');
    return parsed;
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

function isSecrets(v: unknown): v is ProfileSecrets {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return typeof o.apiKey === 'string' && typeof o.secretKey === 'string' && typeof o.passphrase === 'string';
}

/** "…" and the last four characters: enough to tell keys apart, never enough to use one. */
export function apiKeyHint(apiKey: string): string {
  return apiKey.length > 4 ? `…${apiKey.slice(-4)}` : '…';
}
