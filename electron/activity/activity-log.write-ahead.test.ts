/**
 * What write-ahead needs of the activity log: a batch's attempts in one synced append, appends that
 * wait together written together (group commit), and a health answer that says in words when the
 * log cannot be written and turns writable again once a probe write succeeds.
 */
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Attempt } from '../../shared/attempts';
import { ActivityLog, type OpenFile } from './activity-log';

function attempt(id: string, startedAt: number, patch: Partial<Attempt> = {}): Attempt {
  return {
    id,
    profileId: 'local-demo',
    profileName: 'Local demo',
    environment: 'local-demo',
    startedAt,
    request: { orderId: `o-${id}`, price: '60010.0' },
    status: 'sending',
    summary: 'Sending the modification…',
    timeline: [{ at: startedAt, label: 'Sent' }],
    ...patch,
  };
}

let dir: string;
let opens: string[];
let failWith: string | undefined;
const counting: OpenFile = async (path, flags, mode) => {
  if (flags !== 'r') opens.push(path);
  if (failWith && flags !== 'r') throw Object.assign(new Error(`${failWith}: injected`), { code: failWith, path });
  return open(path, flags, mode);
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'activity-wal-'));
  opens = [];
  failWith = undefined;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('appends a batch of attempts in one synced write, each found by id and listed', async () => {
  const log = new ActivityLog(dir, undefined, { openFile: counting });
  await log.appendAll(Array.from({ length: 20 }, (_, i) => attempt(`b${i}`, i)));
  expect(opens.filter((p) => p.endsWith('.jsonl'))).toHaveLength(1);
  await log.append(attempt('b7', 7, { status: 'applied', summary: 'Applied' }));
  const reopened = new ActivityLog(dir);
  expect((await reopened.find('b7'))?.status).toBe('applied');
  expect((await reopened.find('b19'))?.request.orderId).toBe('o-b19');
  expect((await reopened.read()).attempts.map((a) => a.id)).toEqual(Array.from({ length: 20 }, (_, i) => `b${19 - i}`));
  await reopened.close();
  await log.close();
});

it('writes appends that wait together in one go, in their order', async () => {
  const log = new ActivityLog(dir, undefined, { openFile: counting });
  await Promise.all(Array.from({ length: 40 }, (_, i) => log.append(attempt(`c${i}`, i))));
  expect(opens.filter((p) => p.endsWith('.jsonl')).length).toBeLessThan(40);
  const { attempts, skippedLines } = await log.read();
  expect(skippedLines).toBe(0);
  expect(attempts.map((a) => a.id)).toEqual(Array.from({ length: 40 }, (_, i) => `c${39 - i}`));
  await log.close();
});

it('says in words when it cannot be written, until a probe write succeeds', async () => {
  let clock = 1000;
  const log = new ActivityLog(dir, undefined, { openFile: counting, now: () => clock });
  expect(await log.health()).toEqual({ writable: true, message: null, since: null });

  failWith = 'EROFS';
  await expect(log.append(attempt('x', 1))).rejects.toThrow(/EROFS/);
  const failing = await log.health();
  expect(failing).toEqual({
    writable: false,
    message: `The activity log cannot be written — the disk holding ${dir} is read-only. Nothing is sent until it can be. Make it writable (or give UTA Desk another folder) and try again.`,
    since: 1000,
  });
  // Still failing at the next probe; then writable once the probe goes through.
  clock += 2500;
  expect((await log.health()).writable).toBe(false);
  failWith = undefined;
  clock += 2500;
  expect(await log.health()).toEqual({ writable: true, message: null, since: null });
  await log.close();
});

it('a folder that cannot be written shows before anything is appended (one probe at the first check)', async () => {
  failWith = 'ENOSPC';
  const log = new ActivityLog(dir, undefined, { openFile: counting });
  const health = await log.health();
  expect(health.writable).toBe(false);
  expect(health.message).toContain(`the disk holding ${dir} is full`);
});
