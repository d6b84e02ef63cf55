/** Test support: attempts as the activity log holds them, shared by the tests that read them. */
import type { Attempt } from '../attempts';

export const appliedAttempt: Attempt = {
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
