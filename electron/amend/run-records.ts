/**
 * Runs of many amends on disk: one small file per run in `runs/` of the user-data folder, replaced
 * atomically (atomic-file.ts) when the run is checked (before its first request), stopped, done or
 * checked again. Items that reach the exchange are attempts in the activity log; this record holds
 * what the log cannot: every item of the run (also those never sent or excluded by the preview),
 * how the run ended, and which attempt each item is. After a restart it is how a run left unfinished
 * is listed again with its items, and how Activity says what became of a run it shows.
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { batchRunSchema, type BatchRun } from '../../shared/batch-run';
import { TEMP_SUFFIX, writeFileAtomic } from '../storage/atomic-file';

export const RUNS_DIR = 'runs';
/** Records kept: the oldest beyond this are removed (Activity then tells those runs from their attempts). */
export const KEPT_RECORDS = 200;

export const runRecordSchema = z.object({
  run: batchRunSchema,
  /** Every item's attempt id, by index (an item not recorded yet has one too: it is recorded as this). */
  attemptIds: z.array(z.string()),
});
export type RunRecord = z.infer<typeof runRecordSchema>;

/** Sorted by start: `<startedAt, 15 digits>-<run id>.json`. */
const fileName = (run: Pick<BatchRun, 'id' | 'startedAt'>) =>
  `${String(Math.max(0, Math.trunc(run.startedAt))).padStart(15, '0')}-${run.id}.json`;
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export class RunRecords {
  readonly dir: string;

  constructor(userDataDir: string) {
    this.dir = join(userDataDir, RUNS_DIR);
  }

  async write(record: RunRecord): Promise<void> {
    if (!SAFE_ID.test(record.run.id)) return;
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(join(this.dir, fileName(record.run)), JSON.stringify(record));
  }

  /** One run's record, undefined when there is none (or it cannot be read). */
  async read(id: string): Promise<RunRecord | undefined> {
    if (!SAFE_ID.test(id)) return undefined;
    const name = (await this.names()).find((n) => n.endsWith(`-${id}.json`));
    return name ? this.load(name) : undefined;
  }

  /** Every readable record, oldest first. */
  async all(): Promise<RunRecord[]> {
    const out: RunRecord[] = [];
    for (const name of await this.names()) {
      const r = await this.load(name);
      if (r) out.push(r);
    }
    return out;
  }

  /** Removes the oldest finished records beyond KEPT_RECORDS (an unfinished one is kept). */
  async prune(keep = KEPT_RECORDS): Promise<void> {
    const names = await this.names();
    for (const name of names.slice(0, Math.max(0, names.length - keep))) {
      const r = await this.load(name);
      if (r && r.run.state !== 'done') continue;
      await rm(join(this.dir, name), { force: true });
    }
  }

  private async names(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((n) => n.endsWith('.json') && !n.endsWith(TEMP_SUFFIX)).sort();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
  }

  private async load(name: string): Promise<RunRecord | undefined> {
    try {
      const parsed = runRecordSchema.safeParse(JSON.parse(await readFile(join(this.dir, name), 'utf8')));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
}
