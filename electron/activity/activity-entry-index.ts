/**
 * The activity log's entries: what the Activity list pages through. An entry is a single amend (one
 * attempt) or an amend-many run (all of its items), so a run of 300 items is one row and a single
 * amend made after it is still on the first page. One fixed-size record per entry, in the order
 * entries first appear in the journal, pointing at the entry's first attempt record (activity.idx);
 * a run's items are found through the key index (its `r:` key).
 *
 * Like the other index files it is derived from the journal: its header names the journal position
 * it covers, it is rebuilt when missing or damaged (a torn tail), caught up after a crash, and needs
 * no fsync. Catching up adds an entry only for an attempt record newer than the last entry's, so
 * entries written ahead of the header are never added twice.
 */
import type { FileHandle } from 'node:fs/promises';
import {
  INDEX_HEADER_BYTES as HEADER_BYTES,
  readIndexHeader,
  writeIndexHeader,
  type JournalPosition,
} from './index-header';

const MAGIC = Buffer.from('UTAENT02', 'latin1');
const ENTRY_BYTES = 24;

export type EntryKind = 'attempt' | 'run';

export interface EntryRecord {
  kind: EntryKind;
  /** The entry's first attempt record (activity.idx): the attempt, or the run's first item recorded. */
  recordNo: number;
  startedAt: number;
  /** The entry's newest attempt record: a run's items lie between recordNo and this one. */
  lastRecordNo: number;
}

export class EntryIndex {
  private constructor(
    private readonly fh: FileHandle,
    public count: number,
    public covered: JournalPosition,
    /** The last entry's attempt record; -1 when there is none. */
    public lastEntryRecordNo: number,
  ) {}

  /** The entries as stored, or undefined when missing, damaged (a torn tail) or of another version. */
  static async open(fh: FileHandle): Promise<EntryIndex | undefined> {
    const header = await readIndexHeader(fh, MAGIC, ENTRY_BYTES);
    if (!header) return undefined;
    const index = new EntryIndex(fh, header.count, header.covered, -1);
    const [last] = await index.range(index.count - 1, index.count);
    index.lastEntryRecordNo = last?.recordNo ?? -1;
    return index;
  }

  static async create(fh: FileHandle): Promise<EntryIndex> {
    await fh.truncate(0);
    const index = new EntryIndex(fh, 0, { segment: 0, offset: 0 }, -1);
    await index.writeHeader();
    return index;
  }

  async writeHeader(): Promise<void> {
    await writeIndexHeader(this.fh, MAGIC, this.covered);
  }

  /** Entries [from, to), oldest first, in one read. */
  async range(from: number, to: number): Promise<EntryRecord[]> {
    const start = Math.max(0, from);
    const n = Math.max(0, Math.min(to, this.count) - start);
    if (n === 0) return [];
    const buf = Buffer.alloc(n * ENTRY_BYTES);
    await this.fh.read(buf, 0, buf.length, HEADER_BYTES + start * ENTRY_BYTES);
    const out: EntryRecord[] = [];
    for (let i = 0; i < n; i++) {
      const b = buf.subarray(i * ENTRY_BYTES, (i + 1) * ENTRY_BYTES);
      out.push({
        recordNo: b.readUInt32LE(0),
        kind: b.readUInt8(4) === 1 ? 'run' : 'attempt',
        startedAt: b.readDoubleLE(8),
        lastRecordNo: b.readUInt32LE(16),
      });
    }
    return out;
  }

  /** Appends entries (their records in increasing order, past lastEntryRecordNo) in one write. */
  async add(entries: readonly EntryRecord[]): Promise<void> {
    if (entries.length === 0) return;
    const buf = Buffer.alloc(entries.length * ENTRY_BYTES);
    entries.forEach((e, i) => {
      const b = buf.subarray(i * ENTRY_BYTES, (i + 1) * ENTRY_BYTES);
      b.writeUInt32LE(e.recordNo, 0);
      b.writeUInt8(e.kind === 'run' ? 1 : 0, 4);
      b.writeDoubleLE(e.startedAt, 8);
      b.writeUInt32LE(e.lastRecordNo, 16);
    });
    await this.fh.write(buf, 0, buf.length, HEADER_BYTES + this.count * ENTRY_BYTES);
    this.count += entries.length;
    this.lastEntryRecordNo = entries[entries.length - 1]!.recordNo;
  }

  /** A run's newest item record, written in place (a later item of a run already listed). */
  async setLast(entryNo: number, lastRecordNo: number): Promise<void> {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(lastRecordNo, 0);
    await this.fh.write(b, 0, 4, HEADER_BYTES + entryNo * ENTRY_BYTES + 16);
  }

  close(): Promise<void> {
    return this.fh.close();
  }
}
