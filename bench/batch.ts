/**
 * Batch Modify Orders through the app's client against the demo exchange with its real limits on:
 * how many items per second the client sustains without a single 429, when far more is asked of it
 * than the limit allows (every batch handed to the client at once; its limiter does the pacing).
 *
 *   npx tsx bench/batch.ts [--orders 400] [--rounds 5]
 *
 * Each round re-prices every order by one step in batches of 20; the engine applies a change after
 * 20 ms, so the next round finds every order free again. The last stdout line is JSON.
 */
import { parseArgs } from 'node:util';
import { Dec } from '../shared/decimal';
import { MAX_BATCH_ITEMS, type ModifyOrderRequest } from '../shared/schemas';
import { DEMO_ACCOUNT, startDemoExchange } from '../demo-exchange/index';
import { ExchangeClient } from '../electron/exchange/client';

const BATCH_PATH = '/api/v3/trade/batch-modify-order';

function stats(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { median: at(0.5), min: s[0] ?? NaN, max: s[s.length - 1] ?? NaN, n: s.length };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { orders: { type: 'string', default: '400' }, rounds: { type: 'string', default: '5' } },
  });
  const count = Number(values.orders);
  const rounds = Number(values.rounds);
  const demo = await startDemoExchange({ engineLatencyMs: 20 });
  const client = new ExchangeClient({ baseUrl: demo.url, credentials: DEMO_ACCOUNT });
  const prices = new Map<string, Dec>();
  for (let i = 0; i < count; i++) {
    const price = new Dec(50_000).plus(i);
    const o = demo.control.placeOrder({
      uid: DEMO_ACCOUNT.uid,
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      price: price.toFixed(1),
      qty: '0.0100',
    });
    prices.set(o.orderId, price);
  }

  const itemsPerSecond: number[] = [];
  let accepted = 0;
  let refused = 0;
  for (let round = 1; round <= rounds; round++) {
    const items: ModifyOrderRequest[] = [...prices].map(([orderId, p]) => ({
      orderId,
      price: p.plus(new Dec('0.1').mul(round)).toFixed(1),
    }));
    const batches: ModifyOrderRequest[][] = [];
    for (let i = 0; i < items.length; i += MAX_BATCH_ITEMS) batches.push(items.slice(i, i + MAX_BATCH_ITEMS));
    const started = performance.now();
    const answers = await Promise.all(batches.map((b) => client.batchModify(b)));
    const seconds = (performance.now() - started) / 1000;
    for (const a of answers)
      for (const v of a.items) {
        if (v.kind === 'accepted') accepted++;
        else refused++;
      }
    itemsPerSecond.push(items.length / seconds);
    // Every change applied before the next round asks for the next one.
    await new Promise((r) => setTimeout(r, 100));
  }
  const log = demo.control.requestLog().filter((e) => e.path === BATCH_PATH);
  const figures = {
    orders: count,
    rounds,
    requests: log.length,
    answers429: log.filter((e) => e.status === 429).length,
    itemsAccepted: accepted,
    itemsRefused: refused,
    itemsPerSecond: stats(itemsPerSecond),
  };
  const ips = figures.itemsPerSecond;
  console.log(
    `batch modify: ${count} items per round in ${Math.ceil(count / MAX_BATCH_ITEMS)} requests, ${rounds} rounds · ` +
      `${ips.median.toFixed(0)} items/s median (min ${ips.min.toFixed(0)}, max ${ips.max.toFixed(0)}) · ` +
      `${figures.answers429} answers 429 of ${figures.requests} · accepted ${accepted}, refused ${refused}`,
  );
  console.log(JSON.stringify(figures));
  await demo.close();
}

void main();
