/**
 * A desk's local activity log copied into a team store: every line of every attempt, its newest
 * state, under this folder's desk; by attempt id, so a second import adds nothing and an attempt the
 * store has already is left as it is.
 */
import { randomUUID } from 'node:crypto';
import { chmod, chown, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ActivityLog } from '../activity/activity-log';
import { DESK_ID_FILE } from './desk-id';
import { importActivity, importDeskId, type ImportOptions } from './store-import';
import type { DeskIdentity } from './team-store';
import { freshDatabase, startPgCluster, TEST_PASSWORD, withStoreClient, type PgCluster } from './testing/pg-cluster';
import { logAttempt, step, storedAttempts, storedTrails, writeDeskLog } from './testing/log-fixtures';
import { attemptOf, deskOf, keysOf, storeOn } from './testing/store-fixtures';

let cluster: PgCluster;
let dir: string;

beforeAll(async () => {
  cluster = await startPgCluster({ settings: { fsync: 'off' } });
}, 60_000);
afterAll(async () => {
  await cluster?.destroy();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'store-import-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const database = () => freshDatabase(cluster);

const withClient = <T>(db: string, work: (c: pg.Client) => Promise<T>) => withStoreClient(cluster.url(db), work);

async function folderBytes(folder: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(folder)).sort()) out[name] = await readFile(join(folder, name), 'base64');
  return out;
}

const desk: DeskIdentity = {
  id: randomUUID(),
  osUser: 'alice',
  hostName: 'alice-host',
  hostKind: 'cli',
  displayName: 'Alice',
  profileName: 'activity import',
};

const options = (db: string, over: Partial<ImportOptions> = {}): ImportOptions => ({
  userDataDir: dir,
  store: { url: cluster.url(db), password: TEST_PASSWORD },
  desk,
  ...over,
});

describe('importActivity', () => {
  it('copies every line of every attempt and its newest state; again, nothing', async () => {
    const trails = await writeDeskLog(dir);
    const before = await folderBytes(dir);
    const db = await database();
    // Batches of two: an attempt whose lines lie far apart is still written whole, in one of them.
    expect(await importActivity(options(db, { batchSize: 2 }))).toEqual({ imported: 7, present: 0, skippedLines: 0 });
    await withClient(db, async (c) => {
      expect(await storedTrails(c)).toEqual(trails);
      const rows = await storedAttempts(c);
      expect(rows.map((r) => [r.id, r.status, r.run_id, r.account, r.desk_id])).toEqual(
        [...trails.values()]
          .map((t) => t.at(-1)!)
          .map((a) => [
            a.id,
            a.status,
            a.run?.id ?? null,
            a.environment === 'live' ? 'https://api.bitget.com' : 'https://exchange.example:8443',
            desk.id,
          ])
          .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
      );
      for (const r of rows) expect(r.record).toEqual(trails.get(r.id)!.at(-1));
      const desks = await c.query('SELECT id, os_user, host_name, host_kind, display_name FROM desks');
      expect(desks.rows).toEqual([
        { id: desk.id, os_user: 'alice', host_name: 'alice-host', host_kind: 'cli', display_name: 'Alice' },
      ]);
    });
    expect(await importActivity(options(db))).toEqual({ imported: 0, present: 7, skippedLines: 0 });
    await withClient(db, async (c) => expect(await storedTrails(c)).toEqual(trails));
    // Read as `uta-desk activity` reads: nothing in the folder written, no lock taken.
    expect(await folderBytes(dir)).toEqual(before);
  });

  it('leaves an attempt the store has already as it is there, and imports what the log has since', async () => {
    const db = await database();
    const other = storeOn(cluster, db, deskOf('bob'));
    const shared = attemptOf('ord-9');
    try {
      await other.recordIntent([{ attempt: shared, keys: keysOf(shared) }]);
    } finally {
      await other.close();
    }
    const log = new ActivityLog(dir);
    const mine = logAttempt('mine-1', 1);
    // The same attempt id in this log, in another state: the store's stays.
    await log.appendAll([mine, step({ ...shared, environment: 'custom' }, 'applied', 'Applied')]);
    await log.close();
    expect(await importActivity(options(db))).toEqual({ imported: 1, present: 1, skippedLines: 0 });
    const later = new ActivityLog(dir);
    await later.append(step(mine, 'applied', 'Applied'));
    await later.append(logAttempt('mine-2', 2));
    await later.close();
    expect(await importActivity(options(db))).toEqual({ imported: 1, present: 2, skippedLines: 0 });
    await withClient(db, async (c) => {
      const rows = await storedAttempts(c);
      expect(rows.find((r) => r.id === shared.id)?.record).toEqual(shared);
      // Imported before its outcome was written: an attempt in the store is never overwritten by one.
      expect(rows.find((r) => r.id === 'mine-1')?.status).toBe('sending');
      expect(rows.map((r) => r.id).sort()).toEqual(['mine-1', 'mine-2', shared.id].sort());
    });
  });

  it('an empty folder imports nothing, and a store without its tables is refused before the log is read', async () => {
    const db = await database();
    expect(await importActivity(options(db))).toEqual({ imported: 0, present: 0, skippedLines: 0 });
    const bare = `t_${randomUUID().replaceAll('-', '')}`;
    await cluster.createDatabase(bare);
    await expect(importActivity(options(bare))).rejects.toThrow('has no UTA Desk tables yet');
  });
});

describe('the desk an import records under', () => {
  it("is the folder's own: saved in a folder of this user's as the app would, read back after", async () => {
    const first = await importDeskId(dir);
    expect(first.saved).toBe(true);
    expect((await readFile(join(dir, DESK_ID_FILE), 'utf8')).trim()).toBe(first.id);
    expect(await importDeskId(dir)).toEqual(first);
  });

  it.runIf(process.getuid?.() === 0)(
    "in another user's folder nothing is written, and the id is the same each time",
    async () => {
      await chown(dir, 65534, 65534);
      await chmod(dir, 0o755);
      const first = await importDeskId(dir);
      expect(first).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
        saved: false,
      });
      expect(await readdir(dir)).toEqual([]);
      expect(await importDeskId(dir)).toEqual(first);
      expect((await stat(dir)).uid).toBe(65534);
    },
  );
});
