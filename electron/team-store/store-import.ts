/**
 * `uta-desk team import`: a desk's local activity log copied into a team store, idempotently by
 * attempt id. Nothing in the folder is locked or written, so it is safe while the app runs on it.
 *
 * Two reads of the log, holding a page of attempts at most, and a short fingerprint (some 100 bytes)
 * of each attempt the store lacks:
 *
 *  1. The attempts as Activity shows them: the log's pages through a private copy of its indexes
 *     (activity-reader.ts, as `uta-desk activity` reads), a thousand at a time. The store is asked
 *     which of each page it has; those are left alone. Of the others, the newest state's fingerprint
 *     is kept: the state the attempt will have in the store.
 *  2. Their trails: the journal, oldest line first. An attempt's lines are gathered until its newest
 *     state's line, then it is complete: every line goes to `attempt_lines` (in order) and the newest
 *     to `attempts`, a thousand attempts to a transaction (TeamStore.importAttempts). An attempt
 *     whose lines lie far apart (an unknown outcome checked again days later) just waits longer.
 *
 * Lines the app appends meanwhile are for the next import: an attempt ends at the state pass 1 read,
 * and one begun since is not imported. A transaction written stays written: an import stopped
 * partway is gone on by the next, which finds those attempts in the store.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import type { Attempt } from '../../shared/attempts';
import { LIVE_BASE_URL } from '../../shared/profiles';
import { ACTIVITY_FILE } from '../activity/activity-log';
import { JournalSegments, parseLine } from '../activity/activity-journal';
import { openActivityReader } from '../activity/activity-reader';
import { PROFILES_FILE } from '../profiles/profile-store';
import { DESK_ID_FILE, deskId } from './desk-id';
import { checkSchema } from './migrate';
import { accountOf } from './team-links';
import { TeamStore, type DeskIdentity } from './team-store';
import { connectionConfig } from './connection';

/** Attempts per transaction (and per page read, and per question to the store). */
export const IMPORT_BATCH = 1000;

export interface ImportOptions {
  userDataDir: string;
  /** The store's address (no password in it) and its password. */
  store: { url: string; password?: string };
  /** Who imports: the desk the attempts are recorded under (this folder's). */
  desk: DeskIdentity;
  batchSize?: number;
}

export interface ImportResult {
  /** Attempts written to the store by this import. */
  imported: number;
  /** Attempts the store had already: left as they were. */
  present: number;
  /** Journal lines that could not be read as attempts (a torn last line, damage): skipped. */
  skippedLines: number;
}

/** The folder's log could not be read (permissions, I/O): no fault of the store's. */
export class ActivityReadError extends Error {
  override name = 'ActivityReadError';
}

/** `work` on the folder's log, its failure an ActivityReadError saying which folder. */
async function fromLog<T>(userDataDir: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
    throw new ActivityReadError(`could not read the activity log in ${userDataDir} (${why})`);
  }
}

export async function importActivity(opts: ImportOptions): Promise<ImportResult> {
  const size = opts.batchSize ?? IMPORT_BATCH;
  const { wanted, present, skippedLines } = await missingAttempts(opts, size);
  const result = { imported: 0, present, skippedLines };
  if (wanted.size === 0) return result;
  const account = await accountResolver(opts.userDataDir);
  const stores = new Map<string, TeamStore>();
  const storeOf = (key: string): TeamStore => {
    let s = stores.get(key);
    if (!s) {
      s = new TeamStore({
        settings: { ...opts.store, displayName: opts.desk.displayName },
        desk: opts.desk,
        account: key,
        // Errors of idle connections only; every write's own failure is thrown to the caller.
        onError: () => undefined,
      });
      stores.set(key, s);
    }
    return s;
  };
  const write = async (trails: Attempt[][]): Promise<void> => {
    const byAccount = new Map<string, Attempt[][]>();
    for (const t of trails) {
      const key = account(t[0]!);
      const group = byAccount.get(key) ?? [];
      group.push(t);
      byAccount.set(key, group);
    }
    for (const [key, group] of byAccount) {
      const written = await storeOf(key).importAttempts(group.flat());
      result.imported += written.length;
      // Recorded meanwhile by another import or desk: left as it is there too.
      result.present += group.length - written.length;
    }
  };
  try {
    await copyTrails(opts.userDataDir, wanted, size, write);
  } finally {
    await Promise.all([...stores.values()].map((s) => s.close()));
  }
  return result;
}

/** The same state read twice (the reader's page, the journal's line) has the same fingerprint. */
function fingerprint(a: Attempt): string {
  return createHash('sha256').update(JSON.stringify(a)).digest('base64').slice(0, 16);
}

/**
 * Pass 1: the schema checked, then the log's attempts a page at a time; answers the newest state's
 * fingerprint of each attempt the store lacks, and how many it has.
 */
async function missingAttempts(
  opts: ImportOptions,
  size: number,
): Promise<{ wanted: Map<string, string>; present: number; skippedLines: number }> {
  const client = new pg.Client({ ...connectionConfig(opts.store), application_name: 'uta-desk team import' });
  // A connection cut mid-query fails that query; without a listener it would also crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    // Named by its address (never holding the password), so the words' `team init` runs as written.
    await checkSchema(client, opts.store.url);
    const reader = await fromLog(opts.userDataDir, () => openActivityReader(opts.userDataDir));
    try {
      const wanted = new Map<string, string>();
      let present = 0;
      let skippedLines = 0;
      let before: number | undefined;
      for (;;) {
        const page = await fromLog(opts.userDataDir, () => reader.log.page({ before, limit: size }));
        skippedLines = page.skippedLines;
        const ids = page.attempts.map((a) => a.id);
        const found = await client.query<{ id: string }>(`SELECT id FROM attempts WHERE id = ANY($1::text[])`, [ids]);
        const have = new Set(found.rows.map((r) => r.id));
        for (const a of page.attempts) {
          // An attempt listed twice (a line long after its others) is its newest record, met first.
          if (have.has(a.id)) present++;
          else if (!wanted.has(a.id)) wanted.set(a.id, fingerprint(a));
        }
        if (page.next === null) break;
        before = page.next;
      }
      return { wanted, present, skippedLines };
    } finally {
      await reader.close();
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `{"id":"…"`: how every line the log writes begins, so most lines need no parsing to be passed over. */
const LEADING_ID = /^\{"id":"([^"\\]*)"/;

/**
 * Pass 2: the journal's segments, oldest line first; each wanted attempt's lines up to its newest
 * state, handed to `write` a batch of complete attempts at a time.
 */
async function copyTrails(
  userDataDir: string,
  wanted: Map<string, string>,
  size: number,
  write: (trails: Attempt[][]) => Promise<void>,
): Promise<void> {
  const journal = new JournalSegments(userDataDir, join(userDataDir, ACTIVITY_FILE));
  const pending = new Map<string, Attempt[]>();
  let ready: Attempt[][] = [];
  for (const n of await journal.numbers()) {
    if (wanted.size === 0) break;
    for await (const text of linesOf(userDataDir, journal.pathOf(n))) {
      const leading = LEADING_ID.exec(text)?.[1];
      if (leading !== undefined && !wanted.has(leading)) continue;
      const a = parseLine(Buffer.from(text, 'utf8'));
      if (!a || !wanted.has(a.id)) continue;
      const lines = pending.get(a.id) ?? [];
      lines.push(a);
      if (fingerprint(a) !== wanted.get(a.id)) {
        pending.set(a.id, lines);
        continue;
      }
      pending.delete(a.id);
      wanted.delete(a.id);
      ready.push(lines);
      if (ready.length >= size) {
        await write(ready);
        ready = [];
      }
      if (wanted.size === 0) break;
    }
  }
  // Attempts whose newest line was not met again (not expected: the journal is only appended to)
  // go with the lines they have.
  ready.push(...pending.values());
  for (let i = 0; i < ready.length; i += size) await write(ready.slice(i, i + size));
}

/** A segment's lines; a missing one has none. */
async function* linesOf(userDataDir: string, path: string): AsyncGenerator<string> {
  const input = createReadStream(path);
  const opened = await fromLog(
    userDataDir,
    () =>
      new Promise<boolean>((resolve, reject) => {
        input.once('open', () => resolve(true));
        input.once('error', (e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? resolve(false) : reject(e)));
      }),
  );
  if (!opened) return;
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await fromLog(userDataDir, () => lines.next());
      if (next.done) return;
      if (next.value.trim() !== '') yield next.value;
    }
  } finally {
    await lines.return?.();
    input.destroy();
  }
}

/**
 * Whose orders an attempt's are (the store keys guards and Activity by it, as team-links.ts does):
 * its profile's exchange, from profiles.json (read, never written), or the live exchange for a live
 * or demo-trading attempt whose profile is gone. An attempt whose exchange is not known (the Local
 * demo's changes with every start; a custom profile since removed) is kept under `profile:<id>`.
 */
export async function accountResolver(userDataDir: string): Promise<(a: Attempt) => string> {
  const baseUrls = new Map<string, string>();
  try {
    const file = JSON.parse(await readFile(join(userDataDir, PROFILES_FILE), 'utf8')) as { profiles?: unknown };
    for (const p of Array.isArray(file.profiles) ? file.profiles : []) {
      const { id, baseUrl } = (p ?? {}) as { id?: unknown; baseUrl?: unknown };
      if (typeof id === 'string' && typeof baseUrl === 'string') baseUrls.set(id, baseUrl);
    }
  } catch {
    // No profiles file, or one the app would not read either: the environments decide.
  }
  return (a) => {
    const baseUrl =
      baseUrls.get(a.profileId) ??
      (a.environment === 'live' || a.environment === 'demo-trading' ? LIVE_BASE_URL : undefined);
    return baseUrl ? accountOf({ baseUrl }) : `profile:${a.profileId}`;
  };
}

const DESK_ID = /^[0-9a-f-]{36}$/;

/**
 * The desk an import records under: the folder's own (team-desk-id), so the app on this folder is
 * later the same desk. In a folder of this user's without one, it is made as the app would make it.
 * In another user's folder (root importing an operator's, say) or a read-only one nothing is
 * written: the id is derived from the machine and the folder's path, the same on every import.
 */
export async function importDeskId(userDataDir: string): Promise<{ id: string; saved: boolean }> {
  const found = (await readFile(join(userDataDir, DESK_ID_FILE), 'utf8').catch(() => '')).trim();
  if (DESK_ID.test(found)) return { id: found, saved: true };
  const uid = process.getuid?.();
  if (uid === undefined || (await stat(userDataDir)).uid === uid) {
    try {
      return { id: await deskId(userDataDir), saved: true };
    } catch {
      // A folder that cannot be written: derived, as for another user's.
    }
  }
  const hex = createHash('sha256')
    .update(`uta-desk desk\0${hostname()}\0${await realpath(userDataDir)}`)
    .digest('hex');
  const id = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join('-');
  return { id, saved: false };
}
