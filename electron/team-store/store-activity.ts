/**
 * Activity from a profile's team store: the attempts of every desk on it, answered in the shapes the
 * local activity log answers (ActivityLog's reads), so ActivityService and `uta-desk activity` read
 * either. Each attempt's source names the desk that recorded it ("CLI · alice on desk-2").
 *
 * A search is best pushed down (`search`: status and words, answered by SQL through the store's
 * indexes). `match`, any predicate, still works: it is run here over what SQL answers, a scan bounded
 * like the local log's (SCAN_BUDGET attempts per call, then `next` says where to go on).
 */
import { storeAddressWords } from '../../shared/team-store-address';
import pg from 'pg';
import type { ActivitySearch } from '../../shared/attempt-search';
import { ATTEMPT_STATUSES, FINAL_STATUSES, type Attempt, type AttemptStatus } from '../../shared/attempts';
import type {
  ActivityLog,
  ActivityPage,
  EntryPage,
  LogEntry,
  PageQuery,
  RunEntry,
  RunItemsPage,
} from '../activity/activity-log';
import { SCAN_BUDGET } from '../activity/activity-queries';
import { checkSchema } from './migrate';
import type { TeamStoreSettings } from './settings';
import {
  attemptRow,
  attemptRows,
  entryRows,
  keyedRows,
  runRows,
  runSize,
  searchedEntryRows,
  searchWords,
  totals,
  type AttemptRow,
  type EntryRow,
  type Queryable,
} from './store-activity-sql';
import { whoOfRow, withWho } from './store-activity-who';
import { connectionConfig } from './connection';

/** What Activity reads of a log; the local ActivityLog and StoreActivity both answer it. */
export type ActivityReads = Pick<ActivityLog, 'page' | 'entries' | 'runItems' | 'pageByKeys' | 'find'>;

/** A page query with the search also given as data, for SQL to answer (`match` may test the same). */
export type StorePageQuery = PageQuery & { search?: ActivitySearch };

export interface StoreRunItemsQuery {
  /** A `next` from the page before. */
  after?: number;
  limit: number;
  match?: (a: Attempt) => boolean;
  search?: ActivitySearch;
}

/** Rows read from SQL at once at most (a `limit` of Infinity reads on in batches of this). */
const MAX_BATCH = 4096;

export class StoreActivity implements ActivityReads {
  constructor(
    private readonly db: Queryable,
    readonly account: string,
  ) {}

  /** The newest attempts (or those before `before`), newest first by start. */
  async page(query: StorePageQuery): Promise<ActivityPage> {
    const narrowing = { search: pushed(query.search), since: query.since };
    const [got, count] = await Promise.all([
      collect({
        ...scanOf(query),
        fetch: (before, limit) => attemptRows(this.db, this.account, { ...narrowing, before, limit }),
        keep: keepAttempt(query.match),
      }),
      totals(this.db, this.account),
    ]);
    return { attempts: got.kept, next: got.next, total: count.attempts, skippedLines: 0 };
  }

  /**
   * The Activity list: entries newest first, a single amend as one and an amend-many run as another
   * (its items through runItems). A search keeps an entry when its attempt or any item matches; a
   * run then says how many do (`matching`).
   */
  async entries(query: StorePageQuery): Promise<EntryPage> {
    const search = pushed(query.search);
    const [got, count] = await Promise.all([
      collect({
        ...scanOf(query),
        fetch: (before, limit) =>
          search
            ? searchedEntryRows(this.db, this.account, { search, since: query.since, before, limit })
            : entryRows(this.db, this.account, { since: query.since, before, limit }),
        keep: (row) => this.entryOf(row, search, query.match),
      }),
      totals(this.db, this.account),
    ]);
    return { entries: got.kept, next: got.next, total: count.entries, attempts: count.attempts, skippedLines: 0 };
  }

  /** One run's attempts in the order recorded, a page at a time (`after`: a `next` from the page before). */
  async runItems(runId: string, query: StoreRunItemsQuery): Promise<RunItemsPage> {
    const search = pushed(query.search);
    const [got, total] = await Promise.all([
      collect({
        ...scanOf({ before: query.after, limit: query.limit, match: query.match }),
        fetch: (after, limit) => runRows(this.db, this.account, runId, { search, after, limit }),
        keep: keepAttempt(query.match),
      }),
      runSize(this.db, this.account, runId),
    ]);
    return { attempts: got.kept, next: got.next, total };
  }

  /**
   * Attempts naming any of these keys (`o:` order id, `c:` clientOid, `s:` symbol, `r:` run id, as
   * activity-keys.ts names them), newest first, each through its own index.
   */
  async pageByKeys(keys: readonly string[], query: StorePageQuery): Promise<ActivityPage> {
    const narrowing = { search: pushed(query.search), since: query.since };
    const [got, count] = await Promise.all([
      collect({
        ...scanOf(query),
        fetch: (before, limit) => keyedRows(this.db, this.account, keys, { ...narrowing, before, limit }),
        keep: keepAttempt(query.match),
      }),
      totals(this.db, this.account),
    ]);
    return { attempts: got.kept, next: got.next, total: count.attempts, skippedLines: 0 };
  }

  /** One attempt by id, as it stands; undefined when the store has none. */
  async find(id: string): Promise<Attempt | undefined> {
    const row = await attemptRow(this.db, this.account, id);
    return row && attemptOf(row);
  }

  /** An entry as the list shows it; with `match`, a run's items are read to count those it accepts. */
  private async entryOf(
    row: EntryRow,
    search: ActivitySearch | undefined,
    match: ((a: Attempt) => boolean) | undefined,
  ): Promise<Kept<LogEntry>> {
    const first = attemptOf(row);
    if (!first.run || !row.counts) return kept<LogEntry>({ kind: 'attempt', attempt: first }, !match || match(first));
    const run = runEntryOf(first, row);
    if (!match) return { value: { kind: 'run', run: search ? { ...run, matching: row.matching ?? 0 } : run }, read: 1 };
    const items = await runRows(this.db, this.account, run.id, { search });
    const matching = items.filter((r) => match(attemptOf(r))).length;
    return { value: matching > 0 ? { kind: 'run', run: { ...run, matching } } : undefined, read: items.length };
  }
}

/**
 * Activity's reads on a profile's team store, on a small pool of their own: a long search never
 * holds a connection that a desk's write-ahead intent waits for. The schema is checked once, as a
 * desk checks it on opening the store.
 */
export function openStoreActivity(
  settings: Pick<TeamStoreSettings, 'url' | 'password'>,
  account: string,
): { activity: StoreActivity; close: () => Promise<void> } {
  const pool = new pg.Pool({ ...connectionConfig(settings), application_name: 'uta-desk activity', max: 2 });
  // An idle connection cut by a restart is not a crash: the next read connects again.
  pool.on('error', () => undefined);
  let checked: Promise<void> | undefined;
  const check = () =>
    (checked ??= (async () => {
      const client = await pool.connect();
      try {
        await checkSchema(client, storeAddressWords(settings.url));
      } finally {
        client.release();
      }
    })().catch((e: unknown) => {
      checked = undefined;
      throw e;
    }));
  const db: Queryable = {
    query: async (text, values) => {
      await check();
      return pool.query(text, values);
    },
  };
  return { activity: new StoreActivity(db, account), close: () => pool.end() };
}

/** The search SQL answers; none when it asks for nothing (an empty text). */
function pushed(search: ActivitySearch | undefined): ActivitySearch | undefined {
  if (!search) return undefined;
  const text = searchWords(search);
  return search.status || text
    ? { ...(search.status ? { status: search.status } : {}), ...(text ? { text } : {}) }
    : undefined;
}

/** The attempt as recorded, its source naming its desk. */
function attemptOf(row: AttemptRow): Attempt {
  return withWho(row.record, whoOfRow(row));
}

/** A run as its items in the store tell it (its first attempt, and all of them counted). */
function runEntryOf(first: Attempt, row: EntryRow): RunEntry {
  const counts: Partial<Record<AttemptStatus, number>> = {};
  let attempts = 0;
  for (const [status, n] of Object.entries(row.counts ?? {})) {
    if (!ATTEMPT_STATUSES.includes(status as AttemptStatus) || !n) continue;
    counts[status as AttemptStatus] = n;
    attempts += n;
  }
  const settled = Object.keys(counts).every((s) => FINAL_STATUSES.includes(s as AttemptStatus));
  const finishedAt = row.newest_finished === null ? first.finishedAt : Number(row.newest_finished);
  return {
    id: first.run!.id,
    size: first.run!.size,
    startedAt: first.startedAt,
    ...(settled && finishedAt !== undefined ? { finishedAt } : {}),
    profileId: first.profileId,
    profileName: first.profileName,
    environment: first.environment,
    ...(first.source ? { source: first.source } : {}),
    attempts,
    counts,
  };
}

// ---------- reading a list a page at a time ----------

/** What a row read becomes: its value on the page (undefined: left out), and the attempts it took. */
interface Kept<T> {
  value?: T;
  read: number;
}

function kept<T>(value: T, accepted: boolean): Kept<T> {
  return { value: accepted ? value : undefined, read: 1 };
}

/** A row's attempt, when `match` (if any) accepts it. */
function keepAttempt(match: ((a: Attempt) => boolean) | undefined): (row: AttemptRow) => Promise<Kept<Attempt>> {
  return async (row) => {
    const a = attemptOf(row);
    return kept(a, !match || match(a));
  };
}

interface Scan<R extends { rec_no: string }, T> {
  /** The cursor to start from: a `next` from the page before. */
  from?: number;
  limit: number;
  /** Whether `keep` leaves rows out (a `match`): SQL is then read in growing batches, within a budget. */
  filtering: boolean;
  budget: number;
  /** Up to `limit` rows past the cursor, in the list's order. */
  fetch: (cursor: number | undefined, limit: number) => Promise<R[]>;
  keep: (row: R) => Promise<Kept<T>>;
}

function scanOf(query: Pick<PageQuery, 'before' | 'limit' | 'match' | 'scanBudget'>) {
  const filtering = query.match !== undefined;
  return {
    from: query.before,
    limit: query.limit,
    filtering,
    budget: filtering ? (query.scanBudget ?? SCAN_BUDGET) : Number.POSITIVE_INFINITY,
  };
}

/**
 * Rows kept until `limit` are, `budget` attempts are read, or SQL has no more. `next`: the cursor of
 * the last row read when more may follow (as the local log's: the page may end short of `limit`).
 * Without a filter, one more row than asked for says whether more follow.
 */
async function collect<R extends { rec_no: string }, T>(s: Scan<R, T>): Promise<{ kept: T[]; next: number | null }> {
  const out: T[] = [];
  let cursor = s.from;
  let read = 0;
  let batch = Math.min(s.limit, 256);
  const full = () => out.length >= s.limit || read >= s.budget;
  for (;;) {
    const want = s.filtering ? batch : Math.min(s.limit - out.length + 1, MAX_BATCH);
    const rows = await s.fetch(cursor, want);
    for (const row of rows) {
      if (full()) return { kept: out, next: cursor ?? null };
      cursor = Number(row.rec_no);
      const got = await s.keep(row);
      read += got.read;
      if (got.value !== undefined) out.push(got.value);
    }
    if (rows.length < want) return { kept: out, next: null };
    if (full()) return { kept: out, next: cursor ?? null };
    batch = Math.min(batch * 2, MAX_BATCH);
  }
}
