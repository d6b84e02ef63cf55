/**
 * The kill test: a core in a child process amends (single amends, and runs of 60) and is killed with
 * SIGKILL at a random moment, from before its first request to after the last outcome, 20 times. The
 * demo exchange lives in this process, so it outlives every kill and keeps applying what reached it.
 *
 * After each kill, with the exchange settled: every order whose price the exchange changed has an
 * attempt on disk asking for exactly that price, and every attempt left without a final outcome is,
 * once the desk starts again, "Outcome unknown" with its order guarded under both its orderId and its
 * clientOid. The totals are printed.
 *
 * The child is bundled once with esbuild so each start costs a plain `node` start, not a transpile.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Attempt } from '../../shared/attempts';
import { FINAL_STATUSES } from '../../shared/attempts';
import { Dec } from '../../shared/decimal';
import { attemptIds } from '../../shared/order-ids';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { ActivityLog } from '../activity/activity-log';
import { AmendService } from '../amend/amend-service';
import type { CyclePlan } from '../amend/testing/amend-cycle';

const CYCLES = 20;
const ENGINE_LATENCY_MS = 80;
const SINGLE_ORDERS = 6;
const RUN_ORDERS = 60;
/** The kill falls uniformly in [0, this] ms after the child is ready: some before, most during, some after. */
const KILL_WINDOW_MS = { single: 1400, run: 1800 } as const;
const WRITES = new Set(['/api/v3/trade/modify-order', '/api/v3/trade/batch-modify-order']);
const UID = DEMO_ACCOUNT.uid;

interface Placed {
  orderId: string;
  clientOid: string;
  base: Dec;
}

let work: string;
let demo: DemoExchange;
let child: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'kill-restart-'));
  child = join(work, 'amend-cycle.mjs');
  await build({
    entryPoints: [join(__dirname, '../amend/testing/amend-cycle.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: child,
    external: ['electron'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'error',
  });
  demo = await startDemoExchange({ engineLatencyMs: ENGINE_LATENCY_MS, cancelLatencyMs: 20 });
}, 60_000);
afterAll(async () => {
  await demo?.close();
  await rm(work, { recursive: true, force: true });
});

function place(prefix: string, n: number, from: number): Placed[] {
  return Array.from({ length: n }, (_, i) => {
    const o = demo.control.placeOrder({
      uid: UID,
      clientOid: `${prefix}-${i}`,
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      price: new Dec(from).plus(i).toFixed(1),
      qty: '0.0100',
    });
    return { orderId: o.orderId, clientOid: o.clientOid, base: new Dec(o.price) };
  });
}

/** Starts the child on `dir`, kills it `delayMs` after it is ready (or once it is done, if sooner than that). */
async function runAndKill(dir: string, plan: CyclePlan, delayMs: number): Promise<'killed' | 'done first'> {
  const planFile = join(dir, '..', `plan-${Date.now()}.json`);
  await writeFile(planFile, JSON.stringify(plan));
  const proc = spawn(process.execPath, [child, dir, demo.url, planFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  let done = false;
  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (line === 'ready') resolve();
      if (line === 'done') done = true;
    });
    proc.once('exit', (code) => reject(new Error(`the child exited (${code}) before it was ready`)));
  });
  await ready;
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  proc.kill('SIGKILL');
  await exited;
  return done ? 'done first' : 'killed';
}

/** Waits until what reached the exchange is decided: no pending modification, none arriving. */
async function settled(orders: readonly Placed[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lastWrite = demo.control
      .requestLog()
      .filter((e) => WRITES.has(e.path))
      .reduce((t, e) => Math.max(t, e.at), 0);
    const pending = orders.some((o) => demo.control.getOrder(UID, o.orderId)?.pendingModification);
    if (!pending && Date.now() - lastWrite > ENGINE_LATENCY_MS * 2) return;
    if (Date.now() > deadline) throw new Error('the demo exchange did not settle');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const names = (a: Attempt, o: Placed) => {
  const ids = attemptIds(a);
  return ids.orderId === o.orderId || ids.clientOid === o.clientOid;
};

it(`after ${CYCLES} SIGKILLs at random points, every change the exchange made has an attempt on disk, and every unfinished one is guarded`, async () => {
  const t0 = performance.now();
  const dir = join(work, 'user-data');
  // As a host's user-data lock does before the core starts.
  await mkdir(dir);
  const singles = place('ks', SINGLE_ORDERS, 40_000);
  const runOrders = place('kr', RUN_ORDERS, 41_000);
  const all = [...singles, ...runOrders];
  const totals = { kills: 0, doneFirst: 0, changed: 0, recorded: 0, unrecorded: 0, unfinished: 0, guarded: 0 };
  const failures: string[] = [];

  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const mode = cycle % 2 === 0 ? 'single' : 'run';
    const orders = mode === 'single' ? singles : runOrders;
    const step = new Dec('0.1').mul(cycle + 1);
    const targets = orders.map((o) => ({
      orderId: o.orderId,
      clientOid: o.clientOid,
      price: o.base.plus(step).toFixed(1),
    }));
    const before = new Map(all.map((o) => [o.orderId, demo.control.getOrder(UID, o.orderId)!]));
    const cycleStart = Date.now();

    const how = await runAndKill(dir, { mode, targets }, Math.random() * KILL_WINDOW_MS[mode]);
    if (how === 'killed') totals.kills++;
    else totals.doneFirst++;
    await settled(all);

    const onDisk = new ActivityLog(dir);
    const { attempts } = await onDisk.read();
    await onDisk.close();
    for (const o of all) {
      const now = demo.control.getOrder(UID, o.orderId)!;
      const was = before.get(o.orderId)!;
      if (now.price === was.price && now.qty === was.qty) continue;
      totals.changed++;
      const asked = attempts.find((a) => names(a, o) && a.request.price === now.price);
      if (asked) totals.recorded++;
      else {
        totals.unrecorded++;
        failures.push(`cycle ${cycle} (${mode}): ${o.clientOid} changed to ${now.price} with no attempt on disk`);
      }
    }
    const unfinished = attempts.filter((a) => a.startedAt >= cycleStart && !FINAL_STATUSES.includes(a.status));

    // The desk starts again on the folder: what it finds unfinished is unknown, and guarded.
    const desk = new AmendService({
      session: () => Promise.reject(new Error('no exchange needed to recover')),
      log: new ActivityLog(dir),
    });
    await desk.steps.recovered;
    for (const a of unfinished) {
      totals.unfinished++;
      const ids = attemptIds(a);
      const guards = desk.steps.profileState(a.profileId).guards;
      const byId = ids.orderId ? guards.get({ orderId: ids.orderId }).state : 'no orderId';
      const byOid = ids.clientOid ? guards.get({ clientOid: ids.clientOid }).state : 'no clientOid';
      const status = (await desk.getAttempt(a.id)).status;
      if (byId === 'unknown' && byOid === 'unknown' && status === 'unknown') totals.guarded++;
      else
        failures.push(`cycle ${cycle} (${mode}): attempt ${a.id} (${a.status}) → ${status}, guards ${byId}/${byOid}`);
    }
    await desk.close();
  }

  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `[kill test] ${CYCLES} cycles in ${seconds} s (${totals.kills} killed mid-way, ${totals.doneFirst} after finishing): ` +
      `${totals.changed} price changes on the exchange, ${totals.recorded} with an attempt on disk, ${totals.unrecorded} without; ` +
      `${totals.unfinished} attempts left unfinished, ${totals.guarded} of them unknown and guarded by orderId and clientOid after the restart`,
  );
  expect(failures).toEqual([]);
  expect(totals.unrecorded).toBe(0);
  expect(totals.guarded).toBe(totals.unfinished);
  // The kills did land mid-way: changes were made, and some attempts were caught unfinished.
  expect(totals.changed).toBeGreaterThan(0);
  expect(totals.kills).toBeGreaterThan(0);
}, 180_000);
