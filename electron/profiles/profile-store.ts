/**
 * profiles.json in the user-data folder: the profiles' metadata, their sealed secrets and the
 * selected profile. Written atomically (temporary file + rename) so a crash mid-write leaves the
 * previous file intact; a file that cannot be read is moved aside, never overwritten.
 */
import { randomBytes } from 'node:crypto';
import { access, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { lastTestSchema } from '../../shared/profiles';
import { vaultHeaderSchema } from './passphrase-vault';

export const PROFILES_FILE = 'profiles.json';

/**
 * The team store a profile names: its address (never a password), the operator's display name, and
 * the store's password sealed apart from the API secrets, bound to this profile and address.
 */
export const storedTeamStoreSchema = z.object({
  url: z.string().min(1),
  displayName: z.string().min(1),
  /** Absent: no password is stored for it. */
  password: z.object({ storage: z.enum(['os-encrypted', 'passphrase']), sealed: z.string().min(1) }).optional(),
});
export type StoredTeamStore = z.infer<typeof storedTeamStoreSchema>;

export const storedProfileSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  environment: z.enum(['demo-trading', 'live', 'custom']),
  baseUrl: z.string().min(1),
  locale: z.string().min(1),
  timeoutMs: z.number().int().positive(),
  apiKeyHint: z.string().nullable(),
  storage: z.enum(['os-encrypted', 'passphrase', 'weak-accepted', 'none']),
  /** The sealed {apiKey, secretKey, passphrase} (OS: base64; passphrase vault: "pv1.…"); null without credentials. */
  sealed: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /**
   * The last connection test, so a restart still warns about a profile whose test failed. Optional
   * (files written before it parse as they are), and a damaged one is dropped rather than making
   * the whole file unreadable.
   */
  lastTest: lastTestSchema.optional().catch(undefined),
  /** Absent: no team store, the profile works as it did before team stores. */
  teamStore: storedTeamStoreSchema.optional(),
});
export type StoredProfile = z.infer<typeof storedProfileSchema>;

export const profilesFileSchema = z.object({
  version: z.literal(1),
  activeProfileId: z.string().min(1),
  profiles: z.array(storedProfileSchema),
  /** The passphrase vault's KDF parameters, salt and check value, once a passphrase was chosen. */
  vault: vaultHeaderSchema.optional(),
});
export type ProfilesFile = z.infer<typeof profilesFileSchema>;

export type LoadResult =
  | { kind: 'missing' }
  | { kind: 'loaded'; file: ProfilesFile }
  /** The file could not be read; it now lives at movedTo, or stayed where it was (moveError). */
  | { kind: 'corrupt'; reason: string; movedTo?: string; moveError?: string };

/** The file operations the store uses, injectable so tests can make each one fail. */
export interface StoreFs {
  readFile: typeof readFile;
  open: typeof open;
  rename: typeof rename;
  rm: typeof rm;
  mkdir: typeof mkdir;
  access: typeof access;
  readdir: typeof readdir;
}
const NODE_FS: StoreFs = { readFile, open, rename, rm, mkdir, access, readdir };

/** The temporary file of a save (see save): `profiles.json.<pid>.<hex>.tmp`. */
const TEMP_FILE = /^profiles\.json\.\d+\.[0-9a-f]+\.tmp$/;

export class ProfileStore {
  readonly path: string;

  constructor(
    readonly dir: string,
    private readonly now: () => number = Date.now,
    private readonly fs: StoreFs = NODE_FS,
  ) {
    this.path = join(dir, PROFILES_FILE);
  }

  async load(): Promise<LoadResult> {
    await this.removeStaleTemps();
    let text: string;
    try {
      text = await this.fs.readFile(this.path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
      throw e;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'corrupt', reason: 'it is not valid JSON', ...(await this.setAside()) };
    }
    const parsed = profilesFileSchema.safeParse(json);
    if (!parsed.success) {
      // Field paths only: the issue messages could quote stored values.
      const where = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '(root)'))].slice(0, 3).join(', ');
      return {
        kind: 'corrupt',
        reason: `its content is not a profiles file (${where})`,
        ...(await this.setAside()),
      };
    }
    return { kind: 'loaded', file: parsed.data };
  }

  /**
   * Temporary files of saves a crash or power cut interrupted: full copies of the sealed profiles,
   * never read again. The user-data lock makes this process the folder's only writer, and load runs
   * before any save of its own, so every one found is stale. Best effort: one that cannot be removed
   * stays for the next start.
   */
  private async removeStaleTemps(): Promise<void> {
    let names: string[];
    try {
      names = await this.fs.readdir(this.dir);
    } catch {
      return;
    }
    for (const name of names)
      if (TEMP_FILE.test(name)) await this.fs.rm(join(this.dir, name), { force: true }).catch(() => undefined);
  }

  private async setAside(): Promise<{ movedTo?: string; moveError?: string }> {
    try {
      return { movedTo: await this.moveAside() };
    } catch (e) {
      return { moveError: (e as NodeJS.ErrnoException).code ?? 'I/O error' };
    }
  }

  /** Renames the current file to profiles.corrupt-<timestamp>.json and returns that name. */
  async moveAside(): Promise<string> {
    const stamp = new Date(this.now()).toISOString().replace(/[:.]/g, '-');
    let target = join(this.dir, `profiles.corrupt-${stamp}.json`);
    for (let n = 2; await this.exists(target); n++) target = join(this.dir, `profiles.corrupt-${stamp}-${n}.json`);
    await this.fs.rename(this.path, target);
    return target;
  }

  /** Writes the whole file atomically, readable by this user only. */
  async save(file: ProfilesFile): Promise<void> {
    await this.fs.mkdir(this.dir, { recursive: true });
    const tmp = `${this.path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      const handle = await this.fs.open(tmp, 'w', 0o600);
      try {
        await handle.writeFile(`${JSON.stringify(file, null, 2)}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await this.fs.rename(tmp, this.path);
    } catch (e) {
      // A full disk or a failed rename must not leave temporary files behind to pile up.
      await this.fs.rm(tmp, { force: true }).catch(() => undefined);
      throw e;
    }
    await this.syncDir();
  }

  /** The rename is only durable once the folder's entry is on disk (POSIX; Windows has no folder fsync). */
  private async syncDir(): Promise<void> {
    if (process.platform === 'win32') return;
    try {
      const handle = await this.fs.open(this.dir, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch {
      // The file itself is written and renamed; a folder that cannot be synced loses nothing now.
    }
  }

  private async exists(path: string): Promise<boolean> {
    try {
      await this.fs.access(path);
      return true;
    } catch {
      return false;
    }
  }
}
