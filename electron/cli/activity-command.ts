/**
 * `uta-desk activity`: the audit log of a user-data folder, listed, searched and exported, by attempt
 * or (--entries) by entry as the Activity screen lists it. It reads where the Activity screen does
 * (activity-source.ts): the team store of the profile when it names one (store-activity.ts, every
 * desk's attempts, each with who made it), else the folder's own log (activity-reader.ts). It only
 * reads: safe while the app runs on the same folder, and it takes no lock.
 * `--csv` streams every matching attempt, a page at a time, waiting for the output to drain, so a
 * million attempts take the memory of one page.
 */
import { stat } from 'node:fs/promises';
import { ACTIVITY_CSV_HEADER, activityCsvRows, durationMs } from '../../shared/activity-csv';
import {
  activityMatches,
  orderLabel,
  STATUS_LABELS,
  symbolLabel,
  type ActivitySearch,
} from '../../shared/attempt-search';
import type { Attempt } from '../../shared/attempts';
import { sourceWords } from '../../shared/call-source';
import { changeText } from '../../shared/change-text';
import { runCountWords } from '../../shared/activity-entries';
import { runWord, runWordOfCounts, type RunSummary } from '../../shared/batch-run';
import { RunRecords } from '../amend/run-records';
import { summaryOf } from '../amend/run-model';
import { openActivityReader } from '../activity/activity-reader';
import type { LogEntry, RunEntry } from '../activity/activity-log';
import { defaultUserDataDir } from '../core/open-core';
import { openStoreActivity, type ActivityReads, type StorePageQuery } from '../team-store/store-activity';
import { failureOf, storeFailureWords } from '../team-store/store-words';
import type { ActivityCommand } from './activity-args';
import { activitySource, type ActivitySource } from './activity-source';
import { EXIT } from './failure';
import type { OutputStream, TextSink } from './output';
import { renderTable, type Column } from './table';
import { UsageError } from './usage-error';
import type { PassphraseTty } from './secret-input';

/** Where `activity` writes and what it asks the clock; process.stdout waits for 'drain' when full. */
export interface ActivityIo {
  stdout: OutputStream;
  stderr: TextSink;
  env?: Readonly<Record<string, string | undefined>>;
  now?: () => number;
  /** The terminal to ask the vault passphrase on, for a team store password in the vault. */
  tty?: PassphraseTty;
}

/** Attempts read per page; the memory a listing takes whatever the log's length. */
const PAGE = 1000;
const DEFAULT_LIMIT = 50;

export async function runActivity(command: ActivityCommand, io: ActivityIo): Promise<number> {
  const c = { ...command, userDataDir: command.userDataDir ?? defaultUserDataDir(process.platform, io.env ?? {}) };
  const failed = (e: unknown) => {
    io.stderr.write(
      `uta-desk activity: could not read the activity log in ${c.userDataDir}: ${e instanceof Error ? e.message : String(e)}\n`,
    );
    return EXIT.rejected;
  };
  let source: ActivitySource;
  try {
    // A mistyped folder is said as such, not listed as an empty log.
    if (!(await stat(c.userDataDir).catch(() => undefined))?.isDirectory()) throw new Error('there is no such folder');
    source = await activitySource(c, { env: io.env ?? {}, tty: io.tty });
  } catch (e) {
    if (!(e instanceof UsageError)) return failed(e);
    io.stderr.write(`uta-desk activity: ${e.message}\n`);
    return EXIT.usage;
  }
  if (source.kind === 'store') return listStore(c, source, io);
  try {
    const reader = await openActivityReader(c.userDataDir);
    try {
      await listActivity(c, { reads: reader.log }, io);
    } finally {
      await reader.close();
    }
    return EXIT.ok;
  } catch (e) {
    return failed(e);
  }
}

/** The command with its folder settled. */
type Listing = ActivityCommand & { userDataDir: string };
type StoreSource = Extract<ActivitySource, { kind: 'store' }>;

/** What is listed: the folder's log, or a team store (every desk's attempts, who made each, where it is). */
interface Reading {
  reads: ActivityReads;
  store?: StoreSource;
}

/** Every desk's attempts from the profile's team store; a store that fails, in words with its exit code. */
async function listStore(c: Listing, store: StoreSource, io: ActivityIo): Promise<number> {
  const { activity, close } = openStoreActivity(store.settings, store.account);
  try {
    await listActivity(c, { reads: activity, store }, io);
    return EXIT.ok;
  } catch (e) {
    const { code, words } = storeReadFailure(e, store.where);
    io.stderr.write(`uta-desk activity: ${words}\n`);
    return code;
  } finally {
    await close().catch(() => undefined);
  }
}

/**
 * A store's failure to answer a read, in store-words.ts's words, with the exit code docs/cli.md gives
 * it: 3 cannot be reached (or out of connections), 2 the password refused, 1 any other refusal.
 */
export function storeReadFailure(e: unknown, where: string): { code: number; words: string } {
  const failure = failureOf(e);
  const { why, todo } = storeFailureWords(e, where);
  const said =
    failure === 'refused'
      ? `The team store at ${where} refused the read (${e instanceof Error ? e.message.slice(0, 300) : String(e)}).`
      : `${why.charAt(0).toUpperCase()}${why.slice(1)}${/[.!?]$/.test(why) ? '' : '.'}`;
  const code =
    failure === 'unreachable' || failure === 'full'
      ? EXIT.unreachable
      : failure === 'auth'
        ? EXIT.usage
        : EXIT.rejected;
  return { code, words: `${said} ${todo}`.trim() };
}

/** The first line of a table: where it was read from (never in --json or --csv, which stay data). */
function fromLine(r: Reading): string {
  return r.store ? `From the team store at ${r.store.where} (every desk on it).\n` : '';
}

async function listActivity(c: Listing, r: Reading, io: ActivityIo): Promise<void> {
  const out = backpressured(io.stdout);
  if (c.entries) return await listEntries(c, r, out, io);
  const limit = c.limit ?? (c.format === 'csv' ? Number.POSITIVE_INFINITY : DEFAULT_LIMIT);
  const keys = c.order
    ? [`o:${c.order}`, `c:${c.order}`]
    : c.run
      ? [`r:${c.run}`]
      : c.symbol
        ? [`s:${c.symbol}`]
        : undefined;
  const match = matcher(c, r);
  const search = searchOf(c);
  const since = c.sinceMs === undefined ? undefined : (io.now ?? Date.now)() - c.sinceMs;
  const shown: Attempt[] = [];
  if (c.format === 'csv') await out(ACTIVITY_CSV_HEADER);
  if (c.format === 'json') await out('[');
  let before: number | undefined;
  let left = limit;
  let count = 0;
  let skipped = 0;
  for (;;) {
    const query: StorePageQuery = { before, limit: Math.min(PAGE, left), match, since, search };
    const page = keys ? await r.reads.pageByKeys(keys, query) : await r.reads.page(query);
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
    await out(fromLine(r) + (shown.length === 0 ? 'No attempt matches.\n' : renderTable(shown, columnsOf(r))));
    if (shown.length === limit)
      io.stderr.write(`Showing the newest ${limit}: --limit N shows more, --csv every match.\n`);
  }
  if (skipped > 0) io.stderr.write(`${skipped} unreadable line${skipped === 1 ? '' : 's'} in the journal skipped.\n`);
}

/** --entries: the Activity screen's list (activity-entry-pages.ts), a page at a time. */
async function listEntries(
  c: Listing,
  r: Reading,
  out: (text: string) => Promise<void>,
  io: ActivityIo,
): Promise<void> {
  const limit = c.limit ?? DEFAULT_LIMIT;
  const query = {
    match: matcher(c, r),
    search: searchOf(c),
    since: c.sinceMs === undefined ? undefined : (io.now ?? Date.now)() - c.sinceMs,
  };
  const shown: LogEntry[] = [];
  let before: number | undefined;
  let skipped = 0;
  while (shown.length < limit) {
    const page = await r.reads.entries({
      ...query,
      before,
      limit: Math.min(PAGE, limit - shown.length),
    } as StorePageQuery);
    skipped = page.skippedLines;
    shown.push(...page.entries);
    if (page.next === null) break;
    before = page.next;
  }
  // The shape of the attempts' --json: an array, one record a line.
  if (c.format === 'json')
    await out(shown.length === 0 ? '[]\n' : `[\n${shown.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`);
  else {
    // A store's runs are told from their items there (runs of other desks have no record in this folder).
    const columns = entryColumns(r, r.store ? new Map() : await runSummaries(c.userDataDir, shown));
    await out(fromLine(r) + (shown.length === 0 ? 'No entry matches.\n' : renderTable(shown, columns)));
    if (shown.length === limit) io.stderr.write(`Showing the newest ${limit}: --limit N shows more.\n`);
  }
  if (skipped > 0) io.stderr.write(`${skipped} unreadable line${skipped === 1 ? '' : 's'} in the journal skipped.\n`);
}

/** The search, as data for a team store to answer in SQL (the matcher tests the same). */
function searchOf(c: ActivityCommand): ActivitySearch | undefined {
  return c.search || c.outcome ? { text: c.search, status: c.outcome } : undefined;
}

function matcher(c: ActivityCommand, r: Reading): ((a: Attempt) => boolean) | undefined {
  const tests: ((a: Attempt) => boolean)[] = [];
  if (c.search || c.outcome) tests.push((a) => activityMatches(a, { text: c.search, status: c.outcome }));
  // A team store is the profile's account, every desk's attempts on it, whatever each desk calls its profile.
  if (c.profile && !r.store) {
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
  { header: 'WHO', value: (a) => sourceWords(a.source), run: (r) => sourceWords(r.source) },
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
/** The folder's log is this desk's: who made each attempt is a team store's column. */
const tableOf = (r: Reading) => (r.store ? TABLE : TABLE.filter((c) => c.header !== 'WHO'));
const columnsOf = (r: Reading): readonly Column<Attempt>[] => tableOf(r);
const entryColumns = (r: Reading, summaries: Summaries): readonly Column<LogEntry>[] =>
  tableOf(r).map(({ header, value, run, align }) => ({
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
