import { describe, expect, it } from 'vitest';
import { batchesOf, instrumentLookup, planAmends, type PlanInput } from './amend-plan';
import { validatePlanRule, type PlanRule } from './plan-rule';
import type { PlanRow } from './plan-row';
import type { Instrument, Order } from './schemas';

const BTC_PERP: Instrument = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  status: 'online',
  buyLimitPriceRatio: '0.05',
  sellLimitPriceRatio: '0.05',
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

const SOL_SPOT: Instrument = {
  category: 'SPOT',
  symbol: 'SOLUSDT',
  baseCoin: 'SOL',
  quoteCoin: 'USDT',
  status: 'online',
  minOrderQty: '0.0001',
  maxOrderQty: '0',
  minOrderAmount: '1',
  pricePrecision: '2',
  quantityPrecision: '4',
  limitOpenTime: '',
};

/** A huge-priced contract: 30-digit prices, a step of 0.00000001. */
const BIG_PERP: Instrument = {
  ...BTC_PERP,
  category: 'USDC-FUTURES',
  symbol: 'BIGUSDC',
  minOrderQty: '0',
  minOrderAmount: '0',
  pricePrecision: '8',
  priceMultiplier: '0.00000001',
};

let nextId = 1000;
function order(o: Partial<Order> = {}): Order {
  const id = String(nextId++);
  return {
    orderId: id,
    clientOid: `c-${id}`,
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'buy',
    orderType: 'limit',
    price: '60000.0',
    qty: '0.0200',
    cumExecQty: '0',
    orderStatus: 'live',
    ...o,
  };
}
const sol = (o: Partial<Order> = {}) =>
  order({ category: 'SPOT', symbol: 'SOLUSDT', price: '150.00', qty: '1.0000', ...o });

const instruments = instrumentLookup([BTC_PERP, SOL_SPOT, BIG_PERP]);
const plan = (orders: Order[], rule: PlanRule, extra: Partial<PlanInput> = {}) =>
  planAmends({ orders, instruments, rule, now: 1_700_000_000_000, ...extra });
const one = (o: Order, rule: PlanRule, extra: Partial<PlanInput> = {}): PlanRow => plan([o], rule, extra).rows[0]!;

describe('price by steps', () => {
  it('moves each price by exact steps and builds the request with only what changes', () => {
    const o = order({ orderId: '1', clientOid: 'mine' });
    const row = one(o, { price: { kind: 'steps', n: 2 } });
    expect(row).toMatchObject({
      status: 'ready',
      current: { price: '60000.0', qty: '0.0200', filledQty: '0' },
      next: { price: '60000.2' },
      change: 'price 60000.0 → 60000.2',
      errors: [],
      warnings: [],
    });
    expect(row.request).toEqual({
      orderId: '1',
      price: '60000.2',
      autoCancel: 'no',
      symbol: 'BTCUSDT',
      category: 'USDT-FUTURES',
    });
    expect(row.priceRounding).toBeUndefined();
    expect(one(order(), { price: { kind: 'steps', n: -10 } }).next.price).toBe('59999.0');
  });

  it('snaps an off-grid current price in the direction of travel, counted as the first step', () => {
    const up = one(order({ price: '60000.05' }), { price: { kind: 'steps', n: 1 } });
    expect(up.next.price).toBe('60000.1');
    expect(up.priceRounding).toMatchObject({ toward: 'up', applied: true });
    expect(up.priceRounding?.text).toBe(
      'the current price 60000.05 is off the price step 0.1: moving up onto the step counts as the first step',
    );
    expect(one(order({ price: '60000.05' }), { price: { kind: 'steps', n: -2 } }).next.price).toBe('59999.9');
  });

  it('uses 10^-precision as the step of a spot pair', () => {
    const row = one(sol(), { price: { kind: 'steps', n: 1 } });
    expect(row.request).toMatchObject({ price: '150.01', category: 'SPOT' });
  });

  it('stays exact with 30-digit prices and a step of 0.00000001', () => {
    const big = order({ category: 'USDC-FUTURES', symbol: 'BIGUSDC', price: '1234567890123456789012.12345678' });
    const row = one(big, { price: { kind: 'steps', n: 3 } });
    expect(row.status).toBe('ready');
    expect(row.next.price).toBe('1234567890123456789012.12345681');
  });

  it('excludes an order whose price would become zero or below', () => {
    const row = one(order({ price: '0.2' }), { price: { kind: 'steps', n: -3 } });
    expect(row.status).toBe('excluded');
    expect(row.exclusion).toEqual({
      reason: 'price-not-positive',
      message: 'The rule takes the price 0.2 to -0.1: a price must stay above zero',
    });
    expect(row.request).toBeUndefined();
  });
});

describe('price by percent: rounded toward the operator', () => {
  it('rounds a buy down and a sell up, and says so', () => {
    // 60000.0 × 1.001234 = 60074.04
    const buy = one(order({ side: 'buy' }), { price: { kind: 'percent', pct: '0.1234' } });
    expect(buy.next.price).toBe('60074.0');
    expect(buy.priceRounding).toEqual({
      toward: 'down',
      applied: true,
      text: 'rounded down to the price step 0.1: a buy never pays more than asked',
    });
    const sell = one(order({ side: 'sell' }), { price: { kind: 'percent', pct: '0.1234' } });
    expect(sell.next.price).toBe('60074.1');
    expect(sell.priceRounding?.text).toBe('rounded up to the price step 0.1: a sell never sells for less than asked');
    // The same holds when the shift is downward.
    expect(one(order({ side: 'buy' }), { price: { kind: 'percent', pct: '-0.1234' } }).next.price).toBe('59925.9');
    expect(one(order({ side: 'sell' }), { price: { kind: 'percent', pct: '-0.1234' } }).next.price).toBe('59926.0');
  });

  it('says when nothing needed rounding', () => {
    const row = one(order(), { price: { kind: 'percent', pct: '0.5' } });
    expect(row.next.price).toBe('60300.0');
    expect(row.priceRounding).toEqual({ toward: 'down', applied: false, text: 'exact: on the price step 0.1' });
  });

  it('rounds a spot pair to its precision', () => {
    // 150.00 × 1.013 = 151.95; 150.00 × 1.0133 = 151.995
    expect(one(sol({ side: 'buy' }), { price: { kind: 'percent', pct: '1.33' } }).next.price).toBe('151.99');
    expect(one(sol({ side: 'sell' }), { price: { kind: 'percent', pct: '1.33' } }).next.price).toBe('152.00');
  });

  it('excludes an order whose side is not known, or that has no price', () => {
    expect(one(order({ side: undefined }), { price: { kind: 'percent', pct: '1' } }).exclusion?.reason).toBe('no-side');
    expect(one(order({ price: '' }), { price: { kind: 'percent', pct: '1' } }).exclusion?.reason).toBe('no-price');
  });

  it('excludes a buy rounded down to zero', () => {
    const row = one(order({ price: '0.1' }), { price: { kind: 'percent', pct: '-99' } });
    expect(row.exclusion?.reason).toBe('price-not-positive');
  });
});

describe('quantity', () => {
  it('scales to a percentage of the current quantity, rounding down to the step', () => {
    // 0.0230 × 50 % = 0.0115, on the step 0.0005; 0.0255 × 50 % = 0.01275, down to 0.0125
    const row = one(order({ qty: '0.0230' }), { qty: { kind: 'percent', pct: '50' } });
    expect(row.next.qty).toBe('0.0115');
    expect(row.request).toEqual({
      orderId: row.orderId,
      qty: '0.0115',
      autoCancel: 'no',
      symbol: 'BTCUSDT',
      category: 'USDT-FUTURES',
    });
    const odd = one(order({ qty: '0.0255' }), { qty: { kind: 'percent', pct: '50' } });
    expect(odd.next.qty).toBe('0.0125');
    expect(odd.qtyRounding).toEqual({
      toward: 'down',
      applied: true,
      text: 'rounded down to the quantity step 0.0005: never more than asked',
    });
  });

  it('excludes an order whose new quantity would fall below or equal the filled quantity', () => {
    const below = one(sol({ cumExecQty: '0.3000', orderStatus: 'partially_filled' }), {
      qty: { kind: 'percent', pct: '25' },
    });
    expect(below.status).toBe('excluded');
    expect(below.next.qty).toBe('0.2500');
    expect(below.exclusion?.reason).toBe('below-filled');
    expect(below.exclusion?.message).toBe(
      'The quantity cannot go below the filled quantity 0.3 SOL: the rule gives 0.2500 SOL',
    );
    const equal = one(sol({ cumExecQty: '0.3' }), { qty: { kind: 'set', value: '0.3' } });
    expect(equal.exclusion?.message).toContain('cannot go below the filled quantity 0.3');
    expect(equal.exclusion?.message).toMatch(/^The new quantity 0.3 SOL equals the filled quantity/);
    expect(one(sol({ cumExecQty: '0.3' }), { qty: { kind: 'set', value: '0.3001' } }).status).toBe('ready');
  });

  it('lets the rules refuse a quantity below the minimum, with their message', () => {
    // 0.0150 × 50 % = 0.0075, below minOrderQty 0.01
    const row = one(order({ qty: '0.0150' }), { qty: { kind: 'percent', pct: '50' } });
    expect(row.status).toBe('refused');
    expect(row.request).toMatchObject({ qty: '0.0075' });
    expect(row.errors).toEqual([
      expect.objectContaining({ rule: 'qty-min', code: '25207', message: 'Quantity must be at least 0.01 BTC' }),
    ]);
  });

  it('excludes a quantity that rounds down to zero', () => {
    const row = one(order({ qty: '0.0005' }), { qty: { kind: 'percent', pct: '50' } });
    expect(row.exclusion).toEqual({
      reason: 'qty-not-positive',
      message: '50 % of 0.0005 BTC rounds down to zero at the quantity step 0.0005',
    });
  });

  it('changes price and quantity together', () => {
    const row = one(order(), {
      price: { kind: 'steps', n: 1 },
      qty: { kind: 'set', value: '0.0300' },
      autoCancel: 'yes',
    });
    expect(row.request).toMatchObject({ price: '60000.1', qty: '0.0300', autoCancel: 'yes' });
    expect(row.change).toBe('price 60000.0 → 60000.1, qty 0.0200 → 0.0300');
  });
});

describe('exclusions', () => {
  it('excludes an order the rule does not change, with the exchange code it would answer', () => {
    const same = one(order({ price: '60000.0' }), { price: { kind: 'set', value: '60000' } });
    expect(same.exclusion).toEqual({
      reason: 'unchanged',
      message: 'The rule changes nothing for this order: the new values are the current ones',
      code: '25571',
    });
    // 60000.0 × 1.000001 = 60000.06, a buy rounds back down to 60000.0
    const back = one(order(), { price: { kind: 'percent', pct: '0.0001' } });
    expect(back.exclusion?.message).toBe(
      'The rule changes nothing for this order: the new value rounds back to the current one',
    );
    expect(one(order(), { qty: { kind: 'percent', pct: '100' } }).exclusion?.reason).toBe('unchanged');
  });

  it('sends only the field that changes when the other stays the same', () => {
    const row = one(order(), { price: { kind: 'set', value: '60000.0' }, qty: { kind: 'set', value: '0.03' } });
    expect(row.request).toEqual(expect.not.objectContaining({ price: expect.anything() }));
    expect(row.request?.qty).toBe('0.03');
  });

  it('excludes orders that are not open, without an instrument, or of an unknown category', () => {
    const rule: PlanRule = { price: { kind: 'steps', n: 1 } };
    expect(one(order({ orderStatus: 'filled' }), rule).exclusion).toEqual({
      reason: 'not-open',
      message: 'The order is filled: only open orders can be modified',
      code: '25568',
    });
    expect(one(order({ orderStatus: 'cancelled' }), rule).exclusion?.message).toBe(
      'The order is cancelled: only open orders can be modified',
    );
    expect(one(order({ symbol: 'DOGEUSDT' }), rule).exclusion).toEqual({
      reason: 'no-instrument',
      message: 'USDT-FUTURES DOGEUSDT is not among the loaded instruments: its steps and limits are unknown',
    });
    expect(one(order({ category: 'OPTIONS' }), rule).exclusion?.reason).toBe('unknown-category');
  });

  it('reads the stream’s lower-case category and sends it upper case', () => {
    const row = one(order({ category: 'usdt-futures' }), { price: { kind: 'steps', n: 1 } });
    expect(row.status).toBe('ready');
    expect(row.request?.category).toBe('USDT-FUTURES');
  });

  it('sends an order selected twice only once', () => {
    const o = order();
    const rows = plan([o, { ...o }], { price: { kind: 'steps', n: 1 } }).rows;
    expect(rows.map((r) => r.status)).toEqual(['ready', 'excluded']);
    expect(rows[1]?.exclusion?.reason).toBe('duplicate');
  });
});

describe('warnings', () => {
  it('carries the rules’ warnings and the price band when a market price is known', () => {
    const market = () => '60000.0';
    // +11 % on a buy: far from the current price (over 10 %), and above 60000.0 × (1 + 0.05).
    const row = one(order(), { price: { kind: 'percent', pct: '11' } }, { market });
    expect(row.status).toBe('ready');
    expect(row.warnings.map((w) => w.rule)).toEqual(['price-far', 'price-band']);
    expect(row.warnings[1]?.message).toContain('60000.0 × (1 + 0.05) = 63000');
    expect(one(order(), { price: { kind: 'percent', pct: '6' } }, { market }).warnings.map((w) => w.rule)).toEqual([
      'price-band',
    ]);
    expect(plan([order()], { price: { kind: 'percent', pct: '6' } }, { market }).summary.withWarnings).toBe(1);
    expect(one(order(), { price: { kind: 'percent', pct: '1' } }, { market }).warnings).toEqual([]);
  });
});

describe('the rule itself', () => {
  it.each<[PlanRule, string]>([
    [{}, 'Choose a price rule, a quantity rule, or both'],
    [
      { price: { kind: 'steps', n: 0 } },
      'The price shift must be a whole number of steps other than 0, such as 2 or -1',
    ],
    [
      { price: { kind: 'steps', n: 1.5 } },
      'The price shift must be a whole number of steps other than 0, such as 2 or -1',
    ],
    [
      { price: { kind: 'percent', pct: 'abc' } },
      'The price shift must be a percentage other than 0, such as 0.5 or -1',
    ],
    [{ price: { kind: 'percent', pct: '0' } }, 'The price shift must be a percentage other than 0, such as 0.5 or -1'],
    [
      { price: { kind: 'percent', pct: '-100' } },
      'A price shift of -100 % or more would take every price to zero or below',
    ],
    [{ price: { kind: 'set', value: '0' } }, 'The new price must be a positive decimal number such as 101.25'],
    [
      { qty: { kind: 'percent', pct: '0' } },
      'The quantity scale must be a percentage above 0, such as 50 (half) or 200 (double)',
    ],
    [{ qty: { kind: 'set', value: '1e-3' } }, 'The new quantity must be a positive decimal number such as 0.5'],
  ])('refuses %j', (rule, message) => {
    expect(validatePlanRule(rule)).toEqual([message]);
    const p = plan([order(), order()], rule);
    expect(p.ruleErrors).toEqual([message]);
    expect(p.rows.every((r) => r.exclusion?.reason === 'rule-invalid' && r.request === undefined)).toBe(true);
    expect(batchesOf(p.rows)).toEqual([]);
  });

  it('accepts signed and bare percentages', () => {
    expect(validatePlanRule({ price: { kind: 'percent', pct: '+0.5' }, qty: { kind: 'percent', pct: '50' } })).toEqual(
      [],
    );
    expect(validatePlanRule({ price: { kind: 'percent', pct: ' -2 ' } })).toEqual([]);
  });
});

describe('batches and summary', () => {
  it('splits 45 orders into 20 / 20 / 5, keeping their order', () => {
    const orders = Array.from({ length: 45 }, () => order());
    const p = plan(orders, { price: { kind: 'steps', n: 1 } });
    const batches = batchesOf(p.rows);
    expect(batches.map((b) => b.requests.length)).toEqual([20, 20, 5]);
    expect(batches.flatMap((b) => b.requests.map((r) => r.orderId))).toEqual(orders.map((o) => o.orderId));
    expect(batches.every((b) => b.rows.every((r, i) => r.request === b.requests[i]))).toBe(true);
    expect(p.summary).toEqual({ total: 45, toSend: 45, excluded: 0, refused: 0, withWarnings: 0, batches: 3 });
  });

  it('never mixes categories in a batch and leaves out what is not ready', () => {
    const orders = [
      order(),
      sol(),
      order({ orderStatus: 'filled' }),
      order({ category: 'USDC-FUTURES', symbol: 'BIGUSDC' }),
      sol(),
      order({ qty: '0.0150' }),
      order(),
    ];
    const p = plan(orders, { price: { kind: 'steps', n: 1 }, qty: { kind: 'percent', pct: '50' } });
    const batches = batchesOf(p.rows);
    expect(batches.map((b) => [b.category, b.requests.map((r) => r.orderId)])).toEqual([
      ['USDT-FUTURES', [orders[0]!.orderId, orders[6]!.orderId]],
      ['SPOT', [orders[1]!.orderId, orders[4]!.orderId]],
      ['USDC-FUTURES', [orders[3]!.orderId]],
    ]);
    expect(batches.every((b) => b.requests.every((r) => r.category === b.category))).toBe(true);
    expect(p.summary).toEqual({ total: 7, toSend: 5, excluded: 1, refused: 1, withWarnings: 0, batches: 3 });
  });

  it('takes a smaller batch size, never a larger one', () => {
    const rows = plan(
      Array.from({ length: 25 }, () => order()),
      { price: { kind: 'steps', n: 1 } },
    ).rows;
    expect(batchesOf(rows, 10).map((b) => b.requests.length)).toEqual([10, 10, 5]);
    expect(batchesOf(rows, 100).map((b) => b.requests.length)).toEqual([20, 5]);
  });
});
