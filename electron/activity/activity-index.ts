/**
 * The activity log's index: one fixed-size record per attempt, in the order attempts first appear
 * in the journal (their start), pointing at the attempt's latest line. Listing the newest N attempts
 * reads N records from the end of this file and N lines by offset, however long the history. The
 * journal stays the truth: the index is rebuilt from it when missing or damaged, and caught up from
 * the position its header names after a crash, so it needs no fsync of its own.
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { ATTEMPT_STATUSES, type AttemptStatus } from '../../shared/attempts';
import {
  INDEX_HEADER_BYTES as HEADER_BYTES,
  readIndexHeader,
  writeIndexHeader,
  type JournalPosition,
} from './index-header';

/** 02: each record holds its attempt's status and entry (a run's counts are read from its items' records). */
const MAGIC = Buffer.from('UTAIDX02', 'latin1');
export const RECORD_BYTES = 40;

export type { JournalPosition };

export interface IndexRecord {
  /** First 8 bytes of SHA-256 of the attempt id: finds candidates; the line itself confirms. */
  idHash: Buffer;
  startedAt: number;
  segment: number;
  offset: number;
  length: number;
  final: boolean;
  /** The status of the attempt's latest line. */
  status: AttemptStatus;
  /** The Activity entry it belongs to (activity-entries.ts): its own, or its run's. */
  entryNo: number;
}

export function idHash(id: string): Buffer {
  return createHash('sha256').update(id, 'utf8').digest().subarray(0, 8);
}

export class ActivityIndex {
  private constructor(
    private readonly fh: FileHandle,
    public count: number,
    public covered: JournalPosition,
    /** Journal lines that could not be read as attempts (torn by a crash, damaged). */
    public skipped: number,
  ) {}

  /** The index as stored, or undefined when it is missing or not an index of this version. */
  static async open(fh: FileHandle): Promise<ActivityIndex | undefined> {
    const header = await readIndexHeader(fh, MAGIC, RECORD_BYTES);
    return header && new ActivityIndex(fh, header.count, header.covered, header.bytes.readUInt32LE(12));
  }

  /** An empty index over nothing (the caller then indexes the journal from its start). */
  static async create(fh: FileHandle): Promise<ActivityIndex> {
    await fh.truncate(0);
    const index = new ActivityIndex(fh, 0, { segment: 0, offset: 0 }, 0);
    await index.writeHeader();
    return index;
  }

  async writeHeader(): Promise<void> {
    await writeIndexHeader(this.fh, MAGIC, this.covered, (b) =>
      b.writeUInt32LE(Math.min(this.skipped, 0xffffffff), 12),
    );
  }

  /** Records [from, to), oldest first, in one read. */
  async range(from: number, to: number): Promise<IndexRecord[]> {
    const n = Math.max(0, Math.min(to, this.count) - Math.max(0, from));
    if (n === 0) return [];
    const buf = Buffer.alloc(n * RECORD_BYTES);
    await this.fh.read(buf, 0, buf.length, HEADER_BYTES + Math.max(0, from) * RECORD_BYTES);
    const out: IndexRecord[] = [];
    for (let i = 0; i < n; i++) out.push(decode(buf.subarray(i * RECORD_BYTES, (i + 1) * RECORD_BYTES)));
    return out;
  }

  /**
   * The records [from, to) of one entry, counted by status straight from the bytes (a run's items:
   * thousands of records, none of them decoded), and whether every one is final.
   */
  async tally(
    from: number,
    to: number,
    entryNo: number,
  ): Promise<{ counts: number[]; attempts: number; final: boolean }> {
    const counts = ATTEMPT_STATUSES.map(() => 0);
    let attempts = 0;
    let final = true;
    for (let at = Math.max(0, from); at < Math.min(to, this.count); at += 16_384) {
      const n = Math.min(16_384, Math.min(to, this.count) - at);
      const buf = Buffer.alloc(n * RECORD_BYTES);
      await this.fh.read(buf, 0, buf.length, HEADER_BYTES + at * RECORD_BYTES);
      for (let off = 0; off < buf.length; off += RECORD_BYTES) {
        if (buf.readUInt32LE(off + 36) !== entryNo) continue;
        attempts++;
        counts[buf[off + 33]!] = (counts[buf[off + 33]!] ?? 0) + 1;
        final &&= buf[off + 32] === 1;
      }
    }
    return { counts, attempts, final };
  }

  async put(recordNo: number, record: IndexRecord): Promise<void> {
    await this.putRun(recordNo, [record]);
  }

  /** Records `first`, `first + 1`, … in one write. */
  async putRun(first: number, records: readonly IndexRecord[]): Promise<void> {
    const buf = Buffer.concat(records.map(encode));
    await this.fh.write(buf, 0, buf.length, HEADER_BYTES + first * RECORD_BYTES);
    this.count = Math.max(this.count, first + records.length);
  }

  close(): Promise<void> {
    return this.fh.close();
  }
}

function encode(r: IndexRecord): Buffer {
  const b = Buffer.alloc(RECORD_BYTES);
  r.idHash.copy(b, 0, 0, 8);
  b.writeDoubleLE(r.startedAt, 8);
  b.writeUInt32LE(r.segment, 16);
  b.writeUInt32LE(r.length, 20);
  b.writeDoubleLE(r.offset, 24);
  b.writeUInt8(r.final ? 1 : 0, 32);
  b.writeUInt8(ATTEMPT_STATUSES.indexOf(r.status), 33);
  b.writeUInt32LE(r.entryNo, 36);
  return b;
}

function decode(b: Buffer): IndexRecord {
  return {
    idHash: Buffer.from(b.subarray(0, 8)),
    startedAt: b.readDoubleLE(8),
    segment: b.readUInt32LE(16),
    length: b.readUInt32LE(20),
    offset: b.readDoubleLE(24),
    final: b.readUInt8(32) === 1,
    status: ATTEMPT_STATUSES[b.readUInt8(33)] ?? 'unknown',
    entryNo: b.readUInt32LE(36),
  };
}
