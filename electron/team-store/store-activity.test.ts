import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityMatches, searchText, type ActivitySearch } from '../../shared/attempt-search';
import type { Attempt, AttemptStatus } from '../../shared/attempts';
import { sourceWords } from '../../shared/call-source';
import type { LogEntry } from '../activity/activity-log';
import { migrate } from './migrate';
import { openStoreActivity, StoreActivity } from './store-activity';
import type { TeamStore } from './team-store';
import { connectionConfig } from './connection';
import { startPgCluster, TEST_PASSWORD, type PgCluster } from './testing/pg-cluster';
import { attemptOf, deskOf, keysOf, storeOn } from './testing/store-fixtures';

const T0 = 1_800_000_000_000;
let cluster: PgCluster;
let pool: pg.Pool;
const stores: TeamStore[] = [];
let alice: TeamStore;
let bob: TeamStore;
let activity: StoreActivity;

/** Records an attempt as a desk does: its intent, then (unless still under way) its outcome. */
async function record(store: TeamStore, attempts: Attempt[], outcome: AttemptStatus = 'applied'): Promise<Attempt[]> {
  await store.recordIntent(attempts.map((attempt) => ({ attempt, keys: keysOf(attempt) })));
  const done = attempts.map((a) => ({
    ...a,
    status: outcome,
    summary: `${outcome}: price 100.0 → ${a.request.price}`,
    finishedAt: outcome === 'following' ? undefined : a.startedAt + 400,
  }));
  for (const a of done) await store.recordStep({ attempt: a, keys: keysOf(a), hold: null });
  await store.flushed();
  return done;
}

const single = (orderId: string, at: number, user: string, over: Partial<Attempt> = {}) =>
  attemptOf(orderId, {
    startedAt: T0 + at,
    request: { category: 'SPOT', symbol: 'BTCUSDT', orderId, price: `${100 + at / 1000}` },
    source: { host: 'desktop', user },
    ...over,
  });

const item = (runId: string, index: number, size: number, at: number, user: string) =>
  single(`r-${runId}-${index}`, at, user, { run: { id: runId, index, size } });

/** The story: two desks, singles and runs interleaved (a run's second batch after another desk's single). */
const story: Record<string, Attempt> = {};
let r1 = '';
let r2 = '';

beforeAll(async () => {
  cluster = await startPgCluster({ settings: { fsync: 'off' } });
  const db = 'activity';
  await cluster.createDatabase(db);
  pool = new pg.Pool(connectionConfig({ url: cluster.url(db), password: TEST_PASSWORD }));
  const client = await pool.connect();
  await migrate(client, db).finally(() => client.release());
  alice = storeOn(cluster, db, deskOf('alice', { displayName: 'Alice Martin', hostName: 'desk-1' }));
  bob = storeOn(cluster, db, deskOf('bob', { hostName: 'desk-2', hostKind: 'cli' }));
  stores.push(alice, bob);
  activity = new StoreActivity(pool, alice.account);
  r1 = `run-${randomUUID()}`;
  r2 = `run-${randomUUID()}`;

  const [s1] = await record(alice, [single('ord-1', 1000, 'alice')]);
  const [r1a, r1b] = await record(bob, [item(r1, 0, 5, 2000, 'bob'), item(r1, 1, 5, 2001, 'bob')]);
  const [s2] = await record(alice, [single('ord-2', 3000, 'alice')], 'failed');
  const [r1c] = await record(bob, [item(r1, 3, 5, 3500, 'bob')], 'rejected');
  const [s3] = await record(bob, [single('ord-1', 4000, 'bob', { source: { host: 'cli', user: 'bob' } })]);
  const [r2a] = await record(alice, [item(r2, 0, 2, 5000, 'alice')]);
  const [r2b] = await record(alice, [item(r2, 1, 2, 5001, 'alice')], 'following');
  const [s4] = await record(bob, [single('ord-4', 6000, 'bob')]);
  Object.assign(story, { s1, r1a, r1b, s2, r1c, s3, r2a, r2b, s4 });
}, 60_000);

afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await pool?.end();
  await cluster?.destroy();
});

/** "s4", "run r1 (3)": an entry in a word, for comparing lists. */
function named(e: LogEntry): string {
  if (e.kind === 'run')
    return `${e.run.id === r1 ? 'r1' : 'r2'}${e.run.matching === undefined ? '' : `:${e.run.matching}`}`;
  return Object.entries(story).find(([, a]) => a.id === e.attempt.id)?.[0] ?? e.attempt.id;
}

const ids = (as: readonly Attempt[]) => as.map((a) => Object.entries(story).find(([, s]) => s.id === a.id)?.[0]);

describe('entries from the team store', () => {
  it('lists singles and runs of both desks as one list, newest first by start, a run with its counts', async () => {
    const page = await activity.entries({ limit: 10 });
    expect(page.entries.map(named)).toEqual(['s4', 'r2', 's3', 's2', 'r1', 's1']);
    expect(page).toMatchObject({ next: null, total: 6, attempts: 9, skippedLines: 0 });
    const run = page.entries.find((e) => e.kind === 'run' && e.run.id === r1);
    expect(run).toEqual({
      kind: 'run',
      run: {
        id: r1,
        size: 5,
        startedAt: T0 + 2000,
        // The newest item's end: the item of its second batch.
        finishedAt: T0 + 3500 + 400,
        profileId: 'p1',
        profileName: 'Team account',
        environment: 'custom',
        source: { host: 'desktop', user: 'bob', desk: 'bob', machine: 'desk-2' },
        attempts: 3,
        counts: { applied: 2, rejected: 1 },
      },
    });
    // An item still under way: the run has no end yet.
    const open = page.entries.find((e) => e.kind === 'run' && e.run.id === r2);
    expect(open?.kind === 'run' && open.run).toMatchObject({ attempts: 2, counts: { applied: 1, following: 1 } });
    expect(open?.kind === 'run' && open.run.finishedAt).toBeUndefined();
  });

  it('pages with before/next, entry by entry, to the first', async () => {
    const seen: string[] = [];
    let before: number | undefined;
    for (let n = 0; n < 5; n++) {
      const page = await activity.entries({ before, limit: 2 });
      seen.push(...page.entries.map(named));
      if (page.next === null) break;
      before = page.next;
    }
    expect(seen).toEqual(['s4', 'r2', 's3', 's2', 'r1', 's1']);
    expect((await activity.entries({ before: 0, limit: 2 })).entries).toEqual([]);
    // Only entries started since a time: the list ends there.
    const recent = await activity.entries({ limit: 10, since: T0 + 3000 });
    expect(recent.entries.map(named)).toEqual(['s4', 'r2', 's3', 's2']);
    expect(recent.next).toBeNull();
  });

  it.each<[string, ActivitySearch, string[]]>([
    ['words of an order', { text: 'ORD-1' }, ['s3', 's1']],
    ['words of a run item', { text: 'r-' }, ['r2:2', 'r1:3']],
    ['who: a desk and its machine', { text: 'bob on desk-2' }, ['s4', 's3', 'r1:3']],
    ['an outcome', { status: 'rejected' }, ['r1:1']],
    ['an outcome and words', { status: 'applied', text: 'alice martin' }, ['r2:1', 's1']],
    ['words nobody wrote', { text: '100%_' }, []],
  ])('searches %s in SQL, finding what activityMatches finds', async (_, search, expected) => {
    const page = await activity.entries({ limit: 10, search });
    expect(page.entries.map(named)).toEqual(expected);
    // The same list from the predicate alone (read and tested here), and from both.
    const match = (a: Attempt) => activityMatches(a, search);
    expect((await activity.entries({ limit: 10, match })).entries.map(named)).toEqual(expected);
    expect((await activity.entries({ limit: 10, match, search })).entries.map(named)).toEqual(expected);
  });

  it('pages a search too', async () => {
    const first = await activity.entries({ limit: 1, search: { text: 'bob' } });
    expect(first.entries.map(named)).toEqual(['s4']);
    const second = await activity.entries({ limit: 5, before: first.next!, search: { text: 'bob' } });
    expect(second.entries.map(named)).toEqual(['s3', 'r1:3']);
    expect(second.next).toBeNull();
  });
});

describe('attempts from the team store', () => {
  it('lists every attempt newest first by start, a page at a time', async () => {
    const all = await activity.page({ limit: 100 });
    expect(ids(all.attempts)).toEqual(['s4', 'r2b', 'r2a', 's3', 'r1c', 's2', 'r1b', 'r1a', 's1']);
    expect(all).toMatchObject({ next: null, total: 9, skippedLines: 0 });
    const first = await activity.page({ limit: 4 });
    const rest = await activity.page({ limit: 100, before: first.next! });
    expect(ids([...first.attempts, ...rest.attempts])).toEqual(ids(all.attempts));
    expect(ids((await activity.page({ limit: 100, search: { status: 'failed' } })).attempts)).toEqual(['s2']);
  });

  it("pages a run's items in the order recorded, with a search", async () => {
    const first = await activity.runItems(r1, { limit: 2 });
    expect(ids(first.attempts)).toEqual(['r1a', 'r1b']);
    expect(first.total).toBe(3);
    const rest = await activity.runItems(r1, { limit: 2, after: first.next! });
    expect(ids(rest.attempts)).toEqual(['r1c']);
    expect(rest.next).toBeNull();
    const rejected = await activity.runItems(r1, { limit: 10, search: { status: 'rejected' } });
    expect(rejected).toMatchObject({ total: 3, next: null });
    expect(ids(rejected.attempts)).toEqual(['r1c']);
  });

  it('finds every attempt on an order by its keys, newest first, and one by id', async () => {
    const page = await activity.pageByKeys(['o:ord-1', 'c:ord-1'], { limit: 10 });
    expect(ids(page.attempts)).toEqual(['s3', 's1']);
    expect(page).toMatchObject({ next: null, total: 9 });
    const one = await activity.pageByKeys(['o:ord-1'], { limit: 1 });
    expect(ids(one.attempts)).toEqual(['s3']);
    const older = await activity.pageByKeys(['o:ord-1'], { limit: 1, before: one.next! });
    expect(ids(older.attempts)).toEqual(['s1']);
    expect(ids((await activity.pageByKeys([`r:${r2}`, 's:btcusdt'], { limit: 3 })).attempts)).toEqual([
      's4',
      'r2b',
      'r2a',
    ]);

    const found = await activity.find(story.s3!.id);
    expect(found).toMatchObject({ id: story.s3!.id, status: 'applied', finishedAt: T0 + 4400 });
    expect(await activity.find('no-such-attempt')).toBeUndefined();
  });
});

describe("opening the reads on a profile's store", () => {
  it('reads on a pool of its own, once the schema is checked; a store without it is refused in words', async () => {
    const reads = openStoreActivity({ url: cluster.url('activity'), password: TEST_PASSWORD }, alice.account);
    try {
      expect((await reads.activity.find(story.s2!.id))?.status).toBe('failed');
    } finally {
      await reads.close();
    }
    await cluster.createDatabase('bare');
    const bare = openStoreActivity({ url: cluster.url('bare'), password: TEST_PASSWORD }, alice.account);
    try {
      await expect(bare.activity.entries({ limit: 10 })).rejects.toThrow('has no UTA Desk tables yet');
    } finally {
      await bare.close();
    }
  });
});

describe('who', () => {
  it('names the desk and its machine, with the OS user beside a name that is not it', async () => {
    expect(sourceWords((await activity.find(story.s3!.id))?.source)).toBe('CLI · bob on desk-2');
    expect(sourceWords((await activity.find(story.s1!.id))?.source)).toBe('Desktop · Alice Martin (alice) on desk-1');
    // Not recorded with the attempt: the record is the desk's own.
    const stored = await pool.query<{ record: Attempt }>('SELECT record FROM attempts WHERE id = $1', [story.s1!.id]);
    expect(stored.rows[0]?.record.source).toEqual({ host: 'desktop', user: 'alice' });
  });

  it("keeps the search text of a lapsed desk's attempt with its new outcome", async () => {
    const db = `t_${randomUUID().replaceAll('-', '')}`;
    await cluster.createDatabase(db);
    const own = new pg.Pool(connectionConfig({ url: cluster.url(db), password: TEST_PASSWORD }));
    try {
      const client = await own.connect();
      await migrate(client, db).finally(() => client.release());
      const carol = storeOn(cluster, db, deskOf('carol'), { leaseMs: 200 });
      const dave = storeOn(cluster, db, deskOf('dave'));
      stores.push(carol, dave);
      const sent = single('ord-9', 1, 'carol');
      await carol.recordIntent([{ attempt: sent, keys: keysOf(sent) }]);
      await new Promise((r) => setTimeout(r, 300));
      expect(await dave.heartbeat()).toBe(1);
      const reads = new StoreActivity(own, carol.account);
      const [lapsed] = (await reads.page({ limit: 10, search: { text: 'stopped while', status: 'unknown' } })).attempts;
      expect(lapsed?.id).toBe(sent.id);
      const row = await own.query<{ search_text: string }>('SELECT search_text FROM attempts WHERE id = $1', [sent.id]);
      expect(row.rows[0]?.search_text).toBe(searchText(lapsed!));
    } finally {
      await own.end();
    }
  });
});
