/** The two reads around Modify Order: order-info and unfilled-orders (paging, filters, isolation). */
import { describe, expect, it } from 'vitest';
import { orderInfoResponseSchema, openOrdersResponseSchema } from '../shared/schemas';
import { DEMO_ACCOUNT, OTHER_ACCOUNT } from './accounts';
import { orderInfo, signedRequest, startTestExchange } from './test-support';

type WireOrder = Record<string, unknown> & {
  orderId: string;
  clientOid: string;
  orderStatus: string;
  category: string;
  symbol: string;
};
type Page = { list: WireOrder[]; cursor: string };

const UNFILLED = '/api/v3/trade/unfilled-orders';

async function page(
  ex: Awaited<ReturnType<typeof startTestExchange>>,
  query: Array<[string, string]>,
  account = DEMO_ACCOUNT,
) {
  return signedRequest<Page>(ex, 'GET', UNFILLED, { query, account });
}

/** Follows cursors to the end; fails on a loop. */
async function walk(ex: Awaited<ReturnType<typeof startTestExchange>>, query: Array<[string, string]> = []) {
  const orders: WireOrder[] = [];
  const sizes: number[] = [];
  let cursor = '';
  for (let i = 0; i < 50; i++) {
    const res = await page(ex, cursor ? [...query, ['cursor', cursor]] : query);
    expect(res.body.code).toBe('00000');
    orders.push(...res.body.data.list);
    sizes.push(res.body.data.list.length);
    cursor = res.body.data.cursor;
    if (cursor === '') return { orders, sizes };
  }
  throw new Error('cursor walk did not end');
}

describe('GET /api/v3/trade/order-info', () => {
  it('answers by clientOid and by orderId with the documented fields, all strings', async () => {
    const ex = await startTestExchange();
    const byOid = await orderInfo<WireOrder>(ex, { clientOid: 'demo-btc-open' });
    expect(orderInfoResponseSchema.parse(byOid.body).code).toBe('00000');
    const o = byOid.body.data;
    expect(o).toMatchObject({
      clientOid: 'demo-btc-open',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price: '60000.0',
      qty: '0.0100',
      cumExecQty: '0',
      // Nothing filled and no quote amount (a limit order): "0", as the exchange writes them, not "".
      amount: '0',
      avgPrice: '0',
      orderStatus: 'live',
    });
    expect(o.orderId).toMatch(/^\d{19}$/);
    const fields = [
      'orderId',
      'clientOid',
      'category',
      'symbol',
      'orderType',
      'side',
      'price',
      'qty',
      'amount',
      'cumExecQty',
      'cumExecValue',
      'avgPrice',
      'timeInForce',
      'orderStatus',
      'posSide',
      'holdMode',
      'tradeSide',
      'reduceOnly',
      'stpMode',
      'cancelReason',
      'execType',
      'createdTime',
      'updatedTime',
    ];
    for (const f of fields) expect(typeof o[f], f).toBe('string');
    expect(Array.isArray(o.feeDetail)).toBe(true);
    const byId = await orderInfo<WireOrder>(ex, { orderId: o.orderId });
    expect(byId.body.data).toEqual(o);
  });

  it('answers for orders in every status', async () => {
    const ex = await startTestExchange();
    const filled = await orderInfo<WireOrder>(ex, { clientOid: 'demo-eth-filled' });
    expect(filled.body.data).toMatchObject({
      orderStatus: 'filled',
      cumExecQty: '0.50',
      qty: '0.50',
      avgPrice: '3150.00',
      amount: '0',
    });
    expect(filled.body.data.feeDetail).toEqual([{ feeCoin: 'USDT', fee: expect.stringMatching(/^\d+(\.\d+)?$/) }]);
    const partial = await orderInfo<WireOrder>(ex, { clientOid: 'demo-sol-partial' });
    expect(partial.body.data).toMatchObject({
      orderStatus: 'partially_filled',
      qty: '10.000',
      cumExecQty: '4.000',
      side: 'sell',
      category: 'SPOT',
    });
    const cancelled = await orderInfo<WireOrder>(ex, { clientOid: 'demo-xrp-cancelled' });
    expect(cancelled.body.data).toMatchObject({
      orderStatus: 'cancelled',
      cancelReason: expect.stringMatching(/.+/),
      avgPrice: '0',
    });
  });

  it('lets orderId win over clientOid', async () => {
    const ex = await startTestExchange();
    const btc = await orderInfo<WireOrder>(ex, { clientOid: 'demo-btc-open' });
    const both = await orderInfo<WireOrder>(ex, { orderId: btc.body.data.orderId, clientOid: 'demo-eth-filled' });
    expect(both.body.data.clientOid).toBe('demo-btc-open');
    expect((await orderInfo(ex, { orderId: '1999999999999999999', clientOid: 'demo-eth-filled' })).body.code).toBe(
      '25204',
    );
  });

  it("answers 25204 for another account's order, by orderId and by clientOid", async () => {
    const ex = await startTestExchange();
    const theirs = await orderInfo<WireOrder>(ex, { clientOid: 'other-btc-open' }, OTHER_ACCOUNT);
    expect(theirs.body.code).toBe('00000');
    expect((await orderInfo(ex, { clientOid: 'other-btc-open' })).body.code).toBe('25204');
    expect((await orderInfo(ex, { orderId: theirs.body.data.orderId })).body.code).toBe('25204');
    expect((await orderInfo(ex, { clientOid: 'demo-btc-open' }, OTHER_ACCOUNT)).body.code).toBe('25204');
  });

  it('requires orderId or clientOid (40017)', async () => {
    const ex = await startTestExchange();
    const res = await orderInfo(ex, {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('40017');
    expect(res.body.msg).toMatch(/orderId or clientOid/);
    expect((await orderInfo(ex, { clientOid: '' })).body.code).toBe('40017');
  });
});

describe('GET /api/v3/trade/unfilled-orders', () => {
  it('pages through every open order of the account exactly once, newest first', async () => {
    const ex = await startTestExchange({ rateLimit: false });
    const { orders, sizes } = await walk(ex);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    expect(sizes.slice(0, -1).every((n) => n === 100)).toBe(true);
    const ids = orders.map((o) => o.orderId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(orders.length).toBeGreaterThanOrEqual(250);
    expect(orders.every((o) => ['live', 'new', 'partially_filled'].includes(o.orderStatus))).toBe(true);
    const created = orders.map((o) => Number(o.createdTime));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const clientOids = new Set(orders.map((o) => o.clientOid));
    expect(clientOids.has('demo-btc-open')).toBe(true);
    expect(clientOids.has('demo-sol-partial')).toBe(true);
    expect(clientOids.has('demo-eth-filled')).toBe(false);
    expect(clientOids.has('demo-xrp-cancelled')).toBe(false);
    expect(clientOids.has('other-btc-open')).toBe(false);
  });

  it('answers the shape the app parses, with cursor "" on the last page', async () => {
    const ex = await startTestExchange({ rateLimit: false });
    const res = await page(ex, [
      ['category', 'USDT-FUTURES'],
      ['symbol', 'BTCUSDT'],
    ]);
    const parsed = openOrdersResponseSchema.parse(res.body);
    expect(parsed.data.cursor).toBe('');
    expect(parsed.data.list.every((o) => o.symbol === 'BTCUSDT' && o.category === 'USDT-FUTURES')).toBe(true);
  });

  it('filters by category and symbol, and pages within the filter', async () => {
    const ex = await startTestExchange({ rateLimit: false });
    const all = (await walk(ex)).orders;
    const spot = await walk(ex, [
      ['category', 'SPOT'],
      ['limit', '7'],
    ]);
    expect(spot.orders.length).toBe(all.filter((o) => o.category === 'SPOT').length);
    expect(spot.sizes[0]).toBe(7);
    const sol = await walk(ex, [
      ['category', 'SPOT'],
      ['symbol', 'SOLUSDT'],
    ]);
    expect(sol.orders.map((o) => o.clientOid)).toContain('demo-sol-partial');
    expect(sol.orders.every((o) => o.symbol === 'SOLUSDT' && o.category === 'SPOT')).toBe(true);
    const none = await page(ex, [['symbol', 'NOSUCHUSDT']]);
    expect(none.body.data).toEqual({ list: [], cursor: '' });
  });

  it('pages a category without a symbol 100 orders at a time over all its symbols, newest first', async () => {
    const ex = await startTestExchange({ rateLimit: false });
    const all = (await walk(ex)).orders.filter((o) => o.category === 'USDT-FUTURES');
    const usdt = await walk(ex, [['category', 'USDT-FUTURES']]);
    expect(usdt.sizes.length).toBeGreaterThanOrEqual(2);
    expect(usdt.sizes.slice(0, -1).every((n) => n === 100)).toBe(true);
    expect(usdt.orders.map((o) => o.orderId)).toEqual(all.map((o) => o.orderId));
    expect(new Set(usdt.orders.map((o) => o.symbol)).size).toBeGreaterThan(1);
  });

  it('treats a limit above 100 as 100 and refuses bad limits and cursors (40017)', async () => {
    const ex = await startTestExchange({ rateLimit: false });
    expect((await page(ex, [['limit', '500']])).body.data.list).toHaveLength(100);
    expect((await page(ex, [['limit', '3']])).body.data.list).toHaveLength(3);
    for (const limit of ['0', '-1', 'abc', '1.5']) {
      const res = await page(ex, [['limit', limit]]);
      expect(res.body.code, limit).toBe('40017');
      expect(res.body.msg).toMatch(/limit/);
    }
    for (const cursor of ['garbage!', 'Zm9v', '%%%']) {
      const res = await page(ex, [['cursor', cursor]]);
      expect(res.body.code, cursor).toBe('40017');
      expect(res.body.msg).toMatch(/cursor/);
    }
    expect((await page(ex, [['category', 'SPOTS']])).body.code).toBe('40017');
  });

  it('filters by startTime and endTime', async () => {
    const ex = await startTestExchange({ rateLimit: false });
    const { orders } = await walk(ex);
    const middle = orders[Math.floor(orders.length / 2)];
    if (!middle) throw new Error('no orders');
    const newer = await walk(ex, [['startTime', String(middle.createdTime)]]);
    expect(newer.orders.every((o) => Number(o.createdTime) >= Number(middle.createdTime))).toBe(true);
    expect(newer.orders.length).toBeLessThan(orders.length);
    expect((await page(ex, [['endTime', 'yesterday']])).body.code).toBe('40017');
  });

  it("lists only the caller's own orders", async () => {
    const ex = await startTestExchange({ rateLimit: false });
    const res = await page(ex, [], OTHER_ACCOUNT);
    const oids = res.body.data.list.map((o) => o.clientOid).sort();
    expect(oids).toEqual(['other-btc-open', 'other-eth-open', 'other-sol-partial']);
  });
});
