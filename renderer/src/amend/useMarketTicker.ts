/** The ticker of the loaded order's market, refreshed while the desk is on screen. */
import { useQuery } from '@tanstack/react-query';
import type { Ticker } from '../../../shared/schemas';
import { call } from '../lib/desk';
import type { TickerSource } from './market-words';

/** The demo market moves every second; every 2 s keeps the context fresh at 0.5 requests/s (the limit is 20/s per IP). */
export const TICKER_REFRESH_MS = 2000;

export interface MarketTicker {
  ticker: Ticker | undefined;
  /** When main received the answer shown (ms). */
  fetchedAt: number | undefined;
  loading: boolean;
  /** The last refresh failed; the ticker shown (if any) is the one before. */
  error: unknown;
  /** Answered, and the exchange lists no ticker for the symbol. */
  notListed: boolean;
}

export function useMarketTicker(source: TickerSource | undefined): MarketTicker {
  const q = useQuery({
    queryKey: ['amend-ticker', source?.category, source?.symbol],
    queryFn: () => {
      if (!source) throw new Error('No market to read');
      return call('getTickers', { category: source.category, symbol: source.symbol });
    },
    enabled: source !== undefined,
    // Polls only while this screen is mounted and the window is visible (TanStack pauses a hidden
    // document's intervals); a failed poll is simply tried again at the next tick, not retried in a burst.
    refetchInterval: TICKER_REFRESH_MS,
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: TICKER_REFRESH_MS / 2,
  });
  const ticker = q.data?.tickers.find((t) => t.symbol === source?.symbol);
  return {
    ticker,
    fetchedAt: q.data?.fetchedAt,
    loading: source !== undefined && q.isPending,
    error: q.isError ? q.error : undefined,
    notListed: q.isSuccess && !ticker,
  };
}
