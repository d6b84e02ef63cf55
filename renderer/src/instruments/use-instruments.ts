/**
 * Fetches the instruments of a scope (one category, or all five merged) through the request gate.
 * One query per category so switching between a category and All reuses what is cached.
 */
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { DeskError } from '../../../shared/errors';
import { CATEGORIES, type Category, type Instrument } from '../../../shared/schemas';
import { call } from '../lib/desk';
import { signalInstrumentsFetched } from '../changes/change-signals';
import { instrumentsGate } from './request-gate';
import type { Scope } from './prefs';

/** The exchange's answer to a symbol it does not list: for an exact-symbol lookup that is "none". */
const PAIR_DOES_NOT_EXIST = '25100';

export async function fetchInstruments(
  category: Category,
  symbol: string,
): Promise<{ instruments: Instrument[]; fetchedAt: number }> {
  try {
    const answer = await instrumentsGate.run(() =>
      call('listInstruments', symbol ? { category, symbol } : { category }),
    );
    // Main has just compared this answer with the last one: the change views ask again now.
    signalInstrumentsFetched();
    return answer;
  } catch (e) {
    if (symbol && e instanceof DeskError && e.data.code === PAIR_DOES_NOT_EXIST)
      return { instruments: [], fetchedAt: Date.now() };
    throw e;
  }
}

export const instrumentsQueryKey = (category: Category, symbol: string) => ['instruments', category, symbol] as const;

export interface InstrumentsResult {
  instruments: Instrument[] | undefined;
  /** Oldest fetch time among the merged categories: "updated N s ago" must not flatter. */
  fetchedAt: number | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  /** Category whose request failed, for the error title. */
  failedCategory: Category | undefined;
  refetch(): Promise<void>;
}

export function useInstruments(scope: Scope, exactSymbol: string): InstrumentsResult {
  const symbol = exactSymbol.trim().toUpperCase();
  const inScope = (c: Category): boolean => scope === 'ALL' || scope === c;
  const results = useQueries({
    queries: CATEGORIES.map((category) => ({
      queryKey: instrumentsQueryKey(category, symbol),
      queryFn: () => fetchInstruments(category, symbol),
      enabled: inScope(category),
      staleTime: 60_000,
    })),
  });

  const [d0, d1, d2, d3, d4] = results.map((r) => r.data);
  const instruments = useMemo(() => {
    const datas = [d0, d1, d2, d3, d4];
    const parts: Instrument[][] = [];
    for (let i = 0; i < CATEGORIES.length; i++) {
      if (scope !== 'ALL' && scope !== CATEGORIES[i]) continue;
      const d = datas[i];
      if (!d) return undefined;
      parts.push(d.instruments);
    }
    return parts.length === 1 ? parts[0] : parts.flat();
  }, [scope, d0, d1, d2, d3, d4]);

  const scoped = results.map((r, i) => ({ r, category: CATEGORIES[i]! })).filter(({ category }) => inScope(category));
  const failed = scoped.find(({ r }) => r.isError);
  const fetchedAts = scoped.map(({ r }) => r.data?.fetchedAt).filter((t): t is number => t !== undefined);

  return {
    instruments,
    fetchedAt: fetchedAts.length === scoped.length && fetchedAts.length > 0 ? Math.min(...fetchedAts) : undefined,
    isPending: scoped.some(({ r }) => r.isPending),
    isFetching: scoped.some(({ r }) => r.isFetching),
    error: failed?.r.error ?? null,
    failedCategory: failed?.category,
    refetch: async () => {
      await Promise.all(scoped.map(({ r }) => r.refetch()));
    },
  };
}
