/**
 * Market prices for the price-band warning of a rule's preview: one Get Tickers per product type of
 * the selection. Which ticker and which of its prices count is shared/market-price.ts.
 */
import type { MarketLookup } from '../../shared/amend-plan';
import { marketLookup, tickerCategoryOf } from '../../shared/market-price';
import { CATEGORIES, type Category, type Ticker, type TickerCategory } from '../../shared/schemas';
import type { ExchangeClient } from '../exchange/client';

/**
 * Reads the tickers of every product type among `targets` (the symbol alone when it is the only one)
 * and answers from them. Throws the client's DeskError when a read fails.
 */
export async function loadMarketPrices(
  client: ExchangeClient,
  targets: ReadonlyArray<{ category: string; symbol: string }>,
): Promise<MarketLookup> {
  const symbols = new Map<TickerCategory, Set<string>>();
  for (const t of targets) {
    const category = t.category.trim().toUpperCase();
    if (!(CATEGORIES as readonly string[]).includes(category)) continue;
    const tc = tickerCategoryOf(category as Category);
    symbols.set(tc, (symbols.get(tc) ?? new Set()).add(t.symbol));
  }
  const tickers = new Map<TickerCategory, Ticker[]>();
  for (const [category, wanted] of symbols) {
    const one = wanted.size === 1 ? [...wanted][0] : undefined;
    tickers.set(category, await client.getTickers(category, one));
  }
  return marketLookup(tickers);
}
