import { describe, expect, it } from 'vitest';
import type { Attempt } from './attempts';
import { attemptIds, describeIds, mergeIds, orderKeys, orderName } from './order-ids';

describe('order identifiers', () => {
  it('keys an order under each identifier it has', () => {
    expect(orderKeys({ orderId: '1', clientOid: 'c' })).toEqual(['orderId:1', 'clientOid:c']);
    expect(orderKeys({ clientOid: 'c' })).toEqual(['clientOid:c']);
    expect(orderKeys({ orderId: '', clientOid: undefined })).toEqual([]);
  });

  it('merges identifiers, the first non-empty of each winning', () => {
    expect(mergeIds({ clientOid: 'c' }, undefined, { orderId: '1', clientOid: 'other' })).toEqual({
      orderId: '1',
      clientOid: 'c',
    });
    expect(mergeIds({ orderId: '', clientOid: '' }, { orderId: '2' })).toEqual({ orderId: '2', clientOid: undefined });
  });

  it('takes an attempt’s identifiers from its request, then the order after, then before', () => {
    const a = {
      request: { clientOid: 'c' },
      after: { orderId: '1', clientOid: 'c', category: 'SPOT', symbol: 'X', orderStatus: 'live' },
      before: undefined,
    } satisfies Pick<Attempt, 'request' | 'before' | 'after'>;
    expect(attemptIds(a)).toEqual({ orderId: '1', clientOid: 'c' });
    expect(attemptIds({ request: { orderId: '9' } })).toEqual({ orderId: '9', clientOid: undefined });
  });

  it('names an order as an operator knows it: its client order ID, else its Order ID', () => {
    expect(orderName({ orderId: '1', clientOid: 'demo-btc-open' })).toBe('demo-btc-open');
    expect(orderName({ orderId: '1', clientOid: '' })).toBe('1');
    expect(orderName({})).toBe('unknown order');
  });

  it('describes an order by both identifiers when known', () => {
    expect(describeIds({ orderId: '1', clientOid: 'c' })).toBe('1 (c)');
    expect(describeIds({ clientOid: 'c' })).toBe('c');
    expect(describeIds({})).toBe('unknown order');
  });
});
