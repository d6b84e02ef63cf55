/**
 * `uta-desk activity`: the audit log of a user-data folder, listed, searched and exported, by attempt
 * or (--entries) by entry as the Activity screen lists it. It only reads (activity-reader.ts): safe
 * while the app runs on the same folder, and it takes no lock.
 * `--csv` streams every matching attempt, a page at a time, waiting for the output to drain, so a
 * million attempts take the memory of one page.
 */
import { stat } from 'node:fs/promises';
import { ACTIVITY_CSV_HEADER, activityCsvRows, durationMs } from '../../shared/activity-csv';
import { activityMatches, orderLabel, STATUS_LABELS, symbolLabel } from '../../shared/attempt-search';
import type { Attempt } from '../../shared/attempts';
import { changeText } from '../../shared/change-text';
import { runCountWords } from '../../shared/activity-entries';
import { runWord, runWordOfCounts, type RunSummary } from '../../shared/batch-run';
import { RunRecords } from '../amend/run-records';
import { summaryOf } from '../amend/run-model';
import { openActivityReader } from '../activity/activity-reader';
import type { ActivityLog, LogEntry, PageQuery, RunEntry } from '../activity/activity-log';
import { defaultUserDataDir } from '../core/open-core';
import type { ActivityCommand } from './activity-args';
import type { OutputStream, TextSink } from './output';
import { renderTable, type Column } from './table';

/** Where `activity` writes and what it asks the clock; process.stdout waits for 'drain' when full. */
export interface ActivityIo {
  stdout: OutputStream;
  stderr: TextSink;
  env?: Readonly<Record<string, string | undefined>>;
  now?: () => number;
}

/** Attempts read per page; the memory a listing takes whatever the log's length. */
const PAGE = 1000;
const DEFAULT_LIMIT = 50;

export async function runActivity(command: ActivityCommand, io: ActivityIo): Promise<number> {
  const c = { ...command, userDataDir: command.userDataDir ?? defaultUserDataDir(process.platform, io.env ?? {}) };
  try {
    await listActivity(c, io);
    return 0;
  } catch (e) {
    io.stderr.write(
      `uta-desk activity: could not read the activity log in ${c.userDataDir}: ${e instanceof Error ? e.message : String(e)}\n`,
    );
    return 1;
  }
}

/** The command with its folder settled. */
type Listing = ActivityCommand & { userDataDir: string };

async function listActivity(c: Listing, io: ActivityIo): Promise<void> {
  // A mistyped folder is said as such, not listed as an empty log.
  if (!(await stat(c.userDataDir).catch(() => undefined))?.isDirectory()) throw new Error('there is no such folder');
  const reader = await openActivityReader(c.userDataDir);
  const out = backpressured(io.stdout);
  try {
    if (c.entries) return await listEntries(c, reader.log, out, io);
    const limit = c.limit ?? (c.format === 'csv' ? Number.POSITIVE_INFINITY : DEFAULT_LIMIT);
    const keys = c.order
      ? [`o:${c.order}`, `c:${c.order}`]
      : c.run
        ? [`r:${c.run}`]
        : c.symbol
          ? [`s:${c.symbol}`]
          : undefined;
    const match = matcher(c);
    const since = c.sinceMs === undefined ? undefined : (io.now ?? Date.now)() - c.sinceMs;
    const shown: Attempt[] = [];
    if (c.format === 'csv') await out(ACTIVITY_CSV_HEADER);
    if (c.format === 'json') await out('[');
    let before: number | undefined;
    let left = limit;
    let count = 0;
    let skipped = 0;
    for (;;) {
      const query: PageQuery = { before, limit: Math.min(PAGE, left), match, since };
      const page = keys ? await reader.log.pageByKeys(keys, query) : await reader.log.page(query);
      skipped = page.skippedLines;
      if (c.format === 'csv') await out(activityCsvRows(page.attempts));
      else if (c.format === 'json')
        for (const a of page.attempts) await out(`${count++ === 0 ? '\n' : ',\n'}${JSON.stringify(a)}`);
      else shown.push(...page.attempts);
      left -= page.attempts.length;
      if (page.next === null || left <= 0) break;
      before = page.next;
    }
    if (c.format === 'json') await out(count === 0 ? ']\n' : '\n]\n');
    if (c.format === 'table') {
      await out(shown.length === 0 ? 'No attempt matches.\n' : renderTable(shown, COLUMNS));
      if (shown.length === limit)
        io.stderr.write(`Showing the newest ${limit}: --limit N shows more, --csv every match.\n`);
    }
    if (skipped > 0) io.stderr.write(`${skipped} unreadable line${skipped === 1 ? '' : 's'} in the journal skipped.\n`);
  } finally {
    await reader.close();
  }
}

/** --entries: the Activity screen's list (activity-entry-pages.ts), a page at a time. */
async function listEntries(
  c: Listing,
  log: ActivityLog,
  out: (text: string) => Promise<void>,
  io: ActivityIo,
): Promise<void> {
  const limit = c.limit ?? DEFAULT_LIMIT;
  const query = {
    match: matcher(c),
    since: c.sinceMs === undefined ? undefined : (io.now ?? Date.now)() - c.sinceMs,
  };
  const shown: LogEntry[] = [];
  let before: number | undefined;
  let skipped = 0;
  while (shown.length < limit) {
    const page = await log.entries({ ...query, before, limit: Math.min(PAGE, limit - shown.length) });
    skipped = page.skippedLines;
    shown.push(...page.entries);
    if (page.next === null) break;
    before = page.next;
  }
  // The shape of the attempts' --json: an array, one record a line.
  if (c.format === 'json')
    await out(shown.length === 0 ? '[]\n' : `[\n${shown.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`);
  else {
    const columns = entryColumns(await runSummaries(c.userDataDir, shown));
    await out(shown.length === 0 ? 'No entry matches.\n' : renderTable(shown, columns));
    if (shown.length === limit) io.stderr.write(`Showing the newest ${limit}: --limit N shows more.\n`);
  }
  if (skipped > 0) io.stderr.write(`${skipped} unreadable line${skipped === 1 ? '' : 's'} in the journal skipped.\n`);
}

function matcher(c: ActivityCommand): ((a: Attempt) => boolean) | undefined {
  const tests: ((a: Attempt) => boolean)[] = [];
  if (c.search || c.outcome) tests.push((a) => activityMatches(a, { text: c.search, status: c.outcome }));
  if (c.profile) {
    const p = c.profile.toLowerCase();
    tests.push((a) => a.profileName.toLowerCase() === p || a.profileId.toLowerCase() === p);
  }
  // The key index picks by one key; the others still narrow.
  if (c.run) tests.push((a) => a.run?.id === c.run);
  if (c.symbol) tests.push((a) => symbolLabel(a).split(' · ')[0]?.toUpperCase() === c.symbol);
  return tests.length === 0 ? undefined : (a) => tests.every((t) => t(a));
}

const utc = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/** What main recorded of the runs listed (how each ended), by id: a run's word is the app's badge. */
type Summaries = ReadonlyMap<string, RunSummary>;

/** The table's columns: what an attempt shows, and what a run shows in the same place (--entries). */
const TABLE: readonly (Column<Attempt> & { run: (r: RunEntry, summaries: Summaries) => string })[] = [
  { header: 'TIME (UTC)', value: (a) => utc(a.startedAt), run: (r) => utc(r.startedAt) },
  {
    header: 'OUTCOME',
    value: (a) => STATUS_LABELS[a.status],
    run: (r, summaries) => {
      const summary = summaries.get(r.id);
      return summary ? runWord(summary) : runWordOfCounts(r.counts, r.size);
    },
  },
  { header: 'PROFILE', value: (a) => a.profileName, run: (r) => r.profileName },
  { header: 'ORDER', value: (a) => orderLabel(a), run: (r) => `run ${r.id}` },
  { header: 'SYMBOL', value: (a) => symbolLabel(a), run: () => '' },
  {
    header: 'CHANGE',
    value: (a) => changeText(a.request, a.before),
    run: (r) => `${r.attempts} of ${r.size} items: ${runCountWords(r.counts, STATUS_LABELS)}`,
  },
  {
    header: 'MS',
    value: (a) => (durationMs(a) === undefined ? '' : String(durationMs(a))),
    run: (r) => (r.finishedAt === undefined ? '' : String(r.finishedAt - r.startedAt)),
    align: 'right',
  },
  {
    header: 'RUN',
    value: (a) => (a.run ? `${a.run.id} ${a.run.index + 1}/${a.run.size}` : ''),
    run: (r) => (r.matching === undefined ? '' : `${r.matching} match`),
  },
];
const COLUMNS: readonly Column<Attempt>[] = TABLE;
const entryColumns = (summaries: Summaries): readonly Column<LogEntry>[] =>
  TABLE.map(({ header, value, run, align }) => ({
    header,
    align,
    value: (e) => (e.kind === 'attempt' ? value(e.attempt) : run(e.run, summaries)),
  }));

/** The run records of the runs among `entries` (a run main no longer keeps a record of is told from its attempts). */
async function runSummaries(userDataDir: string, entries: readonly LogEntry[]): Promise<Summaries> {
  const records = new RunRecords(userDataDir);
  const summaries = new Map<string, RunSummary>();
  for (const e of entries) {
    if (e.kind !== 'run') continue;
    const record = await records.read(e.run.id);
    if (record) summaries.set(e.run.id, summaryOf(record.run));
  }
  return summaries;
}

/** Writes that wait for the stream to drain when its buffer is full; one with no 'drain' (a test's) never waits. */
function backpressured(sink: OutputStream): (text: string) => Promise<void> {
  return (text) => {
    if (text === '' || sink.write(text) !== false || !sink.once) return Promise.resolve();
    const once = sink.once.bind(sink);
    return new Promise((resolve) => once('drain', resolve));
  };
}
