/** The rules of undoing an amend: which orders go back, which are left with why, and exact decimals. */
import { describe, expect, it } from 'vitest';
import type { Attempt } from './attempts';
import { modifiedSince, planRevertRow, restoredValue, revertOf } from './revert-rules';
import type { Instrument, Order } from './schemas';

const SOL_SPOT: Instrument = {
  category: 'SPOT',
  symbol: 'SOLUSDT',
  baseCoin: 'SOL',
  quoteCoin: 'USDT',
  status: 'online',
  minOrderQty: '0.0001',
  maxOrderQty: '0',
  minOrderAmount: '0.01',
  pricePrecision: '2',
  quantityPrecision: '4',
  limitOpenTime: '',
};

const before = {
  orderId: '7001',
  clientOid: 'c-7001',
  category: 'SPOT',
  symbol: 'SOLUSDT',
  price: '0.10',
  qty: '2.5000',
  cumExecQty: '0',
  orderStatus: 'live',
};

function attempt(a: Partial<Attempt> = {}): Attempt {
  return {
    id: 'a-1',
    profileId: 'p',
    profileName: 'Demo',
    environment: 'local-demo',
    startedAt: 1,
    request: { orderId: '7001', category: 'SPOT', symbol: 'SOLUSDT', price: '0.11', autoCancel: 'no' },
    status: 'applied',
    summary: 'Applied',
    before,
    after: { ...before, price: '0.11' },
    timeline: [],
    ...a,
  };
}

function order(o: Partial<Order> = {}): Order {
  return { ...before, side: 'buy', price: '0.11', ...o };
}

describe('restoredValue', () => {
  it('keeps the recorded string as it is when the grid allows it, never through a float', () => {
    expect(restoredValue('0.10', { step: '0.01', places: 2 })).toBe('0.10');
    expect(restoredValue('60000.10', { step: '0.01', places: 2 })).toBe('60000.10');
    expect(restoredValue('0.1', { step: '0.01', places: 2 })).toBe('0.1');
    // 0.1 + 0.2 in a float is 0.30000000000000004: strings never meet one.
    expect(restoredValue('0.30000000000000000001', { step: '1e-20', places: 20 })).toBe('0.30000000000000000001');
  });

  it('drops only trailing zeros beyond the instrument decimals; a value off the grid is left for the rules', () => {
    expect(restoredValue('0.10', { step: '0.1', places: 1 })).toBe('0.1');
    expect(restoredValue('5.000', { step: '1', places: 0 })).toBe('5');
    expect(restoredValue('0.15', { step: '0.1', places: 1 })).toBe('0.15');
    expect(restoredValue('0.10', undefined)).toBe('0.10');
  });
});

describe('revertOf', () => {
  it('sends back exactly the recorded earlier values of the fields the amend changed', () => {
    const t = revertOf(
      attempt({ request: { orderId: '7001', price: '0.11', qty: '3' }, after: { ...before, price: '0.11', qty: '3' } }),
    );
    expect(t).toEqual({
      request: { orderId: '7001', category: 'SPOT', symbol: 'SOLUSDT', price: '0.10', qty: '2.5000', autoCancel: 'no' },
      expect: { price: '0.11', qty: '3' },
    });
  });

  it('expects the untouched field as the amend left it', () => {
    expect(revertOf(attempt())).toMatchObject({ request: { price: '0.10' }, expect: { price: '0.11', qty: '2.5000' } });
    expect('request' in revertOf(attempt())).toBe(true);
    expect((revertOf(attempt()) as { request: object }).request).not.toHaveProperty('qty');
  });

  it('has nothing to undo for an amend not applied, or with no earlier values', () => {
    expect(revertOf(attempt({ status: 'rejected' }))).toMatchObject({ reason: 'not-applied' });
    expect(revertOf(attempt({ before: undefined }))).toMatchObject({ reason: 'not-applied' });
  });
});

describe('modifiedSince', () => {
  it('compares as decimals: the exchange writing 0.110 for 0.11 is not a change', () => {
    expect(modifiedSince({ price: '0.110', qty: '2.5' }, { price: '0.11', qty: '2.5000' })).toBeUndefined();
    expect(modifiedSince({ price: '0.12', qty: '2.5' }, { price: '0.11', qty: '2.5' })).toMatch(
      /Modified since the amend: its price is now 0\.12, not 0\.11/,
    );
    expect(modifiedSince({ price: '0.11', qty: '4' }, { price: '0.11', qty: '2.5' })).toMatch(/quantity is now 4/);
  });
});

describe('planRevertRow', () => {
  const plan = (o: Partial<Order>, a: Partial<Attempt> = {}, instrument: Instrument | undefined = SOL_SPOT) =>
    planRevertRow({ attempt: attempt(a), order: order(o), ...(instrument ? { instrument } : {}), now: 0 });

  it('is ready with the exact earlier value when the order still shows what the amend set', () => {
    const row = plan({});
    expect(row).toMatchObject({
      attemptId: 'a-1',
      status: 'ready',
      current: { price: '0.11' },
      next: { price: '0.10' },
      request: { orderId: '7001', price: '0.10' },
      change: 'price 0.11 → 0.10',
    });
  });

  it('excludes an order no longer open: filled, cancelled', () => {
    expect(plan({ orderStatus: 'filled' })).toMatchObject({
      status: 'excluded',
      exclusion: { reason: 'not-open', message: expect.stringMatching(/filled now/) },
    });
    expect(plan({ orderStatus: 'cancelled' }).exclusion?.message).toMatch(/cancelled now/);
  });

  it('excludes an order modified since, by the desk or anyone', () => {
    expect(plan({ price: '0.12' })).toMatchObject({ status: 'excluded', exclusion: { reason: 'modified-since' } });
    expect(plan({ qty: '9' }).exclusion?.reason).toBe('modified-since');
  });

  it('excludes a quantity that can no longer go back: filled at or above the earlier quantity', () => {
    const a = { request: { orderId: '7001', qty: '5' }, after: { ...before, qty: '5' } };
    expect(plan({ price: '0.10', qty: '5', cumExecQty: '2.5', orderStatus: 'partially_filled' }, a)).toMatchObject({
      status: 'excluded',
      exclusion: { reason: 'below-filled', message: expect.stringMatching(/2\.5 is filled now/) },
    });
    expect(plan({ price: '0.10', qty: '5', cumExecQty: '2', orderStatus: 'partially_filled' }, a).status).toBe('ready');
  });

  it('is refused when the instrument rules now refuse the earlier value, with the rule in words', () => {
    const coarser = { ...SOL_SPOT, pricePrecision: '1' };
    const row = plan(
      { price: '0.2' },
      {
        request: { orderId: '7001', price: '0.2' },
        after: { ...before, price: '0.2' },
        before: { ...before, price: '0.15' },
      },
      coarser,
    );
    expect(row.status).toBe('refused');
    expect(row.errors[0]?.message).toMatch(/decimal/i);
  });

  it('restores "0.10" as "0.1" when the instrument now writes one decimal', () => {
    const coarser = { ...SOL_SPOT, pricePrecision: '1' };
    const row = plan(
      { price: '0.2' },
      { request: { orderId: '7001', price: '0.2' }, after: { ...before, price: '0.2' } },
      coarser,
    );
    expect(row).toMatchObject({ status: 'ready', next: { price: '0.1' }, request: { price: '0.1' } });
  });

  it('excludes an order that could not be read, and an instrument no longer listed', () => {
    expect(planRevertRow({ attempt: attempt(), readError: 'timeout' })).toMatchObject({
      status: 'excluded',
      exclusion: { reason: 'unreadable', message: 'The order could not be read: timeout' },
    });
    expect(
      planRevertRow({ attempt: attempt(), order: order({}), instrumentNotFound: true }).exclusion?.message,
    ).toMatch(/no longer listed/);
  });
});
