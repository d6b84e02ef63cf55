/**
 * What a team store costs the desk's writes, paired against the local journal alone on the same
 * machine in the same run: two cores made as a host makes them (createCore, the environment profile
 * on one demo exchange account), one with the profile's `teamStore` on a throwaway PostgreSQL cluster
 * (fsync and synchronous_commit on, the defaults), one without, used in turn.
 *
 *   npm run bench:team-write -- [--amends 101] [--runs 5] [--orders 300] [--symbols 100]
 *     [--categories 3] [--engine-latency-ms 500] [--statements]
 *
 * 1. Single amends, alternating (local, store, store, local, …), each followed to its outcome and
 *    both writers idle before the next: the write-ahead (AmendSteps.recordBeforeSend: the synced
 *    append of the local journal, then, with a store, the intent and the guard in one transaction)
 *    and the answer of sendModification (the call to its answer, which comes right after the
 *    write-ahead); within the write-ahead, the local append (ActivityLog.appendAll) and the store's
 *    transaction (TeamStore.recordIntent). Target: the write-ahead at most 5 ms more at the median
 *    with the store.
 * 2. Amend many: `orders` resting orders over `symbols` symbols in `categories` categories
 *    (bench/resting-orders.ts), one run each, alternating which core goes first: start to the last
 *    outcome (the run's finishedAt, every item final), the Batch Modify Orders requests, the 429
 *    answers (must be 0), and the run's write-ahead summed over its requests. Target with the
 *    store: at most 2.5 s. The demo exchange keeps its real limits; the orders are cancelled after
 *    each run, so every run finds the same book.
 *
 * `--statements`: where the store's transaction spends its time, after part 1: each statement from
 * query() to its answer, the server's mean execution of it (pg_stat_statements, preloaded in the
 * cluster), the rest of the transaction outside the statements, and the WAL written per commit.
 *
 * The timings are taken by wrapping those methods (and, with --statements, pg's query) in this
 * process: a clock around the call, nothing else changed. Prints medians, p90 and min–max, the
 * machine (Node, CPU, load average) and the PostgreSQL version; the last stdout line is a JSON
 * object with the figures.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { FINAL_STATUSES, type Attempt } from '../shared/attempts';
import type { BatchRun } from '../shared/batch-run';
import { BATCH_MODIFY_PATH } from '../shared/schemas';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../demo-exchange/index';
import { ActivityLog } from '../electron/activity/activity-log';
import { AmendSteps } from '../electron/amend/amend-steps';
import { createCore, type Core } from '../electron/core/create-core';
import { ExchangeClient } from '../electron/exchange/client';
import { testSecretBox } from '../electron/profiles/testing/test-secret-box';
import { migrate } from '../electron/team-store/migrate';
import { connectionConfig } from '../electron/team-store/connection';
import { TeamStore } from '../electron/team-store/team-store';
import { startPgCluster, TEST_PASSWORD } from '../electron/team-store/testing/pg-cluster';
import { placeOrders } from './resting-orders';
import { percentile, stats } from './sample-stats';

const { values } = parseArgs({
  options: {
    amends: { type: 'string', default: '101' },
    runs: { type: 'string', default: '5' },
    orders: { type: 'string', default: '300' },
    symbols: { type: 'string', default: '100' },
    categories: { type: 'string', default: '3' },
    'engine-latency-ms': { type: 'string', default: '500' },
    /** Where the store's transaction spends its time: each statement, client and server side. */
    statements: { type: 'boolean', default: false },
  },
});
const AMENDS = Number(values.amends);
const RUNS = Number(values.runs);
const ORDERS = Number(values.orders);
const SYMBOLS = Number(values.symbols);
const CATEGORIES = Number(values.categories);
const ENGINE_LATENCY_MS = Number(values['engine-latency-ms']);
/** Single amends' engine latency: the write-ahead is over before the engine is involved. */
const SINGLE_ENGINE_LATENCY_MS = 50;
/** Single amends at most this often: both cores share the account's 10 modifies a second. */
const SINGLE_GAP_MS = 120;
const WARM_UP = 3;

type Side = 'local' | 'store';
const SIDES: readonly Side[] = ['local', 'store'];

// ---------- clocks around two methods, nothing else changed ----------

/** Where the clocks of the call being measured go; one call is measured at a time. */
const clocks = { writeAhead: [] as number[], append: [] as number[], intent: [] as number[] };
const stepsOf = new Map<string, AmendSteps>();
const stores = new Set<TeamStore>();
/** The user-data folder of the desk being measured: the other desk's writes are not its clocks. */
let measuring: string | undefined;

/**
 * --statements: each statement of the intent's transaction, from its query() to its answer, on the
 * connection that began it (a heartbeat's, on another connection, is not counted), and what is left
 * of the transaction outside them (the pool's checkout, the desk's own work between statements).
 */
let intent: { client?: pg.Client; statements: number } | undefined;
let timingStatements = false;
const statementClocks = { outside: [] as number[], byText: new Map<string, number[]>() };

const recordBeforeSend = AmendSteps.prototype.recordBeforeSend;
AmendSteps.prototype.recordBeforeSend = async function (this: AmendSteps, ...args) {
  stepsOf.set(this.log.dir, this);
  const t0 = performance.now();
  try {
    return await recordBeforeSend.apply(this, args);
  } finally {
    if (this.log.dir === measuring) clocks.writeAhead.push(performance.now() - t0);
  }
};
const appendAll = ActivityLog.prototype.appendAll;
ActivityLog.prototype.appendAll = async function (this: ActivityLog, ...args) {
  const t0 = performance.now();
  try {
    return await appendAll.apply(this, args);
  } finally {
    if (this.dir === measuring) clocks.append.push(performance.now() - t0);
  }
};
/** When each attempt's intent was committed to the store (for how soon another desk lists it). */
const committedAt = new Map<string, number>();
const recordIntent = TeamStore.prototype.recordIntent;
TeamStore.prototype.recordIntent = async function (this: TeamStore, ...args) {
  stores.add(this);
  const mine: NonNullable<typeof intent> = { statements: 0 };
  intent = mine;
  const t0 = performance.now();
  try {
    const conflicts = await recordIntent.apply(this, args);
    const at = performance.now();
    for (const item of args[0]) committedAt.set(item.attempt.id, at);
    return conflicts;
  } finally {
    const ms = performance.now() - t0;
    clocks.intent.push(ms);
    if (timingStatements && values.statements) statementClocks.outside.push(ms - mine.statements);
    intent = undefined;
  }
};

if (values.statements) {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const answer = query.apply(this, args);
    const text = typeof args[0] === 'string' ? args[0] : undefined;
    if (!timingStatements || !intent || !text || !(answer instanceof Promise)) return answer;
    if (!intent.client && text.startsWith('BEGIN')) intent.client = this;
    if (intent.client !== this) return answer;
    const mine = intent;
    const t0 = performance.now();
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 44);
    // Registered before the transaction's own await: counted before recordIntent's clock stops.
    void answer.then(
      () => {
        const ms = performance.now() - t0;
        mine.statements += ms;
        statementClocks.byText.set(key, [...(statementClocks.byText.get(key) ?? []), ms]);
      },
      () => undefined,
    );
    return answer;
  };
}

function takeClocks(): { writeAhead: number[]; append: number[]; intent: number[] } {
  return { writeAhead: clocks.writeAhead.splice(0), append: clocks.append.splice(0), intent: clocks.intent.splice(0) };
}

// ---------- the desks ----------

interface Desk {
  side: Side;
  core: Core;
  dir: string;
}

function makeDesk(side: Side, work: string, demo: DemoExchange, storeUrl: string, name: string = side): Desk {
  const dir = join(work, name);
  const core = createCore({
    host: 'desktop',
    osUser: `bench-${side}`,
    userDataDir: dir,
    secretBox: testSecretBox(),
    version: 'bench',
    changeRefresh: { enabled: false },
    environmentProfile: {
      credentials: DEMO_ACCOUNT,
      baseUrl: demo.url,
      demoTrading: false,
      locale: 'en-US',
      timeoutMs: 5_000,
      ...(side === 'store' ? { teamStore: { url: storeUrl, password: TEST_PASSWORD, displayName: 'bench' } } : {}),
    },
  });
  return { side, core, dir };
}

/** Both writers of a desk have nothing waiting: the local journal, and the store's steps. */
async function idle(desk: Desk): Promise<void> {
  await stepsOf.get(desk.dir)?.log.flushed();
  if (desk.side === 'store') await Promise.all([...stores].map((s) => s.flushed()));
}

async function final(core: Core, a: Attempt): Promise<Attempt> {
  let at = a;
  while (!FINAL_STATUSES.includes(at.status))
    at = await core.handlers.getAttempt({ id: at.id, after: { status: at.status, steps: at.timeline.length } });
  return at;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------- 1. single amends ----------

interface SingleSample {
  answerMs: number;
  writeAheadMs: number;
  /** The local journal's synced append, within the write-ahead. */
  appendMs: number;
  intentMs?: number;
}

async function singles(demo: DemoExchange, desks: Record<Side, Desk>): Promise<Record<Side, SingleSample[]>> {
  demo.control.setEngineLatency(SINGLE_ENGINE_LATENCY_MS);
  const orders = Object.fromEntries(
    SIDES.map((side, k) => {
      const o = demo.control.placeOrder({
        uid: DEMO_ACCOUNT.uid,
        clientOid: `bench-${side}-${randomUUID().slice(0, 8)}`,
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        side: 'buy',
        price: (30_000 + 100 * k).toFixed(1),
        qty: '0.0100',
      });
      return [side, { orderId: o.orderId, base: 30_000 + 100 * k }];
    }),
  ) as Record<Side, { orderId: string; base: number }>;
  for (const side of SIDES) await desks[side].core.handlers.getOrder({ orderId: orders[side].orderId });
  const out: Record<Side, SingleSample[]> = { local: [], store: [] };
  let sentAt = 0;
  const amended: Record<Side, number> = { local: 0, store: 0 };
  const amend = async (side: Side, counted: boolean) => {
    const { core } = desks[side];
    const { orderId, base } = orders[side];
    for (const d of SIDES) await idle(desks[d]);
    await sleep(Math.max(0, sentAt + SINGLE_GAP_MS - performance.now()));
    takeClocks();
    measuring = desks[side].dir;
    // Between two prices, so each amend changes the order.
    const price = (base + 1 + (amended[side]++ % 2)).toFixed(1);
    timingStatements = counted;
    sentAt = performance.now();
    const a = await core.handlers.sendModification({ request: { orderId, price } });
    const answerMs = performance.now() - sentAt;
    timingStatements = false;
    measuring = undefined;
    const { writeAhead, append, intent } = takeClocks();
    if (a.status !== 'sending') throw new Error(`${side}: ${a.status} (${a.summary})`);
    const done = await final(core, a);
    if (done.status !== 'applied') throw new Error(`${side}: ${done.status} (${done.summary})`);
    if (!counted) return;
    out[side].push({
      answerMs,
      writeAheadMs: writeAhead[0]!,
      appendMs: append[0]!,
      ...(side === 'store' ? { intentMs: intent[0]! } : {}),
    });
  };
  // The first amends fetch the instrument's rules and open the store's connections: not counted.
  for (let i = 0; i < WARM_UP; i++) for (const side of SIDES) await amend(side, false);
  for (let i = 0; i < AMENDS; i++)
    for (const side of i % 2 === 0 ? SIDES : [...SIDES].reverse()) await amend(side, true);
  for (const side of SIDES) await idle(desks[side]);
  demo.control.setEngineLatency(ENGINE_LATENCY_MS);
  return out;
}

// ---------- 2. amend many ----------

interface RunSample {
  lastOutcomeMs: number;
  requests: number;
  rateLimited: number;
  applied: number;
  /** The run's write-ahead summed over its requests, and with a store its transactions alone. */
  writeAheadMs: number;
  intentMs: number;
  /** With a store: for each item, its intent's commit to the first time another desk's Activity listed it. */
  listedLagMs: number[];
}

/**
 * Another desk's Activity reading the run's items as the app's screen does, every 50 ms; answers
 * when each attempt was first listed. Stops once `done()` and every item is listed (or 10 s after).
 */
async function watchListing(
  watcher: Desk,
  runId: string,
  size: number,
  done: () => boolean,
): Promise<Map<string, number>> {
  const listedAt = new Map<string, number>();
  let doneAt: number | undefined;
  while (listedAt.size < size) {
    const page = await watcher.core.handlers.listRunAttempts({ runId, limit: 500 });
    const at = performance.now();
    for (const a of page.attempts) if (!listedAt.has(a.id)) listedAt.set(a.id, at);
    if (done()) doneAt ??= at;
    if (doneAt !== undefined && at - doneAt > 10_000) break;
    await sleep(50);
  }
  return listedAt;
}

async function runOnce(demo: DemoExchange, desk: Desk, watcher?: Desk): Promise<RunSample> {
  const client = new ExchangeClient({ baseUrl: demo.url, credentials: DEMO_ACCOUNT });
  const items = await placeOrders(demo, client, ORDERS, SYMBOLS, CATEGORIES);
  // The reads of the placement and the previous run out of the exchange's one-second windows.
  await sleep(1_100);
  await idle(desk);
  takeClocks();
  measuring = desk.dir;
  const wall0 = Date.now();
  const started = await desk.core.handlers.startRun({ items });
  let run: BatchRun = started;
  const listing = watcher && watchListing(watcher, started.id, items.length, () => run.finishedAt !== undefined);
  while (run.finishedAt === undefined) {
    await sleep(25);
    run = await desk.core.handlers.getRun({ id: started.id });
  }
  const listedAt = (await listing) ?? new Map<string, number>();
  const listedLagMs = [...listedAt].flatMap(([id, at]) => {
    const committed = committedAt.get(id);
    return committed === undefined ? [] : [at - committed];
  });
  measuring = undefined;
  const { writeAhead, intent } = takeClocks();
  const open = run.items.filter((i) => !FINAL_STATUSES.includes(i.status as (typeof FINAL_STATUSES)[number]));
  if (open.length > 0) throw new Error(`${desk.side}: ${open.length} items not final at finishedAt`);
  const log = demo.control.requestLog().filter((e) => e.at >= wall0);
  for (const i of items) demo.control.cancelOrder(DEMO_ACCOUNT.uid, i.orderId as string);
  await idle(desk);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    lastOutcomeMs: run.finishedAt - wall0,
    requests: log.filter((e) => e.path === BATCH_MODIFY_PATH).length,
    rateLimited: log.filter((e) => e.status === 429).length,
    applied: run.counts.applied,
    writeAheadMs: sum(writeAhead),
    intentMs: sum(intent),
    listedLagMs,
  };
}

// ---------- --statements ----------

/** The server's WAL and commits so far. */
async function serverCounters(db: pg.Client): Promise<{ walBytes: number; fpi: number; commits: number }> {
  const r = await db.query<{ wal_bytes: string; wal_fpi: string; commits: string }>(
    `SELECT wal_bytes, wal_fpi, (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()) AS commits
     FROM pg_stat_wal`,
  );
  const row = r.rows[0]!;
  return { walBytes: Number(row.wal_bytes), fpi: Number(row.wal_fpi), commits: Number(row.commits) };
}

/** Where the intent's transaction spent its time: each statement (client side, server side), WAL. */
async function printStatements(db: pg.Client, before: Awaited<ReturnType<typeof serverCounters>>): Promise<void> {
  // The server's statistics of its own transactions reach its counters a little later.
  await sleep(600);
  const after = await serverCounters(db);
  const stmts = await db.query<{ query: string; calls: string; mean: number }>(
    `SELECT query, calls, mean_exec_time AS mean FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  const serverMean = (key: string) => {
    const row = stmts.rows.find((r) =>
      r.query
        .replace(/\s+/g, ' ')
        .trim()
        .startsWith(key.replace(/\$\d+.*$/, '')),
    );
    return row ? `${row.mean.toFixed(3)} ms (${row.calls} calls)` : '–';
  };
  console.log(`   each statement of the store's transaction, from query() to its answer (server: mean execution):`);
  for (const [key, ms] of statementClocks.byText)
    console.log(`     ${fmt(summary(ms)).padEnd(36)} server ${serverMean(key).padEnd(22)} ${key}…`);
  console.log(`     ${fmt(summary(statementClocks.outside)).padEnd(59)} outside the statements`);
  const commits = Math.max(1, after.commits - before.commits);
  console.log(
    `   WAL: ${((after.walBytes - before.walBytes) / commits / 1024).toFixed(1)} kB and ${((after.fpi - before.fpi) / commits).toFixed(2)} full-page images per commit, over ${commits} commits (intents, steps, heartbeats)`,
  );
}

// ---------- figures ----------

const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;

function summary(samples: readonly number[], round = r2) {
  const s = stats(samples);
  return { median: round(s.median), p90: round(percentile(samples, 0.9)), min: round(s.min), max: round(s.max) };
}
type Summary = ReturnType<typeof summary>;
const fmt = (s: Summary, unit = 'ms') => `${s.median} ${unit} (p90 ${s.p90}; ${s.min}–${s.max})`;
const loadAvg = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const t0 = performance.now();
  const [cluster, demo, work] = await Promise.all([
    startPgCluster(values.statements ? { settings: { shared_preload_libraries: 'pg_stat_statements' } } : {}),
    startDemoExchange({ engineLatencyMs: ENGINE_LATENCY_MS, rateLimit: true }),
    mkdtemp(join(tmpdir(), 'bench-team-write-')),
  ]);
  const desks: Partial<Record<Side | 'watcher', Desk>> = {};
  try {
    await cluster.createDatabase('team');
    const url = cluster.url('team');
    const db = new pg.Client(connectionConfig({ url, password: TEST_PASSWORD }));
    await db.connect();
    await migrate(db, 'team');
    const settings = await db.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('server_version', 'fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes')`,
    );
    if (!values.statements) await db.end();
    else await db.query('CREATE EXTENSION pg_stat_statements');
    const pgSettings = Object.fromEntries(settings.rows.map((r) => [r.name, r.setting]));
    const machine = {
      node: process.version,
      cpu: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`,
      postgres: pgSettings.server_version,
    };
    console.log(
      `Node ${machine.node} · ${machine.cpu} · load average ${loadAvg()} · PostgreSQL ${machine.postgres} ` +
        `(fsync ${pgSettings.fsync}, synchronous_commit ${pgSettings.synchronous_commit}, wal_sync_method ${pgSettings.wal_sync_method}) on loopback; ` +
        `the local journal and the cluster in ${tmpdir()}`,
    );
    for (const side of SIDES) {
      await mkdir(join(work, side));
      desks[side] = makeDesk(side, work, demo, url);
    }
    const both = desks as Record<Side, Desk>;

    // 1.
    if (values.statements) await db.query('SELECT pg_stat_statements_reset()');
    const server = values.statements ? await serverCounters(db) : undefined;
    const single = await singles(demo, both);
    const answer = (side: Side) => summary(single[side].map((s) => s.answerMs));
    const writeAhead = (side: Side) => summary(single[side].map((s) => s.writeAheadMs));
    const append = (side: Side) => summary(single[side].map((s) => s.appendMs));
    const intent = summary(single.store.map((s) => s.intentMs!));
    // Sample k of each side were taken next to each other: their differences, paired.
    const paired = summary(single.store.map((s, k) => s.writeAheadMs - single.local[k]!.writeAheadMs));
    const more = r2(writeAhead('store').median - writeAhead('local').median);
    console.log(`\n1. single amends, ${AMENDS} each, alternating (load average ${loadAvg()}):`);
    for (const side of SIDES)
      console.log(
        `   ${side === 'local' ? 'local journal   ' : 'with team store '} write-ahead ${fmt(writeAhead(side))} · answer ${fmt(answer(side))}`,
      );
    console.log(
      `   within the write-ahead: the local journal's synced append ${fmt(append('local'))} alone, ${fmt(append('store'))} beside a store;`,
    );
    const rest = (side: Side) => summary(single[side].map((s) => s.writeAheadMs - s.appendMs - (s.intentMs ?? 0)));
    console.log(
      `   the store's transaction (recordIntent) ${fmt(intent)}; the rest of the write-ahead ${fmt(rest('local'))} alone, ${fmt(rest('store'))} beside a store`,
    );
    console.log(
      `   with the store: write-ahead +${more} ms at the median (paired differences ${fmt(paired)}); answer +${r2(answer('store').median - answer('local').median)} ms — target ≤ 5 ms: ${more <= 5 ? 'met' : 'MISSED'}`,
    );

    if (server) await printStatements(db, server);
    if (values.statements) await db.end();

    // 2.
    const runs: Record<Side, RunSample[]> = { local: [], store: [] };
    for (let r = 0; r < RUNS; r++)
      for (const side of r % 2 === 0 ? SIDES : [...SIDES].reverse()) runs[side].push(await runOnce(demo, both[side]));
    const many = (side: Side, k: Exclude<keyof RunSample, 'listedLagMs'>, round = r1) =>
      summary(
        runs[side].map((x) => x[k]),
        round,
      );
    if (RUNS > 0) {
      console.log(
        `\n2. amend many: ${ORDERS} orders on ${SYMBOLS} symbols in ${CATEGORIES} categor${CATEGORIES === 1 ? 'y' : 'ies'}, engine latency ${ENGINE_LATENCY_MS} ms, ${RUNS} runs each, alternating (load average ${loadAvg()}):`,
      );
      for (const side of SIDES)
        console.log(
          `   ${side === 'local' ? 'local journal   ' : 'with team store '} last outcome ${fmt(many(side, 'lastOutcomeMs', Math.round))}` +
            ` · write-ahead of the run ${fmt(many(side, 'writeAheadMs'))}` +
            (side === 'store' ? ` (its transactions ${fmt(many(side, 'intentMs'))})` : '') +
            ` · requests ${many(side, 'requests').median} · 429 answers ${many(side, 'rateLimited').max} · applied ${many(side, 'applied').min}`,
        );
      const last = many('store', 'lastOutcomeMs', Math.round).median;
      console.log(
        `   with the store: +${last - many('local', 'lastOutcomeMs', Math.round).median} ms at the median — target ≤ 2,500 ms: ${last <= 2_500 ? 'met' : 'MISSED'}`,
      );
    }
    if (SIDES.some((s) => runs[s].some((x) => x.rateLimited > 0 || x.applied !== ORDERS))) process.exitCode = 1;

    // 3. One more run with the store, while another desk on it reads its Activity (not in 2: its reads
    // would load the store side only).
    await mkdir(join(work, 'watcher'));
    const watcher = makeDesk('store', work, demo, url, 'watcher');
    desks.watcher = watcher;
    const watched = await runOnce(demo, both.store, watcher);
    const lag = summary(watched.listedLagMs, r1);
    console.log(
      `\n3. another desk's Activity during a run of ${ORDERS} (its items page read every 50 ms, as the screen's poll does; load average ${loadAvg()}):` +
        `\n   an item's intent committed → first listed there: ${fmt(lag)} over ${watched.listedLagMs.length} items — within 1 s: ${lag.max <= 1_000 ? 'all' : `${watched.listedLagMs.filter((x) => x <= 1_000).length}`}`,
    );

    console.log(`\nload average ${loadAvg()}; total ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    console.log(
      JSON.stringify({
        machine,
        postgres: pgSettings,
        single: {
          amends: AMENDS,
          writeAhead: { local: writeAhead('local'), store: writeAhead('store') },
          append: { local: append('local'), store: append('store') },
          rest: { local: rest('local'), store: rest('store') },
          answer: { local: answer('local'), store: answer('store') },
          intent,
          pairedWriteAheadDifference: paired,
        },
        many: Object.fromEntries(
          SIDES.map((s) => [
            s,
            {
              lastOutcomeMs: many(s, 'lastOutcomeMs', Math.round),
              writeAheadMs: many(s, 'writeAheadMs'),
              intentMs: many(s, 'intentMs'),
              requests: many(s, 'requests'),
              rateLimited: many(s, 'rateLimited'),
            },
          ]),
        ),
      }),
    );
  } finally {
    await Promise.all(Object.values(desks).map((d) => d.core.close()));
    await Promise.all([cluster.destroy(), demo.close()]);
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
