/** The matching engine: latency, the in-flight window (25114), failures and autoCancel (25573). */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from './accounts';
import { fixtureState } from './rule-test-state';
import { eventually, modify, orderInfo, signedRequest, sleep, startTestExchange } from './test-support';

type WireOrder = Record<string, unknown> & { price: string; qty: string; orderStatus: string; updatedTime: string };

const ENGINE_MS = 120;
const CANCEL_MS = 150;

async function exchange() {
  return startTestExchange({ state: fixtureState(), engineLatencyMs: ENGINE_MS, cancelLatencyMs: CANCEL_MS });
}

async function info(ex: Awaited<ReturnType<typeof exchange>>, clientOid: string): Promise<WireOrder> {
  const res = await orderInfo<WireOrder>(ex, { clientOid });
  expect(res.body.code).toBe('00000');
  return res.body.data;
}

const settled = (ex: Awaited<ReturnType<typeof exchange>>, clientOid: string) => () =>
  ex.control.getOrder(DEMO_ACCOUNT.uid, clientOid)?.pendingModification === null;

describe('matching engine: successful modifications', () => {
  it('applies the change after the latency, with a new updatedTime and the same status', async () => {
    const ex = await exchange();
    const before = await info(ex, 'fut');
    const t0 = Date.now();
    expect((await modify(ex, { clientOid: 'fut', price: '101.50', qty: '2.5' })).body.code).toBe('00000');
    expect(await info(ex, 'fut')).toEqual(before);
    await eventually(settled(ex, 'fut'));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(ENGINE_MS - 5);
    const after = await info(ex, 'fut');
    expect(after).toMatchObject({ price: '101.50', qty: '2.500', orderStatus: 'live' });
    expect(Number(after.updatedTime)).toBeGreaterThan(Number(before.updatedTime));
    expect(after.createdTime).toBe(before.createdTime);
  });

  it('keeps partially_filled and new orders in their status', async () => {
    const ex = await exchange();
    await modify(ex, { clientOid: 'partial', qty: '3.000' });
    await modify(ex, { clientOid: 'new', price: '99.00' });
    await eventually(settled(ex, 'partial'));
    await eventually(settled(ex, 'new'));
    expect(await info(ex, 'partial')).toMatchObject({
      qty: '3.000',
      cumExecQty: '1.000',
      orderStatus: 'partially_filled',
    });
    expect(await info(ex, 'new')).toMatchObject({ price: '99.00', orderStatus: 'new' });
  });

  it('follows setEngineLatency for later submissions', async () => {
    const ex = await exchange();
    ex.control.setEngineLatency(400);
    await modify(ex, { clientOid: 'fut', price: '101.00' });
    await sleep(ENGINE_MS + 80);
    expect(ex.control.getOrder(DEMO_ACCOUNT.uid, 'fut')?.pendingModification).not.toBeNull();
    await eventually(settled(ex, 'fut'));
    expect((await info(ex, 'fut')).price).toBe('101.00');
  });

  it('runEngineNow: pending modifications apply at once, and an auto-cancel completes', async () => {
    const ex = await exchange();
    ex.control.setEngineLatency(60_000);
    ex.control.setCancelLatency(60_000);
    await modify(ex, { clientOid: 'fut', price: '101.00' });
    await modify(ex, { clientOid: 'partial', qty: '0.5', autoCancel: 'yes' });
    expect(ex.control.getOrder(DEMO_ACCOUNT.uid, 'fut')?.pendingModification).not.toBeNull();
    // Two modifications, then the cancelling phase the failed one started.
    expect(ex.control.runEngineNow()).toBe(3);
    expect(ex.control.getOrder(DEMO_ACCOUNT.uid, 'fut')).toMatchObject({ price: '101.00', pendingModification: null });
    expect(ex.control.getOrder(DEMO_ACCOUNT.uid, 'partial')).toMatchObject({
      orderStatus: 'cancelled',
      autoCancelPhase: 'cancelled',
    });
    expect(await info(ex, 'fut')).toMatchObject({ price: '101.00' });
    // Nothing is left for later.
    expect(ex.control.runEngineNow()).toBe(0);
  });
});

describe('matching engine: the in-flight window (25114)', () => {
  it('refuses further modifications until the engine has applied the pending one', async () => {
    const ex = await exchange();
    // A window that outlasts the two requests made inside it on a loaded machine too.
    ex.control.setEngineLatency(2_000);
    expect((await modify(ex, { clientOid: 'fut', price: '101.00' })).body.code).toBe('00000');
    expect((await modify(ex, { clientOid: 'fut', price: '102.00' })).body.code).toBe('25114');
    // by orderId as well: it is the order that is busy, not the reference
    expect((await modify(ex, { orderId: '1000000000000000001', qty: '2' })).body.code).toBe('25114');
    await eventually(settled(ex, 'fut'), 6_000);
    expect((await modify(ex, { clientOid: 'fut', price: '102.00' })).body.code).toBe('00000');
  });

  it('answers 25114 before every other order-related check', async () => {
    const ex = await exchange();
    // Six requests inside the window: a window longer than any machine needs for them.
    ex.control.setEngineLatency(60_000);
    await modify(ex, { clientOid: 'fut', price: '101.00' });
    ex.control.setInstrumentStatus('USDT-FUTURES', 'TESTUSDT', 'offline');
    const bodies = [
      { clientOid: 'fut', price: '101.001' },
      { clientOid: 'fut', qty: '1000' },
      { clientOid: 'fut', price: '101.00', symbol: 'OTHERUSDT' },
      { clientOid: 'fut', price: '101.00', category: 'SPOT' },
      { clientOid: 'fut', price: '101.00' },
    ];
    for (const body of bodies) expect((await modify(ex, body)).body.code).toBe('25114');
    // …but not before the request-level parameter checks, which need no order at all
    expect((await modify(ex, { clientOid: 'fut', price: '-1' })).body.code).toBe('40017');
  });
});

describe('matching engine: failures', () => {
  it('autoCancel=no: the order stays exactly as it was, updatedTime included', async () => {
    const ex = await exchange();
    const before = await info(ex, 'partial');
    // qty not above the filled 1.000: accepted at request time, failed by the engine
    expect((await modify(ex, { clientOid: 'partial', qty: '1.000', autoCancel: 'no' })).body.code).toBe('00000');
    await eventually(settled(ex, 'partial'));
    expect(await info(ex, 'partial')).toEqual(before);
    expect(ex.control.getOrder(DEMO_ACCOUNT.uid, 'partial')?.autoCancelPhase).toBe('none');
    // and it can be modified again
    expect((await modify(ex, { clientOid: 'partial', qty: '4' })).body.code).toBe('00000');
  });

  it('autoCancel=yes: the order is cancelled; 25573 during the cancellation and after', async () => {
    const ex = await exchange();
    expect((await modify(ex, { clientOid: 'partial', qty: '0.5', autoCancel: 'yes' })).body.code).toBe('00000');
    expect((await modify(ex, { clientOid: 'partial', price: '101.00' })).body.code).toBe('25114');
    await eventually(() => ex.control.getOrder(DEMO_ACCOUNT.uid, 'partial')?.autoCancelPhase === 'cancelling');
    // in flight while the cancel happens: already refused
    const during = await Promise.all([
      modify(ex, { clientOid: 'partial', price: '101.00' }),
      modify(ex, { orderId: ex.control.getOrder(DEMO_ACCOUNT.uid, 'partial')?.orderId, qty: '5' }),
    ]);
    expect(during.map((r) => r.body.code)).toEqual(['25573', '25573']);
    expect(ex.control.getOrder(DEMO_ACCOUNT.uid, 'partial')?.autoCancelPhase).toBe('cancelling');
    await eventually(() => ex.control.getOrder(DEMO_ACCOUNT.uid, 'partial')?.autoCancelPhase === 'cancelled');
    const after = await info(ex, 'partial');
    expect(after).toMatchObject({ orderStatus: 'cancelled', cancelReason: expect.stringMatching(/.+/), qty: '2.000' });
    // every later request, whatever it asks, gets 25573
    for (const body of [
      { clientOid: 'partial', price: '101.00' },
      { clientOid: 'partial', qty: '9' },
    ]) {
      expect((await modify(ex, body)).body.code).toBe('25573');
    }
    const open = await signedRequest<{ list: Array<{ clientOid: string }> }>(
      ex,
      'GET',
      '/api/v3/trade/unfilled-orders',
    );
    expect(open.body.data.list.map((o) => o.clientOid)).not.toContain('partial');
  });

  it('fails the modification when the instrument stops trading meanwhile', async () => {
    const ex = await exchange();
    const before = await info(ex, 'fut');
    await modify(ex, { clientOid: 'fut', price: '101.00', autoCancel: 'no' });
    await modify(ex, { clientOid: 'fut2', price: '101.00', autoCancel: 'yes' });
    ex.control.setInstrumentStatus('USDT-FUTURES', 'TESTUSDT', 'restrictedAPI');
    await eventually(settled(ex, 'fut'));
    expect(await info(ex, 'fut')).toEqual(before);
    await eventually(() => ex.control.getOrder(DEMO_ACCOUNT.uid, 'fut2')?.autoCancelPhase === 'cancelled');
    expect((await info(ex, 'fut2')).orderStatus).toBe('cancelled');
    expect((await modify(ex, { clientOid: 'fut2', price: '102.00' })).body.code).toBe('25573');
    // fut was not cancelled: it answers for the instrument again
    expect((await modify(ex, { clientOid: 'fut', price: '102.00' })).body.code).toBe('25101');
  });

  it('succeeds when the new qty exceeds the filled quantity', async () => {
    const ex = await exchange();
    await modify(ex, { clientOid: 'partial', qty: '1.01', autoCancel: 'yes' });
    await eventually(settled(ex, 'partial'));
    expect(await info(ex, 'partial')).toMatchObject({ qty: '1.010', orderStatus: 'partially_filled' });
  });
});

describe('late answers (delayResponses)', () => {
  it('processes the request at once and only holds back the answer', async () => {
    const ex = await exchange();
    ex.control.delayResponses('/api/v3/trade/modify-order', 1_000);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 150);
    const late = signedRequest(ex, 'POST', '/api/v3/trade/modify-order', {
      body: JSON.stringify({ clientOid: 'fut', price: '103.00' }),
      signal: abort.signal,
    });
    await expect(late).rejects.toThrow();
    clearTimeout(timer);
    // The client timed out, yet the modification was accepted and is applied.
    await eventually(async () => (await info(ex, 'fut')).price === '103.00');
    // count defaults to 1: the next answer is on time
    const t0 = Date.now();
    expect((await modify(ex, { clientOid: 'fut', price: '104.00' })).body.code).toBe('00000');
    expect(Date.now() - t0).toBeLessThan(500);
    expect(
      ex.control
        .requestLog()
        .filter((e) => e.path === '/api/v3/trade/modify-order')
        .map((e) => e.code),
    ).toEqual(['00000', '00000']);
  });

  it('delays the next `count` answers on a path prefix', async () => {
    const ex = await exchange();
    ex.control.delayResponses('/api/v2/public', 400, 2);
    const timed = async () => {
      const t0 = Date.now();
      await fetch(`${ex.url}/api/v2/public/time`).then((r) => r.json());
      return Date.now() - t0;
    };
    expect(await timed()).toBeGreaterThanOrEqual(390);
    expect(await timed()).toBeGreaterThanOrEqual(390);
    expect(await timed()).toBeLessThan(300);
  });

  it('releaseResponses sends the held answers at once and drops the delays left on those paths', async () => {
    const ex = await exchange();
    ex.control.delayResponses('/api/v2/public/time', 60_000, 3);
    ex.control.delayResponses('/api/v3/trade/modify-order', 60_000);
    const t0 = Date.now();
    const held = [fetch(`${ex.url}/api/v2/public/time`), fetch(`${ex.url}/api/v2/public/time`)];
    const modifying = modify(ex, { clientOid: 'fut', price: '103.00' });
    await eventually(() => ex.control.requestLog().length === 3);
    expect(ex.control.releaseResponses('/api/v2/public')).toBe(2);
    for (const answer of await Promise.all(held)) expect(answer.status).toBe(200);
    // The third use of the delay is dropped: the next answer is on time.
    await fetch(`${ex.url}/api/v2/public/time`).then((r) => r.json());
    expect(Date.now() - t0).toBeLessThan(5_000);
    // An answer held on another path stays held until it is released.
    let answered = false;
    void modifying.then(() => (answered = true));
    await sleep(100);
    expect(answered).toBe(false);
    expect(ex.control.releaseResponses('/api/v3/trade/modify-order')).toBe(1);
    expect((await modifying).body.code).toBe('00000');
    expect(ex.control.releaseResponses('/api/v3/trade/modify-order')).toBe(0);
  });
});

describe('lifecycle', () => {
  it('close() is prompt with keep-alive connections, pending modifications and delayed answers', async () => {
    const ex = await exchange();
    ex.control.setEngineLatency(30_000);
    await modify(ex, { clientOid: 'fut', price: '101.00' });
    ex.control.delayResponses('/api/v2/public/time', 30_000);
    void fetch(`${ex.url}/api/v2/public/time`).catch(() => undefined);
    await sleep(50);
    const t0 = Date.now();
    await ex.close();
    expect(Date.now() - t0).toBeLessThan(1_000);
  });

  it('reset() restores orders and statuses', async () => {
    const ex = await exchange();
    ex.control.setEngineLatency(0);
    await modify(ex, { clientOid: 'fut', price: '101.00' });
    await eventually(settled(ex, 'fut'));
    ex.control.setInstrumentStatus('USDT-FUTURES', 'TESTUSDT', 'offline');
    ex.control.reset();
    expect(ex.control.getOrder(DEMO_ACCOUNT.uid, 'fut')?.price).toBe('100.00');
    expect(ex.control.requestLog()).toEqual([]);
    expect((await modify(ex, { clientOid: 'fut', price: '101.00' })).body.code).toBe('00000');
  });

  it('getOrder returns a deep copy', async () => {
    const ex = await exchange();
    const copy = ex.control.getOrder(DEMO_ACCOUNT.uid, 'partial');
    if (!copy) throw new Error('missing order');
    copy.price = '1';
    copy.feeDetail.push({ feeCoin: 'X', fee: '1' });
    expect(ex.control.getOrder(DEMO_ACCOUNT.uid, 'partial')).toMatchObject({
      price: '100.00',
      feeDetail: [{ feeCoin: 'USDT' }],
    });
  });
});
