/**
 * The amend activity log: an append-only journal of JSON lines in the user-data folder, one line per
 * status change of an attempt, in segments of bounded size (activity.jsonl, then activity-1.jsonl, …),
 * with derived index files (activity-indexer.ts) so that listing the newest entries, paging back
 * through months of history, and finding one attempt or every attempt on an order never read the
 * whole journal.
 *
 * Appending never rewrites earlier lines, and a write that fails partway is cut back, so a crash can at
 * worst tear the line being written; a torn line is fenced off by the next write, skipped by readers
 * and counted.
 */
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Attempt } from '../../shared/attempts';
import { appendLines, fileSize, type OpenFile } from '../storage/journal-file';
import { entryPage, runItemsPage, type EntryPage, type RunCache, type RunItemsPage } from './activity-entry-pages';
import { WriteHealth, type LogHealth } from './activity-health';
import { ActivityIndexes, headOf, type PlacedLine } from './activity-indexer';
import { capTexts, JournalSegments } from './activity-journal';
import {
  attemptPage,
  findAttempt,
  keyedPage,
  unfinishedAttempts,
  type ActivityPage,
  type PageQuery,
} from './activity-queries';

export type { OpenFile } from '../storage/journal-file';
export type { LogHealth } from './activity-health';
export type { ActivityPage, PageQuery } from './activity-queries';
export type { EntryPage, LogEntry, RunEntry, RunItemsPage } from './activity-entry-pages';
export { capTexts, MAX_TEXT } from './activity-journal';
export {
  ACTIVITY_ENTRIES_FILE,
  ACTIVITY_INDEX_FILE,
  ACTIVITY_KEY_HEADS_FILE,
  ACTIVITY_KEYS_FILE,
} from './activity-indexer';

export const ACTIVITY_FILE = 'activity.jsonl';
/** A segment is closed and a new one begun past this size. */
const SEGMENT_BYTES = 32 * 1024 * 1024;

export interface ActivityLogOptions {
  openFile?: OpenFile;
  /** Smaller segments in tests. */
  segmentBytes?: number;
  /** Where the index files live (default: beside the journal); a reader keeps its own copy elsewhere. */
  indexDir?: string;
  now?: () => number;
}

export class ActivityLog {
  readonly dir: string;
  readonly path: string;
  private readonly openFile: OpenFile;
  private readonly segmentBytes: number;
  private readonly indexDir: string;
  private readonly journal: JournalSegments;
  private readonly writeHealth: WriteHealth;
  /** Appends (and opening) run one after another so two lines never interleave. */
  private queue: Promise<unknown> = Promise.resolve();
  private opened: ActivityIndexes | undefined;
  /** Appends not written yet, in order; the next flush writes them all at once. */
  private waiting: Array<{ attempts: Attempt[]; resolve: () => void; reject: (e: unknown) => void }> = [];
  private readonly runs: RunCache = new Map();

  constructor(userDataDir: string, fileName = ACTIVITY_FILE, options: ActivityLogOptions = {}) {
    this.dir = userDataDir;
    this.path = join(userDataDir, fileName);
    this.openFile = options.openFile ?? open;
    this.segmentBytes = options.segmentBytes ?? SEGMENT_BYTES;
    this.indexDir = options.indexDir ?? userDataDir;
    this.journal = new JournalSegments(userDataDir, this.path);
    this.writeHealth = new WriteHealth(userDataDir, this.openFile, options.now ?? Date.now);
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

  /** Whether the log can be written (a probe every few seconds while it cannot). */
  health(): Promise<LogHealth> {
    return this.writeHealth.health();
  }

  /** Resolves when every append made so far has been written (or has failed). */
  async flushed(): Promise<void> {
    await this.queue;
  }

  /** The newest attempts (or those before `before`), newest first. */
  page(query: PageQuery): Promise<ActivityPage> {
    return this.serial(async () => attemptPage(await this.ready(), this.journal, query));
  }

  /**
   * The Activity list: entries newest first, a single amend as one entry and an amend-many run as
   * another (its items through runItems). `match` keeps an entry when its attempt or any item matches.
   */
  entries(query: PageQuery): Promise<EntryPage> {
    return this.serial(async () => entryPage(await this.ready(), this.journal, query, this.runs));
  }

  /** One run's attempts in the order recorded, a page at a time (`after`: a `next` from the page before). */
  runItems(
    runId: string,
    query: { after?: number; limit: number; match?: (a: Attempt) => boolean },
  ): Promise<RunItemsPage> {
    return this.serial(async () => runItemsPage(await this.ready(), this.journal, runId, query));
  }

  /**
   * Attempts that name any of these keys (`o:` order id, `c:` clientOid, `s:` symbol, `r:` run id; see
   * activity-keys.ts), newest first, read through the key index: a few records, not a scan.
   */
  pageByKeys(keys: readonly string[], query: PageQuery): Promise<ActivityPage> {
    return this.serial(async () => keyedPage(await this.ready(), this.journal, keys, query));
  }

  /** One attempt by id, newest record first; undefined when the log has none. */
  find(id: string): Promise<Attempt | undefined> {
    return this.serial(async () => {
      const st = await this.ready();
      return findAttempt(st, this.journal, id, st.recordNoOf(id));
    });
  }

  /** Attempts whose last line is not a final status, among the recent ones: in flight when the app stopped. */
  unfinished(): Promise<Attempt[]> {
    return this.serial(async () => unfinishedAttempts(await this.ready(), this.journal));
  }

  /** Everything, newest first: for tests and small logs only. */
  async read(): Promise<{ attempts: Attempt[]; skippedLines: number }> {
    const { attempts, skippedLines } = await this.page({ limit: Number.POSITIVE_INFINITY });
    return { attempts, skippedLines };
  }

  async close(): Promise<void> {
    await this.serial(async () => {
      await this.opened?.close();
      this.opened = undefined;
      await this.journal.close();
    });
  }

  // ---------- writing ----------

  private async flushWaiting(): Promise<void> {
    const group = this.waiting.splice(0);
    let index: () => Promise<void>;
    try {
      index = await this.writeHealth.guarded(() => this.write(group.flatMap((g) => g.attempts)));
    } catch (e) {
      for (const g of group) g.reject(e);
      return;
    }
    // On disk: the callers go on (an amend's request may leave now) while the index catches up,
    // still ahead of the next write or read.
    for (const g of group) g.resolve();
    await index();
  }

  /** Appends the lines (synced); answers the indexes' update, to run before the next write or read. */
  private async write(attempts: readonly Attempt[]): Promise<() => Promise<void>> {
    const st = await this.ready();
    if (st.segmentSize >= this.segmentBytes) {
      st.segment++;
      st.segmentSize = 0;
      st.tornTail = false;
    }
    const lines = attempts.map((a) => JSON.stringify(a));
    const at = await appendLines(this.openFile, this.journal.pathOf(st.segment), lines.join('\n'));
    st.segmentSize = at.offset + at.length + 1;
    if (at.fenced) {
      st.index.skipped++;
      st.tornTail = false;
    }
    const segment = st.segment;
    const covered = { segment, offset: st.segmentSize };
    return async () => {
      try {
        const placed: PlacedLine[] = [];
        let offset = at.offset;
        for (const [k, attempt] of attempts.entries()) {
          const length = Buffer.byteLength(lines[k]!, 'utf8');
          const head = headOf(attempt as unknown as Record<string, unknown>);
          if (head) placed.push({ head, segment, offset, length });
          if (attempt.run) this.runs.delete(attempt.run.id);
          offset += length + 1;
        }
        await st.add(placed, covered);
      } catch {
        // The journal has the lines, so the entries are kept; the indexes catch up from their headers
        // when opened again.
        await this.forget();
      }
    };
  }

  // ---------- opening and catching up ----------

  /** The indexes, caught up with the journal (also with lines written since, e.g. by a crashed writer). */
  private async ready(): Promise<ActivityIndexes> {
    if (!this.opened) this.opened = await ActivityIndexes.load(this.journal, this.indexDir);
    const st = this.opened;
    const size = await fileSize(this.journal.pathOf(st.segment));
    if (size > st.index.covered.offset || st.index.covered.segment < st.segment) {
      await st.catchUp(this.journal);
      // Lines another writer added may name runs counted already.
      this.runs.clear();
    }
    return st;
  }

  private async forget(): Promise<void> {
    await this.opened?.close();
    this.opened = undefined;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    // A failed step must not block the ones after it; the caller still sees its own failure.
    this.queue = run.catch(() => undefined);
    return run;
  }
}
