import { describe, expect, it } from 'vitest';
import { batchVerdicts } from './batch-results';

describe('matching a batch answer to the items sent', () => {
  const items = [
    { orderId: '1', price: '10' },
    { clientOid: 'c2', price: '20' },
    { orderId: '3', qty: '1' },
  ];

  it('matches by identifier, whatever the order of the results', () => {
    const verdicts = batchVerdicts(items, [
      { orderId: '3', clientOid: 'c3', code: '25571', msg: 'same price and quantity' },
      { orderId: '1', clientOid: 'c1' },
      { orderId: '2', clientOid: 'c2', code: '00000', msg: 'success' },
    ]);
    expect(verdicts).toEqual([
      { kind: 'accepted', orderId: '1', clientOid: 'c1' },
      { kind: 'accepted', orderId: '2', clientOid: 'c2' },
      { kind: 'rejected', code: '25571', msg: 'same price and quantity', orderId: '3', clientOid: 'c3' },
    ]);
  });

  it('falls back to position when the results name nothing but their count agrees', () => {
    const verdicts = batchVerdicts(items, [{ code: 0 }, { code: '25204', msg: 'not found' }, {}]);
    expect(verdicts.map((v) => v.kind)).toEqual(['accepted', 'rejected', 'accepted']);
  });

  it('an item the answer does not account for is unknown, never assumed refused', () => {
    const verdicts = batchVerdicts(items, [{ orderId: '1', clientOid: 'c1' }]);
    expect(verdicts.map((v) => v.kind)).toEqual(['accepted', 'unknown', 'unknown']);
  });

  it('one result never answers for two items', () => {
    const twice = [
      { orderId: '1', price: '10' },
      { orderId: '1', qty: '2' },
    ];
    expect(batchVerdicts(twice, [{ orderId: '1', clientOid: 'c1' }]).map((v) => v.kind)).toEqual([
      'accepted',
      'unknown',
    ]);
  });
});
