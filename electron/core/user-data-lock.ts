/**
 * One app process per user-data folder: the Electron app and the browser host (`uta-desk serve`) both keep
 * profiles.json there and would silently overwrite each other's edits if two of them ran at once.
 *
 * The lock is a small JSON file created with O_EXCL. A lock whose process is gone (a crash, a kill -9) is
 * stale and taken over, so nobody has to delete it by hand after an unclean exit. So is one whose pid now
 * names another process: the lock records the kernel's identity of its process (see process-identity).
 */
import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { processIdentity } from './process-identity';
import { cannotStartMessage } from '../../shared/errors';

export const LOCK_FILE = 'uta-desk.lock';

export interface LockOwner {
  pid: number;
  /** Which kind of process holds it, e.g. 'electron' or 'browser host'. */
  host: string;
  /** ms since the epoch */
  startedAt: number;
  /** The process's identity (processIdentity) when the platform tells it; absent in locks of earlier versions. */
  proc?: string;
}

export class UserDataLockedError extends Error {
  /** Undefined when the lock kept changing hands and no owner could be read. */
  readonly owner: LockOwner | undefined;
  readonly dir: string;

  constructor(dir: string, owner: LockOwner | undefined) {
    super(
      owner
        ? `UTA Desk is already running on ${dir} (${owner.host}, pid ${owner.pid}, since ` +
            `${new Date(owner.startedAt).toISOString()}). Use that window, or stop it first; to run a second one, ` +
            `give it its own folder with --user-data DIR. If no such process is running, delete ` +
            `${join(dir, LOCK_FILE)}.`
        : `UTA Desk is starting on ${dir} in another process at the same moment. Use that window, or stop it ` +
            `first; to run a second one, give it its own folder with --user-data DIR.`,
    );
    this.name = 'UserDataLockedError';
    this.owner = owner;
    this.dir = dir;
  }
}

/**
 * The folder cannot hold the lock (or anything else): full, read-only, not writable, or something in
 * the way where the folder or the lock file should be. Its message says so in words for the operator.
 */
export class UserDataFolderError extends Error {
  readonly dir: string;
  /** The system's code (ENOSPC, EROFS, EISDIR, …), for logs; never shown as the message. */
  readonly code: string | undefined;

  constructor(dir: string, code: string | undefined, file?: string) {
    super(cannotStartMessage(code, dir, file));
    this.name = 'UserDataFolderError';
    this.dir = dir;
    this.code = code;
  }
}

export interface UserDataLock {
  readonly path: string;
  /** Removes the lock if it is still ours; safe to call twice. */
  release(): Promise<void>;
  /** The same, synchronously, for process 'exit' handlers. */
  releaseSync(): void;
}

export interface AcquireOptions {
  pid?: number;
  now?: () => number;
  isAlive?: (pid: number) => boolean;
  /** A pid's process identity (tests); by default the kernel's (processIdentity). */
  identify?: (pid: number) => string | undefined;
}

const MAX_ATTEMPTS = 3;
/**
 * A lock file is created empty and filled a moment later, so unparseable content younger than this is most
 * likely a starter mid-write, not a torn write from a crash: wait for it rather than take it over.
 */
const FRESH_GARBAGE_GRACE_MS = 1000;
const REREAD_DELAY_MS = 20;
const TAKEOVER_SUFFIX = '.takeover';
const TAKEOVER_WAIT_MS = 2000;
const ABANDONED_GUARD_MS = 5000;

/**
 * Takes the lock, or throws UserDataLockedError (another app holds it) or UserDataFolderError (the
 * folder cannot be written); their messages are meant for the operator as they are.
 */
export async function acquireUserDataLock(
  dir: string,
  host: string,
  options: AcquireOptions = {},
): Promise<UserDataLock> {
  try {
    return await acquire(dir, host, options);
  } catch (error) {
    if (error instanceof UserDataLockedError) throw error;
    const e = error as NodeJS.ErrnoException;
    if (typeof e?.code !== 'string') throw error;
    // mkdir of a folder where a file is answers EEXIST: a file is in the way.
    const code = e.code === 'EEXIST' && e.syscall === 'mkdir' ? 'ENOTDIR' : e.code;
    throw new UserDataFolderError(dir, code, code === 'EISDIR' ? join(dir, LOCK_FILE) : undefined);
  }
}

async function acquire(dir: string, host: string, options: AcquireOptions): Promise<UserDataLock> {
  const pid = options.pid ?? process.pid;
  const now = options.now ?? Date.now;
  const identify = options.identify ?? processIdentity;
  const isAlive = ownerAlive(options.isAlive ?? isProcessAlive, identify);
  const path = join(dir, LOCK_FILE);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // A pid given by a test names no process of ours: nothing to record unless the test says what.
  const proc = options.identify || pid === process.pid ? identify(pid) : undefined;

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const me: LockOwner = { pid, host, startedAt: now(), ...(proc ? { proc } : {}) };
    if (await tryCreate(path, me)) return makeLock(path, me);

    const existing = await readExisting(path);
    if (existing === 'gone') continue;
    const heldHere = existing.owner?.pid === pid && heldInThisProcess.has(path);
    if (existing.owner && (heldHere || (existing.owner.pid !== pid && isAlive(existing.owner)))) {
      throw new UserDataLockedError(dir, existing.owner);
    }
    // Dead owner, a pid now naming another process, garbage, or our pid on a lock this process does not hold: stale.
    await removeStale(path, existing.raw);
  }
  // Every attempt lost a race; name whoever holds it now if that is a live process.
  const last = await readExisting(path);
  const holder = last === 'gone' ? undefined : last.owner;
  throw new UserDataLockedError(dir, holder && holder.pid !== pid && isAlive(holder) ? holder : undefined);
}

/**
 * The owner's pid is alive and, where both the lock and the platform tell, still names the process
 * that wrote the lock. A lock of an earlier version (no identity) keeps the pid-only check.
 */
function ownerAlive(
  isAlive: (pid: number) => boolean,
  identify: (pid: number) => string | undefined,
): (owner: LockOwner) => boolean {
  return (owner) => {
    if (!isAlive(owner.pid)) return false;
    if (owner.proc === undefined) return true;
    const now = identify(owner.pid);
    return now === undefined || now === owner.proc;
  };
}

/** Default liveness probe: signal 0 checks existence without delivering anything. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else. Anything but ESRCH errs towards "alive" so a lock is never
    // stolen from a running app on an unexpected error.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

async function tryCreate(path: string, owner: LockOwner): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(`${JSON.stringify(owner)}\n`, 'utf8');
    await handle.sync();
    await handle.close();
  } catch (error) {
    // An empty or half-written lock is no lock; leave nothing for the next start to puzzle over.
    await handle.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    throw error;
  }
  return true;
}

interface Existing {
  raw: string;
  owner: LockOwner | undefined;
}

async function readExisting(path: string): Promise<Existing | 'gone'> {
  // Bounded on our own clock too, so an mtime in the future (clock skew, network folders) cannot stall us.
  const giveUpAt = Date.now() + FRESH_GARBAGE_GRACE_MS;
  for (;;) {
    let raw: string;
    let mtimeMs: number;
    try {
      [raw, { mtimeMs }] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
      throw error;
    }
    const owner = parseOwner(raw);
    if (owner || Date.now() - mtimeMs > FRESH_GARBAGE_GRACE_MS || Date.now() >= giveUpAt) return { raw, owner };
    await delay(REREAD_DELAY_MS);
  }
}

function parseOwner(raw: string): LockOwner | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { pid, host, startedAt, proc } = value as Record<string, unknown>;
  // pid <= 0 must never reach process.kill: 0 and negatives address whole process groups.
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
  if (typeof host !== 'string' || typeof startedAt !== 'number' || !Number.isFinite(startedAt)) return undefined;
  const identity = typeof proc === 'string' && proc.length > 0 && proc.length <= 200 ? { proc } : {};
  return { pid, host, startedAt, ...identity };
}

/**
 * Removing a stale lock is not atomic with checking it: two starters that both read the stale lock could each
 * unlink, the second one deleting the fresh lock the first had just created, and then both would win. So removal
 * happens only while holding a second exclusive file, and only if the lock still holds what was judged stale.
 * Starters that find the guard taken wait until the stale lock is gone or replaced, then look again.
 */
async function removeStale(path: string, staleRaw: string): Promise<void> {
  const guard = `${path}${TAKEOVER_SUFFIX}`;
  const giveUpAt = Date.now() + TAKEOVER_WAIT_MS;
  while (Date.now() < giveUpAt) {
    let handle;
    try {
      handle = await open(guard, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (handle) {
      try {
        await handle.close();
        if ((await readIfPresent(path)) === staleRaw) await unlink(path);
      } finally {
        await unlink(guard).catch(() => undefined);
      }
      return;
    }
    await removeAbandonedGuard(guard);
    await delay(REREAD_DELAY_MS);
    if ((await readIfPresent(path)) !== staleRaw) return;
  }
}

/**
 * A guard is held for a read and an unlink; one that has been there for seconds belongs to a starter that died
 * mid-takeover. Absolute age, so a guard stamped in the future by a skewed clock does not block forever.
 */
async function removeAbandonedGuard(guard: string): Promise<void> {
  try {
    const { mtimeMs } = await stat(guard);
    if (Math.abs(Date.now() - mtimeMs) > ABANDONED_GUARD_MS) await unlink(guard);
  } catch {
    // gone already, or removed by another waiter
  }
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Locks this process holds: a second host in one process (tests, a bug) is refused like another process. */
const heldInThisProcess = new Set<string>();

function makeLock(path: string, me: LockOwner): UserDataLock {
  let released = false;
  heldInThisProcess.add(path);
  const isOurs = (raw: string): boolean => {
    const owner = parseOwner(raw);
    return owner !== undefined && owner.pid === me.pid && owner.startedAt === me.startedAt;
  };
  // Release is best effort: a lock left behind by a failed release names a dead pid and is taken over next start.
  return {
    path,
    async release() {
      if (released) return;
      released = true;
      heldInThisProcess.delete(path);
      try {
        if (isOurs(await readFile(path, 'utf8'))) await unlink(path);
      } catch {
        // already gone, or unreadable: nothing of ours to remove
      }
    },
    releaseSync() {
      if (released) return;
      released = true;
      heldInThisProcess.delete(path);
      try {
        if (isOurs(readFileSync(path, 'utf8'))) unlinkSync(path);
      } catch {
        // already gone, or unreadable: nothing of ours to remove
      }
    },
  };
}
