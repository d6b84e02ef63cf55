/**
 * Everything the grid derives from one fetched instrument list, computed once per list: search
 * haystacks, filter flags, and (lazily, per column) exact ranks, sorted orders and display texts.
 * Sorting, filtering and scrolling then never touch a decimal string again.
 *
 * Only what the first paint needs is computed when the list arrives (the statuses and symbol
 * types: row colours and the filter menus). The rest waits for its first use (keys and the index
 * by key: a selection or the change marks; the filter flags: their filter) or for idle time (the
 * search haystacks and each shown column's ranks and orders, see warmSearch and warmSort), so
 * mounting 50,000 rows does not pay for a search not typed or a sort not clicked.
 */
import type { Instrument } from '../../../shared/schemas';
import { columnValue, FORMAT_OF_KIND, SORT_RULE_OF_KIND, SPEC_BY_ID } from './columns';
import { charMask } from './char-mask';
import { finish, rankJob, ROWS_PER_STEP, type ColumnRanks, type SortRule } from './sort-keys';
import { ascendingJob, descendingOf, identityOrder, thenSortBy, type ColumnSort } from './sort-order';
import { hasRestriction, instrumentKey, isYes, type RawValue } from './values';

export interface Dataset {
  readonly rows: readonly Instrument[];
  /** category:symbol: symbols repeat across categories (BTCUSDT is spot and a contract). */
  readonly keys: readonly string[];
  /** The key of one row, without building every row's (what rendered rows need). */
  keyOf(row: number): string;
  readonly indexOfKey: ReadonlyMap<string, number>;
  /** Lowercase "symbol base quote" per row, for the instant search. */
  readonly haystacks: readonly string[];
  /** charMask of each haystack: lets the search skip rows without a single includes(). */
  readonly haystackMasks: Int32Array;
  readonly statuses: readonly string[];
  readonly symbolTypes: readonly string[];
  readonly futuresTypes: readonly string[];
  readonly rwa: Uint8Array;
  readonly restricted: Uint8Array;
  /** Distinct values with their counts, for the filter menus. */
  readonly statusCounts: ReadonlyMap<string, number>;
  readonly symbolTypeCounts: ReadonlyMap<string, number>;
  /**
   * Advances the search haystacks while `hasTime()` says so, a step of rows at a time; true once
   * they are built. Reading `haystacks` or `haystackMasks` finishes them at once.
   */
  warmSearch(hasTime: () => boolean): boolean;
  ranks(columnId: string): ColumnRanks;
  /**
   * The data rows in the view's order: by the sort keys, first most significant, each ascending
   * or descending, ties in the exchange's order. Single-column views are stored, so a click on
   * a header returns an order built before (the caller must not modify it).
   */
  sortedRows(sorting: ReadonlyArray<{ id: string; desc: boolean }>): Int32Array;
  /**
   * Advances the ranking and the ascending order of a column while `hasTime()` says so, one short
   * step at a time; true once both are built. What is done is kept: a later sort only finishes the rest.
   */
  warmSort(columnId: string, hasTime: () => boolean): boolean;
  /** Display text of a cell; cached so scrolling back and forth formats each cell once. */
  text(columnId: string, row: number): string;
}

function count(values: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const v of values) if (v !== '') m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

const lower = (v: string | null | undefined): string => (v ?? '').trim().toLowerCase();

/** A value computed on its first read, then kept. */
function lazy<T>(compute: () => T): () => T {
  let value: T | undefined;
  let done = false;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value as T;
  };
}

interface SearchIndex {
  haystacks: string[];
  masks: Int32Array;
}

/** The search haystacks and their masks, built a step of rows at a time. */
function* searchJob(rows: readonly Instrument[]): Generator<void, SearchIndex, void> {
  const n = rows.length;
  const haystacks = new Array<string>(n);
  const masks = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
    const r = rows[i]!;
    // toLowerCase() of the joined text yields a flat string: includes() on a rope flattens it first.
    const h = `${r.symbol ?? ''} ${r.baseCoin ?? ''} ${r.quoteCoin ?? ''}`.toLowerCase();
    haystacks[i] = h;
    masks[i] = charMask(h);
  }
  return { haystacks, masks };
}

/** A column's ranks, then its ascending order, in steps. */
function* sortJob(
  n: number,
  rawAt: (i: number) => RawValue,
  rule: SortRule,
  stepped: boolean,
): Generator<void, ColumnSort, void> {
  const ranks = yield* rankJob(n, rawAt, rule, stepped);
  return { ranks, ascending: yield* ascendingJob(ranks) };
}

/** One flag per row. */
function flags(rows: readonly Instrument[], test: (r: Instrument) => boolean): Uint8Array {
  const out = new Uint8Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = test(rows[i]!) ? 1 : 0;
  return out;
}

export function buildDataset(rows: readonly Instrument[]): Dataset {
  const n = rows.length;
  const statuses = new Array<string>(n);
  const symbolTypes = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    statuses[i] = (r.status ?? '').trim();
    symbolTypes[i] = lower(r.symbolType);
  }
  let allKeys: string[] | undefined;
  const someKeys = new Array<string | undefined>(n);
  const keyOf = (row: number): string => allKeys?.[row] ?? (someKeys[row] ??= instrumentKey(rows[row]!));
  const keys = lazy(() => (allKeys = rows.map((_, i) => keyOf(i))));
  const indexOfKey = lazy(() => {
    const index = new Map<string, number>();
    keys().forEach((key, i) => index.set(key, i));
    return index;
  });
  const futuresTypes = lazy(() => rows.map((r) => lower(r.type)));
  const rwa = lazy(() => flags(rows, (r) => isYes(r.isRwa)));
  const restricted = lazy(() => flags(rows, hasRestriction));
  let search: SearchIndex | undefined;
  let searching: Generator<void, SearchIndex, void> | undefined;
  const searchIndex = (): SearchIndex => (search ??= finish((searching ??= searchJob(rows))));

  const sortCache = new Map<string, ColumnSort>();
  const sortJobs = new Map<string, Generator<void, ColumnSort, void>>();
  /** The column's job, started in idle time (stepped) or now for a sort that waits for it. */
  const jobOf = (columnId: string, stepped: boolean): Generator<void, ColumnSort, void> => {
    let job = sortJobs.get(columnId);
    if (!job) {
      const kind = SPEC_BY_ID.get(columnId)?.kind ?? 'text';
      job = sortJob(n, (i) => columnValue(rows[i]!, columnId), SORT_RULE_OF_KIND[kind], stepped);
      sortJobs.set(columnId, job);
    }
    return job;
  };
  const done = (columnId: string, r: ColumnSort): ColumnSort => {
    sortCache.set(columnId, r);
    sortJobs.delete(columnId);
    return r;
  };
  const columnSort = (columnId: string): ColumnSort =>
    sortCache.get(columnId) ?? done(columnId, finish(jobOf(columnId, false)));
  const descending = new Map<string, Int32Array>();
  const ordered = (columnId: string, desc: boolean): Int32Array => {
    const { ranks, ascending } = columnSort(columnId);
    if (!desc) return ascending;
    let order = descending.get(columnId);
    if (!order) descending.set(columnId, (order = descendingOf(ascending, ranks)));
    return order;
  };
  const unsorted = lazy(() => identityOrder(n));
  const textCache = new Map<string, Array<string | undefined>>();

  return {
    rows,
    get keys() {
      return keys();
    },
    keyOf,
    get indexOfKey() {
      return indexOfKey();
    },
    get haystacks() {
      return searchIndex().haystacks;
    },
    get haystackMasks() {
      return searchIndex().masks;
    },
    statuses,
    symbolTypes,
    get futuresTypes() {
      return futuresTypes();
    },
    get rwa() {
      return rwa();
    },
    get restricted() {
      return restricted();
    },
    statusCounts: count(statuses),
    symbolTypeCounts: count(symbolTypes),
    warmSearch(hasTime) {
      if (search) return true;
      searching ??= searchJob(rows);
      while (hasTime()) {
        const step = searching.next();
        if (step.done) {
          search = step.value;
          return true;
        }
      }
      return false;
    },
    ranks(columnId) {
      return columnSort(columnId).ranks;
    },
    sortedRows(sorting) {
      const last = sorting[sorting.length - 1];
      if (!last) return unsorted();
      let order = ordered(last.id, last.desc);
      for (let k = sorting.length - 2; k >= 0; k--) {
        order = thenSortBy(order, { ranks: columnSort(sorting[k]!.id).ranks, desc: sorting[k]!.desc });
      }
      return order;
    },
    warmSort(columnId, hasTime) {
      if (sortCache.has(columnId)) return true;
      const job = jobOf(columnId, true);
      while (hasTime()) {
        const step = job.next();
        if (step.done) {
          done(columnId, step.value);
          return true;
        }
      }
      return false;
    },
    text(columnId, row) {
      let cache = textCache.get(columnId);
      if (!cache) {
        cache = new Array<string | undefined>(n);
        textCache.set(columnId, cache);
      }
      let t = cache[row];
      if (t === undefined) {
        const kind = SPEC_BY_ID.get(columnId)?.kind ?? 'text';
        t = FORMAT_OF_KIND[kind](columnValue(rows[row]!, columnId));
        cache[row] = t;
      }
      return t;
    },
  };
}
