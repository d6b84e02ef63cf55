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
/** A vault whose blobs may predate the binding of each profile's destination (an earlier version). */
const CHECK_TEXT_V1 = 'uta-desk passphrase vault v1';
/**
 * A vault whose every blob carries the destination it was sealed for. Written with a fresh salt (a
 * new key) when a v1 vault is migrated, so blobs of the old key (a backup, a stale temporary file)
 * cannot be slipped back in as "not yet migrated".
 */
const CHECK_TEXT_V2 = 'uta-desk passphrase vault v2 bound';

/**
 * The KDF parameters a header may carry: those this version writes (N=2^17, r=8, p=1) and the
 * cheaper N tests pass as vaultScrypt, never more. Anything else was written by hand, and is
 * refused in words at unlock instead of costing minutes and gigabytes (N=2^20, r=32, p=4 took 220 s
 * and 4.2 GB); the file itself stays readable so the profiles' metadata is not lost.
 */
const MIN_N = 2 ** 10;
const MAX_N = SCRYPT_PARAMS.N;

export const vaultHeaderSchema = z.object({
  kdf: z.literal('scrypt'),
  N: z.number().int().positive(),
  r: z.number().int().positive(),
  p: z.number().int().positive(),
  salt: z.string().min(16).max(128),
  check: z.string().min(1).max(256),
});
export type VaultHeader = z.infer<typeof vaultHeaderSchema>;

/** Why the header's KDF parameters are refused, in words; undefined when they are ones we write. */
export function kdfProblem({ N, r, p }: ScryptParams): string | undefined {
  const powerOfTwo = (N & (N - 1)) === 0;
  if (powerOfTwo && N >= MIN_N && N <= MAX_N && r === SCRYPT_PARAMS.r && p === SCRYPT_PARAMS.p) return undefined;
  return (
    `The vault's key settings in profiles.json (scrypt N=${N}, r=${r}, p=${p}) are not ones UTA Desk writes ` +
    `(N at most 2^17, r=8, p=1), so the vault was not opened: such settings can make an unlock take minutes ` +
    `and gigabytes. They were changed outside UTA Desk; restore profiles.json from a backup, or delete it and ` +
    `add your profiles again.`
  );
}

/** A change of passphrase, computed but not yet in force: the caller saves it, then adopts it. */
export interface Rekeyed {
  header: VaultHeader;
  /** The same keys as given, each blob sealed again under the new key. */
  blobs: Record<string, string>;
  key: Buffer;
}

export class PassphraseVault {
  private key: Buffer | undefined;
  /** The unlocked vault is v2: every blob must carry its destination (see CHECK_TEXT_V2). */
  private boundKey = false;
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

  /** Whether the open vault promises that every blob is bound to its destination (false while locked). */
  get bound(): boolean {
    return this.key !== undefined && this.boundKey;
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
          this.boundKey = true;
        },
      };
    });
  }

  /** Derives the key and proves it against the check value; a wrong passphrase changes nothing. */
  unlock(passphrase: string): Promise<void> {
    return this.serial(async () => {
      const header = this.current;
      if (!header) throw deskError('vault', 'No vault passphrase has been set yet.');
      const opened = await keyFor(header, passphrase);
      this.key = opened.key;
      this.boundKey = opened.bound;
    });
  }

  lock(): void {
    this.key?.fill(0);
    this.key = undefined;
    this.boundKey = false;
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
   * salt, as a v2 (bound) vault: `bind` turns each plain text into its bound form (the caller knows
   * the destinations). Nothing changes here: the caller writes the result, then calls adopt().
   */
  rekey(
    currentPassphrase: string,
    nextPassphrase: string,
    blobs: Readonly<Record<string, string>>,
    bind: (context: string, plain: string) => string = (_context, plain) => plain,
  ): Promise<Rekeyed & { adopt: () => void }> {
    return this.serial(async () => {
      const header = this.current;
      if (!header) throw deskError('vault', 'No vault passphrase has been set yet.');
      const { key: oldKey } = await keyFor(header, currentPassphrase);
      const plain: Record<string, string> = {};
      for (const [context, blob] of Object.entries(blobs)) {
        const opened = openWith(oldKey, blob, context);
        if (opened === undefined)
          throw deskError('vault', 'A stored secret is damaged, so the passphrase was not changed. Enter it again.');
        plain[context] = bind(context, opened);
      }
      // The parameters of this version, not the stored ones: a rekey also retires old settings.
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
          this.boundKey = true;
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
    check: sealWith(key, CHECK_TEXT_V2, CHECK_CONTEXT),
  };
  return { header, key };
}

async function keyFor(header: VaultHeader, passphrase: string): Promise<{ key: Buffer; bound: boolean }> {
  const problem = kdfProblem(header);
  if (problem) throw deskError('vault', problem);
  const key = await derive(passphrase, Buffer.from(header.salt, 'base64'), header);
  const check = Buffer.from(openWith(key, header.check, CHECK_CONTEXT) ?? '');
  const is = (text: string) => check.length === text.length && timingSafeEqual(check, Buffer.from(text));
  if (is(CHECK_TEXT_V2)) return { key, bound: true };
  if (is(CHECK_TEXT_V1)) return { key, bound: false };
  key.fill(0);
  throw deskError('vault', 'Wrong vault passphrase. Nothing was changed; try again.');
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
