import { describe, expect, it } from 'vitest';
import type { Attempt } from './attempts';
import { activityMatches } from './attempt-search';

const a: Attempt = {
  id: 'att-1',
  profileId: 'local-demo',
  profileName: 'Local demo',
  environment: 'local-demo',
  startedAt: 1_800_000_000_000,
  finishedAt: 1_800_000_000_750,
  request: { clientOid: 'demo-btc-open', price: '60010.0', autoCancel: 'no' },
  status: 'applied',
  summary: 'Applied: price 60000.0 → 60010.0.',
  before: {
    orderId: '1',
    clientOid: 'demo-btc-open',
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    price: '60000.0',
    qty: '0.0100',
    orderStatus: 'live',
  },
  timeline: [],
};

describe('activity search', () => {
  it('filters by text (case-insensitive, over order, symbol, change, summary, profile) and outcome', () => {
    expect(activityMatches(a, { text: 'BTC-OPEN' })).toBe(true);
    expect(activityMatches(a, { text: 'btcusdt', status: 'applied' })).toBe(true);
    expect(activityMatches(a, { text: 'local demo' })).toBe(true);
    expect(activityMatches({ ...a, summary: 'Applied.' }, { text: 'price 60000.0 → 60010.0' })).toBe(true);
    expect(activityMatches(a, { text: 'sol' })).toBe(false);
    expect(activityMatches(a, { text: '', status: 'cancelled' })).toBe(false);
  });
});
