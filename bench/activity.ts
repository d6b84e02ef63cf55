/**
 * The activity log with a long history: 1,000,000 attempts on disk (two lines each, in 32 MB
 * segments), then the operations the desk performs on it.
 *
 *   npx tsx bench/activity.ts [--attempts 1000000] [--runs 21] [--dir DIR]
 *
 * Figures: the one-off index rebuild (a log from before the index, or a deleted index), opening the
 * log with its index, listing the newest 200 (target < 50 ms), a page deep in the history, a search
 * page (a scan), finding one old attempt by id, and one append (with its fsync). Then an auditor's
 * questions through the key index (activity-keys.ts): every attempt on one order id (≤ 10 ms), on one
 * clientOid, and a page of 50 on a symbol or a run (≤ 50 ms); the Activity list by entries (a page of
 * 200 runs with their counts, again from the cache, a search of 50, and a page of one run's items);
 * and `uta-desk activity --csv` of the whole log in a child process: its time and peak RSS (constant
 * memory). `--reuse` keeps the journal of an earlier run in `--dir` (indexes rebuilt): paired figures. Timings are medians over
 * `runs` with min–max; the last stdout line is a JSON object with the figures.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Attempt } from '../shared/attempts';
import { ActivityLog } from '../electron/activity/activity-log';

const { values } = parseArgs({
  options: {
    attempts: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '21' },
    dir: { type: 'string' },
    'skip-csv': { type: 'boolean' },
    /** Keep the journal already in --dir (written by an earlier run with the same --attempts): paired figures. */
    reuse: { type: 'boolean' },
  },
});
const ATTEMPTS = Number(values.attempts);
const RUNS = Number(values.runs);
const SEGMENT_BYTES = 32 * 1024 * 1024;
const T0 = 1_700_000_000_000;
/** What writeJournal wrote, for --reuse. */
const JOURNAL_NOTE = 'bench-journal.json';
/** Entries of the journal written: its runs of 1,000 attempts. */
const RUN_ENTRIES = Math.ceil(ATTEMPTS / 1000);

function attempt(n: number, final: boolean): Attempt {
  const price = (60000 + (n % 500) / 10).toFixed(1);
  return {
    id: `0b7c${n.toString(16).padStart(8, '0')}-5f1e-4c6a-9d2b-7e3f1a2b3c4d`,
    profileId: 'local-demo',
    profileName: 'Local demo',
    environment: 'local-demo',
    startedAt: T0 + n * 1000,
    ...(final ? { finishedAt: T0 + n * 1000 + 420 } : {}),
    request: { orderId: `13872965164789${String(n % 100000).padStart(5, '0')}`, price, autoCancel: 'no' },
    status: final ? 'applied' : 'sending',
    summary: final ? `Applied: price 60000.0 → ${price}` : 'Sending the modification…',
    before: final
      ? {
          orderId: `13872965164789${String(n % 100000).padStart(5, '0')}`,
          clientOid: `desk-${n}`,
          category: 'USDT-FUTURES',
          symbol: 'BTCUSDT',
          price: '60000.0',
          qty: '0.0100',
          cumExecQty: '0',
          orderStatus: 'live',
          updatedTime: String(T0 + n * 1000),
        }
      : undefined,
    answer: final ? { code: '00000', msg: 'success', requestTime: T0 + n * 1000 + 30 } : undefined,
    timeline: final
      ? [
          { at: T0 + n * 1000, label: 'Sent' },
          { at: T0 + n * 1000 + 30, label: 'Accepted by the exchange' },
          { at: T0 + n * 1000 + 420, label: 'Applied' },
        ]
      : [{ at: T0 + n * 1000, label: 'Sent' }],
    // Amend-many runs of 1,000 items each.
    run: { id: `run-${Math.floor(n / 1000)}`, index: n % 1000, size: 1000 },
  };
}

/** Writes the journal directly (as months of use would have), a segment at a time. */
async function writeJournal(dir: string, attempts: number): Promise<{ bytes: number; segments: number }> {
  console.log(`writing ${attempts.toLocaleString('en-US')} attempts (2 lines each) to ${dir}…`);
  let segment = 0;
  let size = 0;
  let total = 0;
  let out = createWriteStream(join(dir, 'activity.jsonl'));
  const write = async (line: string) => {
    const bytes = Buffer.byteLength(line);
    if (size + bytes > SEGMENT_BYTES) {
      await new Promise((ok) => out.end(ok));
      segment++;
      size = 0;
      out = createWriteStream(join(dir, `activity-${segment}.jsonl`));
    }
    size += bytes;
    total += bytes;
    if (!out.write(line)) await new Promise<void>((ok) => out.once('drain', () => ok()));
  };
  for (let n = 0; n < attempts; n++) {
    await write(`${JSON.stringify(attempt(n, false))}\n`);
    await write(`${JSON.stringify(attempt(n, true))}\n`);
  }
  await new Promise((ok) => out.end(ok));
  await writeFile(join(dir, JOURNAL_NOTE), JSON.stringify({ bytes: total, segments: segment + 1, lastSize: size }));
  return { bytes: total, segments: segment + 1 };
}

/** The journal an earlier run left in `dir`, its last segment cut back to what that run wrote. */
async function journalOf(dir: string): Promise<{ bytes: number; segments: number }> {
  const note = JSON.parse(await readFile(join(dir, JOURNAL_NOTE), 'utf8')) as {
    bytes: number;
    segments: number;
    lastSize: number;
  };
  const last = note.segments === 1 ? 'activity.jsonl' : `activity-${note.segments - 1}.jsonl`;
  await truncate(join(dir, last), note.lastSize);
  console.log(`reusing the journal in ${dir}`);
  return { bytes: note.bytes, segments: note.segments };
}

function stats(samples: number[]): { median: number; min: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  return { median: round(s[Math.floor(s.length / 2)]!), min: round(s[0]!), max: round(s[s.length - 1]!) };
}

async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

async function main(): Promise<void> {
  const dir = values.dir ?? (await mkdtemp(join(tmpdir(), 'bench-activity-')));
  try {
    await mkdir(dir, { recursive: true });
    const journal = values.reuse ? await journalOf(dir) : await writeJournal(dir, ATTEMPTS);
    if (values.reuse) {
      // Appends of an earlier run are cut off, and the indexes rebuilt, so every run starts alike.
      for (const name of ['activity.idx', 'activity.keys', 'activity.keyheads', 'activity.entries'])
        await rm(join(dir, name), { force: true });
    }
    console.log(`journal: ${(journal.bytes / 1e6).toFixed(0)} MB in ${journal.segments} segments`);

    const rebuilt = new ActivityLog(dir);
    const [rebuildMs] = await time(() => rebuilt.page({ limit: 200 }));
    await rebuilt.close();
    console.log(`index rebuilt from the journal in ${(rebuildMs / 1000).toFixed(1)} s (once, when there is none)`);

    const open: number[] = [];
    const newest: number[] = [];
    const deep: number[] = [];
    const search: number[] = [];
    const find: number[] = [];
    const append: number[] = [];
    const byOrder: number[] = [];
    const byClientOid: number[] = [];
    const symbolPage: number[] = [];
    const runPage: number[] = [];
    const entries: number[] = [];
    const entriesAgain: number[] = [];
    const entriesSearch: number[] = [];
    const runItems: number[] = [];
    let counted = 0;
    for (let r = 0; r < RUNS; r++) {
      const log = new ActivityLog(dir);
      const [openMs, first] = await time(() => log.page({ limit: 200 }));
      open.push(openMs);
      counted = first.attempts.length;
      const [newestMs] = await time(() => log.page({ limit: 200 }));
      newest.push(newestMs);
      const [deepMs] = await time(() => log.page({ before: Math.floor(ATTEMPTS / 2) + r, limit: 200 }));
      deep.push(deepMs);
      const symbolMatch = (a: Attempt) => a.request.price === '60012.3';
      const [searchMs] = await time(() => log.page({ limit: 50, match: symbolMatch }));
      search.push(searchMs);
      const old = attempt(Math.floor(ATTEMPTS / 3) + r, true).id;
      const [findMs, found] = await time(() => log.find(old));
      if (found?.id !== old) throw new Error('find returned the wrong attempt');
      find.push(findMs);
      // An order id of the bench is amended every 100,000 attempts: 10 attempts on each at 1,000,000.
      const orderId = `13872965164789${String((Math.floor(ATTEMPTS / 3) + r) % 100000).padStart(5, '0')}`;
      const [orderMs, onOrder] = await time(() => log.pageByKeys([`o:${orderId}`, `c:${orderId}`], { limit: 1000 }));
      if (onOrder.attempts.length !== Math.ceil(ATTEMPTS / 100000))
        throw new Error(`order: ${onOrder.attempts.length}`);
      byOrder.push(orderMs);
      const oid = `desk-${Math.floor(ATTEMPTS / 4) + r}`;
      const [oidMs, onOid] = await time(() => log.pageByKeys([`o:${oid}`, `c:${oid}`], { limit: 1000 }));
      if (onOid.attempts.length !== 1) throw new Error(`clientOid: ${onOid.attempts.length}`);
      byClientOid.push(oidMs);
      const [symbolMs, onSymbol] = await time(() =>
        log.pageByKeys(['s:BTCUSDT'], { limit: 50, before: ATTEMPTS - 1000 * r }),
      );
      if (onSymbol.attempts.length !== 50) throw new Error(`symbol: ${onSymbol.attempts.length}`);
      symbolPage.push(symbolMs);
      const runId = `run-${Math.floor(ATTEMPTS / 2000) + r}`;
      const [runMs, inRun] = await time(() => log.pageByKeys([`r:${runId}`], { limit: 50 }));
      if (inRun.attempts.length !== 50) throw new Error(`run: ${inRun.attempts.length}`);
      runPage.push(runMs);
      // The Activity list by entries: every attempt of the bench is in a run of 1,000, so a page of
      // 200 entries is 200 runs, each counted from its items' records (the first time in a session;
      // then cached). Before the runs' appends of earlier rounds: those are one more, unfinished, run.
      const [entriesMs, page] = await time(() => log.entries({ limit: 200, before: RUN_ENTRIES }));
      if (
        page.entries.length !== Math.min(200, RUN_ENTRIES) ||
        page.entries.some((e) => e.kind !== 'run' || e.run.attempts !== 1000)
      )
        throw new Error(`entries: ${page.entries.length}`);
      entries.push(entriesMs);
      const [againMs] = await time(() => log.entries({ limit: 200, before: RUN_ENTRIES }));
      entriesAgain.push(againMs);
      const [entriesSearchMs] = await time(() => log.entries({ limit: 50, match: symbolMatch }));
      entriesSearch.push(entriesSearchMs);
      const [itemsMs, items] = await time(() => log.runItems(runId, { limit: 50, after: 500 * (r % 2) }));
      if (items.attempts.length !== 50) throw new Error(`run items: ${items.attempts.length}`);
      runItems.push(itemsMs);
      const [appendMs] = await time(() => log.append(attempt(ATTEMPTS + r, false)));
      append.push(appendMs);
      await log.close();
    }
    if (counted !== 200) throw new Error(`expected 200 attempts, got ${counted}`);
    const csv = values['skip-csv'] ? undefined : await cliCsv(dir);
    if (csv && csv.rows !== ATTEMPTS + RUNS) throw new Error(`csv: ${csv.rows} rows`);
    const figures = {
      attempts: ATTEMPTS,
      journalMB: Math.round(journal.bytes / 1e6),
      segments: journal.segments,
      rebuildMs: Math.round(rebuildMs),
      openAndNewest200Ms: stats(open),
      newest200Ms: stats(newest),
      deepPage200Ms: stats(deep),
      searchPage50Ms: stats(search),
      findOldMs: stats(find),
      appendMs: stats(append),
      orderAllAttemptsMs: stats(byOrder),
      clientOidAllAttemptsMs: stats(byClientOid),
      symbolPage50Ms: stats(symbolPage),
      runPage50Ms: stats(runPage),
      entriesPage200Ms: stats(entries),
      entriesPage200AgainMs: stats(entriesAgain),
      entriesSearch50Ms: stats(entriesSearch),
      runItemsPage50Ms: stats(runItems),
      ...(csv ? { cliCsvMs: csv.ms, cliCsvPeakRssMB: csv.peakRssMB, cliCsvRows: csv.rows } : {}),
    };
    console.log(JSON.stringify(figures));
  } finally {
    if (!values.dir) await rm(dir, { recursive: true, force: true });
  }
}

/** `uta-desk activity --csv` over the whole log, as an operator runs it: rows counted, time, peak RSS (GNU time). */
async function cliCsv(dir: string): Promise<{ ms: number; peakRssMB: number; rows: number }> {
  const entry = resolve(__dirname, '../electron/cli/uta-desk.ts');
  const child = spawn(
    '/usr/bin/time',
    ['-f', 'maxrss-kb %M', process.execPath, '--import', 'tsx', entry, 'activity', '--csv', '--user-data', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let rows = -1; // the header
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const start = performance.now();
  const code = await new Promise<number | null>((ok) => child.on('close', ok));
  const ms = Math.round(performance.now() - start);
  const kb = /maxrss-kb (\d+)/.exec(err);
  if (code !== 0 || !kb) throw new Error(`uta-desk activity --csv failed (${code}): ${err.slice(-500)}`);
  return { ms, peakRssMB: Math.round(Number(kb[1]) / 1024), rows };
}

void main();
