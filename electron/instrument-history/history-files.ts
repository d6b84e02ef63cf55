/**
 * The files of one profile's instrument-history folder: state.json (the last check per category),
 * each category's snapshot and the pending snapshot of a fetch being recorded, what a crash left
 * half done, and the id that ties a fetch's pending snapshot to its events in the change log.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { categorySchema, type Category, type Instrument } from '../../shared/schemas';
import { syncDir, TEMP_SUFFIX } from '../storage/atomic-file';
import type { ChangeLog } from './change-log';

const categoryCheckSchema = z.object({
  lastChecked: z.number(),
  count: z.number(),
  suspicious: z.object({ at: z.number(), previousCount: z.number() }).optional(),
});
const stateSchema = z.object({
  version: z.literal(1),
  profileId: z.string(),
  nextSeq: z.number(),
  categories: z.partialRecord(categorySchema, categoryCheckSchema),
});
export type State = z.infer<typeof stateSchema>;

export interface Snapshot {
  fetchedAt: number;
  rows: Map<string, Instrument>;
}

/**
 * A fetch's id: the same profile, category and fetch time give the same id, so the pending
 * snapshot of a fetch can be matched with its events in the log after a crash.
 */
export function fetchIdOf(profileId: string, category: Category, fetchedAt: number): string {
  return createHash('sha256').update(`${profileId}\0${category}\0${fetchedAt}`, 'utf8').digest('hex').slice(0, 20);
}

export function snapshotFile(category: Category): string {
  return `snapshot-${category}.json`;
}

export function pendingFile(category: Category, fetchId: string): string {
  return `snapshot-${category}.${fetchId}.pending`;
}

export function snapshotText(
  category: Category,
  fetchId: string,
  fetchedAt: number,
  rows: Map<string, Instrument>,
): string {
  return JSON.stringify({ version: 1, category, fetchId, fetchedAt, instruments: [...rows.values()] });
}

/**
 * A snapshot file read back. Checked by hand rather than by a schema: it may hold tens of
 * thousands of rows, and the rows stay loose objects as the exchange sent them.
 */
export function parseSnapshot(text: string, category: Category): Snapshot | undefined {
  const json = JSON.parse(text) as unknown;
  if (!json || typeof json !== 'object') return undefined;
  const { version, category: stored, fetchedAt, instruments } = json as Record<string, unknown>;
  if (version !== 1 || stored !== category || typeof fetchedAt !== 'number' || !Array.isArray(instruments))
    return undefined;
  const rows = new Map<string, Instrument>();
  for (const row of instruments as unknown[]) {
    const symbol = row && typeof row === 'object' ? (row as { symbol?: unknown }).symbol : undefined;
    if (typeof symbol === 'string' && symbol !== '') rows.set(symbol, row as Instrument);
  }
  return { fetchedAt, rows };
}

export async function readState(path: string, profileId: string): Promise<State | undefined> {
  try {
    const parsed = stateSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success && parsed.data.profileId === profileId ? parsed.data : undefined;
  } catch {
    // Missing or damaged: the checks are forgotten, the snapshots and the log are not.
    return undefined;
  }
}

/**
 * Pending snapshots left by a crash: finished if their fetch reached the log, else discarded.
 * Whether the folder exists.
 */
export async function finishPending(dir: string, log: Pick<ChangeLog, 'lastFetchId'>): Promise<boolean> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
  let renamed = false;
  for (const name of names) {
    if (name.endsWith(TEMP_SUFFIX)) {
      await rm(join(dir, name), { force: true });
      continue;
    }
    const m = /^snapshot-([A-Z-]+)\.([0-9a-f]+)\.pending$/.exec(name);
    if (!m) continue;
    const category = categorySchema.safeParse(m[1]);
    if (category.success && log.lastFetchId(category.data) === m[2]) {
      await rename(join(dir, name), join(dir, snapshotFile(category.data)));
      renamed = true;
    } else {
      await rm(join(dir, name), { force: true });
    }
  }
  if (renamed) await syncDir(dir);
  return true;
}
