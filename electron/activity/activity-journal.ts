/**
 * The activity journal's files: segments of JSON lines (activity.jsonl, then activity-1.jsonl, …)
 * and how lines are read back by the index's pointers, many at a time.
 */
import { open, readdir, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { attemptSchema, type Attempt } from '../../shared/attempts';
import { parseJsonLine } from '../storage/journal-file';
import type { IndexRecord } from './activity-index';

/** Lines at most this far apart are read in one read… */
const SPAN_GAP = 64 * 1024;
/** …up to this many bytes. */
const SPAN_MAX = 8 * 1024 * 1024;
/** One line stays small whatever a server answered: long texts are cut to this many characters. */
export const MAX_TEXT = 2000;

export class JournalSegments {
  private readonly readers = new Map<number, Promise<FileHandle>>();

  constructor(
    readonly dir: string,
    /** The first segment's path; later ones are activity-N.jsonl beside it. */
    readonly path: string,
  ) {}

  async numbers(): Promise<number[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const numbers = new Set([0]);
    for (const n of names) {
      const m = /^activity-(\d+)\.jsonl$/.exec(n);
      if (m) numbers.add(Number(m[1]));
    }
    return [...numbers].sort((a, b) => a - b);
  }

  pathOf(n: number): string {
    return n === 0 ? this.path : join(this.dir, `activity-${n}.jsonl`);
  }

  async readAttempt(r: IndexRecord): Promise<Attempt | undefined> {
    const [line] = await this.readLines([r]);
    return parseLine(line!);
  }

  /**
   * The lines the records point at, in their order. Lines close together in one segment (the usual
   * case: attempts are written in the order they are listed) are read with one read each span.
   */
  async readLines(records: readonly IndexRecord[]): Promise<Buffer[]> {
    const out: Buffer[] = new Array(records.length);
    const order = records
      .map((_, i) => i)
      .sort((a, b) => {
        const ra = records[a]!;
        const rb = records[b]!;
        return ra.segment - rb.segment || ra.offset - rb.offset;
      });
    const reads: Promise<void>[] = [];
    for (let i = 0; i < order.length;) {
      const first = records[order[i]!]!;
      let end = first.offset + first.length;
      let j = i + 1;
      for (; j < order.length; j++) {
        const r = records[order[j]!]!;
        if (r.segment !== first.segment || r.offset - end > SPAN_GAP || r.offset + r.length - first.offset > SPAN_MAX)
          break;
        end = Math.max(end, r.offset + r.length);
      }
      const [from, to] = [i, j];
      // Spans far apart (an order's attempts across months) are read at once, not one after another.
      reads.push(
        (async () => {
          const span = Buffer.alloc(end - first.offset);
          const { bytesRead } = await (await this.reader(first.segment)).read(span, 0, span.length, first.offset);
          for (let k = from; k < to; k++) {
            const r = records[order[k]!]!;
            const at = r.offset - first.offset;
            out[order[k]!] = span.subarray(at, Math.min(at + r.length, bytesRead));
          }
        })(),
      );
      i = j;
    }
    await Promise.all(reads);
    return out;
  }

  async close(): Promise<void> {
    for (const r of this.readers.values()) await (await r.catch(() => undefined))?.close();
    this.readers.clear();
  }

  private reader(segment: number): Promise<FileHandle> {
    let reader = this.readers.get(segment);
    if (!reader) {
      reader = open(this.pathOf(segment), 'r');
      this.readers.set(segment, reader);
      reader.catch(() => this.readers.delete(segment));
    }
    return reader;
  }
}

export function parseLine(line: Buffer): Attempt | undefined {
  return parseJsonLine(line, attemptSchema);
}

/** Long texts (a server's msg, an echoed body) cut to MAX_TEXT characters, so no line grows without bound. */
export function capTexts<T>(value: T): T {
  if (typeof value === 'string') return (value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value) as T;
  if (Array.isArray(value)) return value.slice(0, 200).map(capTexts) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = capTexts(v);
    return out as T;
  }
  return value;
}
