/**
 * Instrument history: for each profile, the last snapshot of every category and a change log of
 * what differed from one fetch to the next, so that "what changed?" survives restarts.
 *
 *   <userDataDir>/instrument-history/<profile-id-hash>/
 *     state.json                    last check per category, the next sequence number
 *     snapshot-<CATEGORY>.json      the last snapshot (rows deduplicated by symbol)
 *     changes.jsonl                 the change log (change-log.ts: events older than 365 days are
 *                                   dropped once it passes 32 MB)
 *
 * Only successful fetches are recorded (a failed one has no instrument list to pass). On top of
 * that, an answer is refused as suspicious, and nothing recorded, when it is empty for a category
 * whose snapshot held SUSPICIOUS_EMPTY_MIN (50) instruments or more: an exchange does not delist a
 * whole market between two fetches, a broken proxy or a half-deployed API does answer `[]`.
 * Likewise a fetch made at or before the last one recorded for its category (two fetches finishing
 * out of order, or the same one twice) is stale and ignored: diffing it would record every change
 * backwards.
 *
 * Recording a fetch with changes is crash-safe in three steps: the new snapshot is written beside
 * the old one as `snapshot-<CATEGORY>.<fetchId>.pending` (synced), the events are appended to the
 * log (synced), the pending snapshot is renamed over the old one. Opening the folder again finishes
 * a pending snapshot whose fetch reached the log and discards one whose fetch did not, so a crash
 * at any point neither loses events nor records them twice.
 *
 * Everything of one profile runs one call at a time (records, reads), so two fetches of the same
 * category recorded in quick succession are diffed one after the other.
 *
 * The folder's files (state, snapshots, pending snapshots after a crash) are read and named in
 * history-files.ts; the change log is change-log.ts.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { compareSnapshots, type ChangeEvent } from '../../shared/instrument-changes';
import { type Category, type Instrument } from '../../shared/schemas';
import { syncDir, writeFileAtomic } from '../storage/atomic-file';
import type { OpenFile } from '../storage/journal-file';
import { ChangeLog, type ChangePage } from './change-log';
import type { ChangeQuery } from './change-index';
import {
  fetchIdOf,
  finishPending,
  parseSnapshot,
  pendingFile,
  readState,
  snapshotFile,
  snapshotText,
  type Snapshot,
  type State,
} from './history-files';

export const HISTORY_DIR = 'instrument-history';
export const STATE_FILE = 'state.json';
/** An empty answer for a category that had at least this many instruments is refused. */
export const SUSPICIOUS_EMPTY_MIN = 50;

export interface InstrumentHistoryOptions {
  /** Clock for retention; tests set it. */
  now?: () => number;
  /** Events older than this are dropped when the log is compacted (default 365 days). */
  retentionMs?: number;
  /** A profile's log is compacted once it grows past this (default 32 MB). */
  compactAboveBytes?: number;
  /** Injectable so tests can make a log append fail. */
  openFile?: OpenFile;
}

export type RecordOutcome =
  /** The first snapshot of this profile × category: stored, no events (everything would be "listed"). */
  | 'baseline'
  /** Events were recorded. */
  | 'changed'
  /** Nothing changed (decimal-equal rewrites like "0.10" → "0.1" included). */
  | 'unchanged'
  /** Empty answer where the snapshot had SUSPICIOUS_EMPTY_MIN or more instruments: nothing recorded. */
  | 'suspicious-empty'
  /** Fetched at or before the last fetch recorded for this category: nothing recorded. */
  | 'stale';

export interface RecordResult {
  outcome: RecordOutcome;
  /** The events recorded (none unless outcome is "changed"). */
  events: ChangeEvent[];
  /** Identifies this fetch; its events carry it. */
  fetchId: string;
  /** Instruments in the stored snapshot before this fetch (0 if none). */
  previousCount: number;
  /** Instruments in this answer, one per symbol. */
  count: number;
}

export interface CategoryCheck {
  /** When the last recorded fetch of this category was made (ms). */
  lastChecked: number;
  /** Instruments it held. */
  count: number;
  /** The last answer refused as suspicious, when it came after lastChecked. */
  suspicious?: { at: number; previousCount: number };
}

export type EventsQuery = ChangeQuery & { profileId: string };

export interface RecordOptions {
  /**
   * Records an empty answer even where it looks suspicious: for a category the operator confirms
   * has really gone (else its last snapshot would stand for ever).
   */
  trustEmpty?: boolean;
}

/** One profile's folder, opened. */
interface Opened {
  dir: string;
  /** The folder exists (it is made by the first record). */
  created: boolean;
  state: State;
  log: ChangeLog;
  /** Snapshots read so far (undefined: none stored). Read on the first record of a category. */
  snapshots: Map<Category, Snapshot | undefined>;
}

export class InstrumentHistory {
  readonly root: string;
  private readonly options: InstrumentHistoryOptions;
  private readonly opened = new Map<string, Promise<Opened>>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private closed = false;

  constructor(userDataDir: string, options: InstrumentHistoryOptions = {}) {
    this.root = join(userDataDir, HISTORY_DIR);
    this.options = options;
  }

  /** The folder of a profile's history (named by a hash: profile ids may hold any character). */
  profileDir(profileId: string): string {
    return join(this.root, createHash('sha256').update(profileId, 'utf8').digest('hex').slice(0, 16));
  }

  /**
   * Records one successful fetch of a whole category (never a symbol-filtered one: the symbols it
   * lacks would read as delisted): diffs it against the stored snapshot, appends the events,
   * replaces the snapshot.
   */
  record(
    profileId: string,
    category: Category,
    instruments: readonly Instrument[],
    fetchedAt: number,
    options: RecordOptions = {},
  ): Promise<RecordResult> {
    return this.serial(profileId, async () => {
      if (!Number.isFinite(fetchedAt)) throw new TypeError('fetchedAt must be a time in milliseconds');
      const p = await this.open(profileId);
      if (!p.created) {
        await mkdir(p.dir, { recursive: true, mode: 0o700 });
        p.created = true;
      }
      const fetchId = fetchIdOf(profileId, category, fetchedAt);
      const check = p.state.categories[category];
      let previousCount = check?.count ?? 0;
      const result = (outcome: RecordOutcome, count: number, events: ChangeEvent[] = []): RecordResult => ({
        outcome,
        events,
        fetchId,
        previousCount,
        count,
      });
      if (check && fetchedAt <= check.lastChecked) return result('stale', instruments.length);

      const previous = await this.snapshot(p, category);
      previousCount = previous?.rows.size ?? 0;
      // The snapshot's own time too: state.json may have been lost.
      if (previous && fetchedAt <= previous.fetchedAt) return result('stale', instruments.length);
      if (instruments.length === 0 && previousCount >= SUSPICIOUS_EMPTY_MIN && !options.trustEmpty) {
        p.state.categories[category] = {
          ...(check ?? { lastChecked: previous!.fetchedAt, count: previousCount }),
          suspicious: { at: fetchedAt, previousCount },
        };
        await this.saveState(p);
        return result('suspicious-empty', 0);
      }

      const meta = { profileId, category, fetchId, at: fetchedAt };
      const { events, rows, identical } = compareSnapshots(previous?.rows, instruments, meta);
      const snapshotPath = join(p.dir, snapshotFile(category));
      let outcome: RecordOutcome;
      if (!previous) {
        outcome = 'baseline';
        await writeFileAtomic(snapshotPath, snapshotText(category, fetchId, fetchedAt, rows));
      } else if (events.length === 0) {
        outcome = 'unchanged';
        // Rewritten only if some text differs ("0.10" → "0.1", fields reordered): the next
        // events then quote the exchange's current wording.
        if (!identical) await writeFileAtomic(snapshotPath, snapshotText(category, fetchId, fetchedAt, rows));
      } else {
        outcome = 'changed';
        const pending = join(p.dir, pendingFile(category, fetchId));
        await writeFileAtomic(pending, snapshotText(category, fetchId, fetchedAt, rows));
        try {
          await p.log.append(events);
        } catch (e) {
          await rm(pending, { force: true }).catch(() => undefined);
          throw e;
        }
        try {
          await rename(pending, snapshotPath);
          await syncDir(p.dir);
        } catch (e) {
          // The events are in the log and the pending snapshot on disk: opening the folder again
          // finishes the rename. Until then nothing of this profile is trusted from memory.
          this.opened.delete(profileId);
          await p.log.close();
          throw e;
        }
      }
      p.snapshots.set(category, { fetchedAt, rows });
      p.state.categories[category] = { lastChecked: fetchedAt, count: rows.size };
      p.state.nextSeq = p.log.nextSequence;
      await this.saveState(p);
      if (p.log.needsCompaction()) {
        // The fetch is recorded whatever happens here: a log that could not be compacted (a full
        // disk) stays as it was, valid, and is tried again after the next fetch.
        await p.log.compact().catch(() => undefined);
      }
      return result(outcome, rows.size, events);
    });
  }

  /** A page of a profile's change events, newest first (see ChangeQuery for the filters). */
  events(query: EventsQuery): Promise<ChangePage> {
    const { profileId, ...rest } = query;
    return this.serial(profileId, async () => {
      const p = await this.open(profileId);
      return p.log.page(rest);
    });
  }

  /** The last check of each category of a profile (categories never checked are absent). */
  lastChecked(profileId: string): Promise<Partial<Record<Category, CategoryCheck>>> {
    return this.serial(profileId, async () => {
      const { state } = await this.open(profileId);
      return structuredClone(state.categories);
    });
  }

  /** Deletes a profile's history (the profile was deleted). */
  removeProfile(profileId: string): Promise<void> {
    return this.serial(profileId, async () => {
      const p = await this.opened.get(profileId)?.catch(() => undefined);
      this.opened.delete(profileId);
      await p?.log.close();
      await rm(this.profileDir(profileId), { recursive: true, force: true });
    });
  }

  /** Waits for everything under way, then releases the files. Later calls fail. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.queues.values()]);
    for (const p of this.opened.values()) await (await p.catch(() => undefined))?.log.close();
    this.opened.clear();
  }

  // ---------- opening ----------

  private open(profileId: string): Promise<Opened> {
    let p = this.opened.get(profileId);
    if (!p) {
      p = this.load(profileId);
      this.opened.set(profileId, p);
      // A folder that failed to open is tried again next time.
      p.catch(() => this.opened.delete(profileId));
    }
    return p;
  }

  /** A profile's folder as stored; reading one that does not exist creates nothing. */
  private async load(profileId: string): Promise<Opened> {
    const dir = this.profileDir(profileId);
    const state = (await readState(join(dir, STATE_FILE), profileId)) ?? {
      version: 1,
      profileId,
      nextSeq: 0,
      categories: {},
    };
    const log = await ChangeLog.open(
      dir,
      {
        now: this.options.now,
        retentionMs: this.options.retentionMs,
        compactAboveBytes: this.options.compactAboveBytes,
        openFile: this.options.openFile,
      },
      state.nextSeq,
    );
    const created = await finishPending(dir, log);
    return { dir, created, state, log, snapshots: new Map() };
  }

  /** The stored snapshot of a category; a damaged one counts as none (the next fetch is a new baseline). */
  private async snapshot(p: Opened, category: Category): Promise<Snapshot | undefined> {
    if (p.snapshots.has(category)) return p.snapshots.get(category);
    let snapshot: Snapshot | undefined;
    try {
      snapshot = parseSnapshot(await readFile(join(p.dir, snapshotFile(category)), 'utf8'), category);
    } catch {
      snapshot = undefined;
    }
    p.snapshots.set(category, snapshot);
    return snapshot;
  }

  private async saveState(p: Opened): Promise<void> {
    await writeFileAtomic(join(p.dir, STATE_FILE), `${JSON.stringify(p.state)}\n`);
  }

  private serial<T>(profileId: string, work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The instrument history is closed'));
    const run = (this.queues.get(profileId) ?? Promise.resolve()).then(work);
    // A failed step must not block the ones after it; the caller still sees its own failure.
    const tail = run.catch(() => undefined);
    this.queues.set(profileId, tail);
    void tail.then(() => {
      if (this.queues.get(profileId) === tail) this.queues.delete(profileId);
    });
    return run;
  }
}
