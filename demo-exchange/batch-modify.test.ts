/** POST /api/v3/trade/batch-modify-order over HTTP: whole-batch refusals, items decided one by one, the shared limit. */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, OTHER_ACCOUNT, type DemoAccount } from './accounts';
import { fixtureState } from './rule-test-state';
import type { DemoOrderInput } from './state-schema';
import { eventually, modify, orderInfo, signedRequest, startTestExchange, type ApiResponse } from './test-support';

const BATCH = '/api/v3/trade/batch-modify-order';
const ENGINE_MS = 60;

interface ItemAnswer {
  orderId: string;
  clientOid: string;
  code: string;
  msg: string;
}

type Exchange = Awaited<ReturnType<typeof startTestExchange>>;

/** The fixture plus 20 more open orders of the demo account on TESTUSDT (bulk-00 … bulk-19). */
function stateWithBulk() {
  const state = fixtureState();
  const bulk: DemoOrderInput[] = Array.from({ length: 20 }, (_, i) => ({
    uid: DEMO_ACCOUNT.uid,
    clientOid: `bulk-${String(i).padStart(2, '0')}`,
    category: 'USDT-FUTURES',
    symbol: 'TESTUSDT',
    price: '100.00',
    qty: '1.000',
  }));
  return { ...state, orders: [...(state.orders ?? []), ...bulk] };
}

async function exchange(engineLatencyMs = ENGINE_MS): Promise<Exchange> {
  return startTestExchange({ state: stateWithBulk(), engineLatencyMs, cancelLatencyMs: ENGINE_MS });
}

function batch(ex: Exchange, body: unknown, account?: DemoAccount): Promise<ApiResponse<ItemAnswer[] | null>> {
  return signedRequest(ex, 'POST', BATCH, { account, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

const pending = (ex: Exchange, clientOid: string) =>
  ex.control.getOrder(DEMO_ACCOUNT.uid, clientOid)?.pendingModification;
const settled =
  (ex: Exchange, ...clientOids: string[]) =>
  () =>
    clientOids.every((c) => pending(ex, c) === null);

describe('batch-modify-order: refusals of the whole batch (40017, nothing applied)', () => {
  it.each([
    ['not JSON', '[{"clientOid":"fut",', /not valid JSON/],
    ['an object', { clientOid: 'fut', price: '101.00' }, /JSON array/],
    ['a wrapped list', { orderList: [{ clientOid: 'fut', price: '101.00' }] }, /JSON array/],
    ['an empty list', [], /empty/],
    ['21 items', Array.from({ length: 21 }, (_, i) => ({ clientOid: `bulk-${i}`, price: '101.00' })), /at most 20/],
    ['an item that is not an object', [{ clientOid: 'fut', price: '101.00' }, 'fut2'], /item 2 .*object/],
    ['a null item', [null], /item 1 .*object/],
    [
      'items stating two categories',
      [
        { clientOid: 'fut', price: '101.00', category: 'USDT-FUTURES' },
        { clientOid: 'nope', price: '101.00', category: 'SPOT' },
      ],
      /one category/,
    ],
    [
      'orders of two categories',
      [
        { clientOid: 'fut', price: '101.00' },
        { clientOid: 'spot', price: '101.00' },
      ],
      /one category, got SPOT, USDT-FUTURES/,
    ],
    ['a stated category unlike its order', [{ clientOid: 'fut', price: '101.00', category: 'MARGIN' }], /one category/],
    [
      'one clientOid twice',
      [
        { clientOid: 'fut', price: '101.00' },
        { clientOid: 'fut', qty: '2' },
      ],
      /items 1 and 2 name the same order/,
    ],
    [
      'one orderId twice',
      [
        { clientOid: 'fut2', price: '101.00' },
        { orderId: '1000000000000000001', price: '101.00' },
        { orderId: '1000000000000000001', qty: '2' },
      ],
      /items 2 and 3/,
    ],
    [
      'one order by orderId and by clientOid',
      [
        { orderId: '1000000000000000001', price: '101.00' },
        { clientOid: 'fut', qty: '2' },
      ],
      /same order/,
    ],
    [
      'an unknown order twice',
      [
        { clientOid: 'nope', price: '101.00' },
        { clientOid: 'nope', price: '102.00' },
      ],
      /same order/,
    ],
  ] as Array<[string, unknown, RegExp]>)('%s', async (_, body, msg) => {
    const ex = await exchange();
    const res = await batch(ex, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: '40017', data: null, msg: expect.stringMatching(msg) });
    for (const clientOid of ['fut', 'fut2', 'spot']) expect(pending(ex, clientOid)).toBeNull();
  });

  it('checks the signature over the array exactly as sent', async () => {
    const ex = await exchange();
    const body = '[ {"clientOid":"fut","price":"101.00"} ]';
    const bad = await signedRequest(ex, 'POST', BATCH, { body, signedBody: JSON.stringify(JSON.parse(body)) });
    expect(bad.body.code).toBe('40009');
    expect((await signedRequest(ex, 'POST', BATCH, { body })).body.code).toBe('00000');
  });
});

describe('batch-modify-order: each item on its own', () => {
  it('answers every item in order and applies only the accepted ones, after the engine latency', async () => {
    const ex = await exchange();
    const res = await batch(ex, [
      { clientOid: 'fut', price: '101.01' }, // off the 0.05 step
      { orderId: '1000000000000000009', price: '101.00' }, // completely filled
      { clientOid: 'fut2', price: '101.05', qty: '2' },
      { clientOid: 'fut3', price: '101.00' }, // no such order
      { clientOid: 'free', qty: 2 }, // not a string
      { price: '101.00' }, // names no order
    ]);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('00000');
    expect(res.body.data).toEqual([
      { orderId: '1000000000000000001', clientOid: 'fut', code: '25244', msg: expect.stringMatching(/0.05/) },
      { orderId: '1000000000000000009', clientOid: 'filled', code: '25568', msg: expect.stringMatching(/filled/) },
      { orderId: '1000000000000000002', clientOid: 'fut2', code: '00000', msg: 'success' },
      { orderId: '', clientOid: 'fut3', code: '25204', msg: 'The order does not exist' },
      {
        orderId: expect.stringMatching(/^\d{19}$/),
        clientOid: 'free',
        code: '40017',
        msg: expect.stringMatching(/qty/),
      },
      { orderId: '', clientOid: '', code: '40017', msg: expect.stringMatching(/orderId or clientOid/) },
    ]);
    // The same codes a single modify answers for those items.
    expect((await modify(ex, { clientOid: 'fut', price: '101.01' })).body.code).toBe('25244');
    expect((await modify(ex, { clientOid: 'free', qty: 2 })).body.code).toBe('40017');
    expect(pending(ex, 'fut2')).toEqual({ price: '101.05', qty: '2.000', autoCancel: false });
    expect((await orderInfo(ex, { clientOid: 'fut2' })).body.data).toMatchObject({ price: '100.00', qty: '1.000' });
    await eventually(settled(ex, 'fut2'));
    expect((await orderInfo(ex, { clientOid: 'fut2' })).body.data).toMatchObject({ price: '101.05', qty: '2.000' });
    expect((await orderInfo(ex, { clientOid: 'fut' })).body.data).toMatchObject({ price: '100.00' });
    // Accepted items are pending like single modifies: a later request for them waits its turn.
    expect((await modify(ex, { clientOid: 'fut', price: '101.00' })).body.code).toBe('00000');
    expect((await batch(ex, [{ clientOid: 'fut', price: '102.00' }])).body.data?.[0]?.code).toBe('25114');
  });

  it('refuses a reduce-only item with the words of a single modify (25568), and applies the others', async () => {
    const ex = await exchange();
    const res = await batch(ex, [
      { clientOid: 'reduce', price: '101.00' },
      { clientOid: 'fut', price: '101.00' },
    ]);
    expect(res.body.data).toEqual([
      {
        orderId: '1000000000000000010',
        clientOid: 'reduce',
        code: '25568',
        msg: 'The order does not meet the modification requirements: reduce-only orders cannot be modified',
      },
      { orderId: '1000000000000000001', clientOid: 'fut', code: '00000', msg: 'success' },
    ]);
    expect(pending(ex, 'reduce')).toBeNull();
  });

  it("answers 25204 for an item naming another account's order, by orderId or clientOid", async () => {
    const ex = await exchange();
    const res = await batch(ex, [
      { orderId: '1000000000000000099', price: '101.00' },
      { clientOid: 'theirs', price: '101.00' },
      { clientOid: 'fut', price: '101.00' },
    ]);
    expect(res.body.data?.map((r) => r.code)).toEqual(['25204', '25204', '00000']);
    expect(ex.control.getOrder(OTHER_ACCOUNT.uid, 'theirs')?.pendingModification).toBeNull();
    // For its owner the same batch item is accepted.
    const own = await batch(ex, [{ clientOid: 'theirs', price: '101.00' }], OTHER_ACCOUNT);
    expect(own.body.data).toEqual([
      { orderId: '1000000000000000099', clientOid: 'theirs', code: '00000', msg: 'success' },
    ]);
  });

  it('cancels an order whose batch modification fails in the engine with autoCancel yes (25573 afterwards)', async () => {
    const ex = await exchange();
    const res = await batch(ex, [
      // qty not above the filled 1.000: accepted at request time, failed by the engine
      { clientOid: 'partial', qty: '0.5', autoCancel: 'yes' },
      { clientOid: 'new', qty: '0.5', autoCancel: 'yes' },
    ]);
    expect(res.body.data?.map((r) => r.code)).toEqual(['00000', '00000']);
    await eventually(() => ex.control.getOrder(DEMO_ACCOUNT.uid, 'partial')?.autoCancelPhase === 'cancelled');
    await eventually(settled(ex, 'new'));
    expect((await orderInfo(ex, { clientOid: 'partial' })).body.data).toMatchObject({ orderStatus: 'cancelled' });
    expect((await orderInfo(ex, { clientOid: 'new' })).body.data).toMatchObject({ qty: '0.500', orderStatus: 'new' });
    const again = await batch(ex, [{ clientOid: 'partial', price: '101.00' }]);
    expect(again.body.data?.[0]).toMatchObject({ clientOid: 'partial', code: '25573' });
  });

  it('accepts 20 items, the maximum, and applies all of them', async () => {
    const ex = await exchange();
    const items = Array.from({ length: 20 }, (_, i) => ({
      clientOid: `bulk-${String(i).padStart(2, '0')}`,
      price: (100 + (i + 1) * 0.05).toFixed(2),
    }));
    const res = await batch(ex, items);
    expect(res.body.data?.map((r) => r.code)).toEqual(Array(20).fill('00000'));
    expect(res.body.data?.map((r) => r.clientOid)).toEqual(items.map((i) => i.clientOid));
    await eventually(settled(ex, ...items.map((i) => i.clientOid)));
    for (const item of items) expect(ex.control.getOrder(DEMO_ACCOUNT.uid, item.clientOid)?.price).toBe(item.price);
  });
});

describe('batch-modify-order: rate limit', () => {
  const nothing = [{ clientOid: 'no-such-order', price: '1' }];

  it('counts a batch as one request of the 10/s per UID that modify-order has', async () => {
    const ex = await exchange();
    const first = await Promise.all(Array.from({ length: 10 }, () => batch(ex, nothing)));
    expect(first.map((r) => r.body.code)).toEqual(Array(10).fill('00000'));
    const over = await batch(ex, nothing);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: '429', msg: 'Too Many Requests', requestTime: expect.any(Number), data: null });
    // Single modifies draw on the same window; another UID is not affected.
    expect((await modify(ex, { clientOid: 'no-such-order', price: '1' })).status).toBe(429);
    expect((await batch(ex, nothing, OTHER_ACCOUNT)).body.code).toBe('00000');
  });

  it('shares the window with single modifies both ways', async () => {
    const ex = await exchange();
    const mixed = await Promise.all([
      ...Array.from({ length: 5 }, () => modify(ex, { clientOid: 'no-such-order', price: '1' })),
      ...Array.from({ length: 5 }, () => batch(ex, nothing)),
    ]);
    expect(mixed.every((r) => r.status === 200 || r.body.code === '25204')).toBe(true);
    expect((await batch(ex, nothing)).body.code).toBe('429');
  });
});
