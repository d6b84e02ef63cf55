/**
 * A run spread over many symbols and categories reads by pages of each category, not per symbol,
 * counted at the demo exchange over real HTTP: the check's reads and the instruments cost one or two
 * requests per category, a push is confirmed by the next read of the page that lists its order,
 * polling reads pages too, and an order found on a later page is read there again (never one Get
 * Order Details per item).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dec } from '../../shared/decimal';
import type { ModifyOrderRequest, TickerCategory } from '../../shared/schemas';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { ActivityLog } from '../activity/activity-log';
import { ExchangeClient } from '../exchange/client';
import { OrderStream } from '../exchange/order-stream';
import { ClockSkews } from '../exchange/skew';
import { AmendRuns } from './amend-runs';
import { AmendService, type AmendSession } from './amend-service';
import { LOCAL_DEMO_SUMMARY } from '../../shared/testing/local-demo-profile';

const BATCH = '/api/v3/trade/batch-modify-order';
const ORDER_INFO = '/api/v3/trade/order-info';
const OPEN_ORDERS = '/api/v3/trade/unfilled-orders';
const INSTRUMENTS = '/api/v3/market/instruments';
const UID = DEMO_ACCOUNT.uid;

let demo: DemoExchange;
let dir: string;
let client: ExchangeClient;
let stream: OrderStream | undefined;
let amend: AmendService;
let runs: AmendRuns;

async function desk(withStream: boolean): Promise<void> {
  client = new ExchangeClient({ baseUrl: demo.url, credentials: DEMO_ACCOUNT, skews: new ClockSkews() });
  if (withStream) {
    const s = new OrderStream({ ...client.streamSettings()!, backoff: { baseDelayMs: 20, maxDelayMs: 100 } });
    stream = s;
    s.start();
    await new Promise<void>((resolve) => {
      const off = s.onState((st) => st.state === 'connected' && (off(), resolve()));
    });
  }
  const session = async (): Promise<AmendSession> => ({ profile: LOCAL_DEMO_SUMMARY, client, stream });
  amend = new AmendService({ session, log: new ActivityLog(dir), followTimeoutMs: 3000, followIntervalMs: 50 });
  runs = new AmendRuns({ steps: amend.steps, session });
}

beforeEach(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 150, cancelLatencyMs: 30 });
  dir = await mkdtemp(join(tmpdir(), 'category-pages-'));
});
afterEach(async () => {
  await runs.close();
  await amend.close();
  await stream?.close();
  stream = undefined;
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

/** Resting buys, `perSymbol` on each of `symbols` online instruments with tickers of the category. */
async function place(category: TickerCategory, symbols: number, perSymbol: number): Promise<ModifyOrderRequest[]> {
  const [instruments, tickers] = await Promise.all([client.getInstruments(category), client.getTickers(category)]);
  const last = new Map(tickers.map((t) => [t.symbol, t.lastPrice]));
  const out: ModifyOrderRequest[] = [];
  let used = 0;
  for (const inst of instruments) {
    if (used === symbols) break;
    const lastPrice = last.get(inst.symbol);
    if (inst.status !== 'online' || !lastPrice) continue;
    const decimals = Number(inst.pricePrecision);
    const step = new Dec(inst.priceMultiplier || new Dec(10).pow(-decimals).toString());
    const base = new Dec(lastPrice).mul('0.9').div(step).floor().mul(step);
    if (base.lte(step.mul(10 * perSymbol + 10))) continue;
    const qDecimals = Number(inst.quantityPrecision);
    const qtyStep = new Dec(inst.quantityMultiplier || new Dec(10).pow(-qDecimals).toString());
    let qty = new Dec(inst.minOrderAmount || '5').mul(2).div(base).div(qtyStep).ceil().mul(qtyStep);
    if (qty.lt(inst.minOrderQty || '0')) qty = new Dec(inst.minOrderQty || '0');
    used++;
    for (let k = 0; k < perSymbol; k++) {
      const price = base.minus(step.mul(10 * k));
      const o = demo.control.placeOrder({
        uid: UID,
        category,
        symbol: inst.symbol,
        side: 'buy',
        price: price.toFixed(decimals),
        qty: qty.toFixed(qDecimals),
      });
      out.push({ orderId: o.orderId, category, symbol: inst.symbol, price: price.plus(step).toFixed(decimals) });
    }
  }
  if (used < symbols) throw new Error(`only ${used} ${category} symbols`);
  return out;
}

/** The demo's request log from `from` on. */
const since = (from: number) => demo.control.requestLog().slice(from);
const count = (entries: ReturnType<typeof since>, path: string) => entries.filter((e) => e.path === path).length;
const priceOf = (orderId: string) => demo.control.getOrder(UID, orderId)?.price;

describe('a run over many symbols and categories, stream up', () => {
  beforeEach(() => desk(true));

  it('reads one page per category to check 60 orders on 30 symbols, one Get Instruments per category, and confirms by pages', async () => {
    const requests = [...(await place('USDT-FUTURES', 15, 2)), ...(await place('SPOT', 15, 2))];
    const from = demo.control.requestLog().length;
    const started = await runs.start(requests);
    await runs.checked(started.id);
    const check = since(from);
    // Per symbol, today: 30 pages of one symbol each and 30 Get Instruments.
    expect(count(check, OPEN_ORDERS)).toBe(2);
    expect(count(check, ORDER_INFO)).toBe(0);
    expect(count(check, INSTRUMENTS)).toBe(2);

    const run = await runs.finished(started.id);
    expect(run.counts).toMatchObject({ total: 60, applied: 60 });
    for (const r of requests) expect(priceOf(r.orderId as string)).toBe(r.price);
    const all = since(from);
    expect(all.filter((e) => e.status === 429)).toEqual([]);
    expect(count(all, BATCH)).toBe(4);
    // Each request's 15 pushes confirmed by a read of the page that lists them: one or two reads per
    // request, never one per item or per symbol.
    expect(count(all, ORDER_INFO)).toBe(0);
    expect(count(all, OPEN_ORDERS) - 2).toBeLessThanOrEqual(8);
    expect(count(all, INSTRUMENTS)).toBe(2);
    // The timeline says which read confirmed the push.
    const first = await amend.getAttempt(run.items[0]?.attemptId ?? '');
    expect(first.timeline.map((e) => e.label)).toContain('Confirmed by a page of Get Open Orders');
  });

  it('shares the read budget: the desk, the market panel and a refresh keep reading through a run, never a 429', async () => {
    const requests = [...(await place('USDT-FUTURES', 15, 2)), ...(await place('SPOT', 15, 2))];
    const from = demo.control.requestLog().length;
    const started = await runs.start(requests);
    // Meanwhile, bursts beyond one second's budget: the single desk's reads of an order, the market
    // panel's tickers and the background refresh's instruments, all through the same limiters.
    const others = await Promise.all([
      ...Array.from({ length: 25 }, () => amend.getOrder({ clientOid: 'demo-btc-open' })),
      ...Array.from({ length: 25 }, () => client.getOpenOrders({ category: 'SPOT', limit: 10 })),
      ...Array.from({ length: 25 }, () => client.getTickers('USDT-FUTURES', 'BTCUSDT')),
      client.getInstruments('USDT-FUTURES'),
    ]);
    expect(others).toHaveLength(76);
    const run = await runs.finished(started.id);
    expect(run.counts.applied).toBe(60);
    expect(since(from).filter((e) => e.status === 429)).toEqual([]);
  });

  it('an order further down its category is read again on its own page, by cursor', async () => {
    const requests = await place('USDT-FUTURES', 10, 3);
    // 120 newer orders of other symbols fill the top of the listing: the run's orders are on page 2.
    for (let i = 0; i < 120; i++)
      demo.control.placeOrder({
        uid: UID,
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        side: 'buy',
        price: new Dec('40000').plus(i).toFixed(1),
        qty: '0.0100',
      });
    const from = demo.control.requestLog().length;
    const run = await runs.finished((await runs.start(requests)).id);
    expect(run.counts.applied).toBe(30);
    const all = since(from);
    expect(all.filter((e) => e.status === 429)).toEqual([]);
    expect(count(all, ORDER_INFO)).toBe(0);
    const pages = all.filter((e) => e.path === OPEN_ORDERS);
    // Check: pages 1 and 2 of the category (and page 3 only if page 2 left some out); then the
    // confirmations of two requests, read by page 2's cursor: never the whole listing again.
    expect(pages.length).toBeLessThanOrEqual(7);
  });
});

describe('a run over many symbols and categories, stream down', () => {
  beforeEach(() => desk(false));

  it('polls 60 orders on 30 symbols by category pages', async () => {
    const requests = [...(await place('USDT-FUTURES', 15, 2)), ...(await place('SPOT', 15, 2))];
    const from = demo.control.requestLog().length;
    const run = await runs.finished((await runs.start(requests)).id);
    expect(run.counts).toMatchObject({ total: 60, applied: 60 });
    const all = since(from);
    expect(all.filter((e) => e.status === 429)).toEqual([]);
    expect(count(all, ORDER_INFO)).toBe(0);
    // Every 50 ms poll of every item is served by its page: a few reads per poll, not one per symbol.
    expect(count(all, OPEN_ORDERS) + count(all, INSTRUMENTS)).toBeLessThan(40);
  });
});
