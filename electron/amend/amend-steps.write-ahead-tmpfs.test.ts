/**
 * Disk full and read-only for real: the user-data folder on a small tmpfs, filled to the last byte,
 * then remounted read-only. Nothing is sent while the activity log cannot be written, the answer
 * says why in words, the log's health says so until space returns, and amends then go and are on
 * disk. A start on the full or read-only folder explains itself in words.
 *
 * Mounting needs root (and a kernel that allows it here); elsewhere this file says so and does not
 * run. The same behaviour through an injected file system always runs:
 * amend-steps.write-ahead.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, open, readFile, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeskError } from '../../shared/errors';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { ActivityLog } from '../activity/activity-log';
import { ActivityService } from '../activity/activity-service';
import { acquireUserDataLock, UserDataFolderError } from '../core/user-data-lock';
import { ExchangeClient } from '../exchange/client';
import { AmendRuns } from './amend-runs';
import { AmendService } from './amend-service';
import { LOCAL_DEMO_SUMMARY } from '../../shared/testing/local-demo-profile';

const MODIFY = '/api/v3/trade/modify-order';
const BATCH = '/api/v3/trade/batch-modify-order';
const BTC = { clientOid: 'demo-btc-open' } as const;

let root: string;
let mnt: string;
let mounted = false;
let why = '';

function tryMount(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) {
    why = 'not running as root on Linux';
    return false;
  }
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', mnt], { stdio: 'pipe' });
    return true;
  } catch (e) {
    why = `mount -t tmpfs failed (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`;
    return false;
  }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wal-tmpfs-'));
  mnt = join(root, 'mnt');
  await mkdir(mnt);
  mounted = tryMount();
  if (!mounted)
    console.log(
      `[disk full on tmpfs] NOT RUN: ${why}. The injected-fs variant (amend-steps.write-ahead.test.ts) covers it.`,
    );
});
afterAll(async () => {
  if (mounted) execFileSync('umount', [mnt]);
  await rm(root, { recursive: true, force: true });
});

/** Writes a file until the disk is full; answers its path (delete it to free the space). */
async function fill(dir: string): Promise<string> {
  const path = join(dir, 'filler.bin');
  const fh = await open(path, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) await fh.write(chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  }
  // What is left is less than a chunk: take that too, byte by byte in halves.
  for (let size = 32 * 1024; size >= 1; size = Math.floor(size / 2)) {
    try {
      for (;;) await fh.write(Buffer.alloc(size, 1));
    } catch {
      // full at this size; try a smaller one
    }
  }
  await fh.close();
  return path;
}

const remount = (mode: 'ro' | 'rw') => execFileSync('mount', ['-o', `remount,${mode}`, mnt]);

describe('on a real tmpfs', () => {
  it('full, then read-only: nothing sent, said in words; space returns and amends go, on disk', async (ctx) => {
    if (!mounted) return ctx.skip();
    const demo: DemoExchange = await startDemoExchange({ engineLatencyMs: 50, cancelLatencyMs: 20 });
    const dir = join(mnt, 'user-data');
    let clock = 1_800_000_000_000;
    const client = new ExchangeClient({ baseUrl: demo.url, credentials: DEMO_ACCOUNT });
    const session = async () => ({ profile: LOCAL_DEMO_SUMMARY, client });
    const lock = await acquireUserDataLock(dir, 'test');
    const amend = new AmendService({
      session,
      log: new ActivityLog(dir, undefined, { now: () => clock }),
      followTimeoutMs: 1500,
      followIntervalMs: 40,
    });
    const runs = new AmendRuns({ steps: amend.steps, session });
    const sent = (path: string) => demo.control.requestLog().filter((e) => e.path === path).length;
    try {
      const first = await amend.settled((await amend.send({ ...BTC, price: '60010.0' })).id);
      expect(first.status).toBe('applied');

      const filler = await fill(mnt);
      // A line that still fits in a block the journal already has is recorded, and so may go; the
      // first that does not fit is not sent.
      const wentWhileFull: string[] = [];
      let full: DeskError | undefined;
      for (let i = 0; i < 12 && !full; i++) {
        try {
          const a = await amend.send({ ...BTC, price: (60_100 + i).toFixed(1) });
          wentWhileFull.push(a.id);
          await amend.settled(a.id);
        } catch (e) {
          full = e as DeskError;
        }
      }
      expect(full).toBeInstanceOf(DeskError);
      expect(full?.data.message).toBe(
        `Not sent: UTA Desk could not record this change — the disk holding ${dir} is full. Free space and try again.`,
      );
      expect(sent(MODIFY)).toBe(1 + wentWhileFull.length);
      const run = await runs.finished((await runs.start([{ ...BTC, price: '60030.0' }])).id);
      expect(run.items[0]?.summary).toContain('the disk holding');
      expect(sent(BATCH)).toBe(0);
      expect((await new ActivityService(amend.steps.log, amend.steps).logHealth()).message).toContain(
        `the disk holding ${dir} is full`,
      );
      // A start on the full folder explains itself.
      const fullStart = await acquireUserDataLock(join(mnt, 'other'), 'test').catch((e: unknown) => e);
      expect(fullStart).toBeInstanceOf(UserDataFolderError);
      expect((fullStart as Error).message).toMatch(/^UTA Desk cannot start: the disk holding .* is full\. Free space/);

      await unlink(filler);
      clock += 5000;
      expect(await new ActivityService(amend.steps.log, amend.steps).logHealth()).toEqual({
        writable: true,
        message: null,
        since: null,
      });
      const again = await amend.settled((await amend.send({ ...BTC, price: '60020.0' })).id);
      expect(again.status).toBe('applied');
      const modifies = sent(MODIFY);

      // Read-only: a desk started on the folder (a remount waits for files open for writing to close).
      await runs.close();
      await amend.close();
      remount('ro');
      const roDesk = new AmendService({ session, log: new ActivityLog(dir), followTimeoutMs: 1500 });
      try {
        const ro = (await roDesk.send({ ...BTC, price: '60040.0' }).catch((e: unknown) => e)) as DeskError;
        expect(ro.data.message).toBe(
          `Not sent: UTA Desk could not record this change — the disk holding ${dir} is read-only. Make it writable (or give UTA Desk another folder) and try again.`,
        );
        expect(sent(MODIFY)).toBe(modifies);
        const roStart = await acquireUserDataLock(join(mnt, 'other'), 'test').catch((e: unknown) => e);
        expect((roStart as Error).message).toMatch(/^UTA Desk cannot start: the disk holding .* is read-only\./);
      } finally {
        await roDesk.close().catch(() => undefined);
        remount('rw');
      }
      await runs.close();
      await amend.close();
      // Every amend that went is on disk; nothing that did not go is.
      const journal = await readFile(join(dir, 'activity.jsonl'), 'utf8');
      const onDisk = new Set(
        journal
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => (JSON.parse(l) as { id: string }).id),
      );
      expect([...onDisk].sort()).toEqual([first.id, ...wentWhileFull, again.id].sort());
      console.log(
        `[disk full on tmpfs] ${wentWhileFull.length} amend(s) still fitted the journal's last block and went, recorded; the next was not sent`,
      );
    } finally {
      await runs.close();
      await amend.close();
      await lock.release();
      await demo.close();
    }
  });
});
