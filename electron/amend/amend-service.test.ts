import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActivityLog } from '../activity/activity-log';
import { ActivityService } from '../activity/activity-service';
import { deskError } from '../../shared/errors';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { ExchangeClient } from '../exchange/client';
import { AmendService } from './amend-service';
import { LOCAL_DEMO_SUMMARY } from '../../shared/testing/local-demo-profile';

const MODIFY = '/api/v3/trade/modify-order';
const BTC = { clientOid: 'demo-btc-open' } as const;
const BTC_ID = '1387296516478935041';
const SOL = { clientOid: 'demo-sol-partial' } as const;

const profile = LOCAL_DEMO_SUMMARY;

let demo: DemoExchange;
let dir: string;
const services: AmendService[] = [];

function desk(opts: { timeoutMs?: number; followTimeoutMs?: number } = {}) {
  const client = new ExchangeClient({ baseUrl: demo.url, credentials: DEMO_ACCOUNT, timeoutMs: opts.timeoutMs });
  const log = new ActivityLog(dir);
  const service = new AmendService({
    session: async () => ({ profile, client }),
    log,
    followTimeoutMs: opts.followTimeoutMs ?? 1500,
    followIntervalMs: 40,
  });
  services.push(service);
  return { service, log };
}

const modifies = () => demo.control.requestLog().filter((e) => e.path === MODIFY);

beforeEach(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 120, cancelLatencyMs: 40 });
  dir = await mkdtemp(join(tmpdir(), 'amend-'));
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

describe('main as the authority', () => {
  it('refuses a rule-breaking payload without sending it (instrument fetched by main)', async () => {
    const { service } = desk();
    const a = await service.send({ ...BTC, price: '60000.05', category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
    expect(a.status).toBe('refused');
    expect(a.error).toMatchObject({ kind: 'rule', code: '25610' });
    expect(a.summary).toMatch(/^Refused before sending: Price allows at most 1 decimal place \(and 1 more\)/);
    expect(modifies()).toEqual([]);
  });

  it('uses the order as main last saw it: a filled order and a quantity not above the filled one are refused', async () => {
    const { service } = desk();
    await service.getOrder({ clientOid: 'demo-eth-filled' });
    const filled = await service.send({ clientOid: 'demo-eth-filled', price: '3100.00' });
    expect(filled.status).toBe('refused');
    expect(filled.error?.details).toContain('The order is completely filled and can no longer be modified');

    await service.getOrder(SOL);
    // No category or symbol given: main takes them from the order it saw and checks the instrument too.
    const below = await service.send({ ...SOL, qty: '4.000' });
    expect(below.error?.details).toEqual(['Quantity must be greater than the filled quantity 4 SOL']);
    const precision = await service.send({ ...SOL, price: '152.405' });
    expect(precision.error?.details).toEqual(['Price allows at most 2 decimal places']);
    expect(modifies()).toEqual([]);
  });

  it('refuses an instrument the exchange does not list', async () => {
    const { service } = desk();
    const a = await service.send({ ...BTC, price: '1', category: 'SPOT', symbol: 'NOPEUSDT' });
    expect(a.status).toBe('refused');
    expect(a.error?.code).toBe('25100');
    expect(modifies()).toEqual([]);
  });

  it('fetches an instrument once per minute for repeated checks', async () => {
    const { service } = desk();
    for (const price of ['1.05', '1.15', '1.25']) {
      await service.send({ ...BTC, price, category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
    }
    expect(demo.control.requestLog().filter((e) => e.path === '/api/v3/market/instruments')).toHaveLength(1);
  });
});

describe('sending and following', () => {
  it('follows an accepted modification until the new values show (applied)', async () => {
    const { service } = desk();
    await service.getOrder(BTC);
    const sent = await service.send({ ...BTC, price: '60010.0' });
    expect(sent.status).toBe('sending');
    expect(sent.before?.price).toBe('60000.0');
    const done = await service.settled(sent.id);
    expect(done.status).toBe('applied');
    expect(done.summary).toBe('Applied: price 60000.0 → 60010.0.');
    expect(done.answer?.code).toBe('00000');
    const labels = done.timeline.map((e) => e.label);
    expect(labels.slice(0, 4)).toEqual(['Rules checked', 'Sent', 'Accepted', 'First read of the order']);
    expect(labels.at(-1)).toBe('Applied');
    expect(demo.control.getOrder(DEMO_ACCOUNT.uid, 'demo-btc-open')?.price).toBe('60010.0');
    // The order is free again: a second change goes through.
    const second = await service.settled((await service.send({ ...BTC, qty: '0.0200' })).id);
    expect(second.status).toBe('applied');
    expect(demo.control.getOrder(DEMO_ACCOUNT.uid, 'demo-btc-open')?.qty).toBe('0.0200');
  });

  it('refuses a second modification of the same order while one is unresolved', async () => {
    const { service } = desk();
    demo.control.delayResponses(MODIFY, 300, 1);
    const [first, second] = await Promise.all([
      service.send({ ...BTC, price: '60010.0' }),
      service.send({ ...BTC, price: '60020.0' }),
    ]);
    expect(first.status).toBe('sending');
    expect(second.status).toBe('refused');
    expect(second.error?.kind).toBe('conflict');
    expect(second.summary).toMatch(/^Refused: A modification of order demo-btc-open is in progress: it was sent at/);
    expect((await service.settled(first.id)).status).toBe('applied');
    expect(modifies()).toHaveLength(1);
  });

  it('learns the other identifier from the accepted answer and guards the order under both', async () => {
    const { service } = desk({ followTimeoutMs: 3000 });
    demo.control.setEngineLatency(1500);
    const first = await service.send({ ...BTC, price: '60010.0' });
    while ((await service.getAttempt(first.id)).status === 'sending') await new Promise((r) => setTimeout(r, 20));
    expect((await service.getAttempt(first.id)).status).toBe('following');
    const byId = await service.send({ orderId: BTC_ID, price: '60030.0' });
    expect(byId.status).toBe('refused');
    expect(byId.error?.kind).toBe('conflict');
    expect((await service.settled(first.id)).status).toBe('applied');
    expect(modifies()).toHaveLength(1);
  });

  it('auto-cancel off: a failing change leaves the order unchanged (failed, rule 4)', async () => {
    const { service } = desk({ followTimeoutMs: 800 });
    const sent = await service.send({ ...SOL, qty: '3', autoCancel: 'no' });
    const done = await service.settled(sent.id);
    expect(done.status).toBe('failed');
    expect(done.summary).toBe(
      'The modification was not applied; the original order is unchanged (auto-cancel was off).',
    );
    expect(done.timeline.at(-1)?.detail).toMatch(/^The order was unchanged in \d+ reads over 0\.\d s$/);
    const order = demo.control.getOrder(DEMO_ACCOUNT.uid, 'demo-sol-partial');
    expect(order).toMatchObject({ qty: '10.000', orderStatus: 'partially_filled' });
    // Not locked: the order can be modified again.
    expect((await service.getOrder(SOL)).guard.state).toBe('free');
  });

  it('auto-cancel on: a failing change cancels the order, which is then locked (rule 3)', async () => {
    const { service } = desk();
    const done = await service.settled((await service.send({ ...SOL, qty: '3', autoCancel: 'yes' })).id);
    expect(done.status).toBe('cancelled');
    expect(done.after?.orderStatus).toBe('cancelled');
    expect(done.summary).toMatch(/auto-cancel cancelled the order\. It can no longer be modified\./);
    const again = await service.send({ ...SOL, qty: '6' });
    expect(again.status).toBe('refused');
    expect(again.error?.kind).toBe('conflict');
    expect(again.summary).toMatch(/cancelled by auto-cancel/);
    // Locked under the orderId too, and reading the order does not lift the lock.
    const { guard } = await service.getOrder({ orderId: '1387296516478935043' });
    expect(guard.state).toBe('locked');
    expect((await service.send({ orderId: '1387296516478935043', price: '150.00' })).status).toBe('refused');
    expect(modifies()).toHaveLength(1);
  });

  it('locks an order when the exchange answers 25573 (cancelled by auto-cancel elsewhere)', async () => {
    const first = desk().service;
    expect((await first.settled((await first.send({ ...SOL, qty: '3', autoCancel: 'yes' })).id)).status).toBe(
      'cancelled',
    );
    const other = desk().service;
    const rejected = await other.settled((await other.send({ ...SOL, qty: '6' })).id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.error?.code).toBe('25573');
    expect(rejected.summary).toMatch(/^Rejected: The order was cancelled by a failed auto-cancel/);
    expect((await other.send({ ...SOL, qty: '7' })).status).toBe('refused');
    expect(modifies()).toHaveLength(2);
  });

  it('records an exchange rejection with its code and frees the order', async () => {
    const { service } = desk();
    const done = await service.settled((await service.send({ clientOid: 'no-such-order', price: '1' })).id);
    expect(done.status).toBe('rejected');
    expect(done.answer?.code).toBe('25204');
    expect(done.summary).toMatch(/order does not exist .*code 25204/);
    expect((await service.settled((await service.send({ clientOid: 'no-such-order', price: '2' })).id)).status).toBe(
      'rejected',
    );
  });

  it('says each sentence of a rejection once: the summary explains, the timeline records the answer', async () => {
    const { service } = desk();
    const done = await service.settled((await service.send({ clientOid: 'demo-offline-open', price: '0.95' })).id);
    expect(done.status).toBe('rejected');
    expect(done.summary).toBe(
      'Rejected: This trading pair is closed for maintenance (code 25102). Nothing was changed.',
    );
    const last = done.timeline.at(-1);
    expect(last?.label).toBe('Rejected');
    expect(last?.detail).toMatch(/^code 25102 · HTTP \d{3}$/);
    const everything = [done.summary, ...done.timeline.map((e) => e.detail ?? '')].join(' ').toLowerCase();
    expect(everything.split('closed for maintenance').length - 1).toBe(1);
  });

  it('a modify without an answer in time is unknown; nothing more is sent until the order is loaded again', async () => {
    const { service } = desk({ timeoutMs: 250 });
    demo.control.delayResponses(MODIFY, 1500, 1);
    const done = await service.settled((await service.send({ ...BTC, price: '60010.0' })).id);
    expect(done.status).toBe('unknown');
    expect(done.summary).toBe(
      'Outcome unknown — the exchange did not answer in time. Load the order to check before sending again.',
    );
    expect(done.error).toMatchObject({ kind: 'timeout', mayHaveTakenEffect: true });
    const blocked = await service.send({ ...BTC, price: '60020.0' });
    expect(blocked.status).toBe('refused');
    expect(blocked.summary).toMatch(/outcome of the last modification of this order is unknown/);
    expect(modifies()).toHaveLength(1);
    // Loading the order shows what happened (the demo applied it) and lifts the guard.
    const { order, guard } = await service.getOrder(BTC);
    expect(order.price).toBe('60010.0');
    expect(guard.state).toBe('free');
    expect((await service.settled((await service.send({ ...BTC, price: '60020.0' })).id)).status).toBe('applied');
  });

  it('auto-cancel on and neither the new values nor a cancellation in time: unknown, and guarded', async () => {
    const { service } = desk({ followTimeoutMs: 400 });
    demo.control.setEngineLatency(3000);
    const done = await service.settled((await service.send({ ...BTC, price: '60010.0', autoCancel: 'yes' })).id);
    expect(done.status).toBe('unknown');
    expect(done.summary).toMatch(
      /^Outcome unknown — the order showed neither the new values nor a cancellation within 0\.\d s/,
    );
    expect((await service.send({ ...BTC, price: '60020.0' })).status).toBe('refused');
    expect(modifies()).toHaveLength(1);
  });

  it('a connection broken after sending is unknown too, and a refused connection is not', async () => {
    const real = new ExchangeClient({ baseUrl: demo.url, credentials: DEMO_ACCOUNT });
    let failure = deskError('network', 'Connection reset', { mayHaveTakenEffect: true });
    const client = {
      getOrder: real.getOrder.bind(real),
      getOpenOrders: real.getOpenOrders.bind(real),
      getInstruments: real.getInstruments.bind(real),
      modifyOrder: () => Promise.reject(failure),
    };
    const service = new AmendService({ session: async () => ({ profile, client }), log: new ActivityLog(dir) });
    services.push(service);
    const broken = await service.settled((await service.send({ ...BTC, price: '60010.0' })).id);
    expect(broken.status).toBe('unknown');
    expect(broken.summary).toMatch(/^Outcome unknown — the connection broke after the request was sent/);

    failure = deskError('network', 'Could not reach the exchange (ECONNREFUSED).', { mayHaveTakenEffect: false });
    const other = await service.settled((await service.send({ clientOid: 'demo-eth-spot-open', price: '2900.0' })).id);
    // Nothing left the machine: refused, as a send that could not be recorded is, never the exchange's "rejected".
    expect(other.status).toBe('refused');
    expect(other.summary).toBe('Not sent: Could not reach the exchange (ECONNREFUSED). Nothing reached the exchange.');
    expect(other.timeline.at(-1)?.label).toBe('Not sent');

    // The client's own words already say so: not said twice.
    failure = deskError('network', 'Could not connect to 127.0.0.1:1: nothing was sent.', {
      mayHaveTakenEffect: false,
    });
    const third = await service.settled((await service.send({ clientOid: 'demo-sol-partial', price: '150.00' })).id);
    expect(third.summary).toBe('Not sent: Could not connect to 127.0.0.1:1: nothing was sent.');
  });

  it('stopping the desk mid-follow leaves the attempt unknown, never applied by guess', async () => {
    const { service } = desk({ followTimeoutMs: 5000 });
    demo.control.setEngineLatency(3000);
    const sent = await service.send({ ...BTC, price: '60010.0' });
    await new Promise((r) => setTimeout(r, 200));
    await service.close();
    expect((await service.getAttempt(sent.id)).status).toBe('unknown');
  });
});

describe('the guard answered with every attempt', () => {
  it('is in flight while the attempt runs, under its id, and free once it applied', async () => {
    const { service } = desk();
    demo.control.delayResponses(MODIFY, 300, 1);
    const sent = await service.send({ ...BTC, price: '60010.0' });
    expect(sent.guard).toMatchObject({ state: 'in-flight', attemptId: sent.id });
    expect(sent.guard.reason).toMatch(/^A modification of order demo-btc-open is in progress/);
    // A second send is refused, and its answer carries the guard of the first.
    const refused = await service.send({ ...BTC, price: '60020.0' });
    expect(refused.status).toBe('refused');
    expect(refused.guard).toMatchObject({ state: 'in-flight', attemptId: sent.id });
    await service.settled(sent.id);
    expect((await service.getAttempt(sent.id)).guard).toEqual({ state: 'free' });
    expect((await service.getAttempt(refused.id)).guard).toEqual({ state: 'free' });
  });

  it('is free after a refusal by a rule: nothing was sent', async () => {
    const { service } = desk();
    const a = await service.send({ ...BTC, price: '60000.05', category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
    expect(a.status).toBe('refused');
    expect(a.guard).toEqual({ state: 'free' });
  });

  it('is locked after auto-cancel cancelled the order, under the identifier the exchange told too', async () => {
    const { service } = desk();
    const sent = await service.send({ ...SOL, qty: '3', autoCancel: 'yes' });
    await service.settled(sent.id);
    const done = await service.getAttempt(sent.id);
    expect(done.status).toBe('cancelled');
    expect(done.guard).toMatchObject({ state: 'locked', attemptId: sent.id });
    expect(done.guard.reason).toMatch(/cancelled by auto-cancel after a failed modification/);
    const byId = await service.send({ orderId: '1387296516478935043', qty: '6' });
    expect(byId.guard).toMatchObject({ state: 'locked', attemptId: sent.id });
  });

  it('is locked after the exchange answered 25573', async () => {
    const first = desk().service;
    await first.settled((await first.send({ ...SOL, qty: '3', autoCancel: 'yes' })).id);
    const other = desk().service;
    const sent = await other.send({ ...SOL, qty: '6' });
    await other.settled(sent.id);
    expect((await other.getAttempt(sent.id)).guard.state).toBe('locked');
  });

  it('is unknown after an unanswered modify, and free once the order was read again', async () => {
    const { service } = desk({ timeoutMs: 250 });
    demo.control.delayResponses(MODIFY, 1500, 1);
    const sent = await service.send({ ...BTC, price: '60010.0' });
    await service.settled(sent.id);
    expect((await service.getAttempt(sent.id)).guard).toMatchObject({ state: 'unknown', attemptId: sent.id });
    await service.getOrder(BTC);
    expect((await service.getAttempt(sent.id)).guard).toEqual({ state: 'free' });
  });

  it('is free for an attempt of an earlier session: this one holds no guard on its order', async () => {
    const { service } = desk();
    const applied = await service.settled((await service.send({ ...BTC, price: '60010.0' })).id);
    await service.close();
    await new Promise((r) => setTimeout(r, 50));
    const restarted = desk().service;
    expect(await restarted.getAttempt(applied.id)).toMatchObject({ id: applied.id, guard: { state: 'free' } });
  });
});

describe('the guards answered with open orders', () => {
  const FUTURES = { category: 'USDT-FUTURES' } as const;
  const OTHER_DESK =
    '1387…041 is being amended by alice on desk-2: in flight since 10:42:05 UTC. Nothing is sent from this desk.';

  it('names the order in flight by its Order ID, with main’s words, and none of the free ones', async () => {
    const { service } = desk();
    // The modify's answer is held back: the single amend stays in flight while the page is read.
    demo.control.delayResponses(MODIFY, 1000, 1);
    // Named by its client order ID only, and never loaded: main still finds it on the page.
    const sent = await service.send({ ...BTC, price: '60010.0', category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
    expect(sent.status).toBe('sending');
    const page = await service.listOpenOrders(FUTURES);
    expect(page.list.map((o) => o.orderId)).toContain(BTC_ID);
    expect(page.list.length).toBeGreaterThan(1);
    expect(page.guards).toEqual({ [BTC_ID]: sent.guard });
    expect(page.guards[BTC_ID]).toMatchObject({ state: 'in-flight', attemptId: sent.id });
    expect(page.guards[BTC_ID]?.reason).toMatch(
      /^A modification of order demo-btc-open is in progress: it was sent at/,
    );

    // Once it applied, the order is free: the next page names no guard.
    expect((await service.settled(sent.id)).status).toBe('applied');
    expect((await service.listOpenOrders(FUTURES)).guards).toEqual({});
  });

  it('names a guard another desk holds, with the holder’s words, only for orders the page lists', async () => {
    const { service } = desk();
    service.steps.profileState(profile.id).guards.setElsewhere([
      { orderKey: `orderId:${BTC_ID}`, state: 'in-flight', attemptId: 'desk-2-attempt', reason: OTHER_DESK },
      // SOL is a spot order: not on a page of USDT-FUTURES.
      {
        orderKey: `clientOid:${SOL.clientOid}`,
        state: 'locked',
        attemptId: 'desk-2-other',
        reason: 'Locked elsewhere.',
      },
    ]);
    const page = await service.listOpenOrders(FUTURES);
    expect(page.guards).toEqual({
      [BTC_ID]: { state: 'in-flight', attemptId: 'desk-2-attempt', reason: OTHER_DESK },
    });
    const spot = await service.listOpenOrders({ category: 'SPOT' });
    const solId = spot.list.find((o) => o.clientOid === SOL.clientOid)?.orderId ?? '';
    expect(spot.guards).toEqual({ [solId]: expect.objectContaining({ state: 'locked' }) });

    // The desk, loading the order, is told the same words; a send is refused with them, nothing sent.
    const loaded = await service.getOrder(BTC);
    expect(loaded.guard).toMatchObject({ state: 'in-flight', reason: OTHER_DESK });
    const refused = await service.send({ ...BTC, price: '60010.0' });
    expect(refused.status).toBe('refused');
    expect(refused.summary).toBe(`Refused: ${OTHER_DESK}`);
    expect(modifies()).toEqual([]);
  });
});

describe('activity', () => {
  it('records every attempt in the log, readable after a restart', async () => {
    const { service } = desk();
    await service.send({ ...BTC, price: '60000.05', category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
    const applied = await service.settled((await service.send({ ...BTC, price: '60010.0' })).id);
    await service.close();
    // Let the last appends land.
    await new Promise((r) => setTimeout(r, 50));
    const restarted = desk().service;
    const { attempts, skippedLines } = await new ActivityService(restarted.steps.log, restarted.steps).listActivity({});
    expect(skippedLines).toBe(0);
    expect(attempts.map((a) => a.status)).toEqual(['applied', 'refused']);
    expect(attempts[0]).toMatchObject({ id: applied.id, profileName: 'Local demo', environment: 'local-demo' });
    expect(attempts[0]?.finishedAt).toBeGreaterThanOrEqual(attempts[0]?.startedAt ?? Infinity);
    expect(JSON.stringify(attempts)).not.toContain(DEMO_ACCOUNT.secretKey);
    expect((await restarted.getAttempt(applied.id)).status).toBe('applied');
    await expect(restarted.getAttempt('nope')).rejects.toMatchObject({ data: { kind: 'not-found' } });
  });
});
