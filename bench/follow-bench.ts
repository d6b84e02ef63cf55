/**
 * How fast an amend's outcome becomes known, and with how many reads of Get Order Details:
 * following by the private order stream against following by polling, paired in one run.
 *
 *   npx tsx bench/follow-bench.ts [--amends 20] [--engine-latency-ms 100-900]
 *
 * One demo exchange in this process (its real limits on). Each round amends two open orders one
 * after the other, one followed by polling only and one by the stream, alternating which goes first;
 * the engine's latency changes from round to round across the range (spread evenly, same for both
 * amends of a round), since where a decision falls between two polls is what polling pays for.
 * The engine's decision time is the `ts` of the order's push as an independent observer connection
 * receives it; the outcome time is when the desk recorded the final status. REST reads are counted in
 * the demo's request log. The last stdout line is a JSON object with the figures.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { Dec } from '../shared/decimal';
import type { Order } from '../shared/schemas';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../demo-exchange/index';
import { ActivityLog } from '../electron/activity/activity-log';
import { AmendService, type AmendSession } from '../electron/amend/amend-service';
import { ExchangeClient } from '../electron/exchange/client';
import { OrderStream } from '../electron/exchange/order-stream';
import { sign } from '../electron/exchange/signing';
import { LOCAL_DEMO_SUMMARY } from '../shared/testing/local-demo-profile';

const ORDER_INFO = '/api/v3/trade/order-info';

const profile = LOCAL_DEMO_SUMMARY;

/** A second, independent connection that notes when the engine decided (the push's ts) per order. */
async function observer(demo: DemoExchange): Promise<{ decidedAt: Map<string, number>; close: () => void }> {
  const ws = new WebSocket(`${demo.url.replace(/^http/, 'ws')}/v3/ws/private`);
  const decidedAt = new Map<string, number>();
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const { apiKey, passphrase, secretKey } = DEMO_ACCOUNT;
  ws.send(
    JSON.stringify({
      op: 'login',
      args: [{ apiKey, passphrase, timestamp, sign: sign(secretKey, `${timestamp}GET/user/verify`) }],
    }),
  );
  ws.send(JSON.stringify({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'order' }] }));
  ws.on('message', (raw) => {
    const text = String(raw);
    if (!text.startsWith('{')) return;
    const frame = JSON.parse(text) as { ts?: number; data?: Array<{ orderId: string }> };
    for (const o of frame.data ?? []) if (!decidedAt.has(o.orderId) && frame.ts) decidedAt.set(o.orderId, frame.ts);
  });
  await new Promise((r) => setTimeout(r, 200));
  return { decidedAt, close: () => ws.close() };
}

function stats(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { median: at(0.5), p10: at(0.1), p90: at(0.9), min: s[0] ?? NaN, max: s[s.length - 1] ?? NaN, n: s.length };
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { amends: { type: 'string', default: '20' }, 'engine-latency-ms': { type: 'string', default: '100-900' } },
  });
  const rounds = Number(values.amends);
  const [low, high = low] = String(values['engine-latency-ms']).split('-').map(Number) as [number, number?];
  const latencyOf = (round: number) =>
    Math.round(low + ((high - low) * ((round * 7) % rounds)) / Math.max(1, rounds - 1));
  const demo = await startDemoExchange({ engineLatencyMs: low });
  const dir = await mkdtemp(join(tmpdir(), 'bench-follow-'));
  const client = new ExchangeClient({ baseUrl: demo.url, credentials: DEMO_ACCOUNT });
  const stream = new OrderStream({ ...client.streamSettings()!, pingIntervalMs: 25_000 });
  stream.start();
  const watcher = await observer(demo);
  const service = (withStream: boolean) =>
    new AmendService({
      session: async (): Promise<AmendSession> => ({ profile, client, stream: withStream ? stream : undefined }),
      log: new ActivityLog(join(dir, withStream ? 'stream' : 'polling')),
    });
  const desks = { polling: service(false), stream: service(true) };
  const results = {
    polling: { latency: [] as number[], reads: [] as number[] },
    stream: { latency: [] as number[], reads: [] as number[] },
  };

  const open: Order[] = (await client.getOpenOrders({ category: 'USDT-FUTURES', limit: 100 })).list.filter(
    (o) => o.orderStatus === 'live' || o.orderStatus === 'new',
  );
  if (open.length < rounds * 2)
    throw new Error(`only ${open.length} open USDT-FUTURES orders for ${rounds * 2} amends`);

  async function amend(kind: 'polling' | 'stream', order: Order): Promise<void> {
    const desk = desks[kind];
    const loaded = await desk.getOrder({ orderId: order.orderId });
    const inst = (await client.getInstruments('USDT-FUTURES', order.symbol))[0];
    const price = new Dec(loaded.order.price ?? '0').plus(inst?.priceMultiplier ?? '1').toFixed();
    const readsBefore = demo.control.requestLog().filter((e) => e.path === ORDER_INFO).length;
    const sent = await desk.send({ orderId: order.orderId, price });
    const done = await desk.settled(sent.id);
    const reads = demo.control.requestLog().filter((e) => e.path === ORDER_INFO).length - readsBefore;
    const decided = watcher.decidedAt.get(order.orderId);
    if (done.status !== 'applied' || decided === undefined || done.finishedAt === undefined) {
      throw new Error(`${kind} amend of ${order.orderId} ended ${done.status} (${done.summary})`);
    }
    results[kind].latency.push(done.finishedAt - decided);
    results[kind].reads.push(reads);
  }

  for (let i = 0; i < rounds; i++) {
    const [a, b] = [open[2 * i] as Order, open[2 * i + 1] as Order];
    demo.control.setEngineLatency(latencyOf(i));
    // Alternate which goes first so neither always meets a warmer server.
    if (i % 2 === 0) {
      await amend('polling', a);
      await amend('stream', b);
    } else {
      await amend('stream', a);
      await amend('polling', b);
    }
  }

  const figures = {
    amendsEach: rounds,
    engineLatencyMs: values['engine-latency-ms'],
    stream: { outcomeAfterDecisionMs: stats(results.stream.latency), readsPerAmend: stats(results.stream.reads) },
    polling: { outcomeAfterDecisionMs: stats(results.polling.latency), readsPerAmend: stats(results.polling.reads) },
  };
  for (const kind of ['stream', 'polling'] as const) {
    const l = figures[kind].outcomeAfterDecisionMs;
    const r = figures[kind].readsPerAmend;
    console.log(
      `${kind.padEnd(8)} outcome after the engine's decision: median ${fmt(l.median)} ms (p10 ${fmt(l.p10)}, p90 ${fmt(l.p90)}, max ${fmt(l.max)})` +
        ` · Get Order Details reads per amend: median ${r.median} (min ${r.min}, max ${r.max})`,
    );
  }
  console.log(JSON.stringify(figures));

  watcher.close();
  await desks.polling.close();
  await desks.stream.close();
  await stream.close();
  await demo.close();
  await rm(dir, { recursive: true, force: true });
}

void main();
