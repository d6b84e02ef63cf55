/**
 * Amending many orders end to end: 200 open orders (50 on each of four USDT-FUTURES symbols) moved
 * up one price step by one run of the run service (electron/amend/amend-runs.ts), against the demo
 * exchange with its real rate limits on, followed through the app's own order stream — and, for
 * comparison, with no stream (following by polling).
 *
 *   npx tsx bench/amend-many.ts [--orders 200] [--symbols 4] [--categories 1] [--repeats 5]
 *     [--engine-latency-ms 500] [--no-stream]
 *
 * `--symbols` spreads the orders evenly over that many online instruments with tickers, and
 * `--categories` those over USDT-FUTURES, USDC-FUTURES and SPOT (operators' books are spread: the
 * Local demo alone has open orders on more than a hundred symbols). `--no-stream`: polling only.
 *
 * Per repeat (the demo exchange is reset and the orders placed afresh): the check's time (every
 * order read, every rule run), items/s sent (items over the time from start to the last Batch Modify
 * Orders request, check included), first to last request, the time to the last known outcome
 * (start to the run's finishedAt), the requests, the REST reads (Get Order Details, Get Open
 * Orders and Get Instruments), and the 429 answers, which must be 0. Prints medians with min–max, then one JSON line.
 *
 * `--revert`: after each run, Revert of it (electron/amend/revert-plan.ts): the preview (every applied
 * order read fresh, by category page) and the revert run to its last outcome, with its REST reads,
 * requests and 429 answers, and how many orders are back at exactly the price they were placed at.
 * It is held to the run's own budget: its time to the last outcome and its reads.
 *
 * First, single amends (`--single 40`, 0 to skip): one order amended again and again, each followed
 * to its outcome before the next, through the same desk. Figures: the answer of send() (the guard,
 * the rules, the synced write-ahead of the attempt, the request handed to the client), and the time
 * until the exchange logged the Modify Order request.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ModifyOrderRequest } from '../shared/schemas';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../demo-exchange/index';
import { ActivityLog } from '../electron/activity/activity-log';
import { AmendRuns } from '../electron/amend/amend-runs';
import { AmendService, type AmendSession } from '../electron/amend/amend-service';
import { Reverts } from '../electron/amend/revert-plan';
import { ExchangeClient } from '../electron/exchange/client';
import { OrderStream } from '../electron/exchange/order-stream';
import { LOCAL_DEMO_SUMMARY } from '../shared/testing/local-demo-profile';
import { placeOrders } from './resting-orders';
import { percentile, stats } from './sample-stats';

const BATCH = '/api/v3/trade/batch-modify-order';
/** The run's REST reads: its orders (one by one or by pages) and its instruments' rules. */
const READS = new Set(['/api/v3/trade/order-info', '/api/v3/trade/unfilled-orders', '/api/v3/market/instruments']);

interface Figures {
  /** start() until every item is checked (the orders read, the rules run). */
  checkMs: number;
  itemsPerSecond: number;
  /** First Batch Modify Orders request to the last (the demo's request log). */
  sendingMs: number;
  lastOutcomeMs: number;
  requests: number;
  reads: number;
  rateLimited: number;
  applied: number;
  /** With --revert: the revert's preview, its run to the last outcome (preview included), and what it cost. */
  revertPreviewMs?: number;
  revertLastOutcomeMs?: number;
  /** The revert run alone: its start to its last outcome (as lastOutcomeMs is the run's). */
  revertRunMs?: number;
  revertPreviewReads?: number;
  revertReads?: number;
  revertRequests?: number;
  revertRateLimited?: number;
  /** Orders back at exactly the price they were placed at. */
  revertExact?: number;
}

interface Spread {
  symbols: number;
  categories: number;
}

async function once(
  demo: DemoExchange,
  n: number,
  spread: Spread,
  withStream: boolean,
  dir: string,
  revert = false,
): Promise<Figures> {
  demo.control.reset();
  const client = new ExchangeClient({ baseUrl: demo.url, credentials: DEMO_ACCOUNT });
  const requests = await placeOrders(demo, client, n, spread.symbols, spread.categories);
  let stream: OrderStream | undefined;
  if (withStream) {
    stream = new OrderStream({ ...client.streamSettings()!, pingIntervalMs: 25_000 });
    stream.start();
    await new Promise<void>((resolve) => {
      const off = stream?.onState((s) => s.state === 'connected' && (off?.(), resolve()));
    });
  }
  const session = async (): Promise<AmendSession> => ({ profile: LOCAL_DEMO_SUMMARY, client, stream });
  // The folder exists, as in the app: a log that cannot be written would measure nothing.
  await mkdir(dir, { recursive: true });
  const amend = new AmendService({ session, log: new ActivityLog(dir) });
  const runs = new AmendRuns({ steps: amend.steps, session });
  const placed = requests.map((r) => demo.control.getOrder(DEMO_ACCOUNT.uid, r.orderId as string)?.price);
  const logBefore = demo.control.requestLog().length;
  const t0 = performance.now();
  const wall0 = Date.now();
  const started = await runs.start(requests);
  // start() answers at once while the orders are checked: the check ends when checked() resolves.
  await runs.checked(started.id);
  const checkMs = performance.now() - t0;
  const run = await runs.finished(started.id);
  const lastOutcomeMs = performance.now() - t0;
  const entries = demo.control.requestLog().slice(logBefore);
  const batches = entries.filter((e) => e.path === BATCH);
  const lastBatchAt = batches[batches.length - 1]?.at ?? wall0;
  const undo = revert ? await revertOnce(demo, runs, amend, session, started.id, requests, placed) : {};
  await runs.close();
  await amend.close();
  await stream?.close();
  return {
    checkMs,
    sendingMs: lastBatchAt - (batches[0]?.at ?? lastBatchAt),
    itemsPerSecond: run.counts.total / Math.max(0.001, (lastBatchAt - wall0) / 1000),
    lastOutcomeMs,
    requests: run.requests,
    reads: entries.filter((e) => READS.has(e.path)).length,
    rateLimited: entries.filter((e) => e.status === 429).length,
    applied: run.counts.applied,
    ...undo,
  };
}

/** Revert of the run just finished: its preview, then its run to the last outcome. */
async function revertOnce(
  demo: DemoExchange,
  runs: AmendRuns,
  amend: AmendService,
  session: () => Promise<AmendSession>,
  runId: string,
  requests: readonly ModifyOrderRequest[],
  placed: ReadonlyArray<string | undefined>,
): Promise<Partial<Figures>> {
  const reverts = new Reverts({ runs, steps: amend.steps, session });
  const logBefore = demo.control.requestLog().length;
  const t0 = performance.now();
  const preview = await reverts.preview({ runId });
  const revertPreviewMs = performance.now() - t0;
  const send = preview.rows.filter((r) => r.status === 'ready').map((r) => r.attemptId);
  const revertPreviewReads = demo.control
    .requestLog()
    .slice(logBefore)
    .filter((e) => READS.has(e.path)).length;
  const t1 = performance.now();
  const started = await reverts.start({ source: { runId }, send });
  const run = await runs.finished(started.id);
  const revertLastOutcomeMs = performance.now() - t0;
  const revertRunMs = performance.now() - t1;
  const entries = demo.control.requestLog().slice(logBefore);
  return {
    revertPreviewMs,
    revertLastOutcomeMs,
    revertRunMs,
    revertPreviewReads,
    revertReads: entries.filter((e) => READS.has(e.path)).length,
    revertRequests: run.requests,
    revertRateLimited: entries.filter((e) => e.status === 429).length,
    revertExact: requests.filter(
      (r, k) => demo.control.getOrder(DEMO_ACCOUNT.uid, r.orderId as string)?.price === placed[k],
    ).length,
  };
}

/** Single amends one after another on one order: send()'s answer, and the request reaching the exchange. */
async function singles(demo: DemoExchange, n: number, dir: string) {
  demo.control.reset();
  const client = new ExchangeClient({ baseUrl: demo.url, credentials: DEMO_ACCOUNT });
  const session = async (): Promise<AmendSession> => ({ profile: LOCAL_DEMO_SUMMARY, client });
  await mkdir(dir, { recursive: true });
  const log = new ActivityLog(dir);
  const amend = new AmendService({ session, log });
  const ref = { clientOid: 'demo-btc-open' };
  await amend.getOrder(ref);
  const answerMs: number[] = [];
  const onWireMs: number[] = [];
  for (let i = 0; i < n; i++) {
    const price = (60_000 + (i % 2 === 0 ? 1 : -1) * (1 + (i % 7))).toFixed(1);
    const before = demo.control.requestLog().length;
    const wall0 = Date.now();
    const t0 = performance.now();
    const a = await amend.send({ ...ref, price });
    // The first fetches the instrument's rules: a warm-up, not counted.
    if (i > 0) answerMs.push(performance.now() - t0);
    const done = await amend.settled(a.id);
    const logged = demo.control
      .requestLog()
      .slice(before)
      .find((e) => e.path === '/api/v3/trade/modify-order');
    if (logged && i > 0) onWireMs.push(logged.at - wall0);
    if (done.status !== 'applied') throw new Error(`single amend ${i}: ${done.status} (${done.summary})`);
    // The next amend starts with the desk idle, as an operator's would: the outcome's line written.
    await log.flushed();
  }
  await amend.close();
  return { answerMs: stats(answerMs), onWireMs: stats(onWireMs), p90AnswerMs: percentile(answerMs, 0.9) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: '200' },
      repeats: { type: 'string', default: '5' },
      'engine-latency-ms': { type: 'string', default: '500' },
      single: { type: 'string', default: '40' },
      modes: { type: 'string', default: 'stream,polling' },
      symbols: { type: 'string', default: '4' },
      categories: { type: 'string', default: '1' },
      'no-stream': { type: 'boolean', default: false },
      revert: { type: 'boolean', default: false },
    },
  });
  const single = Number(values.single);
  const modes = (values['no-stream'] ? 'polling' : values.modes)
    .split(',')
    .filter((m): m is 'stream' | 'polling' => m === 'stream' || m === 'polling');
  const n = Number(values.orders);
  const repeats = Number(values.repeats);
  const demo = await startDemoExchange({ engineLatencyMs: Number(values['engine-latency-ms']), rateLimit: true });
  const dir = await mkdtemp(join(tmpdir(), 'bench-amend-many-'));
  const spread: Spread = { symbols: Number(values.symbols), categories: Number(values.categories) };
  const out: Record<string, unknown> = {
    orders: n,
    symbols: spread.symbols,
    categories: spread.categories,
    repeats,
    engineLatencyMs: Number(values['engine-latency-ms']),
  };
  try {
    if (single > 0) {
      const f = await singles(demo, single, join(dir, 'single'));
      const fmt = (x: { median: number; min: number; max: number }) =>
        `${x.median.toFixed(1)} (${x.min.toFixed(1)}–${x.max.toFixed(1)})`;
      console.log(
        `single   ${single} amends one after another: send() answered in ${fmt(f.answerMs)} ms (p90 ${f.p90AnswerMs.toFixed(1)})` +
          ` · request at the exchange ${fmt(f.onWireMs)} ms after the call`,
      );
      out.single = f;
    }
    for (const mode of modes) {
      const all: Figures[] = [];
      for (let r = 0; r < repeats; r++)
        all.push(await once(demo, n, spread, mode === 'stream', join(dir, `${mode}-${r}`), values.revert));
      const f = (k: keyof Figures) => stats(all.map((x) => x[k] ?? NaN));
      const fmt = (k: keyof Figures, digits = 0) => {
        const s = f(k);
        return `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
      };
      console.log(
        `${mode.padEnd(8)} ${n} orders on ${spread.symbols} symbols in ${spread.categories} categor${spread.categories === 1 ? 'y' : 'ies'} × ${repeats}: sent ${fmt('itemsPerSecond')} items/s · last outcome ${fmt('lastOutcomeMs')} ms` +
          ` · check ${fmt('checkMs')} ms · first→last request ${fmt('sendingMs')} ms · requests ${fmt('requests')} · REST reads ${fmt('reads')} · 429 answers ${fmt('rateLimited')} · applied ${fmt('applied')}`,
      );
      if (values.revert) {
        console.log(
          `${'revert'.padEnd(8)} the same ${n} orders back: preview ${fmt('revertPreviewMs')} ms (${fmt('revertPreviewReads')} reads) · revert run ${fmt('revertRunMs')} ms (the run: ${fmt('lastOutcomeMs')}) · preview + run ${fmt('revertLastOutcomeMs')} ms` +
            ` · REST reads ${fmt('revertReads')}, preview included (the run: ${fmt('reads')}) · requests ${fmt('revertRequests')} · 429 answers ${fmt('revertRateLimited')} · back exactly ${fmt('revertExact')}`,
        );
        if (all.some((x) => (x.revertRateLimited ?? 0) > 0 || x.revertExact !== x.applied)) process.exitCode = 1;
      }
      out[mode] = Object.fromEntries(
        (
          [
            'checkMs',
            'itemsPerSecond',
            'sendingMs',
            'lastOutcomeMs',
            'requests',
            'reads',
            'rateLimited',
            'applied',
            ...(values.revert
              ? ([
                  'revertPreviewMs',
                  'revertLastOutcomeMs',
                  'revertRunMs',
                  'revertPreviewReads',
                  'revertReads',
                  'revertRequests',
                  'revertRateLimited',
                  'revertExact',
                ] as const)
              : []),
          ] as const
        ).map((k) => [k, f(k)]),
      );
      if (all.some((x) => x.rateLimited > 0)) process.exitCode = 1;
    }
    console.log(JSON.stringify(out));
  } finally {
    await demo.close();
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
