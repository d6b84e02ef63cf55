import { describe, expect, it } from 'vitest';
import { bookPosition, distanceText, showsMark, stepsWord, tickerSource } from './market-words';

const GRID = { step: '0.1', places: 1 };
const BOOK = { lastPrice: '60000.0', bid1Price: '59999.9', ask1Price: '60000.1' };

describe('the ticker an order’s market is read from', () => {
  it('is its own category’s, except margin, which reads the SPOT ticker of the same symbol', () => {
    expect(tickerSource('USDT-FUTURES', 'btcusdt')).toEqual({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      viaSpot: false,
    });
    expect(tickerSource('MARGIN', 'BTCUSDT')).toEqual({ category: 'SPOT', symbol: 'BTCUSDT', viaSpot: true });
    expect(tickerSource('', 'BTCUSDT')).toBeUndefined();
    expect(tickerSource('usdt-futures', 'BTCUSDT')).toBeUndefined();
    expect(tickerSource('SPOT', ' ')).toBeUndefined();
  });

  it('has a mark price for futures only', () => {
    expect(showsMark('COIN-FUTURES')).toBe(true);
    expect(showsMark('SPOT')).toBe(false);
  });
});

describe('distance words', () => {
  it('are signed, in % and in steps, with a real minus', () => {
    expect(distanceText('60012.0', '60000.0', GRID)).toEqual({ pct: '+0.02 %', steps: '+120 steps' });
    expect(distanceText('59400.0', '60000.0', GRID)).toEqual({ pct: '−1.00 %', steps: '−6000 steps' });
    expect(distanceText('60000.1', '60000.0', GRID)).toEqual({ pct: '0.00 %', steps: '+1 step' });
    expect(distanceText('60000.0', '60000.0', GRID)).toEqual({ pct: '0.00 %', steps: '0 steps' });
  });

  it('say nothing without a grid, a reference or a price', () => {
    expect(distanceText('60000.0', '60000.0', undefined)).toBeUndefined();
    expect(distanceText('60000.0', '', GRID)).toBeUndefined();
    expect(distanceText('abc', '60000.0', GRID)).toBeUndefined();
  });

  it('count steps in the singular once', () => {
    expect([stepsWord('1'), stepsWord('−1'), stepsWord('2.5'), stepsWord('11')]).toEqual([
      '1 step',
      '−1 step',
      '2.5 steps',
      '11 steps',
    ]);
  });
});

describe('where a price sits against the book', () => {
  it('for a buy: crossing the ask trades at once; inside the spread is measured from the bid', () => {
    expect(bookPosition('buy', '60000.3', BOOK, GRID)).toBe('2 steps above the best ask: would trade at once');
    expect(bookPosition('buy', '60000.1', BOOK, GRID)).toBe('at the best ask: would trade at once');
    expect(bookPosition('buy', '59999.9', BOOK, GRID)).toBe('at the best bid');
    expect(bookPosition('buy', '59999.0', BOOK, GRID)).toBe('9 steps below the best bid');
    expect(bookPosition('buy', '60000.0', BOOK, GRID)).toBe('inside the spread, 1 step above the best bid');
  });

  it('for a sell: crossing the bid trades at once; inside the spread is measured from the ask', () => {
    expect(bookPosition('sell', '59999.7', BOOK, GRID)).toBe('2 steps below the best bid: would trade at once');
    expect(bookPosition('sell', '59999.9', BOOK, GRID)).toBe('at the best bid: would trade at once');
    expect(bookPosition('sell', '60000.5', BOOK, GRID)).toBe('4 steps above the best ask');
    expect(bookPosition('sell', '60000.0', BOOK, GRID)).toBe('inside the spread, 1 step below the best ask');
  });

  it('falls back to the last price without a book, and says nothing without a grid', () => {
    expect(bookPosition('buy', '60000.5', { lastPrice: '60000.0' }, GRID)).toBe('5 steps above the last price');
    expect(bookPosition('buy', '60000.0', { lastPrice: '60000.0', bid1Price: '' }, GRID)).toBe('at the last price');
    expect(bookPosition('buy', '60000.0', {}, GRID)).toBeUndefined();
    expect(bookPosition('buy', '60000.0', BOOK, undefined)).toBeUndefined();
  });
});
