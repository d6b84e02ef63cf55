import { appendFile, copyFile, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../shared/instrument-changes';
import type { Category, Instrument } from '../../shared/schemas';
import type { OpenFile } from '../storage/journal-file';
import { CHANGE_LOG_FILE } from './change-log';
import { HISTORY_DIR, InstrumentHistory, type InstrumentHistoryOptions } from './instrument-history';
import { fetchIdOf } from './history-files';

const T0 = 1_750_000_000_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function row(category: Category, symbol: string, patch: Record<string, string | undefined> = {}): Instrument {
  return {
    category,
    symbol,
    baseCoin: symbol.replace(/USDT$/, ''),
    quoteCoin: 'USDT',
    status: 'online',
    makerFeeRate: '0.0002',
    takerFeeRate: '0.0006',
    offTime: '-1',
    limitOpenTime: '-1',
    ...patch,
  } as Instrument;
}

const market = (category: Category, n: number, patch: (i: number) => Record<string, string | undefined> = () => ({})) =>
  Array.from({ length: n }, (_, i) => row(category, `S${i}USDT`, patch(i)));

const brief = (events: readonly ChangeEvent[]) =>
  events.map((e) => `${e.symbol} ${e.kind}${e.field ? ` ${e.field}` : ''}`);

let dir: string;
let clock: number;
const opened: InstrumentHistory[] = [];
function history(options: InstrumentHistoryOptions = {}): InstrumentHistory {
  const h = new InstrumentHistory(dir, { now: () => clock, ...options });
  opened.push(h);
  return h;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instrument-history-'));
  clock = T0;
});
afterEach(async () => {
  for (const h of opened.splice(0)) await h.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe('InstrumentHistory', () => {
  it('stores a first fetch as the baseline, then records what changed; a reopened store has it all', async () => {
    const h = history();
    const first = await h.record('p1', 'SPOT', [row('SPOT', 'BTCUSDT'), row('SPOT', 'ETHUSDT')], T0);
    expect(first).toMatchObject({ outcome: 'baseline', events: [], previousCount: 0, count: 2 });

    const second = await h.record(
      'p1',
      'SPOT',
      [row('SPOT', 'BTCUSDT', { status: 'limit_open' }), row('SPOT', 'SOLUSDT')],
      T0 + MINUTE,
    );
    expect(second.outcome).toBe('changed');
    expect(brief(second.events)).toEqual(['BTCUSDT status status', 'SOLUSDT listed', 'ETHUSDT delisted']);
    expect(second.events[0]).toMatchObject({ fetchId: second.fetchId, at: T0 + MINUTE, profileId: 'p1' });
    expect(second.fetchId).toBe(fetchIdOf('p1', 'SPOT', T0 + MINUTE));

    const unchanged = await h.record(
      'p1',
      'SPOT',
      [row('SPOT', 'BTCUSDT', { status: 'limit_open' }), row('SPOT', 'SOLUSDT')],
      T0 + 2 * MINUTE,
    );
    expect(unchanged).toMatchObject({ outcome: 'unchanged', events: [] });
    const page = await h.events({ profileId: 'p1', limit: 50 });
    await h.close();

    const reopened = history();
    expect(await reopened.events({ profileId: 'p1', limit: 50 })).toEqual(page);
    expect(page.events.map((e) => e.id)).toEqual([...second.events].reverse().map((e) => e.id));
    expect(await reopened.lastChecked('p1')).toEqual({ SPOT: { lastChecked: T0 + 2 * MINUTE, count: 2 } });
    // The reopened store diffs against the stored snapshot.
    const third = await reopened.record(
      'p1',
      'SPOT',
      [row('SPOT', 'BTCUSDT'), row('SPOT', 'SOLUSDT')],
      T0 + 3 * MINUTE,
    );
    expect(brief(third.events)).toEqual(['BTCUSDT status status']);
    expect(third.events[0]).toMatchObject({ old: 'limit_open', new: 'online' });
    expect((await reopened.events({ profileId: 'p1', limit: 50 })).total).toBe(4);
  });

  it('keeps its files under instrument-history/<profile hash>/, readable by their owner only', async () => {
    const h = history();
    await h.record('p1', 'SPOT', [row('SPOT', 'A')], T0);
    await h.record('p1', 'SPOT', [row('SPOT', 'B')], T0 + MINUTE);
    const folder = h.profileDir('p1');
    expect(folder.startsWith(join(dir, HISTORY_DIR))).toBe(true);
    expect((await readdir(folder)).sort()).toEqual([CHANGE_LOG_FILE, 'snapshot-SPOT.json', 'state.json']);
    if (process.platform !== 'win32') {
      for (const name of await readdir(folder)) expect((await stat(join(folder, name))).mode & 0o077).toBe(0);
    }
  });

  it('refuses an empty answer for a category that had 50 instruments or more, and says so', async () => {
    const h = history();
    await h.record('p1', 'USDT-FUTURES', market('USDT-FUTURES', 60), T0);
    const empty = await h.record('p1', 'USDT-FUTURES', [], T0 + MINUTE);
    expect(empty).toMatchObject({ outcome: 'suspicious-empty', events: [], previousCount: 60, count: 0 });
    expect(await h.lastChecked('p1')).toEqual({
      'USDT-FUTURES': { lastChecked: T0, count: 60, suspicious: { at: T0 + MINUTE, previousCount: 60 } },
    });
    // The snapshot is untouched: the next real answer is diffed against the 60.
    const next = await h.record('p1', 'USDT-FUTURES', market('USDT-FUTURES', 59), T0 + 2 * MINUTE);
    expect(brief(next.events)).toEqual(['S59USDT delisted']);
    expect(await h.lastChecked('p1')).toEqual({ 'USDT-FUTURES': { lastChecked: T0 + 2 * MINUTE, count: 59 } });
    // Confirmed by the operator, an empty category is recorded.
    const trusted = await h.record('p1', 'USDT-FUTURES', [], T0 + 3 * MINUTE, { trustEmpty: true });
    expect(trusted.events).toHaveLength(59);
  });

  it('records an empty answer for a small category: a few delistings are plausible', async () => {
    const h = history();
    await h.record('p1', 'USDC-FUTURES', market('USDC-FUTURES', 3), T0);
    const empty = await h.record('p1', 'USDC-FUTURES', [], T0 + MINUTE);
    expect(empty.outcome).toBe('changed');
    expect(brief(empty.events)).toEqual(['S0USDT delisted', 'S1USDT delisted', 'S2USDT delisted']);
  });

  it('ignores a fetch older than the last one recorded for its category', async () => {
    const h = history();
    await h.record('p1', 'SPOT', [row('SPOT', 'A')], T0);
    await h.record('p1', 'SPOT', [row('SPOT', 'A', { status: 'offline' })], T0 + 2 * MINUTE);
    const late = await h.record('p1', 'SPOT', [row('SPOT', 'A')], T0 + MINUTE);
    expect(late).toMatchObject({ outcome: 'stale', events: [] });
    expect((await h.events({ profileId: 'p1', limit: 10 })).total).toBe(1);
  });

  it('diffs two records of one profile × category in quick succession one after the other', async () => {
    const h = history();
    await h.record('p1', 'SPOT', [row('SPOT', 'A')], T0);
    const [b, c] = await Promise.all([
      h.record('p1', 'SPOT', [row('SPOT', 'A', { takerFeeRate: '0.0005' })], T0 + MINUTE),
      h.record('p1', 'SPOT', [row('SPOT', 'A', { takerFeeRate: '0.0004' })], T0 + 2 * MINUTE),
    ]);
    expect(b.events.map((e) => [e.old, e.new])).toEqual([['0.0006', '0.0005']]);
    expect(c.events.map((e) => [e.old, e.new])).toEqual([['0.0005', '0.0004']]);
    const { events } = await h.events({ profileId: 'p1', limit: 10 });
    expect(events.map((e) => e.new)).toEqual(['0.0004', '0.0005']);
  });

  it('keeps two profiles apart', async () => {
    const h = history();
    await h.record('p1', 'SPOT', [row('SPOT', 'A')], T0);
    await h.record('p2', 'SPOT', [row('SPOT', 'B')], T0);
    await h.record('p1', 'SPOT', [row('SPOT', 'A'), row('SPOT', 'C')], T0 + MINUTE);
    await h.record('p2', 'SPOT', [], T0 + MINUTE);
    expect(h.profileDir('p1')).not.toBe(h.profileDir('p2'));
    expect(brief((await h.events({ profileId: 'p1', limit: 10 })).events)).toEqual(['C listed']);
    expect(brief((await h.events({ profileId: 'p2', limit: 10 })).events)).toEqual(['B delisted']);
    expect((await h.events({ profileId: 'nobody', limit: 10 })).events).toEqual([]);
    expect(await h.lastChecked('nobody')).toEqual({});
    await expect(stat(h.profileDir('nobody'))).rejects.toThrow();
    // Read first, recorded after.
    expect((await h.record('nobody', 'MARGIN', [row('MARGIN', 'A')], T0)).outcome).toBe('baseline');

    await h.removeProfile('p2');
    expect((await h.events({ profileId: 'p2', limit: 10 })).events).toEqual([]);
    expect(brief((await h.events({ profileId: 'p1', limit: 10 })).events)).toEqual(['C listed']);
  });

  it('pages newest first and filters by category, kind, symbol, watched symbols and time', async () => {
    const h = history();
    await h.record('p1', 'SPOT', market('SPOT', 10), T0);
    await h.record('p1', 'USDT-FUTURES', market('USDT-FUTURES', 10), T0);
    // Fetch 2: fees of S0..S4 on SPOT. Fetch 3: S5 status on futures, S9 delisted. Fetch 4: S0 restriction on SPOT.
    await h.record(
      'p1',
      'SPOT',
      market('SPOT', 10, (i) => (i < 5 ? { takerFeeRate: '0.0005' } : {})),
      T0 + MINUTE,
    );
    await h.record(
      'p1',
      'USDT-FUTURES',
      market('USDT-FUTURES', 9, (i) => (i === 5 ? { status: 'limit_close' } : {})),
      T0 + 2 * MINUTE,
    );
    await h.record(
      'p1',
      'SPOT',
      market('SPOT', 10, (i) => ({
        takerFeeRate: i < 5 ? '0.0005' : '0.0006',
        ...(i === 0 ? { offTime: '1800000000000' } : {}),
      })),
      T0 + 3 * MINUTE,
    );
    const all = await h.events({ profileId: 'p1', limit: 100 });
    expect(brief(all.events)).toEqual([
      'S0USDT restriction-scheduled offTime',
      'S9USDT delisted',
      'S5USDT status status',
      'S4USDT field takerFeeRate',
      'S3USDT field takerFeeRate',
      'S2USDT field takerFeeRate',
      'S1USDT field takerFeeRate',
      'S0USDT field takerFeeRate',
    ]);
    expect(all).toMatchObject({ next: null, total: 8, skippedLines: 0 });

    // Paging: three at a time, each page where the last one stopped, the last one says so.
    const seen: ChangeEvent[] = [];
    let before: number | undefined;
    for (let pages = 0; ; pages++) {
      const page = await h.events({ profileId: 'p1', limit: 3, ...(before !== undefined ? { before } : {}) });
      seen.push(...page.events);
      if (page.next === null) break;
      before = page.next;
      expect(pages).toBeLessThan(3);
    }
    expect(seen).toEqual(all.events);
    // A page that ends exactly at the oldest event has no next.
    expect((await h.events({ profileId: 'p1', limit: 8 })).next).toBeNull();

    const q = (filter: object) => h.events({ profileId: 'p1', limit: 100, ...filter }).then((p) => brief(p.events));
    expect(await q({ category: 'USDT-FUTURES' })).toEqual(['S9USDT delisted', 'S5USDT status status']);
    expect(await q({ kinds: ['status', 'restriction-scheduled'] })).toEqual([
      'S0USDT restriction-scheduled offTime',
      'S5USDT status status',
    ]);
    expect(await q({ symbol: 'S0USDT' })).toEqual([
      'S0USDT restriction-scheduled offTime',
      'S0USDT field takerFeeRate',
    ]);
    expect(await q({ symbol: 'S0USDT', category: 'USDT-FUTURES' })).toEqual([]);
    expect(await q({ symbols: ['S5USDT', 'S9USDT', 'UNKNOWN'] })).toEqual(['S9USDT delisted', 'S5USDT status status']);
    expect(await q({ symbols: [] })).toEqual([]);
    // Watched instruments are pairs: S0USDT watched in USDT-FUTURES does not bring its SPOT events.
    expect(
      await q({
        instruments: [
          { category: 'USDT-FUTURES', symbol: 'S5USDT' },
          { category: 'USDT-FUTURES', symbol: 'S0USDT' },
          { category: 'SPOT', symbol: 'S4USDT' },
        ],
      }),
    ).toEqual(['S5USDT status status', 'S4USDT field takerFeeRate']);
    expect(await q({ instruments: [] })).toEqual([]);
    expect(await q({ kinds: [] })).toEqual([]);
    // The count of every match, whatever the page size: what the feed says it shows out of.
    expect(await h.events({ profileId: 'p1', limit: 2, kinds: ['field'] })).toMatchObject({ total: 8, matched: 5 });
    expect(await h.events({ profileId: 'p1', limit: 100, symbols: [] })).toMatchObject({ total: 8, matched: 0 });
    expect(await q({ since: T0 + 2 * MINUTE })).toEqual([
      'S0USDT restriction-scheduled offTime',
      'S9USDT delisted',
      'S5USDT status status',
    ]);
    // Filtered paging.
    const first = await h.events({ profileId: 'p1', limit: 2, kinds: ['field'] });
    expect(brief(first.events)).toEqual(['S4USDT field takerFeeRate', 'S3USDT field takerFeeRate']);
    const second = await h.events({ profileId: 'p1', limit: 5, kinds: ['field'], before: first.next! });
    expect(brief(second.events)).toEqual([
      'S2USDT field takerFeeRate',
      'S1USDT field takerFeeRate',
      'S0USDT field takerFeeRate',
    ]);
    expect(second.next).toBeNull();
  });

  it('skips a torn last line after a crash, counts it, and appends after it on a fresh line', async () => {
    const h = history();
    await h.record('p1', 'SPOT', [row('SPOT', 'A')], T0);
    await h.record('p1', 'SPOT', [row('SPOT', 'A'), row('SPOT', 'B')], T0 + MINUTE);
    await h.close();
    const logPath = join(history().profileDir('p1'), CHANGE_LOG_FILE);
    const line = (await readFile(logPath, 'utf8')).trim();
    await appendFile(logPath, `\n${line.slice(0, line.length / 2)}`);

    const after = history();
    const page = await after.events({ profileId: 'p1', limit: 10 });
    expect(brief(page.events)).toEqual(['B listed']);
    expect(page.skippedLines).toBe(1);
    await after.record('p1', 'SPOT', [row('SPOT', 'A'), row('SPOT', 'B'), row('SPOT', 'C')], T0 + 2 * MINUTE);
    await after.close();

    const again = await history().events({ profileId: 'p1', limit: 10 });
    expect(brief(again.events)).toEqual(['C listed', 'B listed']);
    expect(again.skippedLines).toBe(1);
  });

  it('compacts a log grown past its size: events older than the retention go, recent ones stay', async () => {
    // Lines of ~200 bytes: 20 events (a fetch) ~4 KB.
    const options = { retentionMs: 30 * DAY, compactAboveBytes: 12 * 1024 };
    const h = history(options);
    const fee = (n: number) => market('SPOT', 20, (i) => ({ takerFeeRate: `0.000${(n + i) % 9}` }));
    await h.record('p1', 'SPOT', fee(0), T0);
    // Old events: two fetches, below the threshold.
    for (let n = 1; n <= 2; n++) await h.record('p1', 'SPOT', fee(n), T0 + n * MINUTE);
    const logPath = join(h.profileDir('p1'), CHANGE_LOG_FILE);
    expect((await stat(logPath)).size).toBeLessThan(12 * 1024);
    // Two months later, more changes push the log over the threshold.
    clock = T0 + 60 * DAY;
    const recent: ChangeEvent[] = [];
    for (let n = 3; n <= 4; n++) recent.push(...(await h.record('p1', 'SPOT', fee(n), clock + n * MINUTE)).events);
    const page = await h.events({ profileId: 'p1', limit: 1000 });
    expect(page.events.map((e) => e.id)).toEqual(recent.map((e) => e.id).reverse());
    expect(page.total).toBe(40);
    expect((await stat(logPath)).size).toBeLessThan(12 * 1024);
    expect((await readdir(h.profileDir('p1'))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    // Cursors survive: the second page of the compacted log goes on where the first stopped.
    const first = await h.events({ profileId: 'p1', limit: 25 });
    const rest = await h.events({ profileId: 'p1', limit: 25, before: first.next! });
    expect([...first.events, ...rest.events]).toEqual(page.events);
    await h.close();
    // On disk as in memory, and new events get new sequence numbers after a reopen.
    const reopened = history(options);
    expect(await reopened.events({ profileId: 'p1', limit: 1000 })).toEqual(page);
    const fifth = await reopened.record('p1', 'SPOT', fee(5), clock + 5 * MINUTE);
    const newest = await reopened.events({ profileId: 'p1', limit: 20 });
    expect(newest.events.map((e) => e.id)).toEqual(fifth.events.map((e) => e.id).reverse());
    // (That fetch pushed the log over its threshold again: the oldest of the recent events went.)
    const older = await reopened.events({ profileId: 'p1', limit: 100, before: newest.next! });
    expect(older.events.length).toBeGreaterThan(0);
    expect(older.events).toEqual(page.events.slice(0, older.events.length));
  });

  it('bounds a flood of recent events too: the oldest go until the log is well below its threshold', async () => {
    const h = history({ compactAboveBytes: 8 * 1024 });
    const fee = (n: number) => market('SPOT', 20, (i) => ({ takerFeeRate: `0.000${(n + i) % 9}` }));
    await h.record('p1', 'SPOT', fee(0), T0);
    let last: ChangeEvent[] = [];
    for (let n = 1; n <= 8; n++) last = (await h.record('p1', 'SPOT', fee(n), T0 + n * MINUTE)).events;
    const size = (await stat(join(h.profileDir('p1'), CHANGE_LOG_FILE))).size;
    expect(size).toBeLessThanOrEqual(8 * 1024);
    const page = await h.events({ profileId: 'p1', limit: 1000 });
    expect(page.events.slice(0, 20).map((e) => e.id)).toEqual(last.map((e) => e.id).reverse());
  });

  it('after a crash between the log append and the snapshot rename, finishes the rename: no event twice', async () => {
    const h = history();
    await h.record('p1', 'SPOT', [row('SPOT', 'A')], T0);
    const folder = h.profileDir('p1');
    const snapshot = join(folder, 'snapshot-SPOT.json');
    await copyFile(snapshot, join(dir, 'old-snapshot'));
    const changed = await h.record('p1', 'SPOT', [row('SPOT', 'A', { status: 'offline' })], T0 + MINUTE);
    await h.close();
    // The state a crash would leave: events in the log, the new snapshot still pending.
    await rename(snapshot, join(folder, `snapshot-SPOT.${changed.fetchId}.pending`));
    await copyFile(join(dir, 'old-snapshot'), snapshot);

    const after = history();
    const again = await after.record('p1', 'SPOT', [row('SPOT', 'A', { status: 'offline' })], T0 + 2 * MINUTE);
    expect(again).toMatchObject({ outcome: 'unchanged', events: [] });
    expect((await readdir(folder)).some((n) => n.endsWith('.pending'))).toBe(false);
    expect((await after.events({ profileId: 'p1', limit: 10 })).total).toBe(1);
  });

  it('after a crash before the log append, discards the pending snapshot: the changes are found again', async () => {
    const h = history();
    await h.record('p1', 'SPOT', [row('SPOT', 'A')], T0);
    await h.close();
    const folder = h.profileDir('p1');
    const fetchId = fetchIdOf('p1', 'SPOT', T0 + MINUTE);
    await writeFile(join(folder, `snapshot-SPOT.${fetchId}.pending`), '{"version":1}');
    await writeFile(join(folder, 'state.json.123.abcd.tmp'), 'half');

    const after = history();
    const again = await after.record('p1', 'SPOT', [row('SPOT', 'A', { status: 'offline' })], T0 + 2 * MINUTE);
    expect(brief(again.events)).toEqual(['A status status']);
    expect((await readdir(folder)).sort()).toEqual([CHANGE_LOG_FILE, 'snapshot-SPOT.json', 'state.json']);
  });

  it('keeps nothing of a fetch whose log append failed: the next fetch records its changes once', async () => {
    let failAppends = false;
    const openFile: OpenFile = async (path, flags, mode) => {
      const fh = await open(path, flags, mode);
      if (!failAppends || !path.endsWith(CHANGE_LOG_FILE)) return fh;
      // ENOSPC halfway through the write.
      fh.appendFile = async (data) => {
        await fh.write(String(data).slice(0, 20));
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      };
      return fh;
    };
    const h = history({ openFile });
    await h.record('p1', 'SPOT', [row('SPOT', 'A')], T0);
    await h.record('p1', 'SPOT', [row('SPOT', 'A'), row('SPOT', 'B')], T0 + MINUTE);
    failAppends = true;
    await expect(h.record('p1', 'SPOT', [row('SPOT', 'B')], T0 + 2 * MINUTE)).rejects.toThrow('no space');
    failAppends = false;
    expect((await readdir(h.profileDir('p1'))).some((n) => n.endsWith('.pending'))).toBe(false);
    const retried = await h.record('p1', 'SPOT', [row('SPOT', 'B')], T0 + 3 * MINUTE);
    expect(brief(retried.events)).toEqual(['A delisted']);
    const page = await h.events({ profileId: 'p1', limit: 10 });
    expect(brief(page.events)).toEqual(['A delisted', 'B listed']);
    expect(page.skippedLines).toBe(0);
  });

  it('starts a new baseline over a damaged snapshot instead of listing everything', async () => {
    const h = history();
    await h.record('p1', 'SPOT', market('SPOT', 5), T0);
    await h.close();
    await writeFile(join(h.profileDir('p1'), 'snapshot-SPOT.json'), '{"version":1,"instr');
    const after = history();
    expect((await after.record('p1', 'SPOT', market('SPOT', 6), T0 + MINUTE)).outcome).toBe('baseline');
    expect(brief((await after.record('p1', 'SPOT', market('SPOT', 7), T0 + 2 * MINUTE)).events)).toEqual([
      'S6USDT listed',
    ]);
  });

  it('refuses calls once closed', async () => {
    const h = history();
    await h.close();
    await expect(h.events({ profileId: 'p1', limit: 1 })).rejects.toThrow('closed');
  });
});
