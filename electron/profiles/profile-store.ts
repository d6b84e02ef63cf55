/**
 * profiles.json in the user-data folder: the profiles' metadata, their sealed secrets and the
 * selected profile. Written atomically (temporary file + rename) so a crash mid-write leaves the
 * previous file intact; a file that cannot be read is moved aside, never overwritten.
 */
import { randomBytes } from 'node:crypto';
import { access, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { vaultHeaderSchema } from './passphrase-vault';

export const PROFILES_FILE = 'profiles.json';

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
  /** The file could not be read; it now lives at movedTo. */
  | { kind: 'corrupt'; reason: string; movedTo: string };

export class ProfileStore {
  readonly path: string;

  constructor(
    readonly dir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.path = join(dir, PROFILES_FILE);
  }

  async load(): Promise<LoadResult> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
      throw e;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'corrupt', reason: 'it is not valid JSON', movedTo: await this.moveAside() };
    }
    const parsed = profilesFileSchema.safeParse(json);
    if (!parsed.success) {
      // Field paths only: the issue messages could quote stored values.
      const where = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '(root)'))].slice(0, 3).join(', ');
      return {
        kind: 'corrupt',
        reason: `its content is not a profiles file (${where})`,
        movedTo: await this.moveAside(),
      };
    }
    return { kind: 'loaded', file: parsed.data };
  }

  /** Renames the current file to profiles.corrupt-<timestamp>.json and returns that name. */
  async moveAside(): Promise<string> {
    const stamp = new Date(this.now()).toISOString().replace(/[:.]/g, '-');
    let target = join(this.dir, `profiles.corrupt-${stamp}.json`);
    for (let n = 2; await exists(target); n++) target = join(this.dir, `profiles.corrupt-${stamp}-${n}.json`);
    await rename(this.path, target);
    return target;
  }

  /** Writes the whole file atomically, readable by this user only. */
  async save(file: ProfilesFile): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const tmp = `${this.path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const handle = await open(tmp, 'w', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(file, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(tmp, this.path);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
