/**
 * Whether the activity log can be written, as the last write (or probe) found it: the header's
 * banner and `activity:health` read it, and nothing is sent while it cannot be written.
 */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { logNotWritableMessage } from '../../shared/errors';
import type { OpenFile } from '../storage/journal-file';
import { errnoCode } from '../storage/storage-error';

/** While the log cannot be written, a health check tries a probe write at most this often. */
const PROBE_EVERY_MS = 2000;
/** The probe's size: a write that fits into a block already allocated proves nothing. */
const PROBE_BYTES = 64 * 1024;
const PROBE_FILE = 'activity.probe';

/** Whether the log can be written, as the last write (or probe) found it. */
export interface LogHealth {
  writable: boolean;
  /** Why not, in words (no raw system code); null while writable. */
  message: string | null;
  /** Since when it could not be written; null while writable. */
  since: number | null;
}

export class WriteHealth {
  /** The last write failed (and nothing has been written since): why, and since when. */
  private failure: { code: string | undefined; since: number; probedAt: number } | undefined;
  /** A write or a probe has shown whether the log can be written. */
  private checked = false;

  constructor(
    private readonly dir: string,
    private readonly openFile: OpenFile,
    private readonly now: () => number,
  ) {}

  /** Runs a write, keeping what it found. */
  async guarded<T>(write: () => Promise<T>): Promise<T> {
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

  /**
   * While the log cannot be written, a probe write (beside the journal, removed again) is tried at
   * most every few seconds, so the answer turns writable once space returns even when nothing else is
   * written.
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
}
