/**
 * Market prices for the price-band warning of a rule's preview: one Get Tickers per product type of
 * the selection (margin pairs read the SPOT book: there are no MARGIN tickers). The market is the
 * last price, or the mark price for futures, as the planner's MarketLookup says.
 */
import type { MarketLookup } from '../../shared/amend-plan';
import { CATEGORIES, isFuturesCategory, type Category, type Ticker, type TickerCategory } from '../../shared/schemas';
import type { ExchangeClient } from '../exchange/client';

function tickerCategoryOf(category: Category): TickerCategory {
  return category === 'MARGIN' ? 'SPOT' : category;
}

/** The price the band is measured from, or undefined when the ticker gives none. */
export function marketPriceOf(category: Category, ticker: Ticker | undefined): string | undefined {
  if (!ticker) return undefined;
  const mark = isFuturesCategory(category) ? ticker.markPrice?.trim() : undefined;
  return mark || ticker.lastPrice?.trim() || undefined;
}

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
  const tickers = new Map<string, Ticker>();
  for (const [category, wanted] of symbols) {
    const one = wanted.size === 1 ? [...wanted][0] : undefined;
    for (const t of await client.getTickers(category, one)) tickers.set(`${category} ${t.symbol}`, t);
  }
  return (category, symbol) => marketPriceOf(category, tickers.get(`${tickerCategoryOf(category)} ${symbol}`));
}
