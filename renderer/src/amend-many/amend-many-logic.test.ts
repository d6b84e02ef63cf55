import { describe, expect, it } from 'vitest';
import type { BatchRun } from '../../../shared/batch-run';
import type { Order, Ticker, TickerCategory } from '../../../shared/schemas';
import { marketLookup } from '../../../shared/market-price';
import { filterWords, ladderOrder, matchesFilter, NO_FILTER, orderKey } from './order-filter';
import { EMPTY_RULE, planRuleOf, roundingWords } from './rule-form';
import { runIsActive } from './use-run';

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

describe('rule form', () => {
  it('turns the typed rule into the planner rule', () => {
    expect(planRuleOf({ ...EMPTY_RULE, priceValue: '+2' })).toEqual({
      price: { kind: 'steps', n: 2 },
      autoCancel: 'no',
    });
    expect(planRuleOf({ ...EMPTY_RULE, priceValue: '1.5' }).price).toEqual({ kind: 'steps', n: Number.NaN });
    expect(
      planRuleOf({ priceMode: 'percent', priceValue: '-1', qtyMode: 'percent', qtyValue: '50', autoCancel: true }),
    ).toEqual({ price: { kind: 'percent', pct: '-1' }, qty: { kind: 'percent', pct: '50' }, autoCancel: 'yes' });
    expect(planRuleOf({ ...EMPTY_RULE, priceMode: 'none', qtyMode: 'set', qtyValue: '0.5' })).toEqual({
      qty: { kind: 'set', value: '0.5' },
      autoCancel: 'no',
    });
  });

  it('states the rounding direction in words', () => {
    expect(roundingWords({ ...EMPTY_RULE, priceMode: 'percent' })[0]).toMatch(
      /^Buys round down, sells round up, to the price step/,
    );
    expect(roundingWords({ ...EMPTY_RULE, priceMode: 'none', qtyMode: 'percent' })[0]).toMatch(
      /round down to the quantity step, and never below what is already filled/,
    );
  });
});

describe('market prices', () => {
  it('uses the mark price for futures, the last price for spot, and the SPOT book for MARGIN', () => {
    const tickers = new Map<TickerCategory, Ticker[]>([
      ['USDT-FUTURES', [{ category: 'USDT-FUTURES', symbol: 'BTCUSDT', lastPrice: '60000.0', markPrice: '60001.0' }]],
      ['SPOT', [{ category: 'SPOT', symbol: 'ETHUSDT', lastPrice: '3000.00' }]],
    ]);
    const market = marketLookup(tickers);
    expect(market('USDT-FUTURES', 'BTCUSDT')).toBe('60001.0');
    expect(market('SPOT', 'ETHUSDT')).toBe('3000.00');
    expect(market('MARGIN', 'ETHUSDT')).toBe('3000.00');
    expect(market('SPOT', 'BTCUSDT')).toBeUndefined();
  });
});

describe('run words', () => {
  const run = (over: Partial<BatchRun['counts']>, state: BatchRun['state'] = 'running'): BatchRun => ({
    id: 'r1',
    profileId: 'p',
    profileName: 'Main',
    environment: 'live',
    startedAt: 1,
    state,
    requests: 1,
    items: [],
    checked: 10,
    counts: {
      total: 10,
      queued: 0,
      inFlight: 0,
      applied: 0,
      refused: 0,
      failed: 0,
      unknown: 0,
      notSent: 0,
      excluded: 0,
      ...over,
    },
  });

  it('keeps reading a run while anything in it can change', () => {
    expect(runIsActive(run({ applied: 10 }, 'done'))).toBe(false);
    expect(runIsActive(run({ applied: 5, notSent: 5 }, 'stopped'))).toBe(false);
    expect(runIsActive(run({ inFlight: 2, notSent: 8 }, 'stopped'))).toBe(true);
    expect(runIsActive(run({ queued: 10 }, 'paused'))).toBe(true);
    expect(runIsActive(run({}, 'checking'))).toBe(true);
  });
});
