/**
 * Sorted views of the rows, from the ranks of sort-keys.ts. A column's ascending order is one
 * stable counting sort, built once per data set (in idle time, right after its ranks); its
 * descending order is derived from it in one pass. A click on a header then takes a stored order
 * instead of sorting 50,000 rows between the click and the next frame. Only the keys after the
 * first of a multi-column sort are counting sorts at click time.
 *
 * Every order is stable: rows with equal values keep the exchange's order, in both directions.
 * Unset values (rank -1) go last in both directions.
 */
import { ROWS_PER_STEP, type ColumnRanks } from './sort-keys';

export interface RankedSort {
  ranks: ColumnRanks;
  desc: boolean;
}

/** What a column needs to be sorted: its ranks and its rows in ascending order. */
export interface ColumnSort {
  ranks: ColumnRanks;
  ascending: Int32Array;
}

/** The data rows in their own order (the exchange's), for a view without a sort. */
export function identityOrder(n: number): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order;
}

/** The rows by ascending rank, stable, unset last: a counting sort in steps of ROWS_PER_STEP rows. */
export function* ascendingJob({ ranks, count }: ColumnRanks): Generator<void, Int32Array, void> {
  const n = ranks.length;
  // Bucket b + 1 counts rank b; bucket count + 1 counts the unset rows (after every value).
  const starts = new Int32Array(count + 2);
  for (let i = 0; i < n; i++) {
    const v = ranks[i]!;
    starts[(v < 0 ? count : v) + 1]!++;
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = ranks[i]!;
    order[starts[v < 0 ? count : v]!++] = i;
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  return order;
}

/**
 * The descending order from the ascending one: its runs of equal values in reverse, each run
 * still in the exchange's order, the unset rows still last. One pass, no sort.
 */
export function descendingOf(ascending: Int32Array, { ranks }: ColumnRanks): Int32Array {
  const n = ascending.length;
  const out = new Int32Array(n);
  let set = n;
  while (set > 0 && ranks[ascending[set - 1]!]! < 0) set--;
  out.set(ascending.subarray(set), set);
  let written = 0;
  // Copied element by element: a subarray per run would allocate one object per distinct value
  // (50,000 at 50,000 rows: ~2 ms against ~0.2 ms, in the click that sorts descending).
  for (let end = set; end > 0;) {
    const v = ranks[ascending[end - 1]!]!;
    let start = end - 1;
    while (start > 0 && ranks[ascending[start - 1]!] === v) start--;
    for (let i = start; i < end; i++) out[written++] = ascending[i]!;
    end = start;
  }
  return out;
}

/**
 * `order` stably sorted by one more significant key: equal values of `key` keep their order in
 * `order`, so sorting by the keys from the least significant to the most (LSD) sorts by all.
 */
export function thenSortBy(order: Int32Array, { ranks: { ranks, count }, desc }: RankedSort): Int32Array {
  const n = order.length;
  // Buckets 0..count-1 hold values, bucket count holds the unset ones: last either way.
  const bucket = (row: number): number => {
    const v = ranks[row]!;
    return v < 0 ? count : desc ? count - 1 - v : v;
  };
  const starts = new Int32Array(count + 2);
  for (let i = 0; i < n; i++) starts[bucket(order[i]!) + 1]!++;
  for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
  const next = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const row = order[i]!;
    next[starts[bucket(row)]!++] = row;
  }
  return next;
}

/**
 * Row indexes ordered by several keys, first key most significant, from the ranks alone: one
 * stable counting sort per key, least significant first. (The grid uses the stored orders of
 * Dataset.sortedRows; this is the same order without them.)
 */
export function sortIndexes(n: number, keys: readonly RankedSort[]): Int32Array {
  let order = identityOrder(n);
  for (let k = keys.length - 1; k >= 0; k--) order = thenSortBy(order, keys[k]!);
  return order;
}
