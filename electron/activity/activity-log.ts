/**
 * The amend activity log: append-only JSON lines in the user-data folder, one line per status
 * change of an attempt. Appending never rewrites earlier lines, so a crash can at worst tear the
 * line being written; the reader merges lines by attempt id (last line wins) and skips what it
 * cannot parse, counting it.
 */
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { attemptSchema, type Attempt } from '../../shared/attempts';

export const ACTIVITY_FILE = 'activity.jsonl';

export interface ActivityRead {
  /** Newest first. */
  attempts: Attempt[];
  /** Lines that were torn, corrupt or not an attempt. */
  skippedLines: number;
}

/** fs.promises.open, injectable so tests can make a write fail partway. */
export type OpenFile = (path: string, flags: string, mode?: number) => Promise<FileHandle>;

export interface ActivityLogOptions {
  openFile?: OpenFile;
}

export class ActivityLog {
  readonly path: string;
  private readonly openFile: OpenFile;
  /** Appends run one after another so two lines never interleave. */
  private queue: Promise<void> = Promise.resolve();

  constructor(userDataDir: string, fileName = ACTIVITY_FILE, options: ActivityLogOptions = {}) {
    this.path = join(userDataDir, fileName);
    this.openFile = options.openFile ?? open;
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
    const fh = await this.openFile(this.path, 'a+', 0o600);
    let sizeBefore: number | undefined;
    try {
      const { size, mode } = await fh.stat();
      sizeBefore = size;
      // Answers in the log may quote what a server echoed: a log made by an older version (0644) is
      // narrowed to its owner too.
      if (process.platform !== 'win32' && (mode & 0o077) !== 0) await fh.chmod(0o600);
      // The file may end inside a line (a crash, or a failed write whose repair failed too): start
      // on a fresh line so the torn one stays the only casualty instead of swallowing this one.
      // Checked on every write, not once per process: a write can fail partway at any time.
      let prefix = '';
      if (size > 0) {
        const last = Buffer.alloc(1);
        await fh.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) prefix = '\n';
      }
      await fh.appendFile(`${prefix}${line}\n`, 'utf8');
      await fh.datasync();
    } catch (e) {
      // Not acknowledged, so not kept: cut back what this write may have left (ENOSPC halfway, an
      // fsync that failed). If even that fails, the tail check above fences it off next time.
      if (sizeBefore !== undefined) await fh.truncate(sizeBefore).catch(() => undefined);
      throw e;
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
