/**
 * One profile's instrument change log: an append-only journal of JSON lines (changes.jsonl), one
 * line per change event, written like the activity log (storage/journal-file.ts): a fetch's events
 * are appended in one write and synced before they count; a line torn by a crash is skipped,
 * counted, and fenced off by the next append.
 *
 * An index of every event (time, category, kind, symbol and where its line is) lives in memory,
 * built by one scan of the file when the log is opened; a page of the feed filters the index and
 * reads only the lines it returns. The file is bounded: once it grows past `compactAboveBytes`, it
 * is rewritten without the events older than the retention (and, should a flood of recent events
 * keep it too large, without the oldest of those too, down to three quarters of the threshold), as
 * a new file renamed over the old one, so a crash leaves one or the other.
 *
 * Each line is an event with `seq`, its number in the log: numbers only grow, survive compaction,
 * and are the cursor of the feed's pages.
 *
 * Not safe for concurrent calls: its owner (InstrumentHistory) runs them one at a time.
 */
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { CHANGE_KINDS, changeEventSchema, type ChangeEvent, type ChangeKind } from '../../shared/instrument-changes';
import { CATEGORIES, type Category } from '../../shared/schemas';
import { commitFile, writeTempFile } from '../storage/atomic-file';
import { appendLines, fileSize, parseJsonLine, scanLines, type OpenFile } from '../storage/journal-file';

export const CHANGE_LOG_FILE = 'changes.jsonl';
export const DEFAULT_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;
/** About 150,000 events: years of an ordinary market. */
export const DEFAULT_COMPACT_ABOVE_BYTES = 32 * 1024 * 1024;
/** Lines at most this far apart are read in one read. */
const SPAN_GAP = 64 * 1024;

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

export interface ChangePage {
  /** Newest first (in the order they were recorded). */
  events: ChangeEvent[];
  /** Pass as `before` to go on further back; null when nothing older matches. */
  next: number | null;
  /** Events in the whole log, filtered or not. */
  total: number;
  /** Events of the whole log that pass the filters (every page, not only this one). */
  matched: number;
  /** Lines that were torn or damaged. */
  skippedLines: number;
}

export interface ChangeLogOptions {
  openFile?: OpenFile;
  now?: () => number;
  retentionMs?: number;
  compactAboveBytes?: number;
}

const CATEGORY_NO = new Map<string, number>(CATEGORIES.map((c, i) => [c, i]));
const KIND_NO = new Map<string, number>(CHANGE_KINDS.map((k, i) => [k, i]));

export class ChangeLog {
  readonly path: string;
  private readonly openFile: OpenFile;
  private readonly now: () => number;
  private readonly retentionMs: number;
  private readonly compactAboveBytes: number;
  private readonly index = new EventIndex();
  private nextSeq = 0;
  private size = 0;
  private skipped = 0;
  /** The file ends inside a line (a crash mid-write): counted as skipped until an append fences it. */
  private tornTail = false;
  private readonly lastFetch = new Map<Category, string>();
  private reader: Promise<FileHandle> | undefined;

  constructor(dir: string, options: ChangeLogOptions = {}) {
    this.path = join(dir, CHANGE_LOG_FILE);
    this.openFile = options.openFile ?? open;
    this.now = options.now ?? Date.now;
    this.retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
    this.compactAboveBytes = options.compactAboveBytes ?? DEFAULT_COMPACT_ABOVE_BYTES;
  }

  /**
   * Reads the journal into the index. `firstSeq`: sequence numbers start at least there, so that
   * cursors stay valid even if a compaction emptied the log.
   */
  static async open(dir: string, options: ChangeLogOptions = {}, firstSeq = 0): Promise<ChangeLog> {
    const log = new ChangeLog(dir, options);
    const end = await scanLines(log.path, 0, (line, offset) => log.indexLine(line, offset));
    log.nextSeq = Math.max(log.nextSeq, firstSeq);
    log.size = await fileSize(log.path);
    log.tornTail = end.torn;
    return log;
  }

  /** The sequence number the next event gets. */
  get nextSequence(): number {
    return this.nextSeq;
  }

  get count(): number {
    return this.index.count;
  }

  get bytes(): number {
    return this.size;
  }

  /** The fetch of this category whose events were appended last (as read on opening, or appended since). */
  lastFetchId(category: Category): string | undefined {
    return this.lastFetch.get(category);
  }

  /** Appends one fetch's events in one synced write. */
  async append(events: readonly ChangeEvent[]): Promise<void> {
    if (events.length === 0) return;
    const first = this.nextSeq;
    // Taken even if the write fails: should part of it survive a failed cut-back, its lines keep
    // numbers of their own.
    this.nextSeq += events.length;
    const lines = events.map((e, i) => JSON.stringify({ seq: first + i, ...e }));
    const at = await appendLines(this.openFile, this.path, lines.join('\n'));
    if (at.fenced) {
      this.skipped++;
      this.tornTail = false;
    }
    let offset = at.offset;
    events.forEach((e, i) => {
      const length = Buffer.byteLength(lines[i]!, 'utf8');
      this.index.push(
        first + i,
        e.at,
        offset,
        length,
        CATEGORY_NO.get(e.category) ?? 0,
        KIND_NO.get(e.kind)!,
        e.symbol,
      );
      offset += length + 1;
      this.lastFetch.set(e.category, e.fetchId);
    });
    this.size = at.offset + at.length + 1;
  }

  /** A page of events, newest first, filtered. */
  async page(query: ChangeQuery): Promise<ChangePage> {
    const ix = this.index;
    const filter = ix.filter(query);
    const limit = Math.max(1, Math.floor(query.limit));
    const end = query.before === undefined ? ix.count : ix.firstAtOrAfter(query.before);
    const found = ix.findBackwards(filter, end, limit);
    const last = found[found.length - 1];
    // A next page only if something older matches: the feed shows "the beginning" instead of an empty page.
    const more = found.length === limit && last !== undefined && ix.findBackwards(filter, last, 1).length > 0;
    const events = (await this.readLines(found)).flatMap((line) => parseEvent(line) ?? []);
    return {
      events,
      next: more ? ix.seq[last]! : null,
      total: ix.count,
      matched: ix.countMatching(filter),
      skippedLines: this.skipped + (this.tornTail ? 1 : 0),
    };
  }

  /** Whether the log has grown past the threshold, so that compact() would be worth it. */
  needsCompaction(): boolean {
    return this.size > this.compactAboveBytes;
  }

  /**
   * Rewrites the log without the events older than the retention, then (if still above three
   * quarters of the threshold) without the oldest of the rest. Torn and damaged lines go too.
   */
  async compact(): Promise<{ dropped: number; bytes: number }> {
    const ix = this.index;
    const cutoff = this.now() - this.retentionMs;
    let keepFrom = 0;
    // Events are in the order they were recorded; a clock set back could interleave old times
    // with new, so the cut is at the last event older than the retention.
    for (let i = ix.count - 1; i >= 0; i--) {
      if (ix.at[i]! < cutoff) {
        keepFrom = i + 1;
        break;
      }
    }
    const budget = Math.floor((this.compactAboveBytes * 3) / 4);
    let bytes = 0;
    for (let i = keepFrom; i < ix.count; i++) bytes += ix.length[i]! + 1;
    while (bytes > budget && keepFrom < ix.count) bytes -= ix.length[keepFrom++]! + 1;

    const old = await readFile(this.path);
    const chunks: Buffer[] = [];
    const offsets: number[] = [];
    let position = 0;
    for (let i = keepFrom; i < ix.count; i++) {
      chunks.push(old.subarray(ix.offset[i]!, ix.offset[i]! + ix.length[i]! + 1));
      offsets.push(position);
      position += ix.length[i]! + 1;
    }
    const tmp = await writeTempFile(this.path, Buffer.concat(chunks, position));
    await this.closeReader();
    await commitFile(tmp, this.path);
    const dropped = keepFrom;
    ix.dropFirst(keepFrom, offsets);
    this.size = position;
    this.skipped = 0;
    this.tornTail = false;
    return { dropped, bytes: position };
  }

  async close(): Promise<void> {
    await this.closeReader();
  }

  // ---------- reading ----------

  private indexLine(line: Buffer, offset: number): void {
    const head = parseHead(line);
    // Sequence numbers only grow (pages find their cursor by bisection): a line out of order is damaged.
    if (!head || head.seq < this.nextSeq) {
      this.skipped++;
      return;
    }
    this.index.push(head.seq, head.at, offset, line.length, head.category, head.kind, head.symbol);
    this.lastFetch.set(CATEGORIES[head.category]!, head.fetchId);
    this.nextSeq = head.seq + 1;
  }

  /** The lines at these index positions, in that order; lines close together are read at once. */
  private async readLines(positions: readonly number[]): Promise<Buffer[]> {
    const ix = this.index;
    const out: Buffer[] = new Array(positions.length);
    const order = positions.map((_, k) => k).sort((a, b) => ix.offset[positions[a]!]! - ix.offset[positions[b]!]!);
    const reader = positions.length ? await this.openReader() : undefined;
    for (let k = 0; k < order.length;) {
      const first = positions[order[k]!]!;
      const start = ix.offset[first]!;
      let end = start + ix.length[first]!;
      let j = k + 1;
      for (; j < order.length; j++) {
        const p = positions[order[j]!]!;
        if (ix.offset[p]! - end > SPAN_GAP) break;
        end = Math.max(end, ix.offset[p]! + ix.length[p]!);
      }
      const span = Buffer.alloc(end - start);
      const { bytesRead } = await reader!.read(span, 0, span.length, start);
      for (let m = k; m < j; m++) {
        const p = positions[order[m]!]!;
        const from = ix.offset[p]! - start;
        out[order[m]!] = span.subarray(from, Math.min(from + ix.length[p]!, bytesRead));
      }
      k = j;
    }
    return out;
  }

  private openReader(): Promise<FileHandle> {
    if (!this.reader) {
      const reader = open(this.path, 'r');
      this.reader = reader;
      reader.catch(() => {
        if (this.reader === reader) this.reader = undefined;
      });
    }
    return this.reader;
  }

  private async closeReader(): Promise<void> {
    const reader = this.reader;
    this.reader = undefined;
    await (await reader?.catch(() => undefined))?.close();
  }
}

/**
 * What the feed filters on, for every event, in arrays that grow by doubling: a year of events
 * costs a few megabytes, not one object each.
 */
class EventIndex {
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
interface Filter {
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
function parseHead(line: Buffer): Head | undefined {
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

function parseEvent(line: Buffer | undefined): ChangeEvent | undefined {
  // The schema is not loose: the sequence number (the file's, not the event's) is dropped.
  return line ? parseJsonLine(line, changeEventSchema) : undefined;
}
