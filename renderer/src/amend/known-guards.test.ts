import { describe, expect, it } from 'vitest';
import type { OrderGuard } from '../../../shared/attempts';
import { guardOf, noteGuard, NO_GUARDS } from './known-guards';

const locked: OrderGuard = { state: 'locked', attemptId: 'a1', reason: 'Order 1001 was cancelled by auto-cancel' };
const inFlight: OrderGuard = { state: 'in-flight', attemptId: 'a2', reason: 'A modification is in progress' };

describe('the guards main told the desk', () => {
  it('is free for an order main has said nothing about', () => {
    expect(guardOf(NO_GUARDS, { orderId: '1001' })).toEqual({ state: 'free' });
    expect(guardOf(NO_GUARDS, {})).toEqual({ state: 'free' });
  });

  it('finds a guard under either identifier it was told with', () => {
    const known = noteGuard(NO_GUARDS, { orderId: '1001', clientOid: 'demo-btc-open' }, locked);
    expect(guardOf(known, { clientOid: 'demo-btc-open' })).toBe(locked);
    expect(guardOf(known, { orderId: '1001' })).toBe(locked);
    expect(guardOf(known, { orderId: '1001', clientOid: 'other' })).toBe(locked);
    expect(guardOf(known, { orderId: '2002' })).toEqual({ state: 'free' });
  });

  it('takes main’s latest answer, also when it came under only one of the identifiers', () => {
    let known = noteGuard(NO_GUARDS, { orderId: '1001', clientOid: 'x' }, { state: 'free' });
    known = noteGuard(known, { clientOid: 'x' }, inFlight);
    expect(guardOf(known, { orderId: '1001', clientOid: 'x' })).toBe(inFlight);
    known = noteGuard(known, { orderId: '1001' }, { state: 'free' });
    expect(guardOf(known, { orderId: '1001', clientOid: 'x' })).toEqual({ state: 'free' });
    // Asked by the client order ID alone, the answer given under it is the latest it knows.
    expect(guardOf(known, { clientOid: 'x' })).toBe(inFlight);
  });

  it('frees an unknown outcome when main says the order is free again', () => {
    let known = noteGuard(NO_GUARDS, { clientOid: 'x' }, { state: 'unknown', reason: 'load it' });
    expect(guardOf(known, { clientOid: 'x' }).state).toBe('unknown');
    known = noteGuard(known, { clientOid: 'x' }, { state: 'free' });
    expect(guardOf(known, { clientOid: 'x' }).state).toBe('free');
  });

  it('ignores an answer that names no order, and never changes what it was given', () => {
    expect(noteGuard(NO_GUARDS, {}, locked)).toBe(NO_GUARDS);
    noteGuard(NO_GUARDS, { orderId: '1' }, locked);
    expect(NO_GUARDS).toEqual({ last: 0, byKey: {} });
  });
});
