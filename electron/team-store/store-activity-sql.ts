/**
 * The SQL of Activity's reads from the team store (store-activity.ts says what each read means):
 * one statement per function, every value a parameter.
 *
 * Order and cursors. Lists are newest first by (started_at, rec_no): the start an attempt's desk
 * gave it, then the order the store recorded it in (attempts_place() numbers each attempt once).
 * A cursor is one number, the rec_no of the last row a page read; the next page starts below that
 * row's (started_at, rec_no), looked up by its unique number, so a cursor stays a plain integer as
 * the contract has it. An entry is placed by its first attempt (entry_started_at, entry_no).
 *
 * Search. `status` is a column; `text` is `search_text LIKE '%…%'` over the lowercased text that
 * activityMatches searches (searchText), which the trigram index answers for a rare word, while the
 * planner walks the newest rows for a common one (the histogram says which it is).
 */
import type pg from 'pg';
import type { ActivitySearch } from '../../shared/attempt-search';
import type { Attempt, AttemptStatus } from '../../shared/attempts';
import type { DeskWhoRow } from './store-activity-who';

/** A pool, a client: whatever runs a statement. */
export interface Queryable {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** An attempt as a read answers it: its record, its number, and its desk's row. */
export interface AttemptRow extends DeskWhoRow {
  rec_no: string;
  record: Attempt;
}

/** An entry's first attempt; for a run, its items counted and how many matched a search. */
export interface EntryRow extends AttemptRow {
  /** Items of the run by status (null for a single amend). */
  counts: Partial<Record<AttemptStatus, number>> | null;
  /** The end of the run's newest item. */
  newest_finished: string | null;
  /** With a search: the run's items it found. */
  matching: number | null;
}

/** What narrows a listing besides its cursor. */
export interface Narrowing {
  search?: ActivitySearch;
  /** Only attempts (entries) started at or after this time. */
  since?: number;
}

/** `$1`, `$2`, … in the order the values are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The desk's columns every read answers with the record (who: "alice on desk-2"). */
const WHO = 'd.display_name, d.host_name, d.host_kind, d.os_user';

/** LIKE's own characters in an operator's words are matched as themselves. */
export function likeWords(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The same lowercased, trimmed text activityMatches looks for; undefined when there is none. */
export function searchWords(search: ActivitySearch | undefined): string | undefined {
  return search?.text?.trim().toLowerCase() || undefined;
}

/** The search's conditions on attempts `a`. */
function searched(p: Params, search: ActivitySearch | undefined): string[] {
  const out: string[] = [];
  if (search?.status) out.push(`a.status = ${p.add(search.status)}`);
  const words = searchWords(search);
  if (words) out.push(`a.search_text LIKE ${p.add(likeWords(words))}`);
  return out;
}

/**
 * Below the cursor row in newest-first order: `(start, no)` less than that row's (started_at,
 * rec_no). An unknown cursor finds no row, so nothing is below it (an empty page, not the newest).
 */
function below(p: Params, before: number | undefined, start: string, no: string): string[] {
  if (before === undefined) return [];
  const c = p.add(before);
  return [`(${start}, ${no}) < (SELECT c.started_at, c.rec_no FROM attempts c WHERE c.rec_no = ${c})`];
}

function since(p: Params, at: number | undefined, start: string): string[] {
  return at === undefined ? [] : [`${start} >= ${p.add(at)}`];
}

const where = (conditions: readonly string[]) => conditions.join(' AND ');

/** Attempts newest first, from a cursor. */
export async function attemptRows(
  db: Queryable,
  account: string,
  q: Narrowing & { before?: number; limit: number },
): Promise<AttemptRow[]> {
  const p = new Params();
  const conditions = [
    `a.account = ${p.add(account)}`,
    ...below(p, q.before, 'a.started_at', 'a.rec_no'),
    ...since(p, q.since, 'a.started_at'),
    ...searched(p, q.search),
  ];
  // The page first, then its desks: the join never decides the plan of the walk.
  const r = await db.query<AttemptRow>(
    `SELECT a.rec_no, a.record, ${WHO}
     FROM (SELECT a.rec_no, a.started_at, a.record, a.desk_id FROM attempts a WHERE ${where(conditions)}
           ORDER BY a.started_at DESC, a.rec_no DESC LIMIT ${p.add(q.limit)}) a
     JOIN desks d ON d.id = a.desk_id
     ORDER BY a.started_at DESC, a.rec_no DESC`,
    p.values,
  );
  return r.rows;
}

/** The column a key of activity-keys.ts names (`o:` order id, `c:` clientOid, `s:` symbol, `r:` run). */
const KEY_COLUMNS: Readonly<Record<string, string>> = {
  o: 'a.order_id',
  c: 'a.client_oid',
  s: 'upper(a.symbol)',
  r: 'a.run_id',
};

/**
 * Attempts naming any of the keys, newest first. Each key is its own ordered walk of its index
 * (an order's newest `limit`), and the union's newest `limit` is the page: an OR of keys would
 * read every attempt of each key and sort them.
 */
export async function keyedRows(
  db: Queryable,
  account: string,
  keys: readonly string[],
  q: Narrowing & { before?: number; limit: number },
): Promise<AttemptRow[]> {
  const p = new Params();
  const acct = p.add(account);
  const limit = p.add(q.limit);
  const walks = keys.flatMap((key) => {
    const column = KEY_COLUMNS[key.slice(0, key.indexOf(':'))];
    if (!column) return [];
    const value = key.slice(key.indexOf(':') + 1);
    const conditions = [
      `a.account = ${acct}`,
      `${column} = ${p.add(column.startsWith('upper') ? value.toUpperCase() : value)}`,
      ...below(p, q.before, 'a.started_at', 'a.rec_no'),
      ...since(p, q.since, 'a.started_at'),
      ...searched(p, q.search),
    ];
    return [
      `(SELECT a.rec_no, a.started_at FROM attempts a WHERE ${where(conditions)}
        ORDER BY a.started_at DESC, a.rec_no DESC LIMIT ${limit})`,
    ];
  });
  if (walks.length === 0) return [];
  const r = await db.query<AttemptRow>(
    `WITH hit AS (${walks.join(' UNION ')})
     SELECT a.rec_no, a.record, ${WHO}
     FROM (SELECT * FROM hit ORDER BY started_at DESC, rec_no DESC LIMIT ${limit}) h
     JOIN attempts a ON a.rec_no = h.rec_no
     JOIN desks d ON d.id = a.desk_id
     ORDER BY h.started_at DESC, h.rec_no DESC`,
    p.values,
  );
  return r.rows;
}

/**
 * The columns of an entry's page, from `page(rec_no, matching)`: the first attempt, its desk, and
 * for a run its items by status and its newest item's end (through attempts_run, a run's items
 * side by side, without reading their records).
 */
const ENTRY_SELECT = `SELECT a.rec_no, a.record, ${WHO}, e.matching, r.counts, r.newest_finished
     FROM page e
     JOIN attempts a ON a.rec_no = e.rec_no
     JOIN desks d ON d.id = a.desk_id
     LEFT JOIN LATERAL (
       SELECT (SELECT jsonb_object_agg(s.status, s.n)
               FROM (SELECT i.status, count(*) AS n FROM attempts i
                     WHERE i.account = a.account AND i.run_id = a.run_id GROUP BY i.status) s) AS counts,
              (SELECT i.finished_at FROM attempts i WHERE i.account = a.account AND i.run_id = a.run_id
               ORDER BY i.rec_no DESC LIMIT 1) AS newest_finished
       WHERE a.run_id IS NOT NULL
     ) r ON true
     ORDER BY e.started_at DESC, e.rec_no DESC`;

/** The Activity list unfiltered: entries' first attempts newest first (attempts_entry_heads). */
export async function entryRows(
  db: Queryable,
  account: string,
  q: Pick<Narrowing, 'since'> & { before?: number; limit: number },
): Promise<EntryRow[]> {
  const p = new Params();
  const conditions = [
    `a.account = ${p.add(account)}`,
    // Repeated as the partial index says it, so the planner takes that index.
    'a.rec_no = a.entry_no',
    ...below(p, q.before, 'a.started_at', 'a.rec_no'),
    ...since(p, q.since, 'a.started_at'),
  ];
  const r = await db.query<EntryRow>(
    `WITH page AS (
       SELECT a.rec_no, a.started_at, NULL::int AS matching FROM attempts a WHERE ${where(conditions)}
       ORDER BY a.started_at DESC, a.rec_no DESC LIMIT ${p.add(q.limit)})
     ${ENTRY_SELECT}`,
    p.values,
  );
  return r.rows;
}

/**
 * The Activity list searched: entries with an attempt the search finds, newest first by the
 * entry's start, each with how many it found. Grouped over attempts_entries (or attempts_status),
 * whose order keeps an entry's attempts together, so a walk stops after `limit` entries.
 */
export async function searchedEntryRows(
  db: Queryable,
  account: string,
  q: Narrowing & { search: ActivitySearch; before?: number; limit: number },
): Promise<EntryRow[]> {
  const p = new Params();
  const conditions = [
    `a.account = ${p.add(account)}`,
    ...below(p, q.before, 'a.entry_started_at', 'a.entry_no'),
    ...since(p, q.since, 'a.entry_started_at'),
    ...searched(p, q.search),
  ];
  const r = await db.query<EntryRow>(
    `WITH page AS (
       SELECT a.entry_no AS rec_no, a.entry_started_at AS started_at, count(*)::int AS matching
       FROM attempts a WHERE ${where(conditions)}
       GROUP BY a.entry_started_at, a.entry_no
       ORDER BY a.entry_started_at DESC, a.entry_no DESC LIMIT ${p.add(q.limit)})
     ${ENTRY_SELECT}`,
    p.values,
  );
  return r.rows;
}

/** A run's attempts in the order recorded, after `after` (a rec_no); every one when `limit` is absent. */
export async function runRows(
  db: Queryable,
  account: string,
  runId: string,
  q: Pick<Narrowing, 'search'> & { after?: number; limit?: number },
): Promise<AttemptRow[]> {
  const p = new Params();
  const conditions = [
    `a.account = ${p.add(account)}`,
    `a.run_id = ${p.add(runId)}`,
    ...(q.after === undefined ? [] : [`a.rec_no > ${p.add(q.after)}`]),
    ...searched(p, q.search),
  ];
  const r = await db.query<AttemptRow>(
    `SELECT a.rec_no, a.record, ${WHO}
     FROM (SELECT a.rec_no, a.record, a.desk_id FROM attempts a WHERE ${where(conditions)}
           ORDER BY a.rec_no ${q.limit === undefined ? '' : `LIMIT ${p.add(q.limit)}`}) a
     JOIN desks d ON d.id = a.desk_id
     ORDER BY a.rec_no`,
    p.values,
  );
  return r.rows;
}

/** A run's attempts in the store, whatever a search finds. */
export async function runSize(db: Queryable, account: string, runId: string): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM attempts WHERE account = $1 AND run_id = $2`,
    [account, runId],
  );
  return r.rows[0]?.n ?? 0;
}

/** One attempt by id, as it stands. */
export async function attemptRow(db: Queryable, account: string, id: string): Promise<AttemptRow | undefined> {
  const r = await db.query<AttemptRow>(
    `SELECT a.rec_no, a.record, ${WHO} FROM attempts a JOIN desks d ON d.id = a.desk_id
     WHERE a.account = $1 AND a.id = $2`,
    [account, id],
  );
  return r.rows[0];
}

/** Attempts and entries of the account, as attempts_counted() keeps them (a row per desk). */
export async function totals(db: Queryable, account: string): Promise<{ attempts: number; entries: number }> {
  const r = await db.query<{ attempts: number; entries: number }>(
    `SELECT coalesce(sum(attempts), 0)::float8 AS attempts, coalesce(sum(entries), 0)::float8 AS entries
     FROM activity_counts WHERE account = $1`,
    [account],
  );
  return r.rows[0] ?? { attempts: 0, entries: 0 };
}
