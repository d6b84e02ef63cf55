import { describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/schemas';
import { filterWords, ladderOrder, matchesFilter, NO_FILTER, orderKey } from './order-filter';

const order = (over: Partial<Order>): Order => ({
  orderId: '1',
  clientOid: 'c1',
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderStatus: 'live',
  ...over,
});

describe('order filter', () => {
  it('matches category, symbol (any case) and side; empty parts match everything', () => {
    const o = order({});
    expect(matchesFilter(o, NO_FILTER)).toBe(true);
    expect(matchesFilter(o, { ...NO_FILTER, category: 'USDT-FUTURES', symbol: 'btcusdt', side: 'buy' })).toBe(true);
    expect(matchesFilter(o, { ...NO_FILTER, category: 'SPOT' })).toBe(false);
    expect(matchesFilter(o, { ...NO_FILTER, symbol: 'ETHUSDT' })).toBe(false);
    expect(matchesFilter(o, { ...NO_FILTER, side: 'sell' })).toBe(false);
    // An order pushed by the stream writes its category in lower case.
    expect(matchesFilter(order({ category: 'usdt-futures' }), { ...NO_FILTER, category: 'USDT-FUTURES' })).toBe(true);
  });

  it('keys an order by its Order ID, else its client order ID, and names the filter in words', () => {
    expect(orderKey({ orderId: '7', clientOid: 'x' })).toBe('7');
    expect(orderKey({ orderId: '', clientOid: 'x' })).toBe('x');
    expect(filterWords(NO_FILTER)).toBe('every open order');
    expect(filterWords({ category: 'SPOT', symbol: 'ethusdt', side: 'sell' })).toBe('SPOT · ETHUSDT · sells');
  });
});

describe('ladder order', () => {
  it('reads by symbol, buys before sells, highest price first, decimals compared exactly', () => {
    const list = [
      order({ orderId: 'a', symbol: 'ETHUSDT', price: '3000' }),
      order({ orderId: 'b', price: '9.5' }),
      order({ orderId: 'c', price: '10.25' }),
      order({ orderId: 'd', side: 'sell', price: '11' }),
      order({ orderId: 'e', price: undefined }),
    ];
    expect(ladderOrder(list).map((o) => o.orderId)).toEqual(['c', 'b', 'e', 'd', 'a']);
  });
});
