/**
 * Reading the activity log of a user-data folder from outside the process that writes it (the CLI,
 * while the app may be running): nothing in the folder is written, no lock is taken.
 *
 * The indexes are copied to a private temporary folder and caught up there from the journal (which
 * is only ever appended to, so a reader sees whole lines, or a torn last line it skips). Without an
 * index (or with a damaged one) the copy is rebuilt from the journal, once per read.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ACTIVITY_ENTRIES_FILE,
  ACTIVITY_FILE,
  ACTIVITY_INDEX_FILE,
  ACTIVITY_KEY_HEADS_FILE,
  ACTIVITY_KEYS_FILE,
  ActivityLog,
} from './activity-log';

export interface ActivityReader {
  log: ActivityLog;
  /** Closes the log and removes the private copy of its indexes. */
  close(): Promise<void>;
}

export async function openActivityReader(userDataDir: string): Promise<ActivityReader> {
  const copy = await mkdtemp(join(tmpdir(), 'uta-desk-activity-'));
  // In the reverse of the order the writer updates them (records, entries, key index): a copy taken
  // first is never ahead of one copied after it (which would read as damage and rebuild); behind, it
  // catches up.
  for (const name of [ACTIVITY_KEYS_FILE, ACTIVITY_KEY_HEADS_FILE, ACTIVITY_ENTRIES_FILE, ACTIVITY_INDEX_FILE]) {
    await copyFile(join(userDataDir, name), join(copy, name)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }
  const log = new ActivityLog(userDataDir, ACTIVITY_FILE, { indexDir: copy });
  return {
    log,
    close: async () => {
      await log.close().catch(() => undefined);
      await rm(copy, { recursive: true, force: true });
    },
  };
}
