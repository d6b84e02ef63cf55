/**
 * The activity log's key index: which attempts name an order id, a clientOid, a symbol or a run, so
 * an auditor's question ("every attempt on this order", "the newest 50 on BTCUSDT") reads a few
 * records instead of scanning the history.
 *
 * Two files beside activity.idx, both derived from the journal and rebuilt from it when damaged:
 * - activity.keys: postings, appended in journal order, one per (key, record) seen on a line; each
 *   points at the previous posting of the same key, so a key's postings are a chain, newest first.
 *   Its header names the journal position it covers (like activity.idx).
 * - activity.keyheads: an open-addressing table key → its newest posting, held in memory and written
 *   through. Its header names how many postings it covers; postings past that are applied again on
 *   open, and a damaged table is rebuilt from the postings. Neither file needs an fsync of its own.
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { JournalPosition } from './activity-index';

const POSTINGS_MAGIC = Buffer.from('UTAKEY01', 'latin1');
const HEADS_MAGIC = Buffer.from('UTAKHD01', 'latin1');
const HEADER_BYTES = 32;
const POSTING_BYTES = 16;
const SLOT_BYTES = 12;
const NONE = 0xffffffff;
const MIN_CAPACITY = 1024;
/** Postings read at once when walking a chain (16 KiB). */
const BLOCK_POSTINGS = 1024;
/** Slots read at once when a head is looked up in the stored table (a few cache lines). */
const PROBE_SLOTS = 32;

/** A key an attempt can be found by: `o:` order id, `c:` clientOid, `s:` symbol, `r:` run id. */
export type AttemptKey = `${'o' | 'c' | 's' | 'r'}:${string}`;

export function keyHash(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest().subarray(0, 8);
}

/** The keys of one journal line (a parsed attempt, not yet validated). */
export function lineKeys(json: Record<string, unknown>): AttemptKey[] {
  const keys = new Set<AttemptKey>();
  const add = (kind: 'o' | 'c' | 's' | 'r', v: unknown) => {
    if (typeof v === 'string' && v !== '' && v.length <= 200) keys.add(`${kind}:${kind === 's' ? v.toUpperCase() : v}`);
  };
  for (const part of [json.request, json.before, json.after]) {
    if (!part || typeof part !== 'object') continue;
    const p = part as Record<string, unknown>;
    add('o', p.orderId);
    add('c', p.clientOid);
    add('s', p.symbol);
  }
  const run = json.run as Record<string, unknown> | undefined;
  if (run && typeof run === 'object') add('r', run.id);
  return [...keys];
}

export interface KeyedRecord {
  recordNo: number;
  keys: readonly string[];
}

export class KeyIndex {
  /** Journal position the postings cover. */
  covered: JournalPosition;
  private count: number;
  /** Loaded on first use (a keyed question, or the first write): opening the log to list does not wait for it. */
  private heads: Buffer = Buffer.alloc(0);
  private loading: Promise<void> | undefined;
  /**
   * Slots of the stored table, when it covers every posting: until the table is loaded (a write
   * loads it), a key's head is read from the file where its slot lies. A question asked right after
   * opening (the CLI's, an auditor's first search) then reads a few hundred bytes, not the table.
   */
  private storedSlots = 0;
  private used = 0;
  /** Slots changed since the table was last written; null: write it whole (new, grown or rebuilt). */
  private dirty: Set<number> | null = null;

  private constructor(
    private readonly postings: FileHandle,
    private readonly headsFile: FileHandle,
    count: number,
    covered: JournalPosition,
  ) {
    this.count = count;
    this.covered = covered;
  }

  /** The index as stored, or undefined when the postings are missing or damaged (a torn tail). */
  static async open(postings: FileHandle, headsFile: FileHandle): Promise<KeyIndex | undefined> {
    const { size } = await postings.stat();
    if (size < HEADER_BYTES || (size - HEADER_BYTES) % POSTING_BYTES !== 0) return undefined;
    const header = Buffer.alloc(HEADER_BYTES);
    await postings.read(header, 0, HEADER_BYTES, 0);
    if (!header.subarray(0, 8).equals(POSTINGS_MAGIC)) return undefined;
    const covered = { segment: header.readUInt32LE(8), offset: header.readDoubleLE(16) };
    const index = new KeyIndex(postings, headsFile, (size - HEADER_BYTES) / POSTING_BYTES, covered);
    index.storedSlots = await currentSlots(headsFile, index.count);
    return index;
  }

  static async create(postings: FileHandle, headsFile: FileHandle): Promise<KeyIndex> {
    await postings.truncate(0);
    await headsFile.truncate(0);
    const index = new KeyIndex(postings, headsFile, 0, { segment: 0, offset: 0 });
    index.heads = emptyHeads(0);
    index.loading = Promise.resolve();
    await index.writeHeader();
    return index;
  }

  /** The table as stored, caught up with the postings; rebuilt from them when it is damaged. */
  private table(): Promise<void> {
    this.loading ??= (async () => {
      const stored = await readHeads(this.headsFile);
      const usable = stored !== undefined && stored.postings <= this.count;
      // The stored table when it is usable; an empty one (sized for the postings) only to rebuild it.
      this.heads = usable ? stored.slots : emptyHeads(this.count);
      this.used = usable ? stored.used : 0;
      this.dirty = usable ? new Set() : null;
      // Postings the table does not cover yet (or all of them, when it is damaged) are applied again.
      const from = usable ? stored.postings : 0;
      for (let at = from; at < this.count; at += 65_536) {
        const n = Math.min(65_536, this.count - at);
        const buf = Buffer.alloc(n * POSTING_BYTES);
        await this.postings.read(buf, 0, buf.length, HEADER_BYTES + at * POSTING_BYTES);
        for (let i = 0; i < n; i++) this.setHead(buf.subarray(i * POSTING_BYTES, i * POSTING_BYTES + 8), at + i);
      }
      if (from < this.count) await this.writeHeads();
    })();
    return this.loading;
  }

  /** Appends a posting per key of each record, in one write, and brings the table up to date. */
  async add(records: readonly KeyedRecord[]): Promise<void> {
    const total = records.reduce((n, r) => n + r.keys.length, 0);
    if (total === 0) return;
    await this.table();
    const buf = Buffer.alloc(total * POSTING_BYTES);
    let k = 0;
    for (const r of records) {
      for (const key of r.keys) {
        const hash = keyHash(key);
        const b = buf.subarray(k * POSTING_BYTES, (k + 1) * POSTING_BYTES);
        hash.copy(b, 0);
        b.writeUInt32LE(r.recordNo, 8);
        b.writeUInt32LE(this.head(hash) ?? NONE, 12);
        this.setHead(hash, this.count + k);
        k++;
      }
    }
    await this.postings.write(buf, 0, buf.length, HEADER_BYTES + this.count * POSTING_BYTES);
    this.count += total;
  }

  /** Writes both headers: the journal position covered, and the postings the table covers. */
  async writeHeader(): Promise<void> {
    const header = Buffer.alloc(HEADER_BYTES);
    POSTINGS_MAGIC.copy(header, 0);
    header.writeUInt32LE(this.covered.segment, 8);
    header.writeDoubleLE(this.covered.offset, 16);
    await this.postings.write(header, 0, HEADER_BYTES, 0);
    // A table never loaded has not changed.
    if (this.heads.length > 0) await this.writeHeads();
  }

  /**
   * Record numbers of the key's postings, newest posting first (a record may come more than once:
   * each line that names the key posts it again).
   */
  async *records(key: string): AsyncGenerator<number> {
    const hash = keyHash(key);
    let at: number | undefined;
    if (this.loading === undefined && this.storedSlots > 0) at = await this.storedHead(hash);
    else {
      await this.table();
      at = this.head(hash);
    }
    // Postings of a busy key lie close together: read a block ending at the one wanted, walk it from there.
    const block = Buffer.alloc(BLOCK_POSTINGS * POSTING_BYTES);
    let blockStart = -1;
    let blockEnd = -1;
    while (at !== undefined && at !== NONE && at < this.count) {
      if (at < blockStart || at >= blockEnd) {
        blockStart = Math.max(0, at + 1 - BLOCK_POSTINGS);
        blockEnd = at + 1;
        await this.postings.read(
          block,
          0,
          (blockEnd - blockStart) * POSTING_BYTES,
          HEADER_BYTES + blockStart * POSTING_BYTES,
        );
      }
      const from = (at - blockStart) * POSTING_BYTES;
      const buf = block.subarray(from, from + POSTING_BYTES);
      if (!buf.subarray(0, 8).equals(hash)) return;
      yield buf.readUInt32LE(8);
      const prev = buf.readUInt32LE(12);
      // A chain only goes back: anything else is damage, and ends the walk rather than looping.
      if (prev !== NONE && prev >= at) return;
      at = prev;
    }
  }

  async close(): Promise<void> {
    await this.postings.close();
    await this.headsFile.close();
  }

  /** The key's newest posting as the stored table has it, reading the slots from its home slot on. */
  private async storedHead(hash: Buffer): Promise<number | undefined> {
    const capacity = this.storedSlots;
    let s = hash.readUInt32LE(0) & (capacity - 1);
    const window = Buffer.alloc(PROBE_SLOTS * SLOT_BYTES);
    for (let probed = 0; probed < capacity;) {
      const n = Math.min(PROBE_SLOTS, capacity - s);
      await this.headsFile.read(window, 0, n * SLOT_BYTES, HEADER_BYTES + s * SLOT_BYTES);
      for (let i = 0; i < n; i++) {
        const at = i * SLOT_BYTES;
        const v = window.readUInt32LE(at + 8);
        if (v === 0) return undefined;
        if (window.subarray(at, at + 8).equals(hash)) return v - 1;
      }
      probed += n;
      s = (s + n) & (capacity - 1);
    }
    return undefined;
  }

  private capacity(): number {
    return (this.heads.length - HEADER_BYTES) / SLOT_BYTES;
  }

  private slotOf(hash: Buffer): number {
    const mask = this.capacity() - 1;
    let s = hash.readUInt32LE(0) & mask;
    for (;;) {
      const at = HEADER_BYTES + s * SLOT_BYTES;
      if (this.heads.readUInt32LE(at + 8) === 0) return s;
      if (this.heads.subarray(at, at + 8).equals(hash)) return s;
      s = (s + 1) & mask;
    }
  }

  private head(hash: Buffer): number | undefined {
    const at = HEADER_BYTES + this.slotOf(hash) * SLOT_BYTES;
    const v = this.heads.readUInt32LE(at + 8);
    return v === 0 ? undefined : v - 1;
  }

  private setHead(hash: Buffer, posting: number): void {
    let at = HEADER_BYTES + this.slotOf(hash) * SLOT_BYTES;
    if (this.heads.readUInt32LE(at + 8) === 0) {
      if ((this.used + 1) * 10 > this.capacity() * 7) {
        this.grow();
        at = HEADER_BYTES + this.slotOf(hash) * SLOT_BYTES;
      }
      this.used++;
      hash.copy(this.heads, at, 0, 8);
    }
    this.heads.writeUInt32LE(posting + 1, at + 8);
    this.dirty?.add((at - HEADER_BYTES) / SLOT_BYTES);
  }

  private grow(): void {
    this.dirty = null;
    const old = this.heads;
    const oldCapacity = this.capacity();
    this.heads = Buffer.alloc(HEADER_BYTES + oldCapacity * 2 * SLOT_BYTES);
    for (let s = 0; s < oldCapacity; s++) {
      const at = HEADER_BYTES + s * SLOT_BYTES;
      const v = old.readUInt32LE(at + 8);
      if (v === 0) continue;
      const to = HEADER_BYTES + this.slotOf(old.subarray(at, at + 8)) * SLOT_BYTES;
      old.copy(this.heads, to, at, at + SLOT_BYTES);
    }
  }

  /** The changed slots (the whole table after it grew), then its header: what it covers. */
  private async writeHeads(): Promise<void> {
    HEADS_MAGIC.copy(this.heads, 0);
    this.heads.writeDoubleLE(this.count, 8);
    this.heads.writeUInt32LE(this.used, 16);
    // Many changed slots (a rebuild, a long catch-up): one write of the whole table beats a write each.
    if (this.dirty === null || this.dirty.size * SLOT_BYTES * 64 > this.heads.length) {
      await this.headsFile.write(this.heads, 0, this.heads.length, 0);
      await this.headsFile.truncate(this.heads.length);
    } else {
      for (const s of this.dirty) {
        const at = HEADER_BYTES + s * SLOT_BYTES;
        await this.headsFile.write(this.heads, at, SLOT_BYTES, at);
      }
      await this.headsFile.write(this.heads, 0, HEADER_BYTES, 0);
    }
    this.dirty = new Set();
  }
}

/** The slots a heads file of `size` bytes holds; 0 when no table has that size (a damaged file). */
function slotCapacity(size: number): number {
  const capacity = (size - HEADER_BYTES) / SLOT_BYTES;
  const valid =
    size >= HEADER_BYTES && Number.isInteger(capacity) && capacity >= MIN_CAPACITY && (capacity & (capacity - 1)) === 0;
  return valid ? capacity : 0;
}

/** The stored table's slots when its header says it covers all `postings`; 0 when it does not (or is damaged). */
async function currentSlots(fh: FileHandle, postings: number): Promise<number> {
  const { size } = await fh.stat();
  const capacity = slotCapacity(size);
  if (capacity === 0) return 0;
  const header = Buffer.alloc(HEADER_BYTES);
  await fh.read(header, 0, HEADER_BYTES, 0);
  if (!header.subarray(0, 8).equals(HEADS_MAGIC) || header.readDoubleLE(8) !== postings) return 0;
  return capacity;
}

function emptyHeads(postings: number): Buffer {
  let capacity = MIN_CAPACITY;
  while (capacity * 7 < postings * 10) capacity *= 2;
  return Buffer.alloc(HEADER_BYTES + capacity * SLOT_BYTES);
}

async function readHeads(fh: FileHandle): Promise<{ slots: Buffer; postings: number; used: number } | undefined> {
  const { size } = await fh.stat();
  const capacity = slotCapacity(size);
  if (capacity === 0) return undefined;
  const slots = Buffer.alloc(size);
  await fh.read(slots, 0, size, 0);
  if (!slots.subarray(0, 8).equals(HEADS_MAGIC)) return undefined;
  return { slots, postings: slots.readDoubleLE(8), used: slots.readUInt32LE(16) };
}
