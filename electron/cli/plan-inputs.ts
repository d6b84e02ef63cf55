/**
 * What the amend-many planner needs beyond the orders, read through the contract as the app's Amend
 * many preview reads it: the instruments of the orders' product types (one listInstruments each) and,
 * for a price rule, the market (one getTickers per ticker category) for the price-band warning.
 * Which ticker and which of its prices count is shared/market-price.ts.
 */
import { instrumentLookup } from '../../shared/amend-plan';
import type { InstrumentLookup, MarketLookup } from '../../shared/plan-row';
import { unwrap, type DeskApi } from '../../shared/contract';
import { DeskError, describeError } from '../../shared/errors';
import { marketLookup, tickerCategoryOf } from '../../shared/market-price';
import {
  CATEGORIES,
  type Category,
  type Instrument,
  type Order,
  type Ticker,
  type TickerCategory,
} from '../../shared/schemas';
import type { TextSink } from './output';

function categoriesOf(orders: readonly Order[]): Category[] {
  const present = new Set(orders.map((o) => o.category.trim().toUpperCase()));
  return CATEGORIES.filter((c) => present.has(c));
}

/** Throws the core's DeskError when an instrument listing cannot be read (nothing is sent then). */
export async function loadInstruments(api: DeskApi, orders: readonly Order[]): Promise<InstrumentLookup> {
  const all: Instrument[] = [];
  for (const category of categoriesOf(orders))
    all.push(...(await unwrap(api.listInstruments({ category }))).instruments);
  return instrumentLookup(all);
}

/**
 * The market only feeds a warning: when the tickers cannot be read the plan goes on without the
 * price band, and says so on stderr.
 */
export async function loadMarket(
  api: DeskApi,
  orders: readonly Order[],
  stderr: TextSink,
): Promise<MarketLookup | undefined> {
  const byCategory = new Map<TickerCategory, readonly Ticker[]>();
  try {
    for (const category of new Set(categoriesOf(orders).map(tickerCategoryOf)))
      byCategory.set(category, (await unwrap(api.getTickers({ category }))).tickers);
  } catch (e) {
    if (!(e instanceof DeskError)) throw e;
    stderr.write(
      `Warning: the market prices could not be read, so the price band is not checked: ${describeError(e.data)}\n`,
    );
    return undefined;
  }
  return marketLookup(byCategory);
}
