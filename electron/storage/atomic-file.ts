/**
 * Replacing a whole file so that a crash leaves either the old content or the new, never a mix or
 * an empty file: write a temporary file beside it, sync it, rename it over the target, sync the
 * folder. (profiles.json does the same through its injectable file system, profile-store.ts.)
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Temporary files end with this; a folder's leftovers from a crash can be recognised and removed. */
export const TEMP_SUFFIX = '.tmp';

/** Writes `data` to a synced temporary file beside `path` (readable by its owner only); its name. */
export async function writeTempFile(path: string, data: string | Uint8Array): Promise<string> {
  const tmp = join(dirname(path), `${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
  try {
    const handle = await open(tmp, 'w', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw e;
  }
  return tmp;
}

/** Renames a synced file over `path` and makes the rename durable. */
export async function commitFile(tmp: string, path: string): Promise<void> {
  try {
    await rename(tmp, path);
  } catch (e) {
    // A failed rename must not leave temporary files behind to pile up.
    await rm(tmp, { force: true }).catch(() => undefined);
    throw e;
  }
  await syncDir(dirname(path));
}

/** Replaces `path` with `data` atomically. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await commitFile(await writeTempFile(path, data), path);
}

/** A rename is only durable once the folder's entry is on disk (POSIX; Windows has no folder fsync). */
export async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // The file itself is written and renamed; a folder that cannot be synced loses nothing now.
  }
}
