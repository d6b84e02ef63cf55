/**
 * The Activity list's pages: entries (a single amend, or an amend-many run as one entry with its
 * counts) newest first, and the items of one run, paged through the key index. A search keeps an
 * entry when its attempt, or any item of its run, matches; a run then also says how many match.
 */
import type { RunEntry } from '../../shared/activity-entries';
import { ATTEMPT_STATUSES, type Attempt, type AttemptStatus } from '../../shared/attempts';
import type { EntryRecord } from './activity-entry-index';
import type { ActivityIndexes } from './activity-indexer';
import { parseLine, type JournalSegments } from './activity-journal';
import { keyedRecords, recordsOf, SCAN_BUDGET, type PageQuery } from './activity-queries';

export type { RunEntry };
export type LogEntry = { kind: 'attempt'; attempt: Attempt } | { kind: 'run'; run: RunEntry };

export interface EntryPage {
  /** Newest first (by start). */
  entries: LogEntry[];
  /** Pass as `before` to go on further back; null at the beginning of the history. */
  next: number | null;
  /** Entries in the whole log. */
  total: number;
  /** Attempts in the whole log. */
  attempts: number;
  skippedLines: number;
}

export interface RunItemsPage {
  /** In the order they were recorded (a run records its items in order). */
  attempts: Attempt[];
  /** Pass as `after` for the next page; null when there is no more. */
  next: number | null;
  /** Attempts of the run in the log. */
  total: number;
}

/** Finished runs as last counted, by id (an item's later line drops its run from here). */
export type RunCache = Map<string, RunEntry>;
const CACHED_RUNS = 2000;

/** Entries newest first (or before `before`); a search counts every attempt it reads against its budget. */
export async function entryPage(
  st: ActivityIndexes,
  journal: JournalSegments,
  query: PageQuery,
  cache: RunCache,
): Promise<EntryPage> {
  const { entries } = st;
  let end = Math.min(query.before ?? entries.count, entries.count);
  const out: LogEntry[] = [];
  const budget = query.scanBudget ?? SCAN_BUDGET;
  let scanned = 0;
  let last: number | undefined;
  let older = false;
  let batch = Math.min(query.limit, 64);
  while (end > 0 && out.length < query.limit && scanned < budget && !older) {
    const start = Math.max(0, end - batch);
    const heads = await entries.range(start, end);
    const records = await recordsOf(
      st,
      heads.map((h) => h.recordNo),
    );
    const lines = await journal.readLines(records);
    for (let i = heads.length - 1; i >= 0 && out.length < query.limit && scanned < budget; i--) {
      if (query.since !== undefined && heads[i]!.startedAt < query.since) {
        older = true;
        break;
      }
      last = start + i;
      scanned++;
      const first = lines[i] && parseLine(lines[i]!);
      if (!first) continue;
      if (heads[i]!.kind === 'attempt' || !first.run) {
        if (!query.match || query.match(first)) out.push({ kind: 'attempt', attempt: first });
        continue;
      }
      const run = await runEntry(st, journal, first, { ...heads[i]!, entryNo: start + i }, cache);
      if (query.match) {
        const items = await runAttempts(st, journal, run.id);
        scanned += items.length;
        run.matching = items.filter(query.match).length;
        if (run.matching === 0) continue;
      }
      out.push({ kind: 'run', run });
    }
    end = start;
    batch = Math.min(batch * 2, 1024);
  }
  return {
    entries: out,
    next: !older && last !== undefined && last > 0 ? last : null,
    total: entries.count,
    attempts: st.index.count,
    skippedLines: st.skipped,
  };
}

/** One run's attempts, in the order recorded, after record `after`; with `match`, only those it accepts. */
export async function runItemsPage(
  st: ActivityIndexes,
  journal: JournalSegments,
  runId: string,
  query: { after?: number; limit: number; match?: (a: Attempt) => boolean },
): Promise<RunItemsPage> {
  const { numbers } = await keyedRecords(st, [`r:${runId}`]);
  const order = numbers.reverse();
  const from = query.after === undefined ? 0 : order.findIndex((n) => n > query.after!);
  const attempts: Attempt[] = [];
  let i = from === -1 ? order.length : from;
  let last: number | undefined;
  while (i < order.length && attempts.length < query.limit) {
    const batch = order.slice(i, i + Math.max(query.limit - attempts.length, 64));
    const records = await recordsOf(st, batch);
    const lines = await journal.readLines(records);
    for (let k = 0; k < records.length && attempts.length < query.limit; k++) {
      i++;
      last = batch[k];
      const a = parseLine(lines[k]!);
      if (a?.run?.id === runId && (!query.match || query.match(a))) attempts.push(a);
    }
  }
  return { attempts, next: i < order.length && last !== undefined ? last : null, total: order.length };
}

/**
 * A run's counts from its items' index records: those between its first and newest item that name
 * its entry (single amends made meanwhile lie between them too), read in one read or a few.
 */
async function runEntry(
  st: ActivityIndexes,
  journal: JournalSegments,
  first: Attempt,
  head: EntryRecord & { entryNo: number },
  cache: RunCache,
): Promise<RunEntry> {
  const id = first.run!.id;
  const cached = cache.get(id);
  if (cached) return { ...cached };
  const end = Math.max(head.recordNo, head.lastRecordNo) + 1;
  const tally = await st.index.tally(head.recordNo, end, head.entryNo);
  const counts: Partial<Record<AttemptStatus, number>> = {};
  tally.counts.forEach((n, i) => {
    if (n > 0 && ATTEMPT_STATUSES[i]) counts[ATTEMPT_STATUSES[i]] = n;
  });
  const { attempts } = tally;
  const settled = tally.final;
  const [newestRecord] = settled ? await st.index.range(end - 1, end) : [];
  const [newestLine] = newestRecord ? await journal.readLines([newestRecord]) : [];
  const newest = newestLine && parseLine(newestLine);
  const run: RunEntry = {
    id,
    size: first.run!.size,
    startedAt: first.startedAt,
    finishedAt: settled ? (newest?.finishedAt ?? first.finishedAt) : undefined,
    profileId: first.profileId,
    profileName: first.profileName,
    environment: first.environment,
    ...(first.source ? { source: first.source } : {}),
    attempts,
    counts,
  };
  if (settled) {
    if (cache.size >= CACHED_RUNS) cache.clear();
    cache.set(id, run);
  }
  return { ...run };
}

/** Every attempt of a run (a search reads them all: a run matches when any of its items does). */
async function runAttempts(st: ActivityIndexes, journal: JournalSegments, runId: string): Promise<Attempt[]> {
  const { numbers } = await keyedRecords(st, [`r:${runId}`]);
  const records = await recordsOf(st, numbers);
  const lines = await journal.readLines(records);
  return lines.map(parseLine).filter((a): a is Attempt => a?.run?.id === runId);
}
