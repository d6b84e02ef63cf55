/**
 * The words of the market context: which ticker an order's market is read from, how far a price is
 * from each reference, and where it sits against the book from the operator's side. The numbers
 * come from shared/steps.ts; this module only says them.
 */
import { compareDecimal, isPositiveDecimal } from '../../../shared/decimal';
import { categorySchema, isFuturesCategory, type Ticker, type TickerCategory } from '../../../shared/schemas';
import { tickerCategoryOf } from '../../../shared/market-price';
import { distanceFromMarket, stepsBetween, type GridLike } from '../../../shared/steps';

export interface TickerSource {
  category: TickerCategory;
  symbol: string;
  /** A margin order: margin pairs trade on the spot book and have no ticker of their own. */
  viaSpot: boolean;
}

/** Where an order's market is read: its own category's tickers, or SPOT's for a margin order. */
export function tickerSource(category: string | undefined, symbol: string | undefined): TickerSource | undefined {
  const c = categorySchema.safeParse(category);
  const s = symbol?.trim().toUpperCase();
  if (!c.success || !s) return undefined;
  const tickers = tickerCategoryOf(c.data);
  return { category: tickers, symbol: s, viaSpot: tickers !== c.data };
}

/** The typographic minus: "−0.25 %" reads as a negative number, "-" as a dash. */
const MINUS = '−';

function signed(n: string): string {
  if (n.startsWith('-')) return `${MINUS}${n.slice(1)}`;
  return Number(n) === 0 ? n : `+${n}`;
}

/** "1 step", "+1 step", "2.5 steps". */
export function stepsWord(n: string): string {
  return `${n} ${/^[+−-]?1$/.test(n) ? 'step' : 'steps'}`;
}

export interface DistanceText {
  pct: string;
  steps: string;
}

/** "+0.02 %" and "+12 steps" (signed, above the reference is +), or undefined when it cannot be said. */
export function distanceText(
  price: string,
  reference: string | undefined,
  grid: GridLike | undefined,
): DistanceText | undefined {
  if (!grid || !reference || !isPositiveDecimal(price)) return undefined;
  const d = distanceFromMarket(price, reference, grid);
  if (!d) return undefined;
  return { pct: `${signed(d.pct)} %`, steps: stepsWord(signed(d.steps)) };
}

function gap(a: string, b: string, grid: GridLike): string | undefined {
  const n = stepsBetween(a, b, grid);
  return n === undefined ? undefined : stepsWord(n.replace(/^-/, ''));
}

/**
 * Where a price sits against the best bid and ask, from the side of the order, in a few words:
 * "2 steps above the best ask: would trade at once" for a buy. Falls back to the last price when the
 * book is not known.
 */
export function bookPosition(
  side: string | undefined,
  price: string,
  ticker: Pick<Ticker, 'bid1Price' | 'ask1Price' | 'lastPrice'>,
  grid: GridLike | undefined,
): string | undefined {
  if (!grid || !isPositiveDecimal(price)) return undefined;
  const bid = ticker.bid1Price && isPositiveDecimal(ticker.bid1Price) ? ticker.bid1Price : undefined;
  const ask = ticker.ask1Price && isPositiveDecimal(ticker.ask1Price) ? ticker.ask1Price : undefined;
  const buy = side === 'buy';
  const sell = side === 'sell';
  if (!bid || !ask) {
    const last = ticker.lastPrice && isPositiveDecimal(ticker.lastPrice) ? ticker.lastPrice : undefined;
    if (!last) return undefined;
    const c = compareDecimal(price, last);
    return c === 0 ? 'at the last price' : `${gap(last, price, grid)} ${c > 0 ? 'above' : 'below'} the last price`;
  }
  const crosses = ': would trade at once';
  const vsAsk = compareDecimal(price, ask);
  const vsBid = compareDecimal(price, bid);
  if (vsAsk > 0) return `${gap(ask, price, grid)} above the best ask${buy ? crosses : ''}`;
  if (vsAsk === 0) return `at the best ask${buy ? crosses : ''}`;
  if (vsBid < 0) return `${gap(price, bid, grid)} below the best bid${sell ? crosses : ''}`;
  if (vsBid === 0) return `at the best bid${sell ? crosses : ''}`;
  // Inside the spread: measured from the order's own side of the book.
  return sell
    ? `inside the spread, ${gap(price, ask, grid)} below the best ask`
    : `inside the spread, ${gap(bid, price, grid)} above the best bid`;
}

/** Futures tickers carry a mark price; spot and margin have none to show. */
export const showsMark = (category: string | undefined): boolean => isFuturesCategory(category);
