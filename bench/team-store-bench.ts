/**
 * Activity from the team store with a long history: a throwaway PostgreSQL cluster (fsync on), its
 * schema as `uta-desk team init` makes it, 1,000,000 attempts of five desks (5,000 orders on 200
 * symbols, 100 amend-many runs of 300 items among the single amends), then the reads Activity makes.
 *
 *   npm run bench:team-store -- [--attempts 1000000] [--runs 21] [--explain]
 *
 * The attempts go in as the store's writes leave them (the table's triggers number them and place
 * them in their entries; search_text from storeSearchText), in big unnest batches; the secondary
 * indexes are dropped for the load and built again after it, then VACUUM ANALYZE, as a store that
 * has been in use for months would have been vacuumed. The attempt_lines trail is not written: no
 * read of Activity touches it.
 *
 * Figures (median, min–max over `runs`, each on another order, run or word where it can): every
 * attempt on an order by its keys (first page; target ≤ 10 ms), one by id, the newest entries, a
 * search page by words (a common word, a symbol, a rare error code; target ≤ 50 ms) and by outcome,
 * and a page of a run's items. `--explain` prints each statement's plan once. The last stdout line
 * is a JSON object with the figures.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Attempt, AttemptStatus } from '../shared/attempts';
import type { CallSource } from '../shared/call-source';
import { migrate } from '../electron/team-store/migrate';
import { StoreActivity } from '../electron/team-store/store-activity';
import type { Queryable } from '../electron/team-store/store-activity-sql';
import { storeSearchText, type DeskWho } from '../electron/team-store/store-activity-who';
import { connectionConfig } from '../electron/team-store/connection';
import { startPgCluster, TEST_PASSWORD } from '../electron/team-store/testing/pg-cluster';

const { values } = parseArgs({
  options: {
    attempts: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '21' },
    explain: { type: 'boolean' },
  },
});
const ATTEMPTS = Number(values.attempts);
const RUNS = Number(values.runs);
const ORDERS = 5_000;
const SYMBOLS = 200;
const RUN_COUNT = 100;
const RUN_SIZE = 300;
/** Rows per INSERT: a few MB of parameters. */
const BATCH = 5_000;
const T0 = 1_780_000_000_000;
const ACCOUNT = 'https://api.exchange.example#team';
const RARE_CODE = '43011';

const DESKS: (DeskWho & { id: string })[] = ['alice', 'bob', 'carol', 'dave', 'erin'].map((name, k) => ({
  id: `desk-${k + 1}-${name}`,
  displayName: k === 0 ? 'Alice Martin' : name,
  hostName: `desk-${k + 1}`,
  hostKind: k === 3 ? 'cli' : 'desktop',
  osUser: name,
}));

/** A small seeded generator: the same history every time. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const symbolOf = (k: number) => {
  const bases = ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'ADA', 'AVAX', 'LINK', 'DOT', 'LTC'];
  return `${bases[k % bases.length]}${k < bases.length ? '' : Math.floor(k / bases.length)}USDT`;
};
const orderIdOf = (o: number) => `1387296516478${String(900000 + o).padStart(6, '0')}`;
const clientOidOf = (o: number) => `grid-${(o * 7919) % 100000}-${o}`;
const runIdOf = (k: number) => `8f2c${k.toString(16).padStart(4, '0')}-run0-4b7d-9e1a-5c3f2d1e0b9a`;
const attemptIdOf = (n: number) => `0b7c${n.toString(16).padStart(8, '0')}-5f1e-4c6a-9d2b-7e3f1a2b3c4d`;

/** Where run k's items lie: every other attempt from its start, single amends of the others between. */
const RUN_GAP = Math.floor(ATTEMPTS / RUN_COUNT);
function runItemAt(n: number): { run: number; index: number } | undefined {
  const run = Math.floor(n / RUN_GAP);
  const offset = n - run * RUN_GAP - Math.floor(RUN_GAP / 2);
  if (run >= RUN_COUNT || offset < 0 || offset % 2 !== 0 || offset / 2 >= RUN_SIZE) return undefined;
  return { run, index: offset / 2 };
}

const OUTCOMES: [AttemptStatus, number][] = [
  ['applied', 0.86],
  ['failed', 0.04],
  ['rejected', 0.04],
  ['refused', 0.03],
  ['cancelled', 0.01],
  ['unknown', 0.02],
];

function outcome(r: number): AttemptStatus {
  let acc = 0;
  for (const [status, share] of OUTCOMES) if (r < (acc += share)) return status;
  return 'applied';
}

interface Row {
  attempt: Attempt;
  desk: (typeof DESKS)[number];
}

/** Attempt n of the history, as its desk recorded its last state. */
function attemptAt(n: number, rnd: () => number): Row {
  const inRun = runItemAt(n);
  const desk = DESKS[inRun ? inRun.run % DESKS.length : Math.floor(rnd() * DESKS.length)]!;
  const o = Math.floor(rnd() * ORDERS);
  const symbol = symbolOf(o % SYMBOLS);
  const category = o % 3 === 0 ? 'SPOT' : 'USDT-FUTURES';
  const startedAt = T0 + n * 15_000 + Math.floor(rnd() * 1000);
  const took = 250 + Math.floor(rnd() * 900);
  const status = outcome(rnd());
  const old = (100 + (o % 1000) + Math.floor(rnd() * 100) / 10).toFixed(1);
  const price = (Number(old) + (rnd() < 0.5 ? -0.5 : 0.5)).toFixed(1);
  const before = {
    orderId: orderIdOf(o),
    clientOid: clientOidOf(o),
    category,
    symbol,
    price: old,
    qty: '0.0100',
    cumExecQty: '0',
    orderStatus: 'live',
    updatedTime: String(startedAt - 60_000),
  } as const;
  const code = rnd() < 0.0025 ? RARE_CODE : '40762';
  const source: CallSource = { host: desk.hostKind === 'cli' || rnd() < 0.1 ? 'cli' : 'desktop', user: desk.osUser };
  const attempt: Attempt = {
    id: attemptIdOf(n),
    profileId: 'team-live',
    profileName: 'Team account',
    environment: 'live',
    startedAt,
    finishedAt: startedAt + took,
    request: { orderId: orderIdOf(o), price, autoCancel: 'no', symbol, category },
    status,
    summary:
      status === 'applied'
        ? `Applied: price ${old} → ${price}.`
        : status === 'rejected'
          ? `Rejected by the exchange (${code}): the order was not changed.`
          : status === 'unknown'
            ? 'Outcome unknown — no answer in time: load the order to check before sending again.'
            : status === 'refused'
              ? 'Refused: the order is being amended by another desk.'
              : status === 'cancelled'
                ? 'Cancelled: the engine failed the change and auto-cancel cancelled the order.'
                : 'Not applied: the engine did not apply the change; the order is unchanged.',
    before,
    ...(status === 'applied' ? { after: { ...before, price, updatedTime: String(startedAt + took) } } : {}),
    ...(status === 'refused' ? {} : { answer: { code: status === 'rejected' ? code : '00000', msg: 'success' } }),
    ...(status === 'rejected'
      ? { error: { kind: 'exchange', message: 'The exchange refused the change.', code, mayHaveTakenEffect: false } }
      : {}),
    timeline: [
      { at: startedAt, label: 'Sent' },
      { at: startedAt + 40, label: 'Accepted by the exchange' },
      { at: startedAt + took, label: status === 'applied' ? 'Applied' : 'Finished' },
    ],
    ...(inRun ? { run: { id: runIdOf(inRun.run), index: inRun.index, size: RUN_SIZE } } : {}),
    source,
  };
  return { attempt, desk };
}

/** A batch as one JSON document: one parse on the server, no array literals of escaped JSON. */
const INSERT = `
  INSERT INTO attempts (id, account, desk_id, order_id, client_oid, symbol, run_id, status, started_at, finished_at,
                        last_seq, record, search_text)
  SELECT id, $1, dk, o, c, sy, ru, st, sa, fa, seq, r, tx
  FROM json_to_recordset($2::json)
    AS t(id text, dk text, o text, c text, sy text, ru text, st text, sa bigint, fa bigint, seq bigint, r jsonb, tx text)
  ORDER BY seq`;

async function insertBatch(db: pg.ClientBase, rows: Row[], firstSeq: number): Promise<void> {
  const doc = rows.map(({ attempt: a, desk }, k) => ({
    id: a.id,
    dk: desk.id,
    o: a.before?.orderId ?? null,
    c: a.before?.clientOid ?? null,
    sy: a.request.symbol ?? null,
    ru: a.run?.id ?? null,
    st: a.status,
    sa: a.startedAt,
    fa: a.finishedAt ?? null,
    seq: firstSeq + k,
    r: a,
    tx: storeSearchText(a, desk),
  }));
  await db.query(INSERT, [ACCOUNT, JSON.stringify(doc)]);
}

/** Indexes the load keeps: the primary key, and the run index the numbering trigger reads. */
const KEPT = new Set(['attempts_pkey', 'attempts_run']);

async function load(db: pg.Pool): Promise<Record<string, number>> {
  for (const d of DESKS)
    await db.query(
      `INSERT INTO desks (id, os_user, host_name, host_kind, display_name, profile_name, lease_ms)
       VALUES ($1, $2, $3, $4, $5, 'Team account', 15000)`,
      [d.id, d.osUser, d.hostName, d.hostKind, d.displayName],
    );
  const defs = await db.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'attempts'`,
  );
  const dropped = defs.rows.filter((r) => !KEPT.has(r.indexname));
  for (const r of dropped) await db.query(`DROP INDEX ${r.indexname}`);

  const t0 = performance.now();
  const rnd = random(42);
  // One transaction on a table emptied in it: with wal_level minimal the rows skip the WAL and the
  // table is synced once at COMMIT (a store filled over months wrote its WAL long ago).
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query('TRUNCATE attempts');
    let pending: Promise<void> = Promise.resolve();
    for (let n = 0; n < ATTEMPTS; n += BATCH) {
      const rows: Row[] = [];
      for (let k = n; k < Math.min(n + BATCH, ATTEMPTS); k++) rows.push(attemptAt(k, rnd));
      // Build the next batch while the server takes this one; batches still go in order.
      await pending;
      pending = insertBatch(client, rows, n + 1);
      if ((n / BATCH) % 40 === 0) process.stdout.write(`  ${n.toLocaleString('en-US')} attempts…\n`);
    }
    await pending;
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  const insertMs = performance.now() - t0;

  const t1 = performance.now();
  // Two at a time, one per core: the trigram index (the longest) beside all the others.
  const queue = [...dropped].sort((a, b) => Number(b.indexdef.includes('gin')) - Number(a.indexdef.includes('gin')));
  await Promise.all(
    [0, 1].map(async () => {
      for (let r = queue.shift(); r; r = queue.shift()) {
        const start = performance.now();
        await db.query(r.indexdef);
        console.log(`  ${r.indexname} built in ${((performance.now() - start) / 1000).toFixed(1)} s`);
      }
    }),
  );
  const indexMs = performance.now() - t1;
  const t2 = performance.now();
  await db.query('VACUUM ANALYZE attempts');
  const vacuumMs = performance.now() - t2;
  return { insertMs, indexMs, vacuumMs };
}

function stats(samples: number[]): { median: number; min: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  return { median: round(s[Math.floor(s.length / 2)]!), min: round(s[0]!), max: round(s[s.length - 1]!) };
}

/** The figure being timed, for --explain. */
let timing = '';

/** Each statement's plan, once per figure (--explain): which index answered it. */
function explaining(db: pg.Pool): Queryable {
  const seen = new Set<string>();
  return {
    query: async (text, params) => {
      if (values.explain && !seen.has(timing + text) && !text.includes('activity_counts')) {
        seen.add(timing + text);
        const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
        console.log(`\n${text.trim().slice(0, 160)}…\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
      return db.query(text, params);
    },
  };
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const cluster = await startPgCluster({
    settings: {
      // fsync and synchronous_commit stay on (the defaults); memory as a small dedicated server's.
      shared_buffers: '1GB',
      maintenance_work_mem: '1GB',
      work_mem: '16MB',
      max_wal_size: '8GB',
      checkpoint_timeout: '30min',
      // The load writes no WAL (see load()); reads are the same whatever the WAL level.
      wal_level: 'minimal',
      max_wal_senders: '0',
    },
  });
  // No statement timeout: the load and the index builds take longer than a desk's 5 s.
  const connection = {
    ...connectionConfig({ url: cluster.url('bench'), password: TEST_PASSWORD }),
    statement_timeout: 0,
  };
  const db = new pg.Pool({ ...connection, max: 4 });
  try {
    await cluster.createDatabase('bench');
    const client = await db.connect();
    await migrate(client, 'bench').finally(() => client.release());
    console.log(`loading ${ATTEMPTS.toLocaleString('en-US')} attempts into a throwaway cluster (fsync on)…`);
    const loaded = await load(db);
    const size = await db.query<{ table: string; indexes: string }>(
      `SELECT pg_size_pretty(pg_table_size('attempts')) AS table, pg_size_pretty(pg_indexes_size('attempts')) AS indexes`,
    );
    console.log(
      `inserted in ${(loaded.insertMs! / 1000).toFixed(1)} s (${Math.round(ATTEMPTS / (loaded.insertMs! / 1000)).toLocaleString('en-US')}/s), ` +
        `indexes built in ${(loaded.indexMs! / 1000).toFixed(1)} s, VACUUM ANALYZE ${(loaded.vacuumMs! / 1000).toFixed(1)} s; ` +
        `table ${size.rows[0]?.table}, indexes ${size.rows[0]?.indexes}`,
    );

    const activity = new StoreActivity(explaining(db), ACCOUNT);
    const rnd = random(7);
    const figures: Record<string, ReturnType<typeof stats> & { rows: number }> = {};
    const time = async (name: string, work: (k: number) => Promise<number>) => {
      timing = name;
      await work(RUNS); // once to warm the plan cache and the buffers it reads
      const samples: number[] = [];
      let rows = 0;
      for (let k = 0; k < RUNS; k++) {
        const start = performance.now();
        rows = await work(k);
        samples.push(performance.now() - start);
      }
      figures[name] = { ...stats(samples), rows };
      const f = figures[name]!;
      console.log(`${name.padEnd(48)} ${f.median} ms (${f.min}–${f.max}), ${rows} rows`);
    };
    const order = () => Math.floor(rnd() * ORDERS);

    const loadAvg = () =>
      loadavg()
        .map((x) => x.toFixed(1))
        .join(' ');
    console.log(`\nmedian (min–max) over ${RUNS} runs, wall time in this process (load average ${loadAvg()}):`);
    await time('find by order id: keys page of 50', async () => {
      const o = order();
      const page = await activity.pageByKeys([`o:${orderIdOf(o)}`, `c:${orderIdOf(o)}`], { limit: 50 });
      return page.attempts.length;
    });
    await time('find by order id: every attempt (~200)', async () => {
      const o = order();
      const page = await activity.pageByKeys([`o:${orderIdOf(o)}`, `c:${orderIdOf(o)}`], { limit: 500 });
      return page.attempts.length;
    });
    await time('find by clientOid: keys page of 50', async () => {
      const o = order();
      return (await activity.pageByKeys([`o:${clientOidOf(o)}`, `c:${clientOidOf(o)}`], { limit: 50 })).attempts.length;
    });
    await time('one attempt by id', async () => {
      const a = await activity.find(attemptIdOf(Math.floor(rnd() * ATTEMPTS)));
      return a ? 1 : 0;
    });
    await time('entries: the newest page of 100', async () => (await activity.entries({ limit: 100 })).entries.length);
    let deep: number | undefined;
    for (let p = 0; p < 20; p++) deep = (await activity.entries({ limit: 100, before: deep })).next ?? undefined;
    await time('entries: page of 100 after 20 pages', async () => {
      return (await activity.entries({ limit: 100, before: deep })).entries.length;
    });
    await time("search 'applied' (most attempts): page of 100", async () => {
      return (await activity.entries({ limit: 100, search: { text: 'applied' } })).entries.length;
    });
    await time('search a symbol (0.5%): page of 100', async () => {
      const s = symbolOf(Math.floor(rnd() * SYMBOLS)).toLowerCase();
      return (await activity.entries({ limit: 100, search: { text: s } })).entries.length;
    });
    await time(`search '${RARE_CODE}' (rare code, ~0.01%): page of 100`, async () => {
      return (await activity.entries({ limit: 100, search: { text: RARE_CODE } })).entries.length;
    });
    await time('search a clientOid (~200 attempts): page of 100', async () => {
      return (await activity.entries({ limit: 100, search: { text: clientOidOf(order()) } })).entries.length;
    });
    await time("search outcome 'unknown' (2%): page of 100", async () => {
      return (await activity.entries({ limit: 100, search: { status: 'unknown' } })).entries.length;
    });
    await time("attempts: search 'alice martin' page of 200", async () => {
      return (await activity.page({ limit: 200, search: { text: 'alice martin' } })).attempts.length;
    });
    await time("a run's items: first page of 100", async () => {
      return (await activity.runItems(runIdOf(Math.floor(rnd() * RUN_COUNT)), { limit: 100 })).attempts.length;
    });
    // Cursors of third pages, found before the clock runs.
    const thirds: { run: string; after: number | undefined }[] = [];
    for (let k = 0; k <= RUNS; k++) {
      const run = runIdOf(Math.floor(rnd() * RUN_COUNT));
      thirds.push({ run, after: (await activity.runItems(run, { limit: 200 })).next ?? undefined });
    }
    await time("a run's items: third page of 100", async (k) => {
      const { run, after } = thirds[k]!;
      return (await activity.runItems(run, { limit: 100, after })).attempts.length;
    });
    console.log(`\nload average ${loadAvg()}; total ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    console.log(JSON.stringify({ attempts: ATTEMPTS, runs: RUNS, load: loaded, figures }));
  } finally {
    await db.end();
    await cluster.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
