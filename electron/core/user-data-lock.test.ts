import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processIdentity } from './process-identity';
import {
  acquireUserDataLock,
  isProcessAlive,
  LOCK_FILE,
  UserDataFolderError,
  UserDataLockedError,
  type LockOwner,
} from './user-data-lock';

let root: string;
let dir: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'user-data-lock-'));
  // A folder that does not exist yet, as on a first start.
  dir = join(root, 'user-data');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const alive = () => true;
const lockPath = () => join(dir, LOCK_FILE);
const readOwner = async (): Promise<LockOwner> => JSON.parse(await readFile(lockPath(), 'utf8')) as LockOwner;

/** Puts a lock file in place as if written long ago (an old mtime marks garbage as a torn write, not a mid-write). */
async function plantLock(content: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(lockPath(), content);
  const past = new Date(Date.now() - 60_000);
  await utimes(lockPath(), past, past);
}

describe('acquireUserDataLock', () => {
  it('creates the folder and writes the owner', async () => {
    const lock = await acquireUserDataLock(dir, 'electron', { pid: 4242, now: () => 1_700_000_000_000 });
    expect(lock.path).toBe(lockPath());
    expect(await readOwner()).toEqual({ pid: 4242, host: 'electron', startedAt: 1_700_000_000_000 });
    expect(await readFile(lockPath(), 'utf8')).toMatch(/\n$/);
  });

  it.skipIf(process.platform === 'win32')('makes the lock readable by its owner only', async () => {
    await acquireUserDataLock(dir, 'electron');
    expect((await stat(lockPath())).mode & 0o777).toBe(0o600);
  });

  it('refuses while another live process holds it, naming the folder and pid', async () => {
    await acquireUserDataLock(dir, 'browser host', { pid: 1111, now: () => Date.UTC(2030, 0, 2, 3, 4, 5) });
    const error = await acquireUserDataLock(dir, 'electron', { pid: 2222, isAlive: alive }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserDataLockedError);
    const locked = error as UserDataLockedError;
    expect(locked.dir).toBe(dir);
    expect(locked.owner).toEqual({ pid: 1111, host: 'browser host', startedAt: Date.UTC(2030, 0, 2, 3, 4, 5) });
    expect(locked.message).toContain(`already running on ${dir}`);
    expect(locked.message).toContain('browser host, pid 1111, since 2030-01-02T03:04:05.000Z');
    expect(locked.message).toContain('--user-data DIR');
    expect((await readOwner()).pid).toBe(1111);
  });

  it('takes over a lock whose process is gone', async () => {
    await plantLock(JSON.stringify({ pid: 999_999, host: 'electron', startedAt: 1 }));
    const checked: number[] = [];
    const isAlive = (pid: number) => {
      checked.push(pid);
      return false;
    };
    await acquireUserDataLock(dir, 'electron', { pid: 3333, isAlive });
    expect(checked).toEqual([999_999]);
    expect((await readOwner()).pid).toBe(3333);
  });

  it.each([
    ['a torn write', '{"pid": 12'],
    ['an empty file', ''],
    ['the wrong shape', '{"pid": "12", "host": "electron", "startedAt": 1}'],
    ['a process-group pid', '{"pid": 0, "host": "electron", "startedAt": 1}'],
  ])('takes over %s', async (_label, content) => {
    await plantLock(content);
    await acquireUserDataLock(dir, 'electron', { pid: 3333, isAlive: alive });
    expect((await readOwner()).pid).toBe(3333);
    // The stale file was moved aside and removed, not left next to the lock.
    expect(await readdir(dir)).toEqual([LOCK_FILE]);
  });

  it('refuses a second host in this very process while the first holds the lock', async () => {
    const first = await acquireUserDataLock(dir, 'electron', { pid: 5555, now: () => 1 });
    await expect(acquireUserDataLock(dir, 'browser host', { pid: 5555, now: () => 2 })).rejects.toBeInstanceOf(
      UserDataLockedError,
    );
    await first.release();
    await acquireUserDataLock(dir, 'browser host', { pid: 5555, now: () => 3 });
    expect(await readOwner()).toEqual({ pid: 5555, host: 'browser host', startedAt: 3 });
  });

  it('takes over a lock with its own pid that this process does not hold (a pid reused after a reboot)', async () => {
    await plantLock(JSON.stringify({ pid: 5556, host: 'electron', startedAt: 1 }));
    await acquireUserDataLock(dir, 'electron', { pid: 5556, now: () => 2, isAlive: alive });
    expect(await readOwner()).toEqual({ pid: 5556, host: 'electron', startedAt: 2 });
  });

  it('waits for a lock that is being written rather than taking it over', async () => {
    await plantLock('');
    const now = new Date();
    await utimes(lockPath(), now, now);
    setTimeout(() => void writeFile(lockPath(), JSON.stringify({ pid: 1111, host: 'electron', startedAt: 1 })), 100);
    await expect(acquireUserDataLock(dir, 'electron', { pid: 2222, isAlive: alive })).rejects.toBeInstanceOf(
      UserDataLockedError,
    );
    expect((await readOwner()).pid).toBe(1111);
  });

  it('lets exactly one of two concurrent starters win', async () => {
    const results = await Promise.allSettled([
      acquireUserDataLock(dir, 'electron', { pid: 1001, isAlive: alive }),
      acquireUserDataLock(dir, 'browser host', { pid: 1002, isAlive: alive }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toBeInstanceOf(UserDataLockedError);
  });

  it('lets exactly one of several concurrent starters take over a stale lock', async () => {
    await plantLock(JSON.stringify({ pid: 999_999, host: 'electron', startedAt: 1 }));
    const isAlive = (pid: number) => pid !== 999_999;
    const results = await Promise.allSettled(
      [1001, 1002, 1003, 1004, 1005, 1006].map((pid) => acquireUserDataLock(dir, 'electron', { pid, isAlive })),
    );
    const winners = results.filter((r) => r.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(UserDataLockedError);
    expect((await readOwner()).pid).not.toBe(999_999);
    expect(await readdir(dir)).toEqual([LOCK_FILE]);
  });
  it('clears a takeover guard left by a starter that died mid-takeover', async () => {
    await plantLock(JSON.stringify({ pid: 999_999, host: 'electron', startedAt: 1 }));
    const guard = `${lockPath()}.takeover`;
    await writeFile(guard, '');
    const past = new Date(Date.now() - 60_000);
    await utimes(guard, past, past);
    await acquireUserDataLock(dir, 'electron', { pid: 3333, isAlive: (pid) => pid !== 999_999 });
    expect((await readOwner()).pid).toBe(3333);
    expect(await readdir(dir)).toEqual([LOCK_FILE]);
  });
});

describe('isProcessAlive', () => {
  it('tells a running process from one that has exited', async () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.on('exit', resolve));
    expect(isProcessAlive(child.pid as number)).toBe(false);
  });
});

describe('UserDataLock.release', () => {
  it('removes the lock so the next start succeeds, and can be called again', async () => {
    const lock = await acquireUserDataLock(dir, 'electron', { pid: 1001 });
    await lock.release();
    await expect(stat(lockPath())).rejects.toMatchObject({ code: 'ENOENT' });
    await lock.release();
    lock.releaseSync();
    const next = await acquireUserDataLock(dir, 'electron', { pid: 1002, isAlive: alive });
    expect((await readOwner()).pid).toBe(1002);
    await next.release();
  });

  it('releases synchronously', async () => {
    const lock = await acquireUserDataLock(dir, 'electron', { pid: 1001 });
    lock.releaseSync();
    await expect(stat(lockPath())).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('does not throw when the file is already gone', async () => {
    const a = await acquireUserDataLock(dir, 'electron', { pid: 1001 });
    const b = await acquireUserDataLock(join(root, 'other'), 'electron', { pid: 1001 });
    await rm(a.path);
    await rm(b.path);
    await expect(a.release()).resolves.toBeUndefined();
    expect(() => b.releaseSync()).not.toThrow();
  });

  it.each(['release', 'releaseSync'] as const)('%s leaves a lock another owner has since taken', async (method) => {
    const lock = await acquireUserDataLock(dir, 'electron', { pid: 1001, now: () => 1 });
    const other = JSON.stringify({ pid: 2002, host: 'browser host', startedAt: 2 });
    await writeFile(lockPath(), other);
    await lock[method]();
    expect(await readFile(lockPath(), 'utf8')).toBe(other);
  });

  it('leaves a lock of the same pid started later', async () => {
    const lock = await acquireUserDataLock(dir, 'electron', { pid: 1001, now: () => 1 });
    await writeFile(lockPath(), JSON.stringify({ pid: 1001, host: 'electron', startedAt: 2 }));
    await lock.release();
    expect(await readOwner()).toEqual({ pid: 1001, host: 'electron', startedAt: 2 });
  });
});

describe('a lock whose pid now names another process', () => {
  const owner = (pid: number, proc?: string) =>
    JSON.stringify({ pid, host: 'electron', startedAt: 1_700_000_000_000, ...(proc ? { proc } : {}) });

  it('is stale when the pid is alive but its process identity changed; kept when it is the same or unknown', async () => {
    await plantLock(owner(7777, 'linux:boot-a:100'));
    const same = await acquireUserDataLock(dir, 'electron', {
      pid: 1,
      isAlive: alive,
      identify: () => 'linux:boot-a:100',
    }).catch((e: unknown) => e);
    expect(same).toBeInstanceOf(UserDataLockedError);
    const unknown = await acquireUserDataLock(dir, 'electron', {
      pid: 1,
      isAlive: alive,
      identify: () => undefined,
    }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(UserDataLockedError);

    const identify = (pid: number) => (pid === 7777 ? 'linux:boot-b:55' : 'linux:boot-b:9');
    await acquireUserDataLock(dir, 'electron', { pid: 1, isAlive: alive, identify });
    expect(await readOwner()).toEqual({
      pid: 1,
      host: 'electron',
      startedAt: expect.any(Number),
      proc: 'linux:boot-b:9',
    });
  });

  it('keeps the pid-only check for a lock of an earlier version (no identity)', async () => {
    await plantLock(owner(7777));
    const e = await acquireUserDataLock(dir, 'electron', { pid: 1, isAlive: alive, identify: () => 'x' }).catch(
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(UserDataLockedError);
  });

  it.runIf(process.platform === 'linux')(
    'with real processes: an unrelated live process does not keep the lock',
    async () => {
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      try {
        const pid = child.pid as number;
        expect(processIdentity(pid)).toMatch(/^linux:[0-9a-f-]+:\d+$/);
        expect(processIdentity(pid)).not.toBe(processIdentity(process.pid));
        expect(processIdentity(process.pid)).toBe(processIdentity(process.pid));

        // The lock names the child's pid, written by a process that started at another tick.
        await plantLock(owner(pid, `${processIdentity(pid)}0`));
        const lock = await acquireUserDataLock(dir, 'electron');
        expect(await readOwner()).toMatchObject({ pid: process.pid, proc: processIdentity(process.pid) });
        await lock.release();

        // The child itself wrote it: refused, naming it.
        await plantLock(owner(pid, processIdentity(pid)));
        const refused = await acquireUserDataLock(dir, 'electron').catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(UserDataLockedError);
        expect((refused as UserDataLockedError).owner?.pid).toBe(pid);
      } finally {
        child.kill();
      }
    },
  );
});

describe('a folder that cannot hold the lock says why in words', () => {
  it('a folder where the lock file should be', async () => {
    await mkdir(lockPath(), { recursive: true });
    const error = await acquireUserDataLock(dir, 'electron').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserDataFolderError);
    expect((error as Error).message).toBe(
      `UTA Desk cannot start: ${lockPath()} is a folder, where UTA Desk keeps one of its files. Move that folder away and try again.`,
    );
  });

  it('a file where the folder should be', async () => {
    await writeFile(dir, 'not a folder');
    const error = await acquireUserDataLock(dir, 'electron').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserDataFolderError);
    expect((error as Error).message).toBe(
      `UTA Desk cannot start: a file stands where the folder ${dir} should be. Move that file away and try again.`,
    );
    expect((error as Error).message).not.toMatch(/E[A-Z]{3,}/);
  });
});
