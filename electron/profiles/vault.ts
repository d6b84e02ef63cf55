/**
 * The credential vault: seals a profile's API key, secret and passphrase with the OS-backed
 * SecretBox (Electron safeStorage) and decides whether the machine's storage is good enough.
 *
 * On Linux without a keyring, safeStorage falls back to `basic_text`: "encryption" with a key
 * hard-coded in Chromium, which any program able to read the file can undo. Secrets are refused
 * there unless the user accepts that for the profile; where encryption is unavailable altogether
 * nothing is stored, because the only alternative would be plaintext.
 */
import { deskError } from '../../shared/errors';
import type { StorageStatus } from '../../shared/profiles';
import type { SecretBox } from './secret-box';

export interface ProfileSecrets {
  apiKey: string;
  secretKey: string;
  passphrase: string;
}

export type SealedStorage = 'os-encrypted' | 'weak-accepted';

/** Backends whose "encryption" key is not protected by the OS. */
const WEAK_BACKENDS = new Set(['basic_text', 'unknown']);

export const WEAK_STORAGE_WARNING =
  'This system has no OS keyring (safeStorage backend "basic_text"): secrets would be encrypted with a key built into the app, which any program that can read your files can undo. Secrets are only stored for a profile if you accept this weaker storage for it.';
export const NO_ENCRYPTION_WARNING =
  'Encryption is not available on this system, so API keys and secrets cannot be stored (they are never written in plain text). Profiles without credentials can still read public market data.';

export class Vault {
  constructor(private readonly box: SecretBox) {}

  status(): StorageStatus {
    if (!this.box.isEncryptionAvailable())
      return { backend: 'unavailable', strong: false, warning: NO_ENCRYPTION_WARNING };
    const backend = this.box.backend();
    if (WEAK_BACKENDS.has(backend)) return { backend, strong: false, warning: WEAK_STORAGE_WARNING };
    return { backend, strong: true };
  }

  /**
   * Encrypts the secrets as one base64 blob. Throws a 'vault' DeskError, without storing anything,
   * when the storage is weak and not accepted, or when there is no encryption at all.
   */
  seal(secrets: ProfileSecrets, acceptWeakStorage: boolean): { storage: SealedStorage; sealed: string } {
    const status = this.status();
    if (status.backend === 'unavailable') {
      throw deskError(
        'vault',
        `${NO_ENCRYPTION_WARNING} Save the profile without credentials, or use a system with a keyring.`,
      );
    }
    if (!status.strong && !acceptWeakStorage) {
      throw deskError('vault', `${WEAK_STORAGE_WARNING} Tick "Accept weaker storage" to store them anyway.`);
    }
    let encrypted: Buffer;
    try {
      encrypted = this.box.encryptString(JSON.stringify(secrets));
    } catch {
      // The underlying error may quote its input; it is not passed on.
      throw deskError('vault', 'The system refused to encrypt the secrets; nothing was stored.');
    }
    return { storage: status.strong ? 'os-encrypted' : 'weak-accepted', sealed: encrypted.toString('base64') };
  }

  /** Decrypts a blob made by seal; a 'vault' DeskError when the OS can no longer decrypt it. */
  open(sealed: string): ProfileSecrets {
    if (!this.box.isEncryptionAvailable()) {
      throw deskError(
        'vault',
        'The stored secrets cannot be decrypted now: encryption is not available on this system.',
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.box.decryptString(Buffer.from(sealed, 'base64')));
    } catch {
      throw deskError(
        'vault',
        'The stored secrets could not be decrypted (the OS keyring or its key changed). Enter them again.',
      );
    }
    if (!isSecrets(parsed)) throw deskError('vault', 'The stored secrets are damaged. Enter them again.');
    return parsed;
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
