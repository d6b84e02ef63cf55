import { describe, expect, it } from 'vitest';
import { marketLookup } from './market-price';
import type { Ticker, TickerCategory } from './schemas';

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
