import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkSchema, migrate } from './migrate';
import { SCHEMA_VERSION } from './migrations';
import { failureOf, TeamStoreError } from './store-words';
import type { TeamStore } from './team-store';
import { connectionConfig } from './connection';
import { freshDatabase, startPgCluster, TEST_PASSWORD, withStoreClient, type PgCluster } from './testing/pg-cluster';
import { attemptOf, deskOf, keysOf, storeOn } from './testing/store-fixtures';

let cluster: PgCluster;
const open: TeamStore[] = [];

beforeAll(async () => {
  cluster = await startPgCluster({ settings: { fsync: 'off' } });
}, 60_000);
afterAll(async () => {
  await cluster?.destroy();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const database = (init = true) => freshDatabase(cluster, { bare: !init });

const withClient = <T>(db: string, work: (c: pg.Client) => Promise<T>) => withStoreClient(cluster.url(db), work);

function store(db: string, name: string, over: Parameters<typeof storeOn>[3] = {}): TeamStore {
  const s = storeOn(cluster, db, deskOf(name), over);
  open.push(s);
  return s;
}

describe('the schema', () => {
  it('is created once, whoever runs init and however often', async () => {
    const db = await database(false);
    const [a, b] = await Promise.all([withClient(db, (c) => migrate(c, db)), withClient(db, (c) => migrate(c, db))]);
    expect([...a, ...b]).toEqual([1]);
    expect(await withClient(db, (c) => migrate(c, db))).toEqual([]);
    await withClient(db, (c) => checkSchema(c, db));
  });

  it('a store without it, or newer than this app, is refused in words', async () => {
    const bare = await database(false);
    await expect(withClient(bare, (c) => checkSchema(c, 'db.example/desk'))).rejects.toThrow(
      'has no UTA Desk tables yet. Create them with: uta-desk team init db.example/desk',
    );
    const db = await database();
    await withClient(db, (c) => c.query(`INSERT INTO uta_desk_schema (version, name) VALUES (99, 'future')`));
    const refused = withClient(db, (c) => checkSchema(c, 'db.example/desk'));
    await expect(refused).rejects.toBeInstanceOf(TeamStoreError);
    await expect(refused).rejects.toThrow(
      `has schema version 99, newer than this UTA Desk knows (${SCHEMA_VERSION}). Update UTA Desk`,
    );
    await expect(withClient(db, (c) => migrate(c, db))).rejects.toThrow('newer than this UTA Desk knows');
  });
});

describe('the guard, taken with the intent', () => {
  it('of two desks racing for one order, one records and the other is refused naming the first', async () => {
    const db = await database();
    const alice = store(db, 'alice');
    const bob = store(db, 'bob');
    const a = attemptOf('ord-1');
    const b = attemptOf('ord-1');
    const [fromA, fromB] = await Promise.all([
      alice.recordIntent([{ attempt: a, keys: keysOf(a) }]),
      bob.recordIntent([{ attempt: b, keys: keysOf(b) }]),
    ]);
    const conflicts = [...fromA, ...fromB];
    expect(conflicts).toHaveLength(1);
    const loser = fromA.length ? 'alice' : 'bob';
    const winner = loser === 'alice' ? 'bob' : 'alice';
    expect(conflicts[0]!.holder.reason).toMatch(
      new RegExp(
        `^ord-1 is being amended by ${winner} on ${winner}-host: in flight since \\d\\d:\\d\\d:\\d\\d UTC\\.$`,
      ),
    );
    // Only the winner's intent is in the store.
    const recorded = await alice.find([a.id, b.id]);
    expect(recorded.map((r) => r.id)).toEqual([loser === 'alice' ? b.id : a.id]);
  });

  it('in a batch, only the items whose orders are held elsewhere are refused; the rest are recorded', async () => {
    const db = await database();
    const alice = store(db, 'alice');
    const bob = store(db, 'bob');
    const held = attemptOf('ord-2');
    await alice.recordIntent([{ attempt: held, keys: keysOf(held) }]);
    const batch = ['ord-1', 'ord-2', 'ord-3'].map((o) => attemptOf(o));
    const conflicts = await bob.recordIntent(batch.map((attempt) => ({ attempt, keys: keysOf(attempt) })));
    expect(conflicts.map((c) => c.attemptId)).toEqual([batch[1]!.id]);
    expect((await bob.guards()).map((g) => [g.orderKey, g.who]).sort()).toEqual([
      ['orderId:ord-1', 'bob on bob-host'],
      ['orderId:ord-2', 'alice on alice-host'],
      ['orderId:ord-3', 'bob on bob-host'],
    ]);
  });

  it('a final step frees the order for the other desk; a lock stays', async () => {
    const db = await database();
    const alice = store(db, 'alice');
    const bob = store(db, 'bob');
    const a = attemptOf('ord-1');
    const c = attemptOf('ord-2');
    await alice.recordIntent([a, c].map((attempt) => ({ attempt, keys: keysOf(attempt) })));
    await alice.recordStep({ attempt: { ...a, status: 'applied' }, keys: keysOf(a), hold: null });
    await alice.recordStep({ attempt: { ...c, status: 'cancelled' }, keys: keysOf(c), hold: 'locked' });
    await alice.recordStep({ attempt: { ...c, status: 'cancelled' }, keys: keysOf(c), hold: null });
    const next = attemptOf('ord-1');
    expect(await bob.recordIntent([{ attempt: next, keys: keysOf(next) }])).toEqual([]);
    const again = attemptOf('ord-2');
    const [refused] = await bob.recordIntent([{ attempt: again, keys: keysOf(again) }]);
    expect(refused?.holder.reason).toBe(
      'ord-2 was cancelled by auto-cancel after a modification by alice on alice-host: it cannot be modified again.',
    );
    const trail = await withClient(db, (cl) =>
      cl.query<{ status: string }>('SELECT status FROM attempt_lines WHERE attempt_id = $1 ORDER BY seq', [a.id]),
    );
    expect(trail.rows.map((r) => r.status)).toEqual(['sending', 'applied']);
  });
});

describe('the lease', () => {
  it('a desk that stops renewing it has its attempts made unknown by another, and the order stays guarded', async () => {
    const db = await database();
    const alice = store(db, 'alice', { leaseMs: 300 });
    const bob = store(db, 'bob');
    const a = attemptOf('ord-1');
    await alice.recordIntent([{ attempt: a, keys: keysOf(a) }]);
    expect(await bob.heartbeat()).toBe(0);
    await new Promise((r) => setTimeout(r, 400));
    expect(await bob.heartbeat()).toBe(1);
    expect(await bob.heartbeat()).toBe(0);
    const [seen] = await bob.find([a.id]);
    expect(seen?.status).toBe('unknown');
    expect(seen?.summary).toContain('the desk that sent it (alice on alice-host) stopped');
    const next = attemptOf('ord-1');
    const [refused] = await bob.recordIntent([{ attempt: next, keys: keysOf(next) }]);
    expect(refused?.holder.reason).toMatch(
      /^ord-1: outcome unknown, by alice on alice-host \(since .* UTC\)\. Load the order/,
    );
    await bob.releaseUnknown(keysOf(a));
    expect(await bob.recordIntent([{ attempt: next, keys: keysOf(next) }])).toEqual([]);
  });
});

describe('live, and faults', () => {
  it("another desk's record reaches a watching desk within a second", async () => {
    const db = await database();
    const alice = store(db, 'alice');
    const bob = store(db, 'bob');
    await bob.guards();
    let heard = 0;
    const ready = new Promise<void>((resolve) => bob.watch(() => (heard++ === 0 ? resolve() : undefined)));
    await ready; // the first call says "caught up" once listening
    const got = new Promise<number>((resolve) => {
      const t0 = performance.now();
      bob.watch(() => resolve(performance.now() - t0));
    });
    const a = attemptOf('ord-1');
    await alice.recordIntent([{ attempt: a, keys: keysOf(a) }]);
    expect(await got).toBeLessThan(1000);
  });

  it('a stopped server: nothing is recorded, the failure says unreachable; after a restart it records again', async () => {
    const own = await startPgCluster({ settings: { fsync: 'off' } });
    try {
      const name = 'team';
      await own.createDatabase(name);
      const c = new pg.Client(connectionConfig({ url: own.url(name), password: TEST_PASSWORD }));
      await c.connect();
      await migrate(c, name);
      await c.end();
      const alice = storeOn(own, name, deskOf('alice'));
      open.push(alice);
      const a = attemptOf('ord-1');
      await alice.recordIntent([{ attempt: a, keys: keysOf(a) }]);
      await own.stop();
      const b = attemptOf('ord-2');
      const failed = await alice.recordIntent([{ attempt: b, keys: keysOf(b) }]).catch((e: unknown) => e);
      expect(failureOf(failed)).toBe('unreachable');
      await own.start();
      expect(await alice.recordIntent([{ attempt: b, keys: keysOf(b) }])).toEqual([]);
      expect((await alice.find([a.id, b.id])).length).toBe(2);
    } finally {
      await own.destroy();
    }
  }, 60_000);

  it('a store that stays down is told once while it lasts, not at every retry', async () => {
    const own = await startPgCluster({ settings: { fsync: 'off' } });
    try {
      const told: string[] = [];
      const alice = storeOn(own, await freshDatabase(own), deskOf('alice'), {
        heartbeatMs: 100,
        onError: (e) => told.push(e instanceof Error ? e.message : String(e)),
      });
      open.push(alice);
      await new Promise<void>((resolve) => alice.watch(resolve));
      await own.stop();
      // Two seconds down: the listener retries twice, the heartbeat about twenty times.
      await new Promise((r) => setTimeout(r, 2_000));
      expect(told.length).toBeGreaterThan(0);
      expect(told.length).toBeLessThanOrEqual(4);
    } finally {
      await own.destroy();
    }
  }, 60_000);
});
