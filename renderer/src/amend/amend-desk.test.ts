import { beforeEach, describe, expect, it } from 'vitest';
import type { Attempt } from '../../../shared/attempts';
import type { Order } from '../../../shared/schemas';
import { EMPTY_DRAFT, guardFor, useAmend } from './amend-store';
import { loadedMatches, statusLine } from './useAmendDesk';

const order: Order = {
  orderId: '1001',
  clientOid: 'demo-btc-open',
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  orderStatus: 'live',
};

beforeEach(() => useAmend.setState({ guards: {}, draft: EMPTY_DRAFT, reviewed: null }));

describe('the desk state', () => {
  it('matches the loaded order by Order ID when given (it wins), else by client order ID', () => {
    expect(loadedMatches(order, { ...EMPTY_DRAFT, clientOid: 'demo-btc-open' })).toBe(true);
    expect(loadedMatches(order, { ...EMPTY_DRAFT, orderId: '1001', clientOid: 'other' })).toBe(true);
    expect(loadedMatches(order, { ...EMPTY_DRAFT, orderId: '999', clientOid: 'demo-btc-open' })).toBe(false);
    expect(loadedMatches(order, EMPTY_DRAFT)).toBe(false);
  });

  it('knows a guard under either identifier, and a lock is never lifted by a later answer', () => {
    const { noteGuard } = useAmend.getState();
    noteGuard({ orderId: '1001', clientOid: 'demo-btc-open' }, { state: 'locked', reason: 'auto-cancelled' });
    noteGuard({ orderId: '1001' }, { state: 'free' });
    const { guards } = useAmend.getState();
    expect(guardFor(guards, { clientOid: 'demo-btc-open' }).state).toBe('locked');
    expect(guardFor(guards, { orderId: '1001' }).state).toBe('locked');
    expect(guardFor(guards, { orderId: '2002' }).state).toBe('free');
  });

  it('frees an unknown outcome when main says the order is free again', () => {
    const { noteGuard } = useAmend.getState();
    noteGuard({ clientOid: 'x' }, { state: 'unknown' });
    expect(guardFor(useAmend.getState().guards, { clientOid: 'x' }).state).toBe('unknown');
    noteGuard({ clientOid: 'x' }, { state: 'free' });
    expect(guardFor(useAmend.getState().guards, { clientOid: 'x' }).state).toBe('free');
  });

  it('needs a new review after any edit', () => {
    const s = useAmend.getState();
    s.setField('price', '1');
    s.review(true);
    expect(useAmend.getState().reviewed).not.toBeNull();
    s.setField('price', '2');
    expect(useAmend.getState().reviewed).toBeNull();
  });

  it('writes the status line without repeating the label', () => {
    const a = { status: 'applied', summary: 'Applied: price 1 → 2.' } as Attempt;
    expect(statusLine(a)).toBe('Applied: price 1 → 2.');
    expect(statusLine({ ...a, status: 'following', summary: 'Accepted by the exchange' })).toBe(
      'Following: Accepted by the exchange',
    );
  });
});
