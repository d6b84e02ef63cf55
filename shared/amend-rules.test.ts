import { describe, expect, it } from 'vitest';
import { checkAmend } from './amend-rules';
import type { AmendDraft, AmendContext, KnownOrder } from './amend-draft';
import type { Instrument } from './schemas';

const BTC_PERP: Instrument = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  status: 'online',
  minOrderQty: '0.0001',
  maxOrderQty: '1200',
  minOrderAmount: '5',
  pricePrecision: '1',
  quantityPrecision: '4',
  priceMultiplier: '0.1',
  quantityMultiplier: '0.0001',
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

const BTC_ORDER: KnownOrder = {
  orderId: '1001',
  clientOid: 'demo-btc-open',
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  price: '60000.0',
  qty: '0.0100',
  cumExecQty: '0',
  orderStatus: 'live',
};

const SOL_ORDER: KnownOrder = {
  orderId: '1003',
  clientOid: 'demo-sol-partial',
  category: 'SPOT',
  symbol: 'SOLUSDT',
  price: '150.00',
  qty: '10.000',
  cumExecQty: '4.000',
  orderStatus: 'partially_filled',
};

const btc = (draft: AmendDraft, ctx: AmendContext = {}) =>
  checkAmend({ clientOid: 'demo-btc-open', ...draft }, { instrument: BTC_PERP, order: BTC_ORDER, ...ctx });
const sol = (draft: AmendDraft, ctx: AmendContext = {}) =>
  checkAmend({ clientOid: 'demo-sol-partial', ...draft }, { instrument: SOL_SPOT, order: SOL_ORDER, ...ctx });
const rules = (r: { errors: { rule: string }[] }) => r.errors.map((e) => e.rule);
const warningRules = (r: { warnings: { rule: string }[] }) => r.warnings.map((w) => w.rule);

describe('identity and change (the request rules)', () => {
  it('needs an order ID or a client order ID', () => {
    const r = checkAmend({ price: '1' });
    expect(r.ok).toBe(false);
    expect(r.errors[0]).toMatchObject({ rule: 'identity-required', code: '40017' });
  });

  it('treats whitespace-only IDs as missing', () => {
    expect(rules(checkAmend({ orderId: '  ', clientOid: '\t', price: '1' }))).toContain('identity-required');
  });

  it('accepts either ID alone', () => {
    expect(checkAmend({ orderId: '1', price: '1' }).ok).toBe(true);
    expect(checkAmend({ clientOid: 'x', price: '1' }).ok).toBe(true);
  });

  it('says the Order ID wins when both are given, and keeps both in the request', () => {
    const r = checkAmend({ orderId: '1001', clientOid: 'other', price: '1' });
    expect(r.ok).toBe(true);
    expect(r.warnings.find((w) => w.rule === 'identity-both')?.message).toMatch(/Order ID 1001 wins/);
    expect(r.request).toMatchObject({ orderId: '1001', clientOid: 'other' });
  });

  it('needs a new quantity or a new price', () => {
    const r = checkAmend({ orderId: '1' });
    expect(r.errors.map((e) => [e.rule, e.code])).toEqual([['change-required', '40017']]);
    expect(rules(checkAmend({ orderId: '1', qty: ' ', price: '' }))).toEqual(['change-required']);
  });

  it.each(['0', '0.0', '-1', '1e-8', '.5', '5.', '1,5', '+1', 'abc', '0x10', 'NaN', 'Infinity'])(
    'rejects the quantity and price %j as not a positive decimal',
    (v) => {
      const r = checkAmend({ orderId: '1', qty: v, price: v });
      expect(rules(r)).toEqual(['qty-format', 'price-format']);
      expect(r.errors[0]?.message).toBe('Quantity must be a positive decimal number such as 0.5');
    },
  );

  it.each(['0.00000001', '1', '12.5', '007', '60000.0'])('accepts %j as a positive decimal', (v) => {
    expect(checkAmend({ orderId: '1', qty: v, price: v }).ok).toBe(true);
  });

  it('accepts autoCancel yes or no only, and defaults to no', () => {
    expect(checkAmend({ orderId: '1', price: '1' }).request.autoCancel).toBe('no');
    expect(checkAmend({ orderId: '1', price: '1', autoCancel: 'yes' }).request.autoCancel).toBe('yes');
    expect(rules(checkAmend({ orderId: '1', price: '1', autoCancel: 'true' }))).toEqual(['auto-cancel-value']);
  });

  it('accepts only the specification categories', () => {
    expect(rules(checkAmend({ orderId: '1', price: '1', category: 'FUTURES' }))).toEqual(['category-value']);
    expect(checkAmend({ orderId: '1', price: '1', category: 'COIN-FUTURES' }).ok).toBe(true);
  });

  it('normalizes the request: trimmed, empties dropped, values kept as typed', () => {
    const r = checkAmend({
      orderId: ' 1 ',
      clientOid: '',
      qty: ' 0.0200 ',
      price: '',
      symbol: 'BTCUSDT',
      category: 'USDT-FUTURES',
    });
    expect(r.request).toEqual({
      orderId: '1',
      qty: '0.0200',
      autoCancel: 'no',
      symbol: 'BTCUSDT',
      category: 'USDT-FUTURES',
    });
  });

  it('warns that the order and instrument are not checked when they are unknown', () => {
    const r = checkAmend({ clientOid: 'x', qty: '1' });
    expect(r.ok).toBe(true);
    expect(warningRules(r)).toEqual(['order-not-loaded', 'instrument-unknown']);
  });
});

describe('the order as last seen', () => {
  it('refuses a completely filled order (rule 1) and a cancelled one', () => {
    const filled = btc({ price: '60010.0' }, { order: { ...BTC_ORDER, orderStatus: 'filled', cumExecQty: '0.0100' } });
    expect(filled.errors.find((e) => e.rule === 'order-filled')).toMatchObject({ code: '25568' });
    const cancelled = btc({ price: '60010.0' }, { order: { ...BTC_ORDER, orderStatus: 'cancelled' } });
    expect(rules(cancelled)).toEqual(['order-cancelled']);
  });

  it.each(['live', 'new', 'partially_filled'])('lets a %s order be modified', (orderStatus) => {
    expect(btc({ price: '60010.0' }, { order: { ...BTC_ORDER, orderStatus } }).ok).toBe(true);
  });

  it('needs the new quantity above the filled quantity (boundary: equal is refused)', () => {
    expect(rules(sol({ qty: '3.9999' }))).toEqual(['qty-above-filled']);
    expect(sol({ qty: '4' }).errors[0]?.message).toBe('Quantity must be greater than the filled quantity 4 SOL');
    expect(rules(sol({ qty: '4.0000' }))).toEqual(['qty-above-filled']);
    expect(sol({ qty: '4.0001' }).ok).toBe(true);
  });

  it('checks the filled quantity even without an instrument', () => {
    const r = checkAmend({ clientOid: 'demo-sol-partial', qty: '2' }, { order: SOL_ORDER });
    expect(r.errors[0]?.message).toBe('Quantity must be greater than the filled quantity 4');
  });

  it('needs symbol and category to match the order', () => {
    expect(rules(btc({ price: '60010.0', symbol: 'ETHUSDT' }, { instrument: undefined }))).toEqual(['symbol-match']);
    expect(rules(btc({ price: '60010.0', category: 'SPOT' }, { instrument: undefined }))).toEqual(['category-match']);
  });

  it('needs the loaded order to be the one the IDs name (the Order ID wins)', () => {
    expect(rules(checkAmend({ orderId: '999', price: '60010.0' }, { order: BTC_ORDER }))).toEqual(['order-identity']);
    expect(rules(checkAmend({ clientOid: 'other', price: '60010.0' }, { order: BTC_ORDER }))).toEqual([
      'order-identity',
    ]);
    // Both given: only the Order ID decides which order is meant.
    expect(checkAmend({ orderId: '1001', clientOid: 'other', price: '60010.0' }, { order: BTC_ORDER }).ok).toBe(true);
  });

  it('warns (does not block) when nothing changes', () => {
    for (const draft of [{ price: '60000' }, { qty: '0.01' }, { qty: '0.0100', price: '60000.00' }]) {
      const r = btc(draft);
      expect(r.ok).toBe(true);
      expect(r.warnings.find((w) => w.rule === 'no-change')).toMatchObject({ code: '25571' });
    }
    expect(warningRules(btc({ qty: '0.0101', price: '60000.0' }))).not.toContain('no-change');
  });

  it('warns when the new price is more than 10 % away (boundary: exactly 10 % is fine)', () => {
    expect(warningRules(btc({ price: '66000.0' }))).not.toContain('price-far');
    expect(warningRules(btc({ price: '54000.0' }))).not.toContain('price-far');
    const far = btc({ price: '66000.1' });
    expect(far.ok).toBe(true);
    expect(far.warnings.find((w) => w.rule === 'price-far')?.message).toBe(
      'The new price is 10 % away from the current price 60000',
    );
    expect(warningRules(btc({ price: '53999.9' }))).toContain('price-far');
    expect(warningRules(btc({ price: '61000.0' }, { farPriceRatio: '0.01' }))).toContain('price-far');
  });
});

describe('the instrument (USDT-FUTURES BTCUSDT)', () => {
  it('limits price decimals to pricePrecision (boundary 1 place; trailing zeros do not count)', () => {
    expect(btc({ price: '60010.1' }).ok).toBe(true);
    expect(btc({ price: '60010.10' }).ok).toBe(true);
    const r = btc({ price: '60010.15' });
    expect(r.errors.find((e) => e.rule === 'price-precision')).toMatchObject({
      code: '25610',
      message: 'Price allows at most 1 decimal place',
    });
  });

  it('needs the price to be a multiple of priceMultiplier', () => {
    const ins = { ...BTC_PERP, priceMultiplier: '0.5' };
    expect(btc({ price: '60000.5' }, { instrument: ins }).ok).toBe(true);
    const r = btc({ price: '60000.3' }, { instrument: ins });
    expect(r.errors).toEqual([
      expect.objectContaining({ rule: 'price-step', code: '25244', message: 'Price must be a multiple of 0.5' }),
    ]);
    expect(rules(btc({ price: '60000.15' }))).toEqual(['price-precision', 'price-step']);
    expect(btc({ price: '60000.15' }).errors[1]?.message).toBe('Price must be a multiple of 0.1');
  });

  it('limits quantity decimals to quantityPrecision (boundary 4 places)', () => {
    expect(btc({ qty: '0.0201' }).ok).toBe(true);
    expect(btc({ qty: '0.02010' }).ok).toBe(true);
    expect(btc({ qty: '0.02011' }).errors[0]).toMatchObject({
      rule: 'qty-precision',
      code: '25610',
      message: 'Quantity allows at most 4 decimal places',
    });
  });

  it('needs the quantity to be a multiple of quantityMultiplier', () => {
    const ins = { ...BTC_PERP, quantityMultiplier: '0.0005' };
    expect(btc({ qty: '0.0105' }, { instrument: ins }).ok).toBe(true);
    expect(btc({ qty: '0.0104' }, { instrument: ins }).errors[0]).toMatchObject({
      rule: 'qty-step',
      message: 'Quantity must be a multiple of 0.0005',
    });
  });

  it('needs at least minOrderQty (boundary: equal is fine)', () => {
    const ins = { ...BTC_PERP, minOrderAmount: '0' };
    expect(btc({ qty: '0.0001' }, { instrument: ins }).ok).toBe(true);
    const r = btc(
      { qty: '0.00009' },
      { instrument: { ...ins, quantityPrecision: '5', quantityMultiplier: '0.00001' } },
    );
    expect(r.errors).toEqual([
      expect.objectContaining({ rule: 'qty-min', code: '25207', message: 'Quantity must be at least 0.0001 BTC' }),
    ]);
  });

  it('needs at most maxOrderQty (boundary: equal is fine; 0 means no limit)', () => {
    expect(btc({ qty: '1200' }).ok).toBe(true);
    expect(btc({ qty: '1200.0001' }).errors[0]).toMatchObject({
      rule: 'qty-max',
      code: '25208',
      message: 'Quantity must be at most 1200 BTC',
    });
    expect(btc({ qty: '99999' }, { instrument: { ...BTC_PERP, maxOrderQty: '0' } }).ok).toBe(true);
    expect(btc({ qty: '99999' }, { instrument: { ...BTC_PERP, maxOrderQty: '' } }).ok).toBe(true);
  });

  it('needs quantity × price ≥ minOrderAmount, using the order value for the unchanged side', () => {
    // qty change only: price stays 60000.0; 0.0001 × 60000 = 6 ≥ 5.
    expect(btc({ qty: '0.0001' }).ok).toBe(true);
    // price change only: qty stays 0.0100; 500.0 × 0.01 = 5, exactly the minimum.
    expect(btc({ price: '500.0' }).ok).toBe(true);
    const r = btc({ price: '499.9' });
    expect(r.errors.find((e) => e.rule === 'min-amount')).toMatchObject({
      code: '25611',
      field: 'price',
      message: 'Order value (quantity × price) must be at least 5 USDT; it would be 4.999 USDT',
    });
    expect(rules(btc({ qty: '0.0001', price: '49999.9' }))).toEqual(['min-amount']);
    expect(btc({ qty: '0.0001', price: '50000.0' }).ok).toBe(true);
  });

  it('cannot check the order value when the unchanged side is unknown', () => {
    const r = checkAmend({ clientOid: 'x', price: '1.0' }, { instrument: BTC_PERP });
    expect(r.ok).toBe(true);
  });

  it.each(['online', 'limit_open', 'limit_close'])('allows trading in status %s', (status) => {
    expect(btc({ price: '60010.0' }, { instrument: { ...BTC_PERP, status } }).ok).toBe(true);
  });

  it.each([
    ['listed', '25101'],
    ['restrictedAPI', '25101'],
    ['offline', '25102'],
  ])('refuses trading in status %s (code %s)', (status, code) => {
    const r = btc({ price: '60010.0' }, { instrument: { ...BTC_PERP, status } });
    expect(r.errors).toEqual([expect.objectContaining({ rule: 'instrument-tradable', code })]);
    expect(r.errors[0]?.message).toBe(
      `BTCUSDT is ${status}: only online, limit_open or limit_close pairs can be traded`,
    );
  });

  it('warns before a scheduled maintenance and refuses after it (boundary: at the time)', () => {
    const halt = Date.UTC(2026, 10, 24, 8);
    const ins = { ...BTC_PERP, limitOpenTime: String(halt) };
    expect(warningRules(btc({ price: '60010.0' }, { instrument: ins }))).toContain('instrument-maintenance');
    expect(btc({ price: '60010.0' }, { instrument: ins, now: halt - 1 }).ok).toBe(true);
    expect(btc({ price: '60010.0' }, { instrument: ins, now: halt }).errors[0]).toMatchObject({
      rule: 'instrument-maintenance',
      code: '25102',
    });
    for (const unset of ['', '-1', '0']) {
      const r = btc({ price: '60010.0' }, { instrument: { ...BTC_PERP, limitOpenTime: unset }, now: halt });
      expect(warningRules(r)).not.toContain('instrument-maintenance');
    }
  });

  it('refuses an instrument that is not the one named', () => {
    expect(rules(btc({ price: '60010.0', symbol: 'BTCUSDT', category: 'USDT-FUTURES' }))).toEqual([]);
    expect(rules(checkAmend({ orderId: '1', price: '60010.0', symbol: 'ETHUSDT' }, { instrument: BTC_PERP }))).toEqual([
      'instrument-match',
    ]);
  });

  it('refuses an instrument the exchange does not list', () => {
    const r = checkAmend(
      { orderId: '1', price: '1', category: 'SPOT', symbol: 'NOPEUSDT' },
      { instrumentNotFound: true },
    );
    expect(r.errors).toEqual([expect.objectContaining({ rule: 'instrument-exists', code: '25100' })]);
  });

  it('checks with exact decimals, not floats', () => {
    // 0.1 + 0.2 style traps: 0.3 is a multiple of 0.1 and 0.0003 of 0.0001.
    expect(btc({ price: '60000.3' }).ok).toBe(true);
    expect(btc({ qty: '0.0003' }).ok).toBe(true);
    // 1e21-sized values keep every digit.
    expect(rules(btc({ qty: '1000000000000000000000.0001' }))).toEqual(['qty-max']);
  });

  it('reports every broken rule at once', () => {
    const r = btc({ qty: '0.00001', price: '1.25' });
    expect(rules(r)).toEqual(['price-precision', 'price-step', 'qty-precision', 'qty-step', 'qty-min', 'min-amount']);
  });
});

describe('the instrument (SPOT: no multiples, no min/max quantity)', () => {
  it('does not apply futures-only rules', () => {
    const ins = { ...SOL_SPOT, minOrderQty: '5', maxOrderQty: '6', priceMultiplier: '0.5', quantityMultiplier: '0.5' };
    expect(sol({ qty: '7.0001', price: '150.01' }, { instrument: ins }).ok).toBe(true);
  });

  it('applies precision and the minimum order amount', () => {
    expect(rules(sol({ price: '150.001' }))).toEqual(['price-precision']);
    expect(rules(sol({ qty: '4.00001' }))).toEqual(['qty-precision']);
    // 10 × 0.1 = 1, exactly the minimum; 10 × 0.09 = 0.9 is below.
    expect(sol({ price: '0.1' }).ok).toBe(true);
    expect(rules(sol({ price: '0.09' }))).toEqual(['min-amount']);
  });
});

describe('one problem per field, with the nearest values that pass', () => {
  const said = (r: ReturnType<typeof checkAmend>) =>
    r.problems.map((p) => ({ field: p.field, message: p.message, code: p.code, fixes: p.fixes }));

  it('an off-step price: one message (the step), the grid values either side', () => {
    const r = btc({ price: '60000.15' });
    expect(rules(r)).toEqual(['price-precision', 'price-step']);
    expect(said(r)).toEqual([
      { field: 'price', message: 'Price must be a multiple of 0.1', code: '25610', fixes: ['60000.1', '60000.2'] },
    ]);
  });

  it('a quantity far below the minimum: one message (the minimum), the least quantity that passes', () => {
    const r = btc({ qty: '0.00001', price: '60000.15' });
    expect(rules(r).filter((x) => x.startsWith('qty') || x === 'min-amount')).toHaveLength(4);
    expect(said(r)).toEqual([
      { field: 'price', message: 'Price must be a multiple of 0.1', code: '25610', fixes: ['60000.1', '60000.2'] },
      { field: 'qty', message: 'Quantity must be at least 0.0001 BTC', code: '25610', fixes: ['0.0001'] },
    ]);
  });

  it('a quantity that makes the order value too small: the least quantity that makes it', () => {
    // 5 USDT at 60000.0 needs 0.0000834 → 0.0001 on the grid; at 1000.0, 0.005.
    const r = btc({ qty: '0.001', price: '1000.0' });
    expect(said(r)).toEqual([
      {
        field: 'qty',
        message: 'Order value (quantity × price) must be at least 5 USDT; it would be 1 USDT',
        code: '25611',
        fixes: ['0.0050'],
      },
    ]);
  });

  it('a quantity above the maximum, and one not above the filled quantity', () => {
    expect(said(btc({ qty: '1300' }))[0]?.fixes).toEqual(['1200.0000']);
    const r = sol({ qty: '3.99995' });
    expect(rules(r)).toEqual(['qty-above-filled', 'qty-precision']);
    expect(said(r)).toEqual([
      {
        field: 'qty',
        message: 'Quantity must be greater than the filled quantity 4 SOL',
        code: '25610',
        fixes: ['4.0001'],
      },
    ]);
  });

  it('offers no fix for what no value cures (a bad format, a filled order)', () => {
    expect(said(btc({ price: 'abc' }))[0]?.fixes).toBeUndefined();
    const filled = btc({ price: '60000.1' }, { order: { ...BTC_ORDER, orderStatus: 'filled' } });
    expect(said(filled)).toEqual([
      {
        field: 'order',
        message: 'The order is completely filled and can no longer be modified',
        code: '25568',
        fixes: undefined,
      },
    ]);
  });

  it('without an instrument there is no grid, so no fix', () => {
    expect(said(checkAmend({ clientOid: 'x', qty: '0.5' }, { order: { ...SOL_ORDER } }))[0]?.fixes).toBeUndefined();
  });
});

describe('reduce-only orders (exchange-facts: they cannot be modified)', () => {
  it('refuses a reduce-only order with the exchange’s words and code, however the flag is written', () => {
    for (const reduceOnly of ['YES', 'yes']) {
      const r = btc({ price: '60000.1' }, { order: { ...BTC_ORDER, reduceOnly } });
      expect(r.ok).toBe(false);
      expect(r.errors).toEqual([
        expect.objectContaining({
          rule: 'order-reduce-only',
          field: 'order',
          code: '25568',
          message: 'The order is reduce-only, and reduce-only orders cannot be modified',
        }),
      ]);
    }
  });

  it('modifies an order that is not reduce-only', () => {
    expect(btc({ price: '60000.1' }, { order: { ...BTC_ORDER, reduceOnly: 'NO' } }).ok).toBe(true);
  });
});

describe('both IDs of the loaded order', () => {
  it('are no "Order ID wins" warning when they name the same loaded order', () => {
    const r = btc({ orderId: '1001', clientOid: 'demo-btc-open', price: '60000.1' });
    expect(warningRules(r)).not.toContain('identity-both');
    expect(r.request).toMatchObject({ orderId: '1001', clientOid: 'demo-btc-open' });
  });
});
