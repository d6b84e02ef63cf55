/**
 * `uta-desk activity`: lists and searches a user-data folder's activity log, streams every match as
 * CSV with backpressure, and only reads (the folder is byte for byte the same afterwards, no lock).
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Attempt } from '../../shared/attempts';
import type { BatchRun } from '../../shared/batch-run';
import { RunRecords } from '../amend/run-records';
import { ActivityLog } from '../activity/activity-log';
import type { OutputStream } from './output';
import { runCli } from './run-cli';

const T0 = 1_800_000_000_000;

function attempt(n: number): Attempt {
  return {
    id: `attempt-${n}`,
    profileId: n % 2 ? 'live-1' : 'local-demo',
    profileName: n % 2 ? 'Desk live' : 'Local demo',
    environment: n % 2 ? 'live' : 'local-demo',
    startedAt: T0 + n * 60_000,
    finishedAt: T0 + n * 60_000 + 400,
    request: {
      orderId: `order-${n % 50}`,
      clientOid: `oid-${n}`,
      symbol: 'BTCUSDT',
      category: 'USDT-FUTURES',
      price: '60010.0',
    },
    status: n % 5 === 0 ? 'rejected' : 'applied',
    summary: n % 5 === 0 ? 'Rejected: price out of band' : 'Applied',
    timeline: [],
    ...(n % 4 === 0 ? { run: { id: 'run-7', index: n / 4, size: 1000 } } : {}),
  };
}

/** A stdout that fills up every few writes and drains a tick later, and fails a write made while full. */
class SlowSink implements OutputStream {
  text = '';
  private full = false;
  private writes = 0;
  private drains: (() => void)[] = [];
  write(text: string): boolean {
    if (this.full) throw new Error('written while full: backpressure ignored');
    this.text += text;
    if (++this.writes % 3 !== 0) return true;
    this.full = true;
    setTimeout(() => {
      this.full = false;
      this.drains.splice(0).forEach((d) => d());
    }, 0);
    return false;
  }
  once(_event: 'drain', listener: () => void): unknown {
    this.drains.push(listener);
    return this;
  }
}

let dir: string;
const N = 2500;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-activity-'));
  const log = new ActivityLog(dir);
  for (let i = 0; i < N; i += 500) await log.appendAll(Array.from({ length: 500 }, (_, k) => attempt(i + k)));
  await log.close();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new SlowSink();
  let err = '';
  const code = await runCli(['activity', ...args, '--user-data', dir], {
    env: {},
    stdout,
    stderr: { write: (t: string) => (err += t) },
    now: () => T0 + N * 60_000,
  });
  return { code, out: stdout.text, err };
}

async function snapshot(): Promise<string> {
  const names = (await readdir(dir)).sort();
  const parts = await Promise.all(
    names.map(async (n) => {
      const s = await stat(join(dir, n));
      return `${n}:${s.size}:${s.mtimeMs}:${(await readFile(join(dir, n))).toString('base64').length}`;
    }),
  );
  return parts.join('\n');
}

describe('uta-desk activity', () => {
  it('streams every matching attempt as CSV, past any page size, waiting for the output to drain', async () => {
    const all = await run('--csv');
    expect(all.code).toBe(0);
    const lines = all.out.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^time,started_ms,profile,/);
    expect(lines).toHaveLength(N + 1);
    expect(lines[1]).toContain(`attempt-${N - 1}`);
    const rejected = await run('--csv', '--outcome', 'rejected', '--profile', 'local demo');
    expect(rejected.out.trimEnd().split('\r\n')).toHaveLength(1 + N / 10);
  });

  it('answers every attempt on an order id or clientOid, a run, and a time window', async () => {
    const order = JSON.parse((await run('--json', '--order', 'order-7', '--limit', '1000')).out) as Attempt[];
    expect(order.map((a) => a.id)).toEqual(Array.from({ length: N / 50 }, (_, k) => `attempt-${N - 43 - 50 * k}`));
    const oid = JSON.parse((await run('--json', '--order', 'oid-42')).out) as Attempt[];
    expect(oid.map((a) => a.id)).toEqual(['attempt-42']);
    const runCsv = (await run('--csv', '--run', 'run-7')).out.trimEnd().split('\r\n');
    expect(runCsv).toHaveLength(1 + N / 4);
    const recent = JSON.parse((await run('--json', '--since', '30m')).out) as Attempt[];
    expect(recent.map((a) => a.id)).toEqual(Array.from({ length: 30 }, (_, k) => `attempt-${N - 1 - k}`));
    const found = await run('--search', 'out of band', '--limit', '3');
    expect(found.out.split('\n')[0]).toMatch(/^TIME \(UTC\)\s+OUTCOME/);
    expect(found.out).toContain('Rejected');
    expect(found.err).toContain('Showing the newest 3');
  });

  it('only reads: the folder is unchanged and no lock is taken, while a writer has it open', async () => {
    const writer = new ActivityLog(dir);
    await writer.append(attempt(N));
    await writer.flushed();
    const before = await snapshot();
    const { out } = await run('--csv');
    expect(out.trimEnd().split('\r\n')).toHaveLength(N + 2);
    expect(await snapshot()).toBe(before);
    // The entries too, their index caught up in the reader's private copy, not in the folder: the
    // attempt just written is an item of run-7 (2500 is a multiple of 4), so the run counts it.
    const entries = await run('--entries', '--limit', '5000');
    expect(entries.out.trimEnd().split('\n')).toHaveLength(1 + 1875 + 1);
    expect(entries.out).toContain('626 of 1000 items');
    expect(await snapshot()).toBe(before);
    await writer.append(attempt(N + 1));
    await writer.close();
  });

  it('lists entries as the Activity screen does: a run is one row with its items counted', async () => {
    // Every fourth attempt is an item of run-7 (625 of its 1000, 125 of them rejected): one entry, in
    // the place of its first item; the 1875 single amends are an entry each, newest first.
    const { code, out } = await run('--entries', '--limit', '5000');
    expect(code).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^TIME \(UTC\)\s+OUTCOME/);
    expect(lines).toHaveLength(1 + 1875 + 1);
    const at = (n: number) => new Date(T0 + n * 60_000).toISOString().replace('T', ' ').slice(0, 19);
    expect(lines.slice(1, 5).map((l) => l.slice(0, 19))).toEqual([at(2499), at(2498), at(2497), at(2495)]);
    expect(out).not.toContain(at(2496));
    // No record of run-7 is kept: its word comes from its attempts, as the app's badge does.
    expect(lines.at(-1)).toMatch(/Finished\s+Local demo\s+run run-7\s+625 of 1000 items: 125 rejected, 500 applied/);

    // A search keeps a run when any item matches and says how many; --json gives the entries as recorded.
    const json = JSON.parse((await run('--entries', '--json', '--outcome', 'rejected', '--limit', '1000')).out);
    expect(json).toHaveLength(375 + 1);
    expect(json[0]).toMatchObject({ kind: 'attempt', attempt: { id: 'attempt-2495' } });
    expect(json.at(-1)).toMatchObject({ kind: 'run', run: { id: 'run-7', size: 1000, attempts: 625, matching: 125 } });

    const bad = await run('--entries', '--csv');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--entries');
    expect((await run('--entries', '--run', 'run-7')).code).toBe(2);
  });

  it("says a run's word as the app's badge does, from the run's record when main kept one", async () => {
    // Main's record of run-7: done, every attempt decided, items never sent among the 1000.
    const counts = {
      total: 1000,
      queued: 0,
      inFlight: 0,
      applied: 500,
      refused: 125,
      failed: 0,
      unknown: 0,
      notSent: 375,
      excluded: 0,
    };
    const record = (over: Partial<BatchRun>) => ({
      run: {
        id: 'run-7',
        profileId: 'local-demo',
        profileName: 'Local demo',
        environment: 'local-demo',
        startedAt: T0,
        state: 'done',
        checked: 1000,
        counts,
        requests: 32,
        items: [],
        ...over,
      } as BatchRun,
      attemptIds: [],
    });
    await new RunRecords(dir).write(record({ stoppedBy: 'operator' }));
    const stopped = await run('--entries', '--limit', '5000');
    expect(stopped.out.trimEnd().split('\n').at(-1)).toMatch(/^\S+ \S+\s+Stopped\s+Local demo\s+run run-7/);
    await new RunRecords(dir).write(record({ counts: { ...counts, unknown: 2 } }));
    const unknown = await run('--entries', '--limit', '5000');
    expect(unknown.out.trimEnd().split('\n').at(-1)).toMatch(/^\S+ \S+\s+Unknown\s+Local demo\s+run run-7/);
  });

  it('has its own help, and says what is wrong with its options', async () => {
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: uta-desk activity');
    expect(help.out).toContain('--csv');
    const bad = await run('--outcome', 'maybe');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--outcome is one of');
    expect((await run('--json', '--csv')).code).toBe(2);
    let err = '';
    const missing = await runCli(['activity', '--user-data', join(dir, 'nowhere')], {
      env: {},
      stdout: new SlowSink(),
      stderr: { write: (t: string) => (err += t) },
    });
    expect(missing).toBe(1);
    expect(err).toContain('there is no such folder');
  });
});
