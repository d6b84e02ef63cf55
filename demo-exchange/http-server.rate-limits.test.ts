/** The exchange's rate limits over HTTP: per UID for signed endpoints, per client IP for public ones. */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, OTHER_ACCOUNT } from './accounts';
import { getFrom, modify, orderInfo, publicGet, signedRequest, sleep, startTestExchange } from './test-support';

const modifyN = (ex: Awaited<ReturnType<typeof startTestExchange>>, n: number, account = DEMO_ACCOUNT) =>
  Promise.all(Array.from({ length: n }, () => modify(ex, { clientOid: 'no-such-order', price: '1' }, account)));

describe('rate limits over HTTP', () => {
  it('modify-order: 10 per second per UID, answered 429 with the envelope', async () => {
    const ex = await startTestExchange();
    const first = await modifyN(ex, 10);
    expect(first.map((r) => r.body.code)).toEqual(Array(10).fill('25204'));
    const over = await modify(ex, { clientOid: 'no-such-order', price: '1' });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: '429', msg: 'Too Many Requests', requestTime: expect.any(Number), data: null });
    // Another UID is not affected.
    const other = await modifyN(ex, 10, OTHER_ACCOUNT);
    expect(other.every((r) => r.body.code === '25204')).toBe(true);
  });

  it('counts only authenticated requests against a UID', async () => {
    const ex = await startTestExchange();
    const forged = await Promise.all(
      Array.from({ length: 15 }, () =>
        signedRequest(ex, 'POST', '/api/v3/trade/modify-order', { body: '{}', headers: { 'ACCESS-SIGN': 'forged' } }),
      ),
    );
    expect(forged.every((r) => r.body.code === '40009')).toBe(true);
    expect((await modifyN(ex, 10)).every((r) => r.body.code === '25204')).toBe(true);
  });

  it('order-info and unfilled-orders: 20 per second per UID each, separate counters', async () => {
    const ex = await startTestExchange();
    const infos = await Promise.all(Array.from({ length: 21 }, () => orderInfo(ex, { clientOid: 'demo-btc-open' })));
    expect(infos.filter((r) => r.status === 429)).toHaveLength(1);
    const lists = await Promise.all(
      Array.from({ length: 21 }, () =>
        signedRequest(ex, 'GET', '/api/v3/trade/unfilled-orders', { query: [['limit', '1']] }),
      ),
    );
    expect(lists.filter((r) => r.body.code === '00000')).toHaveLength(20);
    expect(lists.filter((r) => r.body.code === '429')).toHaveLength(1);
    // modify-order has its own window as well
    expect((await modify(ex, { clientOid: 'demo-btc-open', price: '60001.0' })).body.code).toBe('00000');
  });

  it('instruments and public time: 20 per second per client IP', async () => {
    const ex = await startTestExchange();
    const path = '/api/v3/market/instruments?category=COIN-FUTURES';
    const burst = await Promise.all(Array.from({ length: 21 }, () => publicGet(ex, path)));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(20);
    expect(burst.filter((r) => r.status === 429 && r.body.code === '429')).toHaveLength(1);
    // Another client IP has its own window (Linux routes all of 127/8 to loopback).
    expect((await getFrom('127.0.0.2', `${ex.url}${path}`)).status).toBe(200);
    // Public time keeps its own counter.
    expect((await publicGet(ex, '/api/v2/public/time')).status).toBe(200);
    // Signed endpoints are per UID, not per IP.
    expect((await orderInfo(ex, { clientOid: 'demo-btc-open' })).body.code).toBe('00000');
  });

  it('is a sliding window: a clock-second boundary does not reset it', async () => {
    const ex = await startTestExchange();
    // Start the burst in the middle of a clock second, so a bucket limiter would reset during the wait.
    while (Date.now() % 1000 < 400 || Date.now() % 1000 > 500) await sleep(5);
    const started = Date.now();
    expect((await modifyN(ex, 10)).every((r) => r.body.code === '25204')).toBe(true);
    await sleep(started + 650 - Date.now());
    expect((await modify(ex, { clientOid: 'x', price: '1' })).body.code).toBe('429');
    await sleep(started + 1_400 - Date.now());
    expect((await modify(ex, { clientOid: 'x', price: '1' })).body.code).toBe('25204');
  });

  it('rateLimit: false turns every limit off', async () => {
    const ex = await startTestExchange({ rateLimit: false });
    const codes = (await modifyN(ex, 30)).map((r) => r.body.code);
    expect(codes.every((c) => c === '25204')).toBe(true);
    const burst = await Promise.all(Array.from({ length: 40 }, () => publicGet(ex, '/api/v2/public/time')));
    expect(burst.every((r) => r.status === 200)).toBe(true);
  });
});
