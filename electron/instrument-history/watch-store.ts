/**
 * What the desk keeps about instrument history besides the history itself, in one small file:
 *
 *   <userDataDir>/instrument-history/watch.json
 *
 * the background refresh interval (for the app), and per profile the watched symbols, the rows with
 * changes the operator has not seen yet, the alerts waiting to be shown, and those already given
 * (so an alert is given once, across restarts). Replaced atomically on every change, one write at a
 * time; a damaged file counts as empty (nothing in it is worth refusing to start over).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { changeAlertSchema, MAX_WATCHED, watchedSymbolSchema } from '../../shared/instrument-watch';
import { categorySchema } from '../../shared/schemas';
import { writeFileAtomic } from '../storage/atomic-file';
import { HISTORY_DIR } from './instrument-history';

export const WATCH_FILE = 'watch.json';
export const DEFAULT_REFRESH_MINUTES = 5;
/** Alerts waiting beyond this many are dropped oldest first: nobody reads a backlog that long. */
export const MAX_PENDING_ALERTS = 200;
/** Unseen marks kept per category; more than any category lists. */
export const MAX_MARKS_PER_CATEGORY = 20_000;

const markSchema = z.object({ mark: z.enum(['new', 'changed']), at: z.number() });
export type StoredMark = z.infer<typeof markSchema>;

/**
 * symbol → its badge, in a null-prototype object: zod's record drops a `__proto__` key, and a plain
 * object would take one as its prototype, so a symbol of that name would lose its badge.
 */
const symbolMarksSchema = z
  .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
  .transform((v, ctx) => {
    const out = Object.create(null) as Record<string, StoredMark>;
    for (const [symbol, mark] of Object.entries(v)) {
      const parsed = markSchema.safeParse(mark);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'not a badge', path: [symbol] });
        return z.NEVER;
      }
      out[symbol] = parsed.data;
    }
    return out;
  });

const profileSchema = z.object({
  watched: z.array(watchedSymbolSchema).max(MAX_WATCHED).default([]),
  /** category → symbol → its badge. */
  unseen: z.partialRecord(categorySchema, symbolMarksSchema).default({}),
  pendingAlerts: z.array(changeAlertSchema).default([]),
  /** Alert id → until when it must be remembered (ms); then it can no longer come up again. */
  givenAlerts: z.record(z.string(), z.number()).default({}),
});
export type WatchProfile = z.infer<typeof profileSchema>;

const fileSchema = z.object({
  version: z.literal(1),
  refreshMinutes: z.number().int().min(0).max(1440).default(DEFAULT_REFRESH_MINUTES),
  profiles: z.record(z.string(), profileSchema).default({}),
});
export type WatchFile = z.infer<typeof fileSchema>;

/** A profile's part of the file, made when missing. */
export function profilePart(file: WatchFile, profileId: string): WatchProfile {
  return (file.profiles[profileId] ??= emptyWatchProfile());
}

export function emptyWatchProfile(): WatchProfile {
  return { watched: [], unseen: {}, pendingAlerts: [], givenAlerts: {} };
}

export class WatchStore {
  readonly path: string;
  private data: WatchFile | undefined;
  private loading: Promise<WatchFile> | undefined;
  private writes: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(userDataDir: string) {
    this.path = join(userDataDir, HISTORY_DIR, WATCH_FILE);
  }

  async refreshMinutes(): Promise<number> {
    return (await this.load()).refreshMinutes;
  }

  /** A profile's part (a fresh empty one when it has none yet; not stored until changed). */
  async profile(profileId: string): Promise<WatchProfile> {
    const file = await this.load();
    return file.profiles[profileId] ?? emptyWatchProfile();
  }

  /** Profiles that have a part. */
  async profileIds(): Promise<string[]> {
    return Object.keys((await this.load()).profiles);
  }

  /**
   * Changes the file in memory and writes it, one change at a time. `change` mutates the file it is
   * given (profilePart makes a profile's part); its result is returned once the file is on disk.
   */
  update<T>(change: (file: WatchFile) => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The watch settings are closed'));
    const run = this.writes.then(async () => {
      const file = await this.load();
      const result = change(file);
      try {
        await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
        await writeFileAtomic(this.path, `${JSON.stringify(file)}\n`);
      } catch (e) {
        // Not saved, so not kept: the next read goes back to what is on disk.
        this.data = undefined;
        this.loading = undefined;
        throw e;
      }
      return result;
    });
    this.writes = run.catch(() => undefined);
    return run;
  }

  removeProfile(profileId: string): Promise<void> {
    return this.update((file) => {
      delete file.profiles[profileId];
    });
  }

  /** Waits for the writes under way; later changes are refused. */
  async close(): Promise<void> {
    this.closed = true;
    await this.writes;
  }

  private load(): Promise<WatchFile> {
    if (this.data) return Promise.resolve(this.data);
    this.loading ??= readWatchFile(this.path).then((f) => (this.data = f));
    return this.loading;
  }
}

async function readWatchFile(path: string): Promise<WatchFile> {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Missing or unreadable: start over.
  }
  return { version: 1, refreshMinutes: DEFAULT_REFRESH_MINUTES, profiles: {} };
}
