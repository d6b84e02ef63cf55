/**
 * The amend activity log: an append-only journal of JSON lines in the user-data folder, one line per
 * status change of an attempt, in segments of bounded size (activity.jsonl, then activity-1.jsonl, …),
 * with an index (activity-index.ts) so that listing the newest attempts, paging back through months
 * of history, and finding one attempt never read the whole journal.
 *
 * Appending never rewrites earlier lines, and a write that fails partway is cut back, so a crash can at
 * worst tear the line being written; a torn line is fenced off by the next write, skipped by readers
 * and counted.
 */
import { open, readdir, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { ATTEMPT_STATUSES, attemptSchema, FINAL_STATUSES, type Attempt } from '../../shared/attempts';
import { logNotWritableMessage } from '../../shared/errors';
import { appendLines, fileSize, parseJsonLine, scanLines, type OpenFile } from '../storage/journal-file';
import { errnoCode } from '../storage/storage-error';
import { ActivityIndex, idHash, type IndexRecord, type JournalPosition } from './activity-index';
import { KeyIndex, lineKeys, type KeyedRecord } from './activity-keys';

export type { OpenFile } from '../storage/journal-file';

export const ACTIVITY_FILE = 'activity.jsonl';
export const ACTIVITY_INDEX_FILE = 'activity.idx';
/** The key index (activity-keys.ts): postings, and the table of each key's newest posting. */
export const ACTIVITY_KEYS_FILE = 'activity.keys';
export const ACTIVITY_KEY_HEADS_FILE = 'activity.keyheads';
/** A segment is closed and a new one begun past this size. */
const SEGMENT_BYTES = 32 * 1024 * 1024;
/** After a restart, an attempt is still updated (its outcome found, or made "unknown") only if recent. */
const RECENT_RECORDS = 10_000;
/** Records scanned per listing before it returns what it found and where to go on. */
const SCAN_BUDGET = 20_000;
/** One line stays small whatever a server answered: long texts are cut to this many characters. */
export const MAX_TEXT = 2000;
/** While the log cannot be written, a health check tries a probe write at most this often. */
const PROBE_EVERY_MS = 2000;
/** The probe's size: a write that fits into a block already allocated proves nothing. */
const PROBE_BYTES = 64 * 1024;
const PROBE_FILE = 'activity.probe';
/** Postings of a key read past a full page, for attempts that were in flight together. */
const CHAIN_SLACK = 128;
/** Lines at most this far apart are read in one read… */
const SPAN_GAP = 64 * 1024;
/** …up to this many bytes. */
const SPAN_MAX = 8 * 1024 * 1024;

export interface ActivityPage {
  /** Newest first (by start). */
  attempts: Attempt[];
  /** Pass as `before` to go on further back; null at the beginning of the history. */
  next: number | null;
  /** Attempts in the whole log. */
  total: number;
  /** Lines that were torn, corrupt or not an attempt. */
  skippedLines: number;
}

export interface PageQuery {
  /** A `next` from an earlier page; absent for the newest. */
  before?: number;
  limit: number;
  /** Only attempts it accepts are returned (search); the scan still stops after SCAN_BUDGET records. */
  match?: (a: Attempt) => boolean;
  /** Only attempts started at or after this time: the scan stops at the first one older. */
  since?: number;
  /** Records read per call before it returns what it found (default SCAN_BUDGET). */
  scanBudget?: number;
}

export interface ActivityLogOptions {
  openFile?: OpenFile;
  /** Smaller segments in tests. */
  segmentBytes?: number;
  /** Where the index files live (default: beside the journal); a reader keeps its own copy elsewhere. */
  indexDir?: string;
  now?: () => number;
}

/** Whether the log can be written, as the last write (or probe) found it. */
export interface LogHealth {
  writable: boolean;
  /** Why not, in words (no raw system code); null while writable. */
  message: string | null;
  /** Since when it could not be written; null while writable. */
  since: number | null;
}

interface Opened {
  index: ActivityIndex;
  keys: KeyIndex;
  /** The segment appended to. */
  segment: number;
  segmentSize: number;
  /** The last segment ends with part of a line (a crash mid-write): counted as skipped until fenced. */
  tornTail: boolean;
}

export class ActivityLog {
  readonly dir: string;
  readonly path: string;
  private readonly openFile: OpenFile;
  private readonly segmentBytes: number;
  private readonly indexDir: string;
  /** Appends (and opening) run one after another so two lines never interleave. */
  private queue: Promise<unknown> = Promise.resolve();
  private opened: Opened | undefined;
  /** Record number by id hash, for attempts that may still get a line: recent ones. */
  private readonly recordOf = new Map<string, number>();
  private readonly readers = new Map<number, Promise<FileHandle>>();
  private readonly now: () => number;
  /** The last write failed (and nothing has been written since): why, and since when. */
  private failure: { code: string | undefined; since: number; probedAt: number } | undefined;
  /** Appends not written yet, in order; the next flush writes them all at once. */
  private waiting: Array<{ attempts: Attempt[]; resolve: () => void; reject: (e: unknown) => void }> = [];
  /** A write or a probe has shown whether the log can be written. */
  private checked = false;

  constructor(userDataDir: string, fileName = ACTIVITY_FILE, options: ActivityLogOptions = {}) {
    this.dir = userDataDir;
    this.path = join(userDataDir, fileName);
    this.openFile = options.openFile ?? open;
    this.segmentBytes = options.segmentBytes ?? SEGMENT_BYTES;
    this.indexDir = options.indexDir ?? userDataDir;
    this.now = options.now ?? Date.now;
  }

  /** Appends one line; resolves once it is on disk (synced). */
  append(attempt: Attempt): Promise<void> {
    return this.appendAll([attempt]);
  }

  /**
   * Appends one line per attempt in one synced write: all of them are on disk when this resolves,
   * none of them when it rejects. A run records a whole batch this way before the batch is sent.
   */
  appendAll(attempts: readonly Attempt[]): Promise<void> {
    if (attempts.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ attempts: attempts.map((a) => capTexts(a)), resolve, reject });
      // One flush takes every append waiting when it starts: one write and one sync for all of them
      // (group commit), so a run's many steps do not queue a sync each ahead of the next intent.
      if (this.waiting.length === 1) void this.serial(() => this.flushWaiting());
    });
  }

  /**
   * Whether the log can be written. While it cannot, a probe write (beside the journal, removed
   * again) is tried at most every few seconds, so the answer turns writable once space returns even
   * when nothing else is written.
   */
  async health(): Promise<LogHealth> {
    if (!this.failure && !this.checked) {
      // Nothing written yet in this session: one probe, so a full disk shows before the first amend.
      this.checked = true;
      try {
        await this.probe();
      } catch (e) {
        const at = this.now();
        this.failure ??= { code: errnoCode(e), since: at, probedAt: at };
      }
    }
    const f = this.failure;
    if (f && this.now() - f.probedAt >= PROBE_EVERY_MS) {
      f.probedAt = this.now();
      try {
        await this.probe();
        if (this.failure === f) this.failure = undefined;
      } catch (e) {
        f.code = errnoCode(e) ?? f.code;
      }
    }
    const now = this.failure;
    return now
      ? { writable: false, message: logNotWritableMessage(now.code, this.dir), since: now.since }
      : { writable: true, message: null, since: null };
  }

  /** Resolves when every append made so far has been written (or has failed). */
  async flushed(): Promise<void> {
    await this.queue;
  }

  /** The newest attempts (or those before `before`), newest first. */
  page(query: PageQuery): Promise<ActivityPage> {
    return this.serial(async () => {
      const st = await this.ready();
      const { index } = st;
      let end = Math.min(query.before ?? index.count, index.count);
      const attempts: Attempt[] = [];
      const budget = query.scanBudget ?? SCAN_BUDGET;
      let scanned = 0;
      let last: number | undefined;
      // Small batches first: the newest page usually needs one; a search widens them.
      let batch = Math.min(query.limit, 256);
      while (end > 0 && attempts.length < query.limit && scanned < budget) {
        const start = Math.max(0, end - batch);
        const records = await index.range(start, end);
        // Records are in order of start: past `since`, nothing further back can match.
        const from = query.since === undefined ? 0 : records.findIndex((r) => r.startedAt >= query.since!);
        if (from === -1 || from > 0) end = 0;
        const lines = await this.readLines(from === -1 ? [] : records.slice(from));
        for (
          let i = records.length - 1;
          i >= Math.max(from, 0) && attempts.length < query.limit && scanned < budget;
          i--
        ) {
          scanned++;
          last = start + i;
          const a = parseLine(lines[i - Math.max(from, 0)]!);
          if (a && (!query.match || query.match(a))) attempts.push(a);
        }
        if (end !== 0) end = start;
        batch = Math.min(batch * 2, 4096);
      }
      const stopped = query.since !== undefined && end === 0 && attempts.length < query.limit && scanned < budget;
      return {
        attempts,
        next: !stopped && last !== undefined && last > 0 ? last : null,
        total: index.count,
        skippedLines: skipped(st),
      };
    });
  }

  /**
   * Attempts that name any of these keys (`o:` order id, `c:` clientOid, `s:` symbol, `r:` run id; see
   * activity-keys.ts), newest first, read through the key index: a few records, not a scan.
   */
  pageByKeys(keys: readonly string[], query: PageQuery): Promise<ActivityPage> {
    return this.serial(async () => {
      const st = await this.ready();
      const before = query.before ?? Number.POSITIVE_INFINITY;
      const candidates = new Set<number>();
      let cut = false;
      for (const key of keys) {
        const mine = new Set<number>();
        let beyond = 0;
        for await (const no of st.keys.records(key)) {
          if (no >= before) continue;
          mine.add(no);
          // A key's postings are in journal order, which is start order give or take the attempts in
          // flight together: read a little past the page so none of them is passed over.
          if (mine.size >= query.limit && ++beyond > CHAIN_SLACK) {
            cut = true;
            break;
          }
        }
        for (const no of mine) candidates.add(no);
      }
      const order = [...candidates].sort((x, y) => y - x);
      const attempts: Attempt[] = [];
      let last: number | undefined;
      let i = 0;
      while (i < order.length && attempts.length < query.limit) {
        const batch = order.slice(i, i + query.limit - attempts.length);
        i += batch.length;
        const records = await Promise.all(batch.map(async (no) => (await st.index.range(no, no + 1))[0]!));
        const lines = await this.readLines(records);
        for (const [k, record] of records.entries()) {
          last = batch[k];
          if (query.since !== undefined && record.startedAt < query.since) continue;
          const a = parseLine(lines[k]!);
          if (!a) continue;
          const named = lineKeys(a as unknown as Record<string, unknown>);
          if (keys.some((key) => named.includes(key as never)) && (!query.match || query.match(a))) attempts.push(a);
        }
      }
      const more = i < order.length || cut;
      return {
        attempts,
        next: more && last !== undefined && last > 0 ? last : null,
        total: st.index.count,
        skippedLines: skipped(st),
      };
    });
  }

  /** One attempt by id, newest record first; undefined when the log has none. */
  find(id: string): Promise<Attempt | undefined> {
    return this.serial(async () => {
      const { index } = await this.ready();
      const hash = idHash(id);
      const known = this.recordOf.get(hash.toString('hex'));
      if (known !== undefined) {
        const [record] = await index.range(known, known + 1);
        const a = record && (await this.readRecord(record));
        if (a?.id === id) return a;
      }
      for (let end = index.count; end > 0; end -= 4096) {
        const start = Math.max(0, end - 4096);
        const records = await index.range(start, end);
        for (let i = records.length - 1; i >= 0; i--) {
          if (!records[i]!.idHash.equals(hash)) continue;
          const a = await this.readRecord(records[i]!);
          if (a?.id === id) return a;
        }
      }
      return undefined;
    });
  }

  /** Attempts whose last line is not a final status, among the recent ones: in flight when the app stopped. */
  unfinished(): Promise<Attempt[]> {
    return this.serial(async () => {
      const { index } = await this.ready();
      const records = await index.range(index.count - RECENT_RECORDS, index.count);
      const out: Attempt[] = [];
      for (const r of records) {
        if (r.final) continue;
        const a = await this.readRecord(r);
        if (a && !FINAL_STATUSES.includes(a.status)) out.push(a);
      }
      return out;
    });
  }

  /** Everything, newest first: for tests and small logs only. */
  async read(): Promise<{ attempts: Attempt[]; skippedLines: number }> {
    const { attempts, skippedLines } = await this.page({ limit: Number.POSITIVE_INFINITY });
    return { attempts, skippedLines };
  }

  async close(): Promise<void> {
    await this.serial(async () => {
      await this.opened?.index.close();
      await this.opened?.keys.close();
      this.opened = undefined;
      for (const r of this.readers.values()) await (await r.catch(() => undefined))?.close();
      this.readers.clear();
    });
  }

  // ---------- writing ----------

  /** Runs a write, keeping what it found: the health check and the header banner read it. */
  private async guarded<T>(write: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await write();
    } catch (e) {
      const at = this.now();
      if (this.failure) Object.assign(this.failure, { code: errnoCode(e), probedAt: at });
      else this.failure = { code: errnoCode(e), since: at, probedAt: at };
      throw e;
    }
    this.failure = undefined;
    this.checked = true;
    return result;
  }

  private async flushWaiting(): Promise<void> {
    const group = this.waiting.splice(0);
    let index: () => Promise<void>;
    try {
      index = await this.guarded(() => this.write(group.flatMap((g) => g.attempts)));
    } catch (e) {
      for (const g of group) g.reject(e);
      return;
    }
    // On disk: the callers go on (an amend's request may leave now) while the index catches up,
    // still ahead of the next write or read.
    for (const g of group) g.resolve();
    await index();
  }

  private async probe(): Promise<void> {
    const path = join(this.dir, PROBE_FILE);
    const fh = await this.openFile(path, 'w', 0o600);
    try {
      await fh.writeFile(Buffer.alloc(PROBE_BYTES));
      await fh.datasync();
    } finally {
      await fh.close();
      await unlink(path).catch(() => undefined);
    }
  }

  /** Appends the lines (synced); answers the index's update, to run before the next write or read. */
  private async write(attempts: readonly Attempt[]): Promise<() => Promise<void>> {
    const st = await this.ready();
    if (st.segmentSize >= this.segmentBytes) {
      st.segment++;
      st.segmentSize = 0;
      st.tornTail = false;
    }
    const lines = attempts.map((a) => JSON.stringify(a));
    const at = await appendLines(this.openFile, this.segmentPath(st.segment), lines.join('\n'));
    st.segmentSize = at.offset + at.length + 1;
    if (at.fenced) {
      st.index.skipped++;
      st.tornTail = false;
    }
    const segment = st.segment;
    const covered = st.segmentSize;
    return async () => {
      try {
        // One write per run of consecutive records: a batch's new attempts take consecutive numbers.
        const changed = new Map<number, IndexRecord>();
        const keyed: KeyedRecord[] = [];
        let nextNo = st.index.count;
        let offset = at.offset;
        for (const [k, attempt] of attempts.entries()) {
          const length = Buffer.byteLength(lines[k]!, 'utf8');
          const hash = idHash(attempt.id);
          const key = hash.toString('hex');
          let recordNo = this.recordOf.get(key);
          if (recordNo === undefined) {
            recordNo = nextNo++;
            this.recordOf.set(key, recordNo);
          }
          changed.set(recordNo, {
            idHash: hash,
            startedAt: attempt.startedAt,
            segment,
            offset,
            length,
            final: isFinal(attempt),
          });
          keyed.push({ recordNo, keys: lineKeys(attempt as unknown as Record<string, unknown>) });
          offset += length + 1;
        }
        await writeRecords(st.index, changed);
        st.index.covered = { segment, offset: covered };
        await st.index.writeHeader();
        await st.keys.add(keyed);
        st.keys.covered = { segment, offset: covered };
        await st.keys.writeHeader();
      } catch {
        // The journal has the line, so the entry is kept; the index catches up from its header when
        // it is opened again.
        await this.forget();
      }
    };
  }

  // ---------- opening and catching up ----------

  /** The index, caught up with the journal (also with lines written since, e.g. by a crashed writer). */
  private async ready(): Promise<Opened> {
    if (!this.opened) this.opened = await this.load();
    const st = this.opened;
    const size = await fileSize(this.segmentPath(st.segment));
    if (size > st.index.covered.offset || st.index.covered.segment < st.segment) {
      const segments = await this.segments();
      st.tornTail = await this.catchUp(st.index, st.keys, segments);
      st.segmentSize = await fileSize(this.segmentPath(st.segment));
    }
    return st;
  }

  private async load(): Promise<Opened> {
    const segments = await this.segments();
    const fh = await openIndexFile(join(this.indexDir, ACTIVITY_INDEX_FILE));
    const postings = await openIndexFile(join(this.indexDir, ACTIVITY_KEYS_FILE));
    const heads = await openIndexFile(join(this.indexDir, ACTIVITY_KEY_HEADS_FILE));
    let index = await ActivityIndex.open(fh).catch(() => undefined);
    let keys = await KeyIndex.open(postings, heads).catch(() => undefined);
    const lastSegment = segments[segments.length - 1] ?? 0;
    const trusted =
      index !== undefined &&
      keys !== undefined &&
      // The key index is written after the record index: never ahead of it.
      compare(keys.covered, index.covered) <= 0 &&
      index.covered.segment <= lastSegment &&
      index.covered.offset <= (await fileSize(this.segmentPath(index.covered.segment)));
    if (!trusted) {
      // Missing, damaged (a torn tail), or ahead of a journal that was replaced: both rebuilt from the journal.
      index = await ActivityIndex.create(fh);
      keys = await KeyIndex.create(postings, heads);
      this.recordOf.clear();
    } else {
      const recent = await index!.range(index!.count - RECENT_RECORDS, index!.count);
      recent.forEach((r, i) => this.recordOf.set(r.idHash.toString('hex'), index!.count - recent.length + i));
    }
    const tornTail = await this.catchUp(index!, keys!, segments);
    return {
      index: index!,
      keys: keys!,
      segment: lastSegment,
      segmentSize: await fileSize(this.segmentPath(lastSegment)),
      tornTail,
    };
  }

  /**
   * Indexes the journal lines after the index's covered position. Returns whether the journal ends
   * with an incomplete line, which is left for the next write to fence off.
   */
  private async catchUp(index: ActivityIndex, keys: KeyIndex, segments: readonly number[]): Promise<boolean> {
    const changed = new Map<number, IndexRecord>();
    const keyed: KeyedRecord[] = [];
    let nextNo = index.count;
    let tornTail = false;
    // The key index may be a write behind the record index (a crash between the two): from its position.
    const start = keys.covered;
    for (const segment of segments) {
      if (segment < start.segment) continue;
      const from = segment === start.segment ? start.offset : 0;
      const end = await scanLines(this.segmentPath(segment), from, (line, offset) => {
        const indexed = compare({ segment, offset }, index.covered) < 0;
        const a = parseHead(line);
        if (!a) {
          if (!indexed) index.skipped++;
          return;
        }
        const hash = idHash(a.id);
        const key = hash.toString('hex');
        let recordNo = this.recordOf.get(key);
        if (recordNo === undefined) {
          recordNo = nextNo++;
          this.recordOf.set(key, recordNo);
        }
        keyed.push({ recordNo, keys: a.keys });
        if (indexed) return;
        changed.set(recordNo, {
          idHash: hash,
          startedAt: a.startedAt,
          segment,
          offset,
          length: line.length,
          final: isFinal(a),
        });
      });
      index.covered = { segment, offset: end.offset };
      tornTail = end.torn;
    }
    await writeRecords(index, changed);
    await index.writeHeader();
    await keys.add(keyed);
    keys.covered = index.covered;
    await keys.writeHeader();
    return tornTail;
  }

  private async readRecord(r: IndexRecord): Promise<Attempt | undefined> {
    const [line] = await this.readLines([r]);
    return parseLine(line!);
  }

  /**
   * The lines the records point at, in their order. Lines close together in one segment (the usual
   * case: attempts are written in the order they are listed) are read with one read each span.
   */
  private async readLines(records: readonly IndexRecord[]): Promise<Buffer[]> {
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

  private reader(segment: number): Promise<FileHandle> {
    let reader = this.readers.get(segment);
    if (!reader) {
      reader = open(this.segmentPath(segment), 'r');
      this.readers.set(segment, reader);
      reader.catch(() => this.readers.delete(segment));
    }
    return reader;
  }

  private async segments(): Promise<number[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const numbers = new Set([0]);
    for (const n of names) {
      const m = /^activity-(\d+)\.jsonl$/.exec(n);
      if (m) numbers.add(Number(m[1]));
    }
    return [...numbers].sort((a, b) => a - b);
  }

  private segmentPath(n: number): string {
    return n === 0 ? this.path : join(this.dir, `activity-${n}.jsonl`);
  }

  private async forget(): Promise<void> {
    await this.opened?.index.close().catch(() => undefined);
    await this.opened?.keys.close().catch(() => undefined);
    this.opened = undefined;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    // A failed step must not block the ones after it; the caller still sees its own failure.
    this.queue = run.catch(() => undefined);
    return run;
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

function compare(a: JournalPosition, b: JournalPosition): number {
  return a.segment - b.segment || a.offset - b.offset;
}

function skipped(st: Opened): number {
  return st.index.skipped + (st.tornTail ? 1 : 0);
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

function isFinal(a: Pick<Attempt, 'status'>): boolean {
  return FINAL_STATUSES.includes(a.status);
}

/**
 * What indexing needs of a line (id, start, status), without validating the rest: a rebuild reads
 * millions of lines; the full check runs when a line is read for listing.
 */
function parseHead(line: Buffer): (Pick<Attempt, 'id' | 'startedAt' | 'status'> & { keys: string[] }) | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!json || typeof json !== 'object') return undefined;
  const { id, startedAt, status } = json as Record<string, unknown>;
  if (typeof id !== 'string' || typeof startedAt !== 'number' || typeof status !== 'string') return undefined;
  if (!(ATTEMPT_STATUSES as readonly string[]).includes(status)) return undefined;
  return { id, startedAt, status: status as Attempt['status'], keys: lineKeys(json as Record<string, unknown>) };
}

function parseLine(line: Buffer): Attempt | undefined {
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
