/**
 * The kill test of the CLI: `uta-desk modify-batch` runs as its own process (tsx's loader, as the
 * `uta-desk` bin runs it) with no app on its user-data folder, so it holds the lock and runs the core
 * in process. It is killed with SIGKILL while its run sends (a random moment after its first Batch
 * Modify Orders request reaches the exchange). The demo exchange lives in this process and keeps
 * applying what reached it.
 *
 * Then the folder is opened as the app would open it: the dead CLI's lock is taken over, every order
 * whose price the exchange changed has an attempt on disk asking for exactly that price, and every
 * attempt is final (what the CLI left unfinished is "Outcome unknown"). Bounded: a few cycles, each
 * with its own deadline.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { FINAL_STATUSES } from '../../shared/attempts';
import { Dec } from '../../shared/decimal';
import { createCore } from '../core/create-core';
import { acquireUserDataLock, LOCK_FILE } from '../core/user-data-lock';
import { testSecretBox } from '../profiles/testing/test-secret-box';

const CYCLES = 3;
const ORDERS = 60;
const ENGINE_LATENCY_MS = 80;
/** After the first batch request reaches the exchange, the kill falls within this. */
const KILL_WINDOW_MS = 400;
const BATCH = '/api/v3/trade/batch-modify-order';
const UID = DEMO_ACCOUNT.uid;
const ENTRY = resolve(__dirname, 'uta-desk.ts');

let work: string;
let demo: DemoExchange;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'uta-cli-kill-'));
  demo = await startDemoExchange({ engineLatencyMs: ENGINE_LATENCY_MS, cancelLatencyMs: 20 });
});
afterAll(async () => {
  await demo?.close();
  await rm(work, { recursive: true, force: true });
});

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Places `count` orders (from `firstPrice` up) and starts `uta-desk modify-batch` as a child process on
 * a file moving each up by 0.5; resolves once its first batch request reached the exchange.
 */
async function batchUnderWay(dir: string, prefix: string, count: number, firstPrice: number) {
  const placed = Array.from({ length: count }, (_, i) =>
    demo.control.placeOrder({
      uid: UID,
      clientOid: `${prefix}-${i}`,
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      price: new Dec(firstPrice + i).toFixed(1),
      qty: '0.0100',
    }),
  );
  const file = join(work, `items-${prefix}.csv`);
  await writeFile(
    file,
    ['clientOid,price', ...placed.map((o) => `${o.clientOid},${new Dec(o.price).plus('0.5').toFixed(1)}`)].join('\n'),
  );
  const batchesBefore = demo.control.requestLog().filter((e) => e.path === BATCH).length;
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', ENTRY, 'modify-batch', '--file', file, '--base-url', demo.url, '--user-data', dir, '--quiet'],
    {
      cwd: resolve(__dirname, '../..'),
      env: {
        PATH: process.env.PATH,
        BITGET_API_KEY: DEMO_ACCOUNT.apiKey,
        BITGET_API_SECRET: DEMO_ACCOUNT.secretKey,
        BITGET_API_PASSPHRASE: DEMO_ACCOUNT.passphrase,
      },
      stdio: 'ignore',
    },
  );
  const exited = new Promise<number | null>((done) => proc.once('exit', (code) => done(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  await until(
    'the first batch request',
    () => gone || demo.control.requestLog().filter((e) => e.path === BATCH).length > batchesBefore,
    30_000,
  );
  return { placed, proc, exited, gone: () => gone };
}

/** The app's core on the folder after the CLI is gone (its log read and recovered). */
const appOn = (dir: string) =>
  createCore({
    host: 'desktop',
    userDataDir: dir,
    secretBox: testSecretBox(),
    version: 't',
    changeRefresh: { enabled: false },
  });

it(`SIGKILL of the CLI mid-run, ${CYCLES} times: nothing applied on the exchange without an attempt on disk`, async () => {
  const t0 = performance.now();
  const totals = { killed: 0, changed: 0, recorded: 0, unrecorded: 0, attempts: 0, notFinal: 0 };
  const failures: string[] = [];
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const dir = join(work, `user-data-${cycle}`);
    const { placed, proc, exited, gone } = await batchUnderWay(dir, `kill-${cycle}`, ORDERS, 40_000 + cycle * 100);
    await new Promise((r) => setTimeout(r, Math.random() * KILL_WINDOW_MS));
    if (!gone()) {
      proc.kill('SIGKILL');
      totals.killed++;
    }
    await exited;
    // What reached the exchange is decided.
    await until(
      'the exchange to settle',
      () => placed.every((o) => !demo.control.getOrder(UID, o.orderId)?.pendingModification),
      10_000,
    );

    // The app starts on the folder: the dead CLI's lock is stale, and the log is read and recovered.
    const lock = await acquireUserDataLock(dir, 'electron');
    const app = appOn(dir);
    try {
      const { attempts } = await app.handlers.listActivity({ limit: 500 });
      totals.attempts += attempts.length;
      for (const a of attempts)
        if (!FINAL_STATUSES.includes(a.status)) {
          totals.notFinal++;
          failures.push(`cycle ${cycle}: attempt ${a.id} is ${a.status} after the restart`);
        }
      for (const o of placed) {
        const now = demo.control.getOrder(UID, o.orderId)!;
        if (now.price === o.price) continue;
        totals.changed++;
        if (attempts.some((a) => a.request.clientOid === o.clientOid && a.request.price === now.price))
          totals.recorded++;
        else {
          totals.unrecorded++;
          failures.push(`cycle ${cycle}: ${o.clientOid} changed to ${now.price} with no attempt on disk`);
        }
      }
    } finally {
      await app.close();
      await lock.release();
    }
  }
  console.log(
    `[cli kill test] ${CYCLES} cycles in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${totals.killed} killed mid-run: ` +
      `${totals.changed} price changes on the exchange, ${totals.recorded} with an attempt on disk, ${totals.unrecorded} without; ` +
      `${totals.attempts} attempts, ${totals.notFinal} not final after the restart`,
  );
  expect(failures).toEqual([]);
  expect(totals.killed).toBeGreaterThan(0);
  expect(totals.changed).toBeGreaterThan(0);
}, 120_000);

it('SIGTERM mid-run: the CLI closes its core (what was sent is recorded, the log flushed), releases the lock, exits 143', async () => {
  const dir = join(work, 'user-data-term');
  const { placed, proc, exited } = await batchUnderWay(dir, 'term', 40, 45_000);
  proc.kill('SIGTERM');
  expect(await exited).toBe(143);
  expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  await until(
    'the exchange to settle',
    () => placed.every((o) => !demo.control.getOrder(UID, o.orderId)?.pendingModification),
    10_000,
  );
  const app = appOn(dir);
  try {
    const { attempts } = await app.handlers.listActivity({ limit: 500 });
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.filter((a) => !FINAL_STATUSES.includes(a.status))).toEqual([]);
    for (const o of placed) {
      const now = demo.control.getOrder(UID, o.orderId)!;
      if (now.price !== o.price)
        expect(attempts.some((a) => a.request.clientOid === o.clientOid && a.request.price === now.price)).toBe(true);
    }
  } finally {
    await app.close();
  }
}, 60_000);
