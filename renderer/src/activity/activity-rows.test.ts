import { describe, expect, it } from 'vitest';
import type { Attempt } from '../../../shared/attempts';
import { activityCsv } from './activity-rows';

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

describe('activity rows', () => {
  it('exports CSV with a header, quoted cells and no formulas', () => {
    const csv = activityCsv([a, { ...a, summary: '=HYPERLINK("x")' }]);
    const [head, row] = csv.split('\r\n');
    expect(head?.split(',')).toContain('duration_ms');
    expect(row).toContain('demo-btc-open');
    expect(row).toContain(',60000.0,60010.0,0.0100,,no,applied,');
    expect(row).toContain(',750,att-1');
    expect(csv.split('\r\n')[2]).toContain(`,"'=HYPERLINK(""x"")",`);
  });
});
