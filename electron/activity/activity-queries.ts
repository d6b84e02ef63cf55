/**
 * Reading attempts back from the activity log: the newest page (or one further back), the attempts
 * naming a key (order id, clientOid, symbol, run), one attempt by id, and those left unfinished.
 * Each reads index records and then the lines they point at; none reads the whole journal.
 */
import { FINAL_STATUSES, type Attempt } from '../../shared/attempts';
import { idHash } from './activity-index';
import type { ActivityIndexes } from './activity-indexer';
import { RECENT_RECORDS } from './activity-indexer';
import { parseLine, type JournalSegments } from './activity-journal';
import { lineKeys } from './activity-keys';

/** Records scanned per listing before it returns what it found and where to go on. */
export const SCAN_BUDGET = 20_000;
/** Postings of a key read past a full page, for attempts that were in flight together. */
const CHAIN_SLACK = 128;

export interface ActivityPage {
  /** Newest first (by start). */
  attempts: Attempt[];
  /** Pass as `before` to go on further back; null at the beginning of the history. */
  next: number | null;
  /** Attempts in the whole log. */
  total: number;
  /** Lines that were torn, corrupt or not an attempt. */
  skippedLines: number;
}

export interface PageQuery {
  /** A `next` from an earlier page; absent for the newest. */
  before?: number;
  limit: number;
  /** Only attempts it accepts are returned (search); the scan still stops after SCAN_BUDGET records. */
  match?: (a: Attempt) => boolean;
  /** Only attempts started at or after this time: the scan stops at the first one older. */
  since?: number;
  /** Records read per call before it returns what it found (default SCAN_BUDGET). */
  scanBudget?: number;
}

/** The newest attempts (or those before `before`), newest first. */
export async function attemptPage(
  st: ActivityIndexes,
  journal: JournalSegments,
  query: PageQuery,
): Promise<ActivityPage> {
  const { index } = st;
  let end = Math.min(query.before ?? index.count, index.count);
  const attempts: Attempt[] = [];
  const budget = query.scanBudget ?? SCAN_BUDGET;
  let scanned = 0;
  let last: number | undefined;
  // Small batches first: the newest page usually needs one; a search widens them.
  let batch = Math.min(query.limit, 256);
  while (end > 0 && attempts.length < query.limit && scanned < budget) {
    const start = Math.max(0, end - batch);
    const records = await index.range(start, end);
    // Records are in order of start: past `since`, nothing further back can match.
    const from = query.since === undefined ? 0 : records.findIndex((r) => r.startedAt >= query.since!);
    if (from === -1 || from > 0) end = 0;
    const lines = await journal.readLines(from === -1 ? [] : records.slice(from));
    for (let i = records.length - 1; i >= Math.max(from, 0) && attempts.length < query.limit && scanned < budget; i--) {
      scanned++;
      last = start + i;
      const a = parseLine(lines[i - Math.max(from, 0)]!);
      if (a && (!query.match || query.match(a))) attempts.push(a);
    }
    if (end !== 0) end = start;
    batch = Math.min(batch * 2, 4096);
  }
  const stopped = query.since !== undefined && end === 0 && attempts.length < query.limit && scanned < budget;
  return {
    attempts,
    next: !stopped && last !== undefined && last > 0 ? last : null,
    total: index.count,
    skippedLines: st.skipped,
  };
}

/**
 * Record numbers of the attempts naming any of the keys, below `before`, newest first: at least
 * `limit` of them (when there are), or every one when `limit` is absent. `cut`: more lie further back.
 */
export async function keyedRecords(
  st: ActivityIndexes,
  keys: readonly string[],
  before = Number.POSITIVE_INFINITY,
  limit = Number.POSITIVE_INFINITY,
): Promise<{ numbers: number[]; cut: boolean }> {
  const candidates = new Set<number>();
  let cut = false;
  for (const key of keys) {
    const mine = new Set<number>();
    let beyond = 0;
    for await (const no of st.keys.records(key)) {
      if (no >= before) continue;
      mine.add(no);
      // A key's postings are in journal order, which is start order give or take the attempts in
      // flight together: read a little past the page so none of them is passed over.
      if (mine.size >= limit && ++beyond > CHAIN_SLACK) {
        cut = true;
        break;
      }
    }
    for (const no of mine) candidates.add(no);
  }
  return { numbers: [...candidates].sort((x, y) => y - x), cut };
}

/** Attempts that name any of these keys, newest first, read through the key index. */
export async function keyedPage(
  st: ActivityIndexes,
  journal: JournalSegments,
  keys: readonly string[],
  query: PageQuery,
): Promise<ActivityPage> {
  const { numbers: order, cut } = await keyedRecords(st, keys, query.before, query.limit);
  const attempts: Attempt[] = [];
  let last: number | undefined;
  let i = 0;
  while (i < order.length && attempts.length < query.limit) {
    const batch = order.slice(i, i + query.limit - attempts.length);
    i += batch.length;
    const records = await recordsOf(st, batch);
    const lines = await journal.readLines(records);
    for (const [k, record] of records.entries()) {
      last = batch[k];
      if (query.since !== undefined && record.startedAt < query.since) continue;
      const a = parseLine(lines[k]!);
      if (!a) continue;
      const named = lineKeys(a as unknown as Record<string, unknown>);
      if (keys.some((key) => named.includes(key as never)) && (!query.match || query.match(a))) attempts.push(a);
    }
  }
  const more = i < order.length || cut;
  return {
    attempts,
    next: more && last !== undefined && last > 0 ? last : null,
    total: st.index.count,
    skippedLines: st.skipped,
  };
}

/**
 * The index records of these numbers, in their order: numbers close together (a run's items, an
 * order's attempts of one day) are read in one read, the others each on their own, all at once.
 */
export async function recordsOf(st: ActivityIndexes, numbers: readonly number[]) {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const found = new Map<number, Awaited<ReturnType<typeof st.index.range>>[number]>();
  const reads: Promise<void>[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i + 1;
    while (j < sorted.length && sorted[j]! - sorted[j - 1]! <= 64 && sorted[j]! - sorted[i]! < 16_384) j++;
    const [from, to] = [sorted[i]!, sorted[j - 1]! + 1];
    const wanted = sorted.slice(i, j);
    reads.push(
      st.index.range(from, to).then((rs) => {
        for (const no of wanted) if (rs[no - from]) found.set(no, rs[no - from]!);
      }),
    );
    i = j;
  }
  await Promise.all(reads);
  return numbers.map((no) => found.get(no)).filter((r) => r !== undefined);
}

/** One attempt by id, newest record first; `known` is its record number when the writer has it. */
export async function findAttempt(
  st: ActivityIndexes,
  journal: JournalSegments,
  id: string,
  known: number | undefined,
): Promise<Attempt | undefined> {
  const { index } = st;
  const hash = idHash(id);
  if (known !== undefined) {
    const [record] = await index.range(known, known + 1);
    const a = record && (await journal.readAttempt(record));
    if (a?.id === id) return a;
  }
  for (let end = index.count; end > 0; end -= 4096) {
    const start = Math.max(0, end - 4096);
    const records = await index.range(start, end);
    for (let i = records.length - 1; i >= 0; i--) {
      if (!records[i]!.idHash.equals(hash)) continue;
      const a = await journal.readAttempt(records[i]!);
      if (a?.id === id) return a;
    }
  }
  return undefined;
}

/** Attempts whose last line is not a final status, among the recent ones: in flight when the app stopped. */
export async function unfinishedAttempts(st: ActivityIndexes, journal: JournalSegments): Promise<Attempt[]> {
  const { index } = st;
  const records = await index.range(index.count - RECENT_RECORDS, index.count);
  const out: Attempt[] = [];
  for (const r of records) {
    if (r.final) continue;
    const a = await journal.readAttempt(r);
    if (a && !FINAL_STATUSES.includes(a.status)) out.push(a);
  }
  return out;
}
