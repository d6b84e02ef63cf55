/**
 * Runs of many amends against the demo exchange over real HTTP and the app's own order stream:
 * everything applied in three requests with no 429, an order filled between check and send, Stop
 * halfway, a forced timeout that leaves items unknown (never resent) until "check" resolves them,
 * the in-flight guard shared with single amends both ways, a quantity below the filled quantity, and
 * following by polling with the reads coalesced.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBarValue, runStatusWords, type BatchRun } from '../../shared/batch-run';
import { Dec } from '../../shared/decimal';
import type { ModifyOrderRequest } from '../../shared/schemas';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { ActivityLog } from '../activity/activity-log';
import { ActivityService } from '../activity/activity-service';
import { ExchangeClient } from '../exchange/client';
import { OrderStream } from '../exchange/order-stream';
import { ClockSkews } from '../exchange/skew';
import { AmendRuns } from './amend-runs';
import { AmendService, type AmendSession } from './amend-service';
import { RunRecords } from './run-records';
import { LOCAL_DEMO_SUMMARY } from '../../shared/testing/local-demo-profile';

const BATCH = '/api/v3/trade/batch-modify-order';
const READS = ['/api/v3/trade/order-info', '/api/v3/trade/unfilled-orders'];
const UID = DEMO_ACCOUNT.uid;
const CLIENT_TIMEOUT_MS = 1000;

let demo: DemoExchange;
let dir: string;
let stream: OrderStream;
let amend: AmendService;
let runs: AmendRuns;
let session: () => Promise<AmendSession>;

async function desk(withStream: boolean): Promise<void> {
  const client = new ExchangeClient({
    baseUrl: demo.url,
    credentials: DEMO_ACCOUNT,
    skews: new ClockSkews(),
    timeoutMs: CLIENT_TIMEOUT_MS,
  });
  stream = new OrderStream({ ...client.streamSettings()!, backoff: { baseDelayMs: 20, maxDelayMs: 100 } });
  if (withStream) {
    stream.start();
    await new Promise<void>((resolve) => {
      const off = stream.onState((s) => s.state === 'connected' && (off(), resolve()));
    });
  }
  session = async () => ({ profile: LOCAL_DEMO_SUMMARY, client, stream: withStream ? stream : undefined });
  openDesk();
}

/** The desk's services on the user-data folder `dir` (again after restart()). */
function openDesk(): void {
  amend = new AmendService({ session, log: new ActivityLog(dir), followTimeoutMs: 1500, followIntervalMs: 50 });
  runs = new AmendRuns({ steps: amend.steps, session, records: new RunRecords(dir) });
}

/** Activity's reads of the log the services write. */
const activity = () => new ActivityService(amend.steps.log, amend.steps);

/** UTA Desk closed and started again on the same user-data folder. */
async function restart(): Promise<void> {
  await runs.close();
  await amend.close();
  openDesk();
}

beforeEach(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 150, cancelLatencyMs: 30 });
  dir = await mkdtemp(join(tmpdir(), 'amend-runs-'));
});
afterEach(async () => {
  await runs.close();
  await amend.close();
  await stream.close();
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

/** n open BTCUSDT buys at distinct prices, as placed on the exchange. */
function place(n: number, prefix = 'run'): Array<{ orderId: string; price: string }> {
  return Array.from({ length: n }, (_, i) => {
    const o = demo.control.placeOrder({
      uid: UID,
      clientOid: `${prefix}-${i}`,
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      price: new Dec('50000.0').plus(i).toFixed(1),
      qty: '0.0100',
    });
    return { orderId: o.orderId, price: o.price };
  });
}
/** Each order's price up by one price step (0.1). */
const shifted = (orders: Array<{ orderId: string; price: string }>): ModifyOrderRequest[] =>
  orders.map((o) => ({
    orderId: o.orderId,
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    price: new Dec(o.price).plus('0.1').toFixed(1),
  }));
const log = () => demo.control.requestLog();
const batchPosts = () => log().filter((e) => e.path === BATCH).length;
const priceOf = (orderId: string) => demo.control.getOrder(UID, orderId)?.price;
const statuses = (run: BatchRun) => run.items.map((i) => i.status);
/** Waits until the run has sent `n` requests (its check is over and sending has begun). */
async function sent(id: string, n: number): Promise<void> {
  while ((await runs.get(id)).requests < n) await new Promise((r) => setTimeout(r, 5));
}

describe('a run of many amends, stream up', () => {
  beforeEach(() => desk(true));

  it('shifts 50 orders by one step in 3 requests: all applied, no 429, each item an attempt of the run', async () => {
    const orders = place(50);
    const started = await runs.start(shifted(orders));
    expect(started.counts.refused).toBe(0);
    const run = await runs.finished(started.id);
    expect(run.state).toBe('done');
    expect(run.finishedAt).toBeDefined();
    expect(run.counts).toMatchObject({ total: 50, applied: 50, inFlight: 0, queued: 0 });
    expect(run.requests).toBe(3);
    expect(batchPosts()).toBe(3);
    expect(log().filter((e) => e.status === 429)).toEqual([]);
    for (const o of orders) expect(priceOf(o.orderId)).toBe(new Dec(o.price).plus('0.1').toFixed(1));
    // Coalesced: far fewer reads than items (the check's pages plus confirmations).
    expect(log().filter((e) => READS.includes(e.path)).length).toBeLessThan(50);

    const logged = await activity().listActivity({ text: run.id });
    expect(logged.attempts).toHaveLength(50);
    expect(logged.attempts.every((a) => a.run?.id === run.id && a.run.size === 50)).toBe(true);
    const first = await amend.getAttempt(run.items[0]?.attemptId ?? '');
    expect(first.timeline.map((e) => e.label)).toEqual(expect.arrayContaining(['Rules checked', 'Sent', 'Accepted']));
    expect(first.guard.state).toBe('free');
  });

  it('an order filled before the check is refused, one filled between check and send is rejected, the others apply', async () => {
    const orders = place(30);
    // Filled before the check: no longer listed, read by Get Order Details, refused by the rules.
    demo.control.fillOrder(UID, orders[1]!.orderId);
    // The first request's answer is late, so the second request is sent after the fill.
    demo.control.delayResponses(BATCH, 300);
    const started = await runs.checked((await runs.start(shifted(orders))).id);
    expect(started.items[1]?.status).toBe('refused');
    expect(started.items[1]?.summary).toMatch(/^Refused before sending: .*completely filled/);
    const victim = orders[25]!;
    demo.control.fillOrder(UID, victim.orderId);
    const run = await runs.finished(started.id);
    const item = run.items[25]!;
    expect(item.status).toBe('rejected');
    expect(item.summary).toMatch(/code 25568/);
    expect(run.counts).toMatchObject({ applied: 28, refused: 2 });
    expect(batchPosts()).toBe(2);
  });

  it('Stop halfway: the rest is not sent and untouched, the sent ones are followed to their end', async () => {
    const orders = place(50);
    demo.control.delayResponses(BATCH, 300);
    const started = await runs.start(shifted(orders));
    await sent(started.id, 1);
    const stopped = await runs.control(started.id, 'stop');
    expect(stopped.state).toBe('stopped');
    expect(stopped.counts.notSent).toBe(30);
    const run = await runs.finished(started.id);
    expect(run.state).toBe('done');
    expect(statuses(run).slice(0, 20)).toEqual(Array(20).fill('applied'));
    expect(statuses(run).slice(20)).toEqual(Array(30).fill('not-sent'));
    expect(run.items[20]?.summary).toBe('Not sent: the run was stopped before this item was sent');
    expect(run.items[20]?.attemptId).toBeUndefined();
    expect(batchPosts()).toBe(1);
    for (const o of orders.slice(20)) expect(priceOf(o.orderId)).toBe(o.price);
    // Their orders are free again for the single desk.
    expect((await amend.getOrder({ orderId: orders[30]!.orderId })).guard.state).toBe('free');
  });

  it('a forced timeout leaves the request\'s items unknown with nothing resent; "check" resolves them', async () => {
    const orders = place(20);
    demo.control.delayResponses(BATCH, CLIENT_TIMEOUT_MS + 500);
    const started = await runs.start(shifted(orders));
    const run = await runs.finished(started.id);
    expect(run.counts.unknown).toBe(20);
    expect(run.items[0]?.summary).toMatch(/did not answer in time/);
    expect(batchPosts()).toBe(1);
    // Guarded: a single amend of one of them is refused until it is checked.
    const single = await amend.send({ orderId: orders[0]!.orderId, price: '1.0' });
    expect(single.status).toBe('refused');

    const checked = await runs.control(run.id, 'check');
    expect(checked.counts).toMatchObject({ applied: 20, unknown: 0 });
    expect(batchPosts()).toBe(1);
    const attempt = await amend.getAttempt(checked.items[0]?.attemptId ?? '');
    expect(attempt.timeline.map((e) => e.label)).toContain('Checked again');
    expect(attempt.guard.state).toBe('free');
    const logged = await activity().listActivity({ status: 'applied', text: run.id });
    expect(logged.attempts).toHaveLength(20);
  });

  it('an order being amended by a single amend is refused in a run, and the reverse', async () => {
    const orders = place(25);
    const single = await amend.send({
      orderId: orders[0]!.orderId,
      price: new Dec(orders[0]!.price).plus('0.1').toFixed(1),
    });
    expect(single.status).toBe('sending');
    demo.control.delayResponses(BATCH, 300);
    const started = await runs.start(shifted(orders).slice(0, 25));
    expect(started.items[0]?.status).toBe('refused');
    expect(started.items[0]?.summary).toMatch(/in progress/);
    // Item 24 is queued for the second request: a single amend of its order is refused.
    expect(started.items[24]?.status).toBe('queued');
    const second = await amend.send({ orderId: orders[24]!.orderId, price: '49000.0' });
    expect(second.status).toBe('refused');
    expect(second.summary).toMatch(/amend-many run/);
    const run = await runs.finished(started.id);
    expect(run.counts).toMatchObject({ applied: 24, refused: 1 });
    expect((await amend.settled(single.id)).status).toBe('applied');
  });

  it('a quantity below the filled quantity is refused before sending', async () => {
    const partial = demo.control.placeOrder({
      uid: UID,
      clientOid: 'run-partial',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      price: '50000.0',
      qty: '0.0100',
      cumExecQty: '0.0040',
      orderStatus: 'partially_filled',
    });
    const [other] = place(1);
    const { id } = await runs.start([
      { orderId: partial.orderId, qty: '0.0030' },
      ...shifted([other!]),
      { orderId: '999', price: '1.0' },
    ]);
    const started = await runs.checked(id);
    expect(started.items[0]?.status).toBe('refused');
    expect(started.items[0]?.summary).toMatch(/^Refused before sending: .*filled/);
    expect(started.items[2]?.summary).toMatch(/^Refused before sending: the order could not be read .*25204/);
    const run = await runs.finished(started.id);
    expect(run.counts).toMatchObject({ applied: 1, refused: 2 });
    expect(demo.control.getOrder(UID, partial.orderId)?.qty).toBe('0.0100');
  });

  it('pause holds the next request until resume', async () => {
    const orders = place(40);
    demo.control.delayResponses(BATCH, 200);
    const started = await runs.start(shifted(orders));
    await sent(started.id, 1);
    expect((await runs.control(started.id, 'pause')).state).toBe('paused');
    // The first request was in flight and is followed; the second waits.
    while ((await runs.get(started.id)).counts.applied < 20) await new Promise((r) => setTimeout(r, 20));
    expect(await runs.get(started.id)).toMatchObject({ state: 'paused', requests: 1 });
    expect((await runs.get(started.id)).counts.queued).toBe(20);
    expect((await runs.control(started.id, 'resume')).state).toBe('running');
    const run = await runs.finished(started.id);
    expect(run.counts.applied).toBe(40);
    expect(run.requests).toBe(2);
  });
});

describe('closing the desk during a run', () => {
  beforeEach(() => desk(true));

  it('sends nothing more; what was sent ends unknown and recorded, the rest not sent', async () => {
    const orders = place(30);
    // The engine decides long after the close, so nothing about the sent ones is known by then.
    demo.control.setEngineLatency(2000);
    demo.control.delayResponses(BATCH, 200);
    const started = await runs.start(shifted(orders));
    await sent(started.id, 1);
    await runs.close();
    const run = await runs.get(started.id);
    expect(run.state).toBe('done');
    expect(statuses(run).slice(0, 20)).toEqual(Array(20).fill('unknown'));
    expect(statuses(run).slice(20)).toEqual(Array(10).fill('not-sent'));
    expect(batchPosts()).toBe(1);
    const logged = await activity().listActivity({ text: run.id, status: 'unknown' });
    expect(logged.attempts).toHaveLength(20);
  });
});

describe('a run of many amends, stream down', () => {
  beforeEach(() => desk(false));

  it('follows 60 items by polling with the reads coalesced into pages', async () => {
    const orders = place(60);
    const run = await runs.finished((await runs.start(shifted(orders))).id);
    expect(run.counts.applied).toBe(60);
    expect(log().filter((e) => e.status === 429)).toEqual([]);
    // One read per item per poll would be ≥ 60; pages of 100 serve them all at once.
    expect(log().filter((e) => READS.includes(e.path)).length).toBeLessThan(30);
  });
});

describe('every item of the preview, the check, Cancel and the status words', () => {
  beforeEach(() => desk(true));

  it('answers at once while checking; Cancel then sends nothing and says so', async () => {
    const orders = place(30);
    // The check's reads are slow: the run is still checking when Cancel comes.
    demo.control.delayResponses('/api/v3/trade/unfilled-orders', 800);
    demo.control.delayResponses('/api/v3/trade/order-info', 800);
    const started = await runs.start(shifted(orders));
    expect(started).toMatchObject({ state: 'checking', checked: 0, requests: 0 });
    expect(started.counts.queued).toBe(30);
    const cancelled = await runs.control(started.id, 'stop');
    expect(cancelled.state).not.toBe('checking');
    const run = await runs.finished(started.id);
    expect(run).toMatchObject({ state: 'done', stoppedBy: 'operator', requests: 0 });
    expect(run.counts).toMatchObject({ total: 30, notSent: 30, applied: 0 });
    expect(runStatusWords(run)).toBe('Cancelled before sending — nothing was sent (30 not sent)');
    expect(runBarValue(run)).toBe(0);
    expect(batchPosts()).toBe(0);
    for (const o of orders) expect(priceOf(o.orderId)).toBe(o.price);
    expect((await amend.getOrder({ orderId: orders[3]!.orderId })).guard.state).toBe('free');
  });

  it('a stopped run says what happened, and its bar is never full for items not sent', async () => {
    const orders = place(50);
    demo.control.delayResponses(BATCH, 300);
    const started = await runs.start(shifted(orders));
    await sent(started.id, 1);
    await runs.control(started.id, 'stop');
    const run = await runs.finished(started.id);
    expect(run).toMatchObject({ state: 'done', stoppedBy: 'operator' });
    expect(runStatusWords(run)).toBe('Stopped — 20 applied, 30 not sent');
    expect(runBarValue(run)).toBe(20);
    // Activity reads the same facts for the run.
    const [summary] = await runs.summaries([run.id]);
    expect(summary).toMatchObject({ stoppedBy: 'operator', counts: { applied: 20, notSent: 30, total: 50 } });
  });

  it("the preview's refused and excluded rows are items of the run: the counts add up to the selection", async () => {
    const orders = place(3);
    const [ready, refused, excluded] = shifted(orders);
    const started = await runs.start(
      [ready!],
      [
        { request: refused!, verdict: 'refused', why: 'The price is not on the price step 0.1.' },
        {
          request: { ...excluded!, price: undefined },
          verdict: 'excluded',
          why: 'The rule leaves this order as it is',
        },
      ],
    );
    expect(started.counts.total).toBe(3);
    const run = await runs.finished(started.id);
    expect(run.counts).toMatchObject({ total: 3, applied: 1, refused: 1, excluded: 1 });
    expect(run.items.map((i) => i.status)).toEqual(['applied', 'refused', 'excluded']);
    expect(run.items[1]?.summary).toBe(
      'Refused in the preview: The price is not on the price step 0.1. Nothing was sent.',
    );
    expect(run.items[2]?.summary).toBe(
      'Excluded in the preview: The rule leaves this order as it is. Nothing was sent.',
    );
    expect(runStatusWords(run)).toBe('Finished — 1 applied, 1 refused, 1 excluded');
    expect(batchPosts()).toBe(1);
    expect(priceOf(orders[1]!.orderId)).toBe(orders[1]!.price);
    const logged = await activity().listActivity({ text: run.id });
    expect(logged.attempts.map((a) => a.status).sort()).toEqual(['applied', 'refused']);
    expect(logged.attempts.every((a) => a.run?.size === 3)).toBe(true);
  });
});

describe('after a restart', () => {
  beforeEach(() => desk(true));

  it('a run closed midway is listed again with its items; Check again decides the unknown ones', async () => {
    const orders = place(30);
    demo.control.setEngineLatency(600);
    demo.control.delayResponses(BATCH, 200);
    // Started from the command line: the run and its items say so after the restart too.
    const source = { host: 'cli', user: 'alice' } as const;
    const started = await runs.start(shifted(orders), [], source);
    await sent(started.id, 1);
    await restart();

    const [listed] = await runs.unfinished();
    expect(listed).toMatchObject({ id: started.id, restored: true, stoppedBy: 'desk-stopped', state: 'done', source });
    expect(listed?.counts).toMatchObject({ total: 30, unknown: 20, notSent: 10 });
    expect(runStatusWords(listed!)).toBe('Interrupted: UTA Desk stopped during the run — 20 unknown, 10 not sent');
    const restored = await runs.get(started.id);
    expect(restored.items[0]?.summary).toMatch(/Use Check again on the run/);
    expect(restored.items[25]).toMatchObject({ status: 'not-sent', request: shifted(orders)[25] });
    expect((await activity().listActivity({ text: started.id })).attempts.map((a) => a.source)).toEqual(
      Array.from({ length: 20 }, () => source),
    );

    // The engine has applied the first request by now: Check again reads it, and sends nothing.
    for (const o of orders.slice(0, 20)) {
      await expect.poll(() => priceOf(o.orderId)).toBe(new Dec(o.price).plus('0.1').toFixed(1));
    }
    const checked = await runs.control(started.id, 'check');
    expect(checked.counts).toMatchObject({ applied: 20, unknown: 0, notSent: 10 });
    expect(batchPosts()).toBe(1);
    expect((await runs.summaries([started.id]))[0]?.counts.applied).toBe(20);
  });

  it('Check again on one attempt: of a restored run, or a single amend', async () => {
    const orders = place(2);
    demo.control.delayResponses('/api/v3/trade/modify-order', CLIENT_TIMEOUT_MS + 500, 1);
    const single = await amend.send({
      orderId: orders[0]!.orderId,
      price: new Dec(orders[0]!.price).plus('0.1').toFixed(1),
    });
    expect((await amend.settled(single.id)).status).toBe('unknown');
    await restart();
    const checked = await runs.checkAttempt(single.id);
    expect(checked.status).toBe('applied');
    expect(checked.timeline.map((e) => e.label)).toContain('Checked again');
    expect((await activity().listActivity({ status: 'unknown' })).attempts).toHaveLength(0);
  });
});
