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
import { changeEventSchema, type ChangeEvent } from '../../shared/instrument-changes';
import { CATEGORIES, type Category } from '../../shared/schemas';
import { commitFile, writeTempFile } from '../storage/atomic-file';
import { CATEGORY_NO, EventIndex, KIND_NO, parseHead, type ChangeQuery } from './change-index';
import { appendLines, fileSize, parseJsonLine, scanLines, type OpenFile } from '../storage/journal-file';

export const CHANGE_LOG_FILE = 'changes.jsonl';
export const DEFAULT_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;
/** About 150,000 events: years of an ordinary market. */
export const DEFAULT_COMPACT_ABOVE_BYTES = 32 * 1024 * 1024;
/** Lines at most this far apart are read in one read. */
const SPAN_GAP = 64 * 1024;

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

function parseEvent(line: Buffer | undefined): ChangeEvent | undefined {
  // The schema is not loose: the sequence number (the file's, not the event's) is dropped.
  return line ? parseJsonLine(line, changeEventSchema) : undefined;
}
