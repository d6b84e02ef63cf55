/**
 * The passphrase vault: profile secrets sealed with AES-256-GCM under a key derived with scrypt from a
 * passphrase the operator chose. It is what protects secrets where the OS keyring is missing or weak
 * (the browser host, Linux without a keyring), using node:crypto only.
 *
 * The key lives in memory only, from unlock to lock or exit. The header (KDF parameters, salt and a
 * sealed check value) is stored with the profiles, so a wrong passphrase is told apart from a damaged
 * blob, and a change of passphrase re-seals everything in the same atomic write as the new header.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { deskError } from '../../shared/errors';
import type { VaultState } from '../../shared/profiles';

/**
 * OWASP's scrypt baseline is N=2^17, r=8, p=1: about 128 MiB and a few hundred ms per try, which is
 * paid once per session by the operator and on every guess by an attacker holding the file.
 */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
export type ScryptParams = { N: number; r: number; p: number };

const KEY_BYTES = 32;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BLOB_PREFIX = 'pv1.';
/** The check value's additional data: no profile id can take this value. */
const CHECK_CONTEXT = 'uta-desk vault check';
const CHECK_TEXT = 'uta-desk passphrase vault v1';

export const vaultHeaderSchema = z.object({
  kdf: z.literal('scrypt'),
  // Bounded so a tampered header cannot make an unlock take minutes or gigabytes.
  N: z
    .number()
    .int()
    .min(2 ** 10)
    .max(2 ** 20)
    .refine((n) => (n & (n - 1)) === 0, 'a power of two'),
  r: z.number().int().min(1).max(32),
  p: z.number().int().min(1).max(4),
  salt: z.string().min(16).max(128),
  check: z.string().min(1).max(256),
});
export type VaultHeader = z.infer<typeof vaultHeaderSchema>;

/** A change of passphrase, computed but not yet in force: the caller saves it, then adopts it. */
export interface Rekeyed {
  header: VaultHeader;
  /** The same keys as given, each blob sealed again under the new key. */
  blobs: Record<string, string>;
  key: Buffer;
}

export class PassphraseVault {
  private key: Buffer | undefined;
  /** Unlocks and changes run one at a time: each derivation holds 128 MiB. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private current: VaultHeader | undefined,
    /** Tests use cheaper parameters; stored headers always carry their own. */
    private readonly params: ScryptParams = SCRYPT_PARAMS,
  ) {}

  /** Takes the header read from disk; a vault already set up in this process keeps its own. */
  restore(header: VaultHeader | undefined): void {
    if (!this.current) this.current = header;
  }

  get header(): VaultHeader | undefined {
    return this.current;
  }

  get state(): VaultState {
    if (!this.current) return 'unset';
    return this.key ? 'unlocked' : 'locked';
  }

  /** Creates the vault under a first passphrase and leaves it unlocked; returns the header to store. */
  create(passphrase: string): Promise<{ header: VaultHeader; adopt: () => void }> {
    return this.serial(async () => {
      if (this.current) throw deskError('vault', 'A vault passphrase is already set; unlock the vault instead.');
      const { header, key } = await newHeader(passphrase, this.params);
      return {
        header,
        adopt: () => {
          this.current = header;
          this.key = key;
        },
      };
    });
  }

  /** Derives the key and proves it against the check value; a wrong passphrase changes nothing. */
  unlock(passphrase: string): Promise<void> {
    return this.serial(async () => {
      const header = this.current;
      if (!header) throw deskError('vault', 'No vault passphrase has been set yet.');
      this.key = await keyFor(header, passphrase);
    });
  }

  lock(): void {
    this.key?.fill(0);
    this.key = undefined;
  }

  /** Seals a secret bound to `context` (the profile id), so a blob moved to another profile does not open. */
  seal(plain: string, context: string): string {
    return sealWith(this.unlockedKey(), plain, context);
  }

  open(sealed: string, context: string): string {
    const plain = openWith(this.unlockedKey(), sealed, context);
    if (plain === undefined) throw deskError('vault', 'The stored secrets are damaged. Enter them again.');
    return plain;
  }

  /**
   * Opens every blob under the current passphrase and seals it again under the next one with a fresh
   * salt. Nothing changes here: the caller writes the result, then calls adopt().
   */
  rekey(
    currentPassphrase: string,
    nextPassphrase: string,
    blobs: Readonly<Record<string, string>>,
  ): Promise<Rekeyed & { adopt: () => void }> {
    return this.serial(async () => {
      const header = this.current;
      if (!header) throw deskError('vault', 'No vault passphrase has been set yet.');
      const oldKey = await keyFor(header, currentPassphrase);
      const plain: Record<string, string> = {};
      for (const [context, blob] of Object.entries(blobs)) {
        const opened = openWith(oldKey, blob, context);
        if (opened === undefined)
          throw deskError('vault', 'A stored secret is damaged, so the passphrase was not changed. Enter it again.');
        plain[context] = opened;
      }
      const next = await newHeader(nextPassphrase, this.params);
      const resealed: Record<string, string> = {};
      for (const [context, text] of Object.entries(plain)) resealed[context] = sealWith(next.key, text, context);
      return {
        header: next.header,
        blobs: resealed,
        key: next.key,
        adopt: () => {
          this.current = next.header;
          this.key = next.key;
        },
      };
    });
  }

  private unlockedKey(): Buffer {
    if (!this.current) throw deskError('vault', 'Choose a vault passphrase first: the secrets are sealed with it.');
    if (!this.key)
      throw deskError('vault', 'The vault is locked: unlock it on the Profiles screen to use the stored secrets.');
    return this.key;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

export function isPassphraseBlob(sealed: string): boolean {
  return sealed.startsWith(BLOB_PREFIX);
}

async function newHeader(passphrase: string, params: ScryptParams): Promise<{ header: VaultHeader; key: Buffer }> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(passphrase, salt, params);
  const header: VaultHeader = {
    kdf: 'scrypt',
    ...params,
    salt: salt.toString('base64'),
    check: sealWith(key, CHECK_TEXT, CHECK_CONTEXT),
  };
  return { header, key };
}

async function keyFor(header: VaultHeader, passphrase: string): Promise<Buffer> {
  const key = await derive(passphrase, Buffer.from(header.salt, 'base64'), header);
  const check = openWith(key, header.check, CHECK_CONTEXT);
  const expected = Buffer.from(CHECK_TEXT);
  if (check === undefined || !timingSafeEqual(Buffer.from(check), expected)) {
    key.fill(0);
    throw deskError('vault', 'Wrong vault passphrase. Nothing was changed; try again.');
  }
  return key;
}

function derive(passphrase: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  // The same passphrase typed on another keyboard layout or OS may arrive in another Unicode form.
  const secret = Buffer.from(passphrase.normalize('NFC'), 'utf8');
  return new Promise((resolve, reject) => {
    // maxmem must exceed 128·N·r bytes, which Node's 32 MiB default does not for N=2^17.
    scryptCallback(secret, salt, KEY_BYTES, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) => {
      secret.fill(0);
      if (error) reject(deskError('vault', 'The vault key could not be derived on this system.'));
      else resolve(key);
    });
  });
}

function sealWith(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return BLOB_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** undefined when the blob is not one of ours, was altered, or was sealed under another key/context. */
function openWith(key: Buffer, sealed: string, context: string): string | undefined {
  if (!isPassphraseBlob(sealed)) return undefined;
  const raw = Buffer.from(sealed.slice(BLOB_PREFIX.length), 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
