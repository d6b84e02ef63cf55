/**
 * The change log's index in memory: per event its sequence number, time, place in the file and what
 * the feed filters on (category, kind, symbol as numbers), in columns that grow by doubling, and a
 * query's filters in the same numbers. Built from each line's head, without validating the rest.
 */
import { CHANGE_KINDS, type ChangeKind } from '../../shared/instrument-changes';
import { CATEGORIES, type Category } from '../../shared/schemas';

export interface ChangeQuery {
  /** Only events of fetches made at or after this time (ms). */
  since?: number;
  category?: Category;
  /** Only these kinds; an empty list matches nothing. */
  kinds?: readonly ChangeKind[];
  /** Only this symbol (an instrument's History tab). */
  symbol?: string;
  /** Only these symbols; an empty list matches nothing. */
  symbols?: readonly string[];
  /** Only these instruments, each a category and a symbol ("watched only"); an empty list matches nothing. */
  instruments?: ReadonlyArray<{ category: Category; symbol: string }>;
  /** A `next` from an earlier page; absent for the newest. */
  before?: number;
  limit: number;
}

/** Categories and kinds as the index stores them: their position in the shared lists. */
export const CATEGORY_NO = new Map<string, number>(CATEGORIES.map((c, i) => [c, i]));
export const KIND_NO = new Map<string, number>(CHANGE_KINDS.map((k, i) => [k, i]));

/**
 * What the feed filters on, for every event, in arrays that grow by doubling: a year of events
 * costs a few megabytes, not one object each.
 */
export class EventIndex {
  count = 0;
  seq = new Float64Array(1024);
  at = new Float64Array(1024);
  offset = new Float64Array(1024);
  length = new Uint32Array(1024);
  category = new Uint8Array(1024);
  kind = new Uint8Array(1024);
  symbol = new Uint32Array(1024);
  private readonly symbolNos = new Map<string, number>();

  /** The number standing for a symbol; -2 (matching nothing) for one never seen. */
  symbolNo(symbol: string): number {
    return this.symbolNos.get(symbol) ?? -2;
  }

  push(seq: number, at: number, offset: number, length: number, category: number, kind: number, symbol: string): void {
    if (this.count === this.seq.length) this.grow(this.count * 2);
    let no = this.symbolNos.get(symbol);
    if (no === undefined) {
      no = this.symbolNos.size;
      this.symbolNos.set(symbol, no);
    }
    const i = this.count++;
    this.seq[i] = seq;
    this.at[i] = at;
    this.offset[i] = offset;
    this.length[i] = length;
    this.category[i] = category;
    this.kind[i] = kind;
    this.symbol[i] = no;
  }

  /** The position of the first event whose sequence number is at least `seq` (count if none). */
  firstAtOrAfter(seq: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.seq[mid]! < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The query's filters in the index's terms: numbers instead of names. */
  filter(query: ChangeQuery): Filter {
    return {
      since: query.since ?? Number.NEGATIVE_INFINITY,
      category: query.category === undefined ? -1 : (CATEGORY_NO.get(query.category) ?? -2),
      kinds: query.kinds && new Set(query.kinds.map((k) => KIND_NO.get(k) ?? -2)),
      symbol: query.symbol === undefined ? -1 : this.symbolNo(query.symbol),
      symbols: query.symbols && new Set(query.symbols.map((s) => this.symbolNo(s))),
      instruments:
        query.instruments &&
        new Set(query.instruments.map((i) => instrumentNo(CATEGORY_NO.get(i.category) ?? -2, this.symbolNo(i.symbol)))),
    };
  }

  private passes(f: Filter, i: number): boolean {
    if (this.at[i]! < f.since) return false;
    if (f.category !== -1 && this.category[i] !== f.category) return false;
    if (f.kinds && !f.kinds.has(this.kind[i]!)) return false;
    if (f.symbol !== -1 && this.symbol[i] !== f.symbol) return false;
    if (f.symbols && !f.symbols.has(this.symbol[i]!)) return false;
    if (f.instruments && !f.instruments.has(instrumentNo(this.category[i]!, this.symbol[i]!))) return false;
    return true;
  }

  /** How many events pass the filter: one pass over the columns, no line read. */
  countMatching(f: Filter): number {
    let n = 0;
    for (let i = 0; i < this.count; i++) if (this.passes(f, i)) n++;
    return n;
  }

  /** Up to `limit` positions before `end` that pass the filter, newest first. */
  findBackwards(f: Filter, end: number, limit: number): number[] {
    const found: number[] = [];
    for (let i = end - 1; i >= 0 && found.length < limit; i--) if (this.passes(f, i)) found.push(i);
    return found;
  }

  /** Drops the first `n` events; the rest now start at `offsets` (a compacted file). */
  dropFirst(n: number, offsets: readonly number[]): void {
    const rest = this.count - n;
    for (const column of [this.seq, this.at, this.length, this.category, this.kind, this.symbol]) {
      column.copyWithin(0, n, this.count);
    }
    for (let i = 0; i < rest; i++) this.offset[i] = offsets[i]!;
    this.count = rest;
  }

  private grow(capacity: number): void {
    const grown = <T extends Float64Array | Uint32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(capacity);
      b.set(a);
      return b;
    };
    this.seq = grown(this.seq, (n) => new Float64Array(n));
    this.at = grown(this.at, (n) => new Float64Array(n));
    this.offset = grown(this.offset, (n) => new Float64Array(n));
    this.length = grown(this.length, (n) => new Uint32Array(n));
    this.category = grown(this.category, (n) => new Uint8Array(n));
    this.kind = grown(this.kind, (n) => new Uint8Array(n));
    this.symbol = grown(this.symbol, (n) => new Uint32Array(n));
  }
}

/** -1: any; -2: none (a name the log has never seen). */
export interface Filter {
  since: number;
  category: number;
  kinds: Set<number> | undefined;
  symbol: number;
  symbols: Set<number> | undefined;
  instruments: Set<number> | undefined;
}

/** One number per (category, symbol) pair: categories are a handful, symbol numbers far below 2^24. */
function instrumentNo(category: number, symbol: number): number {
  return category * 2 ** 24 + symbol;
}

interface Head {
  seq: number;
  at: number;
  category: number;
  kind: number;
  symbol: string;
  fetchId: string;
}

/** What the index needs of a line, without validating the rest (the full check runs when a line is listed). */
export function parseHead(line: Buffer): Head | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!json || typeof json !== 'object') return undefined;
  const { seq, at, category, kind, symbol, fetchId } = json as Record<string, unknown>;
  if (typeof seq !== 'number' || typeof at !== 'number' || typeof symbol !== 'string' || typeof fetchId !== 'string')
    return undefined;
  const c = CATEGORY_NO.get(category as string);
  const k = KIND_NO.get(kind as string);
  if (c === undefined || k === undefined) return undefined;
  return { seq, at, category: c, kind: k, symbol, fetchId };
}
