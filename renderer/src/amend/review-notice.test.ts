import { describe, expect, it } from 'vitest';
import { checkAmend } from '../../../shared/amend-rules';
import type { KnownOrder } from '../../../shared/amend-draft';
import { REVIEW_READY, reviewNotice } from './review-notice';

const OPEN: KnownOrder = {
  clientOid: 'demo-eth-reduce-only',
  category: 'USDT-FUTURES',
  symbol: 'ETHUSDT',
  price: '3400.00',
  qty: '0.20',
  orderStatus: 'live',
};

describe('the banner after a review', () => {
  it('an order that cannot change: one sentence saying why, and no request for input', () => {
    const cases: [Partial<KnownOrder>, string][] = [
      [{ reduceOnly: 'YES' }, 'The order is reduce-only, and reduce-only orders cannot be modified.'],
      [{ orderStatus: 'filled' }, 'The order is completely filled and can no longer be modified.'],
      [{ orderStatus: 'cancelled' }, 'The order is cancelled and can no longer be modified.'],
    ];
    for (const [patch, words] of cases) {
      // Nothing typed, as the operator found it: "give a new quantity or price" is no request to make here.
      const report = checkAmend({ clientOid: 'demo-eth-reduce-only' }, { order: { ...OPEN, ...patch } });
      expect(reviewNotice(report, false)).toEqual([words, 'warning']);
    }
  });

  it('says every field’s problem while the order can change', () => {
    const report = checkAmend({ clientOid: 'demo-eth-reduce-only', price: 'x' }, { order: OPEN });
    expect(reviewNotice(report, false)).toEqual([
      'Not ready: Price must be a positive decimal number such as 101.25',
      'warning',
    ]);
    const ok = checkAmend({ clientOid: 'demo-eth-reduce-only', price: '3390.00' }, { order: OPEN });
    expect(reviewNotice(ok, true)).toEqual([REVIEW_READY, 'info']);
  });
});
