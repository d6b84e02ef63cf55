/** Request-time rules of POST /api/v3/trade/modify-order (answered at once, before the engine). */
import { describe, expect, it } from 'vitest';
import { OTHER_ACCOUNT } from './accounts';
import { fixtureState } from './rule-test-state';
import { modify, orderInfo, startTestExchange, type ModifyBody } from './test-support';

async function fixtureExchange() {
  return startTestExchange({ state: fixtureState(), engineLatencyMs: 60_000 });
}

async function codeOf(body: ModifyBody): Promise<{ code: string; msg: string }> {
  const ex = await fixtureExchange();
  const res = await modify(ex, body);
  return { code: res.body.code, msg: res.body.msg };
}

describe('modify-order parameters (40017)', () => {
  it.each([
    [{ qty: '1.5' }, /orderId or clientOid/],
    [{ orderId: '', clientOid: '', qty: '1.5' }, /orderId or clientOid/],
    [{ clientOid: 'fut' }, /qty or price/],
    [{ clientOid: 'fut', qty: '1.5', autoCancel: 'maybe' }, /autoCancel/],
    [{ clientOid: 'fut', qty: '1.5', autoCancel: true }, /autoCancel/],
    [{ clientOid: 'fut', qty: '1.5', category: 'FUTURES' }, /category/],
    [{ clientOid: 'fut', qty: 1.5 }, /qty/],
    [{ clientOid: 'fut', price: 100 }, /price/],
    [{ clientOid: 'fut', price: null }, /price/],
    [{ clientOid: 12, qty: '1.5' }, /clientOid/],
    [{ clientOid: 'fut', qty: '-1' }, /qty/],
    [{ clientOid: 'fut', qty: '0' }, /qty/],
    [{ clientOid: 'fut', qty: '0.000' }, /qty/],
    [{ clientOid: 'fut', qty: '1e-3' }, /qty/],
    [{ clientOid: 'fut', qty: ' 1' }, /qty/],
    [{ clientOid: 'fut', price: '1,5' }, /price/],
    [{ clientOid: 'fut', price: '.5' }, /price/],
    [{ clientOid: 'fut', price: 'NaN' }, /price/],
  ] as Array<[ModifyBody, RegExp]>)('%j → 40017', async (body, msg) => {
    const res = await codeOf(body);
    expect(res.code).toBe('40017');
    expect(res.msg).toMatch(msg);
  });

  it('answers with HTTP 400, data null', async () => {
    const ex = await fixtureExchange();
    const res = await modify(ex, { clientOid: 'fut' });
    expect(res.status).toBe(400);
    expect(res.body.data).toBeNull();
  });

  it('accepts autoCancel yes/no and a matching category and symbol', async () => {
    expect((await codeOf({ clientOid: 'fut', price: '101.00', autoCancel: 'yes' })).code).toBe('00000');
    expect((await codeOf({ clientOid: 'fut', price: '101.00', autoCancel: 'no' })).code).toBe('00000');
    expect(
      (await codeOf({ clientOid: 'fut', price: '101.00', category: 'USDT-FUTURES', symbol: 'TESTUSDT' })).code,
    ).toBe('00000');
  });

  it('refuses a symbol or category that does not match the order (40017)', async () => {
    const a = await codeOf({ clientOid: 'fut', price: '101.00', symbol: 'BTCUSDT' });
    expect(a).toEqual({ code: '40017', msg: expect.stringMatching(/symbol/) });
    const b = await codeOf({ clientOid: 'fut', price: '101.00', category: 'SPOT' });
    expect(b).toEqual({ code: '40017', msg: expect.stringMatching(/category/) });
  });
});

describe('modify-order order lookup', () => {
  it('answers with orderId and clientOid of the accepted order', async () => {
    const ex = await fixtureExchange();
    const res = await modify(ex, { orderId: '1000000000000000001', price: '101.00' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: '00000',
      msg: 'success',
      requestTime: expect.any(Number),
      data: { orderId: '1000000000000000001', clientOid: 'fut' },
    });
  });

  it('answers 25204 for an unknown order', async () => {
    expect((await codeOf({ orderId: '1999999999999999999', price: '101.00' })).code).toBe('25204');
    expect((await codeOf({ clientOid: 'nope', price: '101.00' })).code).toBe('25204');
  });

  it("answers 25204 for another account's order, by orderId and by clientOid", async () => {
    const ex = await fixtureExchange();
    expect((await modify(ex, { orderId: '1000000000000000099', price: '101.00' })).body.code).toBe('25204');
    expect((await modify(ex, { clientOid: 'theirs', price: '101.00' })).body.code).toBe('25204');
    // The owner may; and a clientOid both accounts use resolves to the caller's own order.
    expect((await modify(ex, { clientOid: 'theirs', price: '101.00' }, OTHER_ACCOUNT)).body.code).toBe('00000');
    const own = await modify(ex, { clientOid: 'fut', price: '91.00' }, OTHER_ACCOUNT);
    expect(own.body.data).toEqual({ orderId: '1000000000000000098', clientOid: 'fut' });
    expect(ex.control.getOrder(OTHER_ACCOUNT.uid, 'fut')?.pendingModification).toEqual({
      price: '91.00',
      autoCancel: false,
    });
    expect(ex.control.getOrder('1000000001', 'fut')?.pendingModification).toBeNull();
  });

  it('lets orderId win when both are given, even naming different orders', async () => {
    const ex = await fixtureExchange();
    const a = await modify(ex, { orderId: '1000000000000000001', clientOid: 'filled', price: '101.00' });
    expect(a.body.data).toEqual({ orderId: '1000000000000000001', clientOid: 'fut' });
    const b = await modify(ex, { orderId: '1000000000000000009', clientOid: 'fut2', price: '101.00' });
    expect(b.body.code).toBe('25568');
    const c = await modify(ex, { orderId: '1999999999999999999', clientOid: 'fut2', price: '101.00' });
    expect(c.body.code).toBe('25204');
  });

  it('refuses a completely filled order and an otherwise cancelled one (25568)', async () => {
    expect((await codeOf({ clientOid: 'filled', price: '101.00' })).code).toBe('25568');
    expect((await codeOf({ clientOid: 'cancelled', price: '101.00' })).code).toBe('25568');
  });

  it('refuses a reduce-only order, named either way, with the exchange’s words (25568), and leaves it as it was', async () => {
    const ex = await fixtureExchange();
    for (const body of [
      { clientOid: 'reduce', price: '101.00' },
      { orderId: '1000000000000000010', qty: '2.000' },
    ]) {
      const res = await modify(ex, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: '25568',
        msg: 'The order does not meet the modification requirements: reduce-only orders cannot be modified',
        data: null,
      });
    }
    expect((await orderInfo(ex, { clientOid: 'reduce' })).body.data).toMatchObject({
      price: '100.00',
      qty: '1.000',
      reduceOnly: 'YES',
    });
  });

  it('accepts new and partially filled orders', async () => {
    expect((await codeOf({ clientOid: 'new', price: '101.00' })).code).toBe('00000');
    expect((await codeOf({ clientOid: 'partial', price: '101.00' })).code).toBe('00000');
  });
});

describe('modify-order instrument status', () => {
  it.each([
    ['off', '25102'],
    ['list', '25101'],
    ['api', '25101'],
    ['lop', '00000'],
    ['lcl', '00000'],
  ])('order on %s → %s', async (clientOid, code) => {
    expect((await codeOf({ clientOid, price: '101.00' })).code).toBe(code);
  });

  it('follows status changes made through the control API', async () => {
    const ex = await fixtureExchange();
    ex.control.setInstrumentStatus('USDT-FUTURES', 'TESTUSDT', 'offline');
    expect((await modify(ex, { clientOid: 'fut', price: '101.00' })).body.code).toBe('25102');
    ex.control.setInstrumentStatus('USDT-FUTURES', 'TESTUSDT', 'online');
    expect((await modify(ex, { clientOid: 'fut', price: '101.00' })).body.code).toBe('00000');
  });
});

describe('modify-order values', () => {
  it.each([
    // precision: trailing zeros do not count
    [{ clientOid: 'fut', price: '101.001' }, '25610'],
    [{ clientOid: 'fut', price: '101.0500' }, '00000'],
    [{ clientOid: 'fut', qty: '1.0001' }, '25610'],
    [{ clientOid: 'fut', qty: '1.5000000' }, '00000'],
    // futures steps
    [{ clientOid: 'fut', price: '101.01' }, '25244'],
    [{ clientOid: 'fut', qty: '1.005' }, '25244'],
    // futures bounds
    [{ clientOid: 'fut', qty: '0.01', price: '1000.00' }, '25207'],
    [{ clientOid: 'fut', qty: '0.02', price: '1000.00' }, '00000'],
    [{ clientOid: 'fut', qty: '100.01' }, '25208'],
    [{ clientOid: 'fut', qty: '100' }, '00000'],
    // an empty multiplier means no step; maxOrderQty 0 means no maximum
    [{ clientOid: 'free', price: '101.01', qty: '100000' }, '00000'],
    // minimum amount with the order's current value standing in for the other one (qty 1.000, price 100.00)
    [{ clientOid: 'fut', price: '4.95' }, '25611'],
    [{ clientOid: 'fut', price: '5.00' }, '00000'],
    [{ clientOid: 'fut', qty: '0.04' }, '25611'],
    [{ clientOid: 'fut', qty: '0.05' }, '00000'],
    [{ clientOid: 'fut', qty: '0.03', price: '200.00' }, '00000'],
    // spot and margin: precision and amount only, no steps and no qty bounds
    [{ clientOid: 'spot', price: '101.01', qty: '1.005' }, '00000'],
    [{ clientOid: 'spot', price: '101.001' }, '25610'],
    [{ clientOid: 'spot', qty: '500' }, '00000'],
    [{ clientOid: 'spot', qty: '0.099' }, '25611'],
    [{ clientOid: 'margin', price: '1000.01', qty: '0.011' }, '00000'],
    [{ clientOid: 'margin', qty: '0.0001' }, '25610'],
    // same values as now
    [{ clientOid: 'fut', price: '100.0' }, '25571'],
    [{ clientOid: 'fut', price: '100.00', qty: '1' }, '25571'],
  ] as Array<[ModifyBody, string]>)('%j → %s', async (body, code) => {
    expect((await codeOf(body)).code).toBe(code);
  });

  it('checks precision before steps, steps before bounds, bounds before amount', async () => {
    expect((await codeOf({ clientOid: 'fut', price: '101.011', qty: '0.001' })).code).toBe('25610');
    expect((await codeOf({ clientOid: 'fut', price: '101.01', qty: '0.01' })).code).toBe('25244');
    expect((await codeOf({ clientOid: 'fut', price: '1.00', qty: '0.01' })).code).toBe('25207');
  });

  it('checks parameters before the order and the order state before its values', async () => {
    expect((await codeOf({ clientOid: 'nope', price: 'abc' })).code).toBe('40017');
    expect((await codeOf({ clientOid: 'nope', price: '101.001' })).code).toBe('25204');
    expect((await codeOf({ clientOid: 'filled', price: '101.001' })).code).toBe('25568');
    expect((await codeOf({ clientOid: 'off', price: '101.001' })).code).toBe('25102');
  });

  it('leaves the order untouched at request time: the engine applies the change later', async () => {
    const ex = await fixtureExchange();
    expect((await modify(ex, { clientOid: 'fut', price: '101.05', qty: '2.5' })).body.code).toBe('00000');
    const info = await orderInfo<{ price: string; qty: string }>(ex, { clientOid: 'fut' });
    expect(info.body.data).toMatchObject({ price: '100.00', qty: '1.000' });
    expect(ex.control.getOrder('1000000001', 'fut')?.pendingModification).toEqual({
      price: '101.05',
      qty: '2.500',
      autoCancel: false,
    });
  });
});
