/**
 * Where the local channel lives and whether it is private: a Unix socket `uta-desk.sock` in the
 * user-data folder (mode 0600, in a folder no other user may write), or on Windows a named pipe whose
 * name is derived from the folder's path. Shared by the app's server and the CLI's client.
 */
import { createHash } from 'node:crypto';
import { chmod, lstat, stat } from 'node:fs/promises';
import { join, resolve, win32 } from 'node:path';

export const SOCKET_FILE = 'uta-desk.sock';
/** A request line: a run of MAX_RUN_ITEMS (even 1,000) modifications is well under 1 MB. */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;
/** An answer line: an Activity export chunk of 2,000 attempts fits many times over. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
/** sun_path holds 108 bytes on Linux, 104 on macOS (with its NUL). */
const MAX_SOCKET_PATH_BYTES = 103;

/** Why the channel cannot be served or used here, in words for the operator. */
export class LocalChannelError extends Error {
  override name = 'LocalChannelError';
}

export function localChannelPath(userDataDir: string, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') {
    // A pipe name is global to the machine: one per folder, the same for the app and the CLI.
    const hash = createHash('sha256').update(win32.resolve(userDataDir).toLowerCase()).digest('hex').slice(0, 32);
    return `\\\\.\\pipe\\uta-desk-${hash}`;
  }
  const path = join(resolve(userDataDir), SOCKET_FILE);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES)
    throw new LocalChannelError(
      `The command line cannot reach UTA Desk through ${userDataDir}: its path is too long for a local socket (at most ${MAX_SOCKET_PATH_BYTES - SOCKET_FILE.length - 1} bytes). Use a shorter --user-data folder.`,
    );
  return path;
}

const currentUid = (): number | undefined => process.getuid?.();

/**
 * Makes sure the folder is the current user's and no one else may write to it, so no other user can
 * put a socket (or anything else) where the channel's is. A folder of this user that group or others
 * may write (made under umask 002, as Electron makes its own) loses that write permission here: it is
 * UTA Desk's folder, and UTA Desk makes it 700 itself.
 */
export async function assertPrivateFolder(userDataDir: string): Promise<void> {
  const s = await stat(userDataDir);
  const uid = currentUid();
  if (uid !== undefined && s.uid !== uid)
    throw new LocalChannelError(
      `The command line's channel is not served: ${userDataDir} belongs to another user (uid ${s.uid}).`,
    );
  if ((s.mode & 0o022) === 0) return;
  try {
    await chmod(userDataDir, s.mode & 0o755);
  } catch {
    throw new LocalChannelError(
      `The command line's channel is not served: other users may write to ${userDataDir} (mode ${(s.mode & 0o777).toString(8)}) and it could not be changed. Run chmod go-w on it.`,
    );
  }
}

/** What stands at the socket's path: nothing, a socket of this user, or something else. */
export async function socketAt(path: string): Promise<'none' | 'ours' | 'foreign' | 'not-a-socket'> {
  let s;
  try {
    s = await lstat(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    throw e;
  }
  if (!s.isSocket()) return 'not-a-socket';
  const uid = currentUid();
  return uid === undefined || s.uid === uid ? 'ours' : 'foreign';
}
