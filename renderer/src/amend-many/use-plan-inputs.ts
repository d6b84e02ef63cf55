/**
 * What the planner needs beyond the orders: the instruments of their categories (steps, limits,
 * status) and market prices for the price-band warning. Instruments share the instrument browser's
 * cache; tickers are read fresh for each preview, and a ticker failure only loses the band warning.
 */
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { instrumentLookup } from '../../../shared/amend-plan';
import type { InstrumentLookup, MarketLookup } from '../../../shared/plan-row';
import {
  CATEGORIES,
  type Category,
  type Instrument,
  type Order,
  type Ticker,
  type TickerCategory,
} from '../../../shared/schemas';
import { fetchInstruments, instrumentsQueryKey } from '../instruments/use-instruments';
import { call } from '../lib/desk';
import { marketLookup, tickerCategoryOf } from '../../../shared/market-price';

export interface PlanInputs {
  instruments: InstrumentLookup;
  market: MarketLookup;
  /** Instruments still loading: rows would read "not among the loaded instruments". */
  pending: boolean;
  instrumentsError: unknown;
  tickersError: unknown;
  /** When the market prices were read (the oldest category), for "prices as of". */
  pricesAt: number | undefined;
}

function categoriesOf(orders: readonly Order[]): Category[] {
  const present = new Set(orders.map((o) => o.category.trim().toUpperCase()));
  return CATEGORIES.filter((c) => present.has(c));
}

export function usePlanInputs(orders: readonly Order[]): PlanInputs {
  const categories = categoriesOf(orders);
  const tickerCategories = [...new Set(categories.map(tickerCategoryOf))];
  const instrumentQueries = useQueries({
    queries: categories.map((category) => ({
      queryKey: instrumentsQueryKey(category, ''),
      queryFn: () => fetchInstruments(category, ''),
      staleTime: 60_000,
    })),
  });
  const tickerQueries = useQueries({
    queries: tickerCategories.map((category) => ({
      queryKey: ['tickers', category] as const,
      queryFn: () => call('getTickers', { category }),
      staleTime: 5_000,
      retry: 1,
    })),
  });

  const instrumentData = instrumentQueries.map((q) => q.data);
  const tickerData = tickerQueries.map((q) => q.data);
  const instrumentKey = categories.join() + '|' + instrumentData.map((d) => d?.fetchedAt ?? 0).join();
  const tickerKey = tickerCategories.join() + '|' + tickerData.map((d) => d?.fetchedAt ?? 0).join();

  // Rebuilt only when an answer changes (useQueries hands out new arrays every render).
  const instruments = useMemo(() => {
    const all: Instrument[] = instrumentData.flatMap((d) => d?.instruments ?? []);
    return instrumentLookup(all);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [instrumentKey]);
  const market = useMemo(() => {
    const byCategory = new Map<TickerCategory, readonly Ticker[]>();
    tickerData.forEach((d, i) => {
      const c = tickerCategories[i];
      if (d && c) byCategory.set(c, d.tickers);
    });
    return marketLookup(byCategory);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tickerKey]);

  const fetchedAts = tickerData.map((d) => d?.fetchedAt).filter((t): t is number => t !== undefined);
  return {
    instruments,
    market,
    pending: instrumentQueries.some((q) => q.isPending),
    instrumentsError: instrumentQueries.find((q) => q.isError)?.error,
    tickersError: tickerQueries.find((q) => q.isError)?.error,
    pricesAt: fetchedAts.length ? Math.min(...fetchedAts) : undefined,
  };
}
