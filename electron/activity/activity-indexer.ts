/**
 * Keeping the activity log's three derived files in step with the journal: the attempt records
 * (activity.idx), the entries the Activity list pages through (activity.entries) and the key index
 * (activity.keys + activity.keyheads). Each names the journal position it covers; they are written
 * in that order after every append, so a crash leaves each at most one write behind the one before
 * it, and opening catches each up from its own position. Missing or damaged ones are all rebuilt
 * from the journal.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { ATTEMPT_STATUSES, FINAL_STATUSES, type AttemptStatus } from '../../shared/attempts';
import { fileSize, scanLines } from '../storage/journal-file';
import { EntryIndex, type EntryRecord } from './activity-entry-index';
import { ActivityIndex, idHash, type IndexRecord, type JournalPosition } from './activity-index';
import type { JournalSegments } from './activity-journal';
import { KeyIndex, lineKeys, type KeyedRecord } from './activity-keys';

export const ACTIVITY_INDEX_FILE = 'activity.idx';
/** The entries the Activity list pages through (activity-entries.ts). */
export const ACTIVITY_ENTRIES_FILE = 'activity.entries';
/** The key index (activity-keys.ts): postings, and the table of each key's newest posting. */
export const ACTIVITY_KEYS_FILE = 'activity.keys';
export const ACTIVITY_KEY_HEADS_FILE = 'activity.keyheads';

/** After a restart, an attempt is still updated (its outcome found, or made "unknown") only if recent. */
export const RECENT_RECORDS = 10_000;
/** An attempt record whose entry is not known (a line the entries had taken already). */
const NO_ENTRY = 0xffffffff;

/** What one indexing step adds to the entries: new ones, and runs whose newest item moved on. */
interface Batch {
  fresh: EntryRecord[];
  lasts: Map<number, number>;
}

/** What indexing needs of a journal line, without validating the rest. */
export interface LineHead {
  id: string;
  startedAt: number;
  status: AttemptStatus;
  keys: string[];
  runId: string | undefined;
}

/** A line and where it lies in the journal. */
export interface PlacedLine {
  head: LineHead;
  segment: number;
  offset: number;
  length: number;
}

export class ActivityIndexes {
  /** The segment appended to. */
  segment = 0;
  segmentSize = 0;
  /** The last segment ends with part of a line (a crash mid-write): counted as skipped until fenced. */
  tornTail = false;
  /** Record number (and entry) by id hash, for attempts that may still get a line: recent ones. */
  private readonly recordOf = new Map<string, { recordNo: number; entryNo: number }>();
  /**
   * Keys already posted for attempts still under way: an attempt's later lines name the same order,
   * symbol and run again, and posting them again would only lengthen every chain an auditor walks.
   */
  private readonly posted = new Map<number, Set<string>>();
  /** Runs' entries and newest item records, by run id (those met in this session; older ones are found through the key index). */
  private readonly runEntries = new Map<string, { entryNo: number; last: number }>();

  private constructor(
    readonly index: ActivityIndex,
    readonly entries: EntryIndex,
    readonly keys: KeyIndex,
  ) {}

  /** Opens the files in `indexDir`, trusting them only if consistent with each other and the journal. */
  static async load(journal: JournalSegments, indexDir: string): Promise<ActivityIndexes> {
    const segments = await journal.numbers();
    const fh = await openIndexFile(join(indexDir, ACTIVITY_INDEX_FILE));
    const entryFile = await openIndexFile(join(indexDir, ACTIVITY_ENTRIES_FILE));
    const postings = await openIndexFile(join(indexDir, ACTIVITY_KEYS_FILE));
    const heads = await openIndexFile(join(indexDir, ACTIVITY_KEY_HEADS_FILE));
    const index = await ActivityIndex.open(fh).catch(() => undefined);
    const entries = await EntryIndex.open(entryFile).catch(() => undefined);
    const keys = await KeyIndex.open(postings, heads).catch(() => undefined);
    const lastSegment = segments[segments.length - 1] ?? 0;
    const trusted =
      index !== undefined &&
      entries !== undefined &&
      keys !== undefined &&
      // Each is written after the one before it: never ahead of it.
      compare(entries.covered, index.covered) <= 0 &&
      compare(keys.covered, entries.covered) <= 0 &&
      entries.lastEntryRecordNo < index.count &&
      index.covered.segment <= lastSegment &&
      index.covered.offset <= (await fileSize(journal.pathOf(index.covered.segment)));
    let st: ActivityIndexes;
    if (trusted) {
      st = new ActivityIndexes(index, entries, keys);
      const recent = await index.range(index.count - RECENT_RECORDS, index.count);
      recent.forEach((r, i) =>
        st.recordOf.set(r.idHash.toString('hex'), { recordNo: index.count - recent.length + i, entryNo: r.entryNo }),
      );
    } else {
      // Missing, damaged (a torn tail), or ahead of a journal that was replaced: all rebuilt from the journal.
      st = new ActivityIndexes(
        await ActivityIndex.create(fh),
        await EntryIndex.create(entryFile),
        await KeyIndex.create(postings, heads),
      );
    }
    st.segment = lastSegment;
    await st.catchUp(journal);
    return st;
  }

  /** Journal lines that could not be read as attempts, a torn tail included. */
  get skipped(): number {
    return this.index.skipped + (this.tornTail ? 1 : 0);
  }

  /** Indexes what the journal holds past the positions covered (lines a crashed writer left unindexed). */
  async catchUp(journal: JournalSegments): Promise<void> {
    const segments = await journal.numbers();
    const lines: PlacedLine[] = [];
    let skipped = 0;
    // The key index is the last written, so the furthest behind: every file catches up from its own position.
    const start = this.keys.covered;
    let end = this.index.covered;
    for (const segment of segments) {
      if (segment < start.segment) continue;
      const from = segment === start.segment ? start.offset : 0;
      const scanned = await scanLines(journal.pathOf(segment), from, (line, offset) => {
        const head = parseHead(line);
        if (head) lines.push({ head, segment, offset, length: line.length });
        else if (compare({ segment, offset }, this.index.covered) >= 0) skipped++;
      });
      end = { segment, offset: scanned.offset };
      this.tornTail = scanned.torn;
    }
    this.index.skipped += skipped;
    await this.add(lines, end);
    this.segment = Math.max(this.segment, end.segment);
    this.segmentSize = await fileSize(journal.pathOf(this.segment));
  }

  /**
   * Indexes lines appended to the journal, up to `covered`: each file takes the lines past its own
   * position (all of them, for lines just written).
   */
  async add(lines: readonly PlacedLine[], covered: JournalPosition): Promise<void> {
    const changed = new Map<number, IndexRecord>();
    const batch: Batch = { fresh: [], lasts: new Map() };
    const keyed: KeyedRecord[] = [];
    let nextNo = this.index.count;
    for (const line of lines) {
      const { head } = line;
      const hash = idHash(head.id);
      const key = hash.toString('hex');
      let known = this.recordOf.get(key);
      if (known === undefined) {
        known = { recordNo: nextNo++, entryNo: NO_ENTRY };
        this.recordOf.set(key, known);
      }
      const { recordNo } = known;
      const final = FINAL_STATUSES.includes(head.status);
      const at = { segment: line.segment, offset: line.offset };
      // The entries are never ahead of the records: a line the records take, the entries take too.
      if (compare(at, this.entries.covered) >= 0) known.entryNo = await this.entryOf(head, known, changed, batch);
      if (compare(at, this.index.covered) >= 0) {
        changed.set(recordNo, {
          idHash: hash,
          startedAt: head.startedAt,
          ...at,
          length: line.length,
          final,
          status: head.status,
          entryNo: known.entryNo,
        });
      }
      if (compare(at, this.keys.covered) >= 0) {
        const posted = this.posted.get(recordNo);
        const fresh = posted ? head.keys.filter((k) => !posted.has(k)) : head.keys;
        if (fresh.length > 0) keyed.push({ recordNo, keys: fresh });
        if (final) this.posted.delete(recordNo);
        else if (posted) fresh.forEach((k) => posted.add(k));
        else this.posted.set(recordNo, new Set(head.keys));
      }
    }
    await writeRecords(this.index, changed);
    this.index.covered = covered;
    await this.index.writeHeader();
    await this.entries.add(batch.fresh);
    for (const [entryNo, last] of batch.lasts) await this.entries.setLast(entryNo, last);
    this.entries.covered = covered;
    await this.entries.writeHeader();
    await this.keys.add(keyed);
    this.keys.covered = covered;
    await this.keys.writeHeader();
  }

  /**
   * The entry a line's attempt belongs to: its own (a single amend's first line starts one), or its
   * run's (the run's first item starts it; a later item moves its newest record on).
   */
  private async entryOf(
    head: LineHead,
    known: { recordNo: number; entryNo: number },
    changed: Map<number, IndexRecord>,
    batch: Batch,
  ): Promise<number> {
    const { recordNo } = known;
    // Whether it has an entry is the entries' to say: after a crash the records may be ahead of them.
    const newest =
      batch.fresh.length > 0 ? batch.fresh[batch.fresh.length - 1]!.recordNo : this.entries.lastEntryRecordNo;
    if (recordNo <= newest) {
      if (known.entryNo !== NO_ENTRY) return known.entryNo;
      // Recorded before, and not among the recent ones: as its record says.
      const record = changed.get(recordNo) ?? (await this.index.range(recordNo, recordNo + 1))[0];
      return record?.entryNo ?? NO_ENTRY;
    }
    const entryNo = this.entries.count + batch.fresh.length;
    if (head.runId === undefined) {
      batch.fresh.push({ kind: 'attempt', recordNo, startedAt: head.startedAt, lastRecordNo: recordNo });
      return entryNo;
    }
    const run = await this.runEntryOf(head.runId, recordNo, changed);
    if (!run) {
      batch.fresh.push({ kind: 'run', recordNo, startedAt: head.startedAt, lastRecordNo: recordNo });
      this.runEntries.set(head.runId, { entryNo, last: recordNo });
      return entryNo;
    }
    if (recordNo > run.last) {
      run.last = recordNo;
      const pending = batch.fresh[run.entryNo - this.entries.count];
      if (pending) pending.lastRecordNo = recordNo;
      else batch.lasts.set(run.entryNo, recordNo);
    }
    return run.entryNo;
  }

  /** The entry of a run recorded before this item, found through an earlier item (key index); undefined: none. */
  private async runEntryOf(
    runId: string,
    recordNo: number,
    changed: Map<number, IndexRecord>,
  ): Promise<{ entryNo: number; last: number } | undefined> {
    const mine = this.runEntries.get(runId);
    if (mine) return mine;
    for await (const no of this.keys.records(`r:${runId}`)) {
      if (no >= recordNo) continue;
      const record = changed.get(no) ?? (await this.index.range(no, no + 1))[0];
      if (!record || record.entryNo === NO_ENTRY) continue;
      const [entry] = await this.entries.range(record.entryNo, record.entryNo + 1);
      if (!entry) continue;
      const found = { entryNo: record.entryNo, last: entry.lastRecordNo };
      this.runEntries.set(runId, found);
      return found;
    }
    return undefined;
  }

  /** The record of a recent attempt (the writer's own), undefined when not known offhand. */
  recordNoOf(id: string): number | undefined {
    return this.recordOf.get(idHash(id).toString('hex'))?.recordNo;
  }

  async close(): Promise<void> {
    await this.index.close().catch(() => undefined);
    await this.entries.close().catch(() => undefined);
    await this.keys.close().catch(() => undefined);
  }
}

async function openIndexFile(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'r+');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    return open(path, 'w+', 0o600);
  }
}

export function compare(a: JournalPosition, b: JournalPosition): number {
  return a.segment - b.segment || a.offset - b.offset;
}

/** Writes changed records in order of their numbers, runs of consecutive ones in one write each. */
async function writeRecords(index: ActivityIndex, changed: Map<number, IndexRecord>): Promise<void> {
  const numbers = [...changed.keys()].sort((a, b) => a - b);
  for (let i = 0; i < numbers.length;) {
    let j = i + 1;
    while (j < numbers.length && numbers[j] === numbers[j - 1]! + 1 && j - i < 65_536) j++;
    await index.putRun(
      numbers[i]!,
      numbers.slice(i, j).map((n) => changed.get(n)!),
    );
    i = j;
  }
}

/**
 * What indexing needs of a line (id, start, status, keys), without validating the rest: a rebuild
 * reads millions of lines; the full check runs when a line is read for listing.
 */
export function parseHead(line: Buffer): LineHead | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!json || typeof json !== 'object') return undefined;
  return headOf(json as Record<string, unknown>);
}

export function headOf(json: Record<string, unknown>): LineHead | undefined {
  const { id, startedAt, status, run } = json;
  if (typeof id !== 'string' || typeof startedAt !== 'number' || typeof status !== 'string') return undefined;
  if (!(ATTEMPT_STATUSES as readonly string[]).includes(status)) return undefined;
  const runId = run && typeof run === 'object' ? (run as Record<string, unknown>).id : undefined;
  return {
    id,
    startedAt,
    status: status as AttemptStatus,
    keys: lineKeys(json),
    runId: typeof runId === 'string' && runId !== '' && runId.length <= 200 ? runId : undefined,
  };
}
