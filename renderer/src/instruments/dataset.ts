/**
 * Everything the grid derives from one fetched instrument list, computed once per list: search
 * haystacks, filter flags, and (lazily, per column, on first sort) exact ranks and display texts.
 * Sorting, filtering and scrolling then never touch a decimal string again.
 */
import type { Instrument } from '../../../shared/schemas';
import { FORMAT_OF_KIND, SORT_RULE_OF_KIND, SPEC_BY_ID } from './columns';
import { charMask } from './filters';
import { finish, rankJob, type ColumnRanks, type RankJob } from './sort-keys';
import { hasRestriction, instrumentKey, isYes, rawField } from './values';

export interface Dataset {
  readonly rows: readonly Instrument[];
  /** category:symbol: symbols repeat across categories (BTCUSDT is spot and a contract). */
  readonly keys: readonly string[];
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
  ranks(columnId: string): ColumnRanks;
  /**
   * Advances the ranking of a column while `hasTime()` says so, one short step at a time; true once
   * the column is ranked. What is done is kept: a later ranks() only finishes the rest.
   */
  warmRanks(columnId: string, hasTime: () => boolean): boolean;
  /** Display text of a cell; cached so scrolling back and forth formats each cell once. */
  text(columnId: string, row: number): string;
}

function count(values: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const v of values) if (v !== '') m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

const lower = (v: string | null | undefined): string => (v ?? '').trim().toLowerCase();

export function buildDataset(rows: readonly Instrument[]): Dataset {
  const n = rows.length;
  const keys = new Array<string>(n);
  const haystacks = new Array<string>(n);
  const haystackMasks = new Int32Array(n);
  const statuses = new Array<string>(n);
  const symbolTypes = new Array<string>(n);
  const futuresTypes = new Array<string>(n);
  const rwa = new Uint8Array(n);
  const restricted = new Uint8Array(n);
  const indexOfKey = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    keys[i] = instrumentKey(r);
    indexOfKey.set(keys[i]!, i);
    // toLowerCase() of the joined text yields a flat string: includes() on a rope flattens it first.
    haystacks[i] = `${r.symbol ?? ''} ${r.baseCoin ?? ''} ${r.quoteCoin ?? ''}`.toLowerCase();
    haystackMasks[i] = charMask(haystacks[i]!);
    statuses[i] = (r.status ?? '').trim();
    symbolTypes[i] = lower(r.symbolType);
    futuresTypes[i] = lower(r.type);
    rwa[i] = isYes(r.isRwa) ? 1 : 0;
    restricted[i] = hasRestriction(r) ? 1 : 0;
  }

  const rankCache = new Map<string, ColumnRanks>();
  const rankJobs = new Map<string, RankJob>();
  const jobOf = (columnId: string): RankJob => {
    let job = rankJobs.get(columnId);
    if (!job) {
      const kind = SPEC_BY_ID.get(columnId)?.kind ?? 'text';
      job = rankJob(n, (i) => rawField(rows[i]!, columnId), SORT_RULE_OF_KIND[kind]);
      rankJobs.set(columnId, job);
    }
    return job;
  };
  const done = (columnId: string, r: ColumnRanks): ColumnRanks => {
    rankCache.set(columnId, r);
    rankJobs.delete(columnId);
    return r;
  };
  const textCache = new Map<string, Array<string | undefined>>();

  return {
    rows,
    keys,
    indexOfKey,
    haystacks,
    haystackMasks,
    statuses,
    symbolTypes,
    futuresTypes,
    rwa,
    restricted,
    statusCounts: count(statuses),
    symbolTypeCounts: count(symbolTypes),
    ranks(columnId) {
      return rankCache.get(columnId) ?? done(columnId, finish(jobOf(columnId)));
    },
    warmRanks(columnId, hasTime) {
      if (rankCache.has(columnId)) return true;
      const job = jobOf(columnId);
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
        t = FORMAT_OF_KIND[kind](rawField(rows[row]!, columnId));
        cache[row] = t;
      }
      return t;
    },
  };
}
