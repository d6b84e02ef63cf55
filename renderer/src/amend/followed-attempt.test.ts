import { describe, expect, it } from 'vitest';
import type { Attempt } from '../../../shared/attempts';
import { changesOrder, isFinalAttempt, orderRef, settledLine, statusLine } from './followed-attempt';

const base: Attempt = {
  id: 'a1',
  profileId: 'local-demo',
  profileName: 'Local demo',
  environment: 'local-demo',
  startedAt: 1,
  request: { clientOid: 'demo-btc-open', price: '60010.0' },
  status: 'following',
  summary: "Accepted by the exchange; following the order until the engine's result shows…",
  timeline: [],
};

describe('the followed attempt', () => {
  it('is final from applied on, not while sending or following', () => {
    expect(isFinalAttempt(undefined)).toBe(false);
    expect(isFinalAttempt(base)).toBe(false);
    expect(isFinalAttempt({ ...base, status: 'sending' })).toBe(false);
    for (const status of ['applied', 'failed', 'cancelled', 'rejected', 'refused', 'unknown'] as const) {
      expect(isFinalAttempt({ ...base, status })).toBe(true);
    }
  });

  it('writes the status line without repeating the label', () => {
    const a = { ...base, status: 'applied', summary: 'Applied: price 1 → 2.' } as const;
    expect(statusLine(a)).toBe('Applied: price 1 → 2.');
    expect(statusLine({ ...a, status: 'following', summary: 'Accepted by the exchange' })).toBe(
      'Following: Accepted by the exchange',
    );
  });

  it('explains the exchange code of a settled attempt, except a rejection (its summary does)', () => {
    const refused: Attempt = {
      ...base,
      status: 'refused',
      summary: 'Refused before sending: The order is completely filled.',
      error: { kind: 'rule', message: 'filled', code: '25568', mayHaveTakenEffect: false },
    };
    expect(settledLine(refused)).toBe(
      'Refused before sending: The order is completely filled. The order does not meet the modification requirements (for example it is completely filled).',
    );
    const rejected: Attempt = { ...refused, status: 'rejected', summary: 'Rejected: The order does not exist.' };
    expect(settledLine(rejected)).toBe('Rejected: The order does not exist.');
    expect(settledLine({ ...base, status: 'applied', summary: 'Applied: price 1 → 2.' })).toBe('Applied: price 1 → 2.');
  });

  it('reads the order again when the outcome may have changed it', () => {
    for (const status of ['applied', 'failed', 'cancelled'] as const)
      expect(changesOrder({ ...base, status })).toBe(true);
    for (const status of ['refused', 'unknown', 'rejected'] as const)
      expect(changesOrder({ ...base, status })).toBe(false);
    const cancelledElsewhere: Attempt = {
      ...base,
      status: 'rejected',
      error: { kind: 'exchange', message: 'cancelled', code: '25573', mayHaveTakenEffect: false },
    };
    expect(changesOrder(cancelledElsewhere)).toBe(true);
  });

  it('reads the order by Order ID once known, else by client order ID', () => {
    expect(orderRef(base)).toEqual({ clientOid: 'demo-btc-open' });
    const after = {
      orderId: '1001',
      clientOid: 'demo-btc-open',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      orderStatus: 'live',
    };
    expect(orderRef({ ...base, after })).toEqual({ orderId: '1001' });
  });
});
