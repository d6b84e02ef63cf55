/**
 * Which ticker an order's market is read from, and which of its prices the price band is measured
 * from: one home for the single desk, the Amend many preview and the CLI's rule preview.
 *
 * MARGIN has no tickers of its own: its pairs trade on the SPOT book. The band's reference is the
 * mark price for futures (the exchange's fair price there, which its price limits follow) and the
 * last price otherwise; the specification only says "the market price", so the desk warns and the
 * exchange stays the judge.
 */
import type { MarketLookup } from './plan-row';
import { isFuturesCategory, type Category, type Ticker, type TickerCategory } from './schemas';

export function tickerCategoryOf(category: Category): TickerCategory {
  return category === 'MARGIN' ? 'SPOT' : category;
}

export type BandReference = { price: string; name: 'mark' | 'last' };

/** The price the band is measured from, and its name for the formula; undefined without one. */
export function bandReference(category: Category, ticker: Ticker | undefined): BandReference | undefined {
  if (!ticker) return undefined;
  const mark = isFuturesCategory(category) ? ticker.markPrice?.trim() : undefined;
  if (mark) return { price: mark, name: 'mark' };
  const last = ticker.lastPrice?.trim();
  return last ? { price: last, name: 'last' } : undefined;
}

/** A planner lookup over tickers fetched per ticker category. */
export function marketLookup(tickers: ReadonlyMap<TickerCategory, readonly Ticker[]>): MarketLookup {
  const index = new Map<string, Ticker>();
  for (const [category, list] of tickers) for (const t of list) index.set(`${category}\u0000${t.symbol}`, t);
  return (category, symbol) =>
    bandReference(category, index.get(`${tickerCategoryOf(category)}\u0000${symbol}`))?.price;
}
