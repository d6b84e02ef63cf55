import { describe, expect, it } from 'vitest';
import { guardLookup, instrumentLookup, planAmends } from './amend-plan';
import type { OrderGuard } from './attempts';
import { planRow, type RowContext } from './plan-row';
import type { Instrument, Order } from './schemas';
import { skippedOf } from './skipped-rows';

const BTC_PERP: Instrument = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  status: 'online',
  minOrderQty: '0.01',
  maxOrderQty: '1200',
  minOrderAmount: '5',
  pricePrecision: '1',
  quantityPrecision: '4',
  priceMultiplier: '0.1',
  quantityMultiplier: '0.0005',
  offTime: '-1',
  limitOpenTime: '-1',
};

const order = (o: Partial<Order> = {}): Order => ({
  orderId: '1500000000000000052',
  clientOid: 'ladder-02',
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  price: '94980.0',
  qty: '0.0100',
  cumExecQty: '0',
  orderStatus: 'live',
  ...o,
});

const ELSEWHERE: OrderGuard = {
  state: 'in-flight',
  attemptId: 'a-other-desk',
  reason: '1500…052 is being amended by alice on desk-2: in flight since 10:42:05 UTC.',
};
const LOCKED: OrderGuard = {
  state: 'locked',
  reason: 'Auto-cancel cancelled this order: it can no longer be modified.',
};

const instruments = instrumentLookup([BTC_PERP]);
const ctx = (guard?: OrderGuard): RowContext => ({
  rule: { price: { kind: 'steps', n: 1 } },
  instruments,
  market: undefined,
  now: 1_700_000_000_000,
  ...(guard ? { guardOf: () => guard } : {}),
});
const row = (o: Order, guard?: OrderGuard) => planRow(o, ctx(guard), new Set(), false);

describe('a row whose order main guards', () => {
  it('is refused with the guard’s words, and still shows what the rule would do', () => {
    const r = row(order(), ELSEWHERE);
    expect(r.status).toBe('refused');
    expect(r.errors).toEqual([
      { rule: 'order-in-flight', field: 'order', severity: 'error', message: ELSEWHERE.reason },
    ]);
    expect(r.next.price).toBe('94980.1');
    expect(r.change).toBe('price 94980.0 → 94980.1');
    expect(r.exclusion).toBeUndefined();
  });

  it('puts the guard before the rules’ own errors: it is what stands in the way first', () => {
    const r = planRow(order(), { ...ctx(LOCKED), rule: { qty: { kind: 'set', value: '0.00001' } } }, new Set(), false);
    expect(r.status).toBe('refused');
    expect(r.errors[0]).toMatchObject({ rule: 'order-locked', message: LOCKED.reason });
    expect(r.errors.length).toBeGreaterThan(1);
  });

  it('says so in plain words when main gave no reason', () => {
    expect(row(order(), { state: 'unknown' }).errors[0]).toMatchObject({
      rule: 'order-unknown',
      message: 'This order cannot be modified now.',
    });
  });

  it('is ready when the order is free, or main has said nothing of it', () => {
    expect(row(order(), { state: 'free' }).status).toBe('ready');
    expect(row(order()).status).toBe('ready');
  });

  it('stays excluded for what excludes it first: nothing would be sent either way', () => {
    const unchanged = planRow(
      order(),
      { ...ctx(ELSEWHERE), rule: { price: { kind: 'set', value: '94980.0' } } },
      new Set(),
      false,
    );
    expect(unchanged.status).toBe('excluded');
    expect(unchanged.exclusion?.reason).toBe('unchanged');
  });
});

describe('a plan with the guards of listOpenOrders', () => {
  it('refuses the guarded order, by its Order ID, and sends the others; the run records the guard’s words', () => {
    const held = order();
    const free = order({ orderId: '1500000000000000053', clientOid: 'ladder-03', price: '94970.0' });
    const plan = planAmends({
      orders: [held, free],
      instruments,
      rule: { price: { kind: 'steps', n: 1 } },
      now: 1_700_000_000_000,
      guards: guardLookup({ [held.orderId]: ELSEWHERE }),
    });
    expect(plan.rows.map((r) => r.status)).toEqual(['refused', 'ready']);
    expect(plan.summary).toMatchObject({ toSend: 1, refused: 1, batches: 1 });
    expect(skippedOf(plan.rows)).toEqual([
      {
        request: expect.objectContaining({ orderId: held.orderId }),
        verdict: 'refused',
        why: ELSEWHERE.reason,
      },
    ]);
  });

  it('reads only the lookup’s own entries (an Order ID named like an object’s property is no guard)', () => {
    const lookup = guardLookup({});
    expect(lookup(order({ orderId: 'constructor' }))).toBeUndefined();
    expect(lookup(order({ orderId: '__proto__' }))).toBeUndefined();
  });
});
