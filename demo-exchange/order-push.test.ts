/**
 * Pushes of the order topic over a real WebSocket, driven by the same engine as REST: after an
 * applied modification, after an auto-cancel, never after a modification that failed without one,
 * on fills, cancels and placements, and only to connections of the order's account.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, OTHER_ACCOUNT } from './accounts';
import { AUTO_CANCEL_REASON, USER_CANCEL_REASON } from './order-record';
import { fixtureState } from './rule-test-state';
import { nextPushedOrder, ORDER_TOPIC, streamClient, type OrderPush } from './stream-test-support';
import { eventually, modify, orderInfo, signedRequest, startTestExchange } from './test-support';

type Wire = Record<string, unknown>;

async function exchange() {
  return startTestExchange({ state: fixtureState() });
}
type Exchange = Awaited<ReturnType<typeof exchange>>;

async function info(ex: Exchange, clientOid: string, account = DEMO_ACCOUNT): Promise<Wire> {
  const res = await orderInfo<Wire>(ex, { clientOid }, account);
  expect(res.body.code).toBe('00000');
  return res.body.data;
}

/** The fields a push and order-info have in common must agree, in the push's spelling. */
function expectSameOrder(pushed: Wire, rest: Wire): void {
  for (const field of ['orderId', 'clientOid', 'symbol', 'price', 'qty', 'cumExecQty', 'cumExecValue', 'avgPrice']) {
    expect(pushed[field], field).toBe(rest[field]);
  }
  for (const field of ['cancelReason', 'feeDetail', 'createdTime', 'updatedTime', 'side', 'orderType']) {
    expect(pushed[field], field).toEqual(rest[field]);
  }
  expect(pushed.category).toBe(String(rest.category).toLowerCase());
  expect(pushed.reduceOnly).toBe(String(rest.reduceOnly).toLowerCase());
  expect(pushed.orderStatus).toBe(rest.orderStatus === 'live' ? 'new' : rest.orderStatus);
}

const settled = (ex: Exchange, clientOid: string) => () =>
  ex.control.getOrder(DEMO_ACCOUNT.uid, clientOid)?.pendingModification === null;

describe('order pushes: modifications', () => {
  it('pushes an applied modification with the new price; order-info agrees field for field', async () => {
    const ex = await exchange();
    const client = await streamClient(ex);
    expect((await modify(ex, { clientOid: 'fut', price: '101.50' })).body.code).toBe('00000');
    const frame = await client.nextJson<OrderPush>();
    expect(frame).toMatchObject({ action: 'snapshot', arg: ORDER_TOPIC, ts: expect.any(Number) });
    const pushed = frame.data[0] as Wire;
    expect(pushed).toMatchObject({ clientOid: 'fut', price: '101.50', orderStatus: 'new', category: 'usdt-futures' });
    expectSameOrder(pushed, await info(ex, 'fut'));
  });

  it('pushes the cancellation that follows a failed modification with autoCancel=yes', async () => {
    const ex = await exchange();
    const client = await streamClient(ex);
    // qty not above the filled 1.000: accepted at request time, failed by the engine
    expect((await modify(ex, { clientOid: 'partial', qty: '0.5', autoCancel: 'yes' })).body.code).toBe('00000');
    const pushed = await nextPushedOrder(client);
    expect(pushed).toMatchObject({
      clientOid: 'partial',
      orderStatus: 'cancelled',
      cancelReason: AUTO_CANCEL_REASON,
      qty: '2.000',
    });
    expectSameOrder(pushed, await info(ex, 'partial'));
  });

  it('pushes nothing for a modification that fails with autoCancel=no: the next frame is a later fill', async () => {
    const ex = await exchange();
    const client = await streamClient(ex);
    expect((await modify(ex, { clientOid: 'partial', qty: '1.000', autoCancel: 'no' })).body.code).toBe('00000');
    await eventually(settled(ex, 'partial'));
    ex.control.fillOrder(DEMO_ACCOUNT.uid, 'partial', '0.5');
    const pushed = await nextPushedOrder(client);
    expect(pushed).toMatchObject({ clientOid: 'partial', cumExecQty: '1.5', qty: '2.000' });
  });

  it("never pushes another account's orders, and pushes them to that account", async () => {
    const ex = await exchange();
    const ours = await streamClient(ex, DEMO_ACCOUNT);
    const theirs = await streamClient(ex, OTHER_ACCOUNT);
    // the other account's "fut" shares our clientOid
    expect((await modify(ex, { clientOid: 'fut', price: '91.00' }, OTHER_ACCOUNT)).body.code).toBe('00000');
    expect(await nextPushedOrder(theirs)).toMatchObject({ orderId: '1000000000000000098', price: '91.00' });
    ex.control.cancelOrder(OTHER_ACCOUNT.uid, 'theirs');
    expect(await nextPushedOrder(theirs)).toMatchObject({ clientOid: 'theirs', orderStatus: 'cancelled' });
    ex.control.fillOrder(DEMO_ACCOUNT.uid, 'fut');
    expect(await nextPushedOrder(ours)).toMatchObject({ orderId: '1000000000000000001', orderStatus: 'filled' });
  });

  it('pushes each applied item of a batch, and nothing for an item that fails in the engine', async () => {
    const ex = await exchange();
    const client = await streamClient(ex);
    const items = [
      { clientOid: 'fut', price: '102.00' },
      { clientOid: 'partial', qty: '1.000', autoCancel: 'no' },
      { clientOid: 'fut2', price: '103.00' },
    ];
    const res = await signedRequest<Array<{ code?: string }>>(ex, 'POST', '/api/v3/trade/batch-modify-order', {
      body: JSON.stringify(items),
    });
    // every item accepted: the partial one fails only in the engine (qty not above the filled 1.000)
    expect(res.body.data.map((item) => item.code)).toEqual(['00000', '00000', '00000']);
    const pushed = [await nextPushedOrder(client), await nextPushedOrder(client)];
    expect(pushed.map((o) => [o.clientOid, o.price]).sort()).toEqual([
      ['fut', '102.00'],
      ['fut2', '103.00'],
    ]);
    await eventually(settled(ex, 'partial'));
    ex.control.cancelOrder(DEMO_ACCOUNT.uid, 'new');
    expect(await nextPushedOrder(client)).toMatchObject({ clientOid: 'new', orderStatus: 'cancelled' });
  });
});

describe('order pushes: fills, cancels and placements', () => {
  it('pushes partial and complete fills with quantities, value, average price and fees', async () => {
    const ex = await exchange();
    const client = await streamClient(ex);
    ex.control.fillOrder(DEMO_ACCOUNT.uid, 'fut', '0.400');
    const partial = await nextPushedOrder(client);
    expect(partial).toMatchObject({
      orderStatus: 'partially_filled',
      cumExecQty: '0.4',
      cumExecValue: '40',
      avgPrice: '100',
      feeDetail: [{ feeCoin: 'USDT', fee: '0.008' }],
    });
    expectSameOrder(partial, await info(ex, 'fut'));
    // the rest at a modified price: the average is of both fills
    await modify(ex, { clientOid: 'fut', price: '110.00' });
    await nextPushedOrder(client);
    ex.control.fillOrder(DEMO_ACCOUNT.uid, 'fut');
    const filled = await nextPushedOrder(client);
    expect(filled).toMatchObject({ orderStatus: 'filled', cumExecQty: '1', cumExecValue: '106', avgPrice: '106' });
    expectSameOrder(filled, await info(ex, 'fut'));
  });

  it('pushes a cancellation by the holder (normal_cancel)', async () => {
    const ex = await exchange();
    const client = await streamClient(ex);
    ex.control.cancelOrder(DEMO_ACCOUNT.uid, 'spot');
    const pushed = await nextPushedOrder(client);
    expect(pushed).toMatchObject({ category: 'spot', orderStatus: 'cancelled', cancelReason: USER_CANCEL_REASON });
    expectSameOrder(pushed, await info(ex, 'spot'));
  });

  it('pushes a placed order, which REST then finds and lists', async () => {
    const ex = await exchange();
    const client = await streamClient(ex);
    const placed = ex.control.placeOrder({
      uid: DEMO_ACCOUNT.uid,
      clientOid: 'placed-1',
      category: 'USDT-FUTURES',
      symbol: 'TESTUSDT',
      side: 'sell',
      price: '120.00',
      qty: '0.500',
    });
    expect(placed).toMatchObject({ orderStatus: 'live', posSide: 'short' });
    const pushed = await nextPushedOrder(client);
    expect(pushed).toMatchObject({ orderId: placed.orderId, orderStatus: 'new', holdSide: 'short', reduceOnly: 'no' });
    expectSameOrder(pushed, await info(ex, 'placed-1'));
    const open = await signedRequest<{ list: Wire[] }>(ex, 'GET', '/api/v3/trade/unfilled-orders', {
      query: [['symbol', 'TESTUSDT']],
    });
    expect(open.body.data.list[0]).toMatchObject({ clientOid: 'placed-1' });
  });

  it('pushes the documented fields, all strings but feeDetail, with a numeric ts', async () => {
    const ex = await exchange();
    const client = await streamClient(ex);
    ex.control.fillOrder(DEMO_ACCOUNT.uid, 'fut', '0.5');
    const frame = await client.nextJson<OrderPush>();
    expect(Object.keys(frame).sort()).toEqual(['action', 'arg', 'data', 'ts']);
    const pushed = frame.data[0] as Wire;
    expect(Object.keys(pushed)).toEqual([
      'category',
      'symbol',
      'orderId',
      'clientOid',
      'price',
      'qty',
      'amount',
      'holdMode',
      'holdSide',
      'tradeSide',
      'orderType',
      'timeInForce',
      'side',
      'marginMode',
      'marginCoin',
      'reduceOnly',
      'cumExecQty',
      'cumExecValue',
      'avgPrice',
      'totalProfit',
      'orderStatus',
      'cancelReason',
      'feeDetail',
      'createdTime',
      'updatedTime',
      'stpMode',
    ]);
    for (const [key, value] of Object.entries(pushed)) {
      if (key !== 'feeDetail') expect(typeof value, key).toBe('string');
    }
    expect(pushed).toMatchObject({ marginMode: 'crossed', marginCoin: 'USDT', holdMode: 'hedge_mode' });
  });

  it('stops after unsubscribe and resumes after a new subscribe, without a snapshot', async () => {
    const ex = await exchange();
    const client = await streamClient(ex);
    client.send({ op: 'unsubscribe', args: [ORDER_TOPIC] });
    expect(await client.nextJson()).toMatchObject({ event: 'unsubscribe' });
    ex.control.fillOrder(DEMO_ACCOUNT.uid, 'fut', '0.1');
    client.send({ op: 'subscribe', args: [ORDER_TOPIC] });
    // the ack, and not a snapshot or the fill made while unsubscribed
    expect(await client.nextJson()).toMatchObject({ event: 'subscribe' });
    ex.control.fillOrder(DEMO_ACCOUNT.uid, 'fut', '0.2');
    expect(await nextPushedOrder(client)).toMatchObject({ cumExecQty: '0.3' });
  });
});
