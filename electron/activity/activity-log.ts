/**
 * The amend activity log: append-only JSON lines in the user-data folder, one line per status
 * change of an attempt. Appending never rewrites earlier lines, so a crash can at worst tear the
 * line being written; the reader merges lines by attempt id (last line wins) and skips what it
 * cannot parse, counting it.
 */
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { attemptSchema, type Attempt } from '../../shared/attempts';

export const ACTIVITY_FILE = 'activity.jsonl';

export interface ActivityRead {
  /** Newest first. */
  attempts: Attempt[];
  /** Lines that were torn, corrupt or not an attempt. */
  skippedLines: number;
}

export class ActivityLog {
  readonly path: string;
  /** Appends run one after another so two lines never interleave. */
  private queue: Promise<void> = Promise.resolve();
  private checkedTail = false;

  constructor(userDataDir: string, fileName = ACTIVITY_FILE) {
    this.path = join(userDataDir, fileName);
  }

  append(attempt: Attempt): Promise<void> {
    const line = JSON.stringify(attempt);
    const run = this.queue.then(() => this.write(line));
    // A failed write must not block the writes after it; the caller still sees its own failure.
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves when every append made so far has been written (or has failed). */
  flushed(): Promise<void> {
    return this.queue;
  }

  async read(): Promise<ActivityRead> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { attempts: [], skippedLines: 0 };
      throw e;
    }
    return parseActivity(text);
  }

  private async write(line: string): Promise<void> {
    const fh = await open(this.path, 'a+');
    try {
      // After a crash mid-write the file may end inside a line: start on a fresh line so the torn
      // one stays the only casualty instead of swallowing this one too.
      let prefix = '';
      if (!this.checkedTail) {
        const { size } = await fh.stat();
        if (size > 0) {
          const last = Buffer.alloc(1);
          await fh.read(last, 0, 1, size - 1);
          if (last[0] !== 0x0a) prefix = '\n';
        }
        this.checkedTail = true;
      }
      await fh.appendFile(`${prefix}${line}\n`, 'utf8');
      await fh.datasync();
    } finally {
      await fh.close();
    }
  }
}

export function parseActivity(text: string): ActivityRead {
  const byId = new Map<string, Attempt>();
  let skippedLines = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      skippedLines++;
      continue;
    }
    const parsed = attemptSchema.safeParse(json);
    if (!parsed.success) {
      skippedLines++;
      continue;
    }
    // Delete first so the merged attempt takes the position of its latest line.
    byId.delete(parsed.data.id);
    byId.set(parsed.data.id, parsed.data);
  }
  const attempts = [...byId.values()].sort((a, b) => b.startedAt - a.startedAt);
  return { attempts, skippedLines };
}
