/** The instrument the draft names, for the rules that need it: precision, steps, limits, status. */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Category, Instrument } from '../../../shared/schemas';
import { call } from '../lib/desk';
import type { Draft } from './amend-store';

/** Typing a symbol fetches once it rests, not once per keystroke. */
export const SYMBOL_DEBOUNCE_MS = 300;

export interface DraftInstrument {
  instrument: Instrument | undefined;
  /** Looked up, and the exchange does not list it. */
  notFound: boolean;
  /** About to be known: the symbol is still being typed or fetched. */
  pending: boolean;
  error: unknown;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

export function useDraftInstrument(draft: Pick<Draft, 'category' | 'symbol'>): DraftInstrument {
  const typed = draft.symbol.trim().toUpperCase();
  const symbol = useDebounced(typed, SYMBOL_DEBOUNCE_MS);
  const category = draft.category;
  const q = useQuery({
    queryKey: ['amend-instrument', category, symbol],
    queryFn: () => call('listInstruments', { category: category as Category, symbol }),
    enabled: category !== '' && symbol !== '',
    staleTime: 60_000,
  });
  // Until the debounced symbol catches up, the answer at hand is the previous symbol's.
  const current = symbol === typed;
  const instrument = current
    ? q.data?.instruments.find((i) => i.symbol === symbol && i.category === category)
    : undefined;
  return {
    instrument,
    notFound: current && q.isSuccess && !instrument,
    pending: category !== '' && typed !== '' && (!current || q.isFetching),
    error: current && q.isError ? q.error : undefined,
  };
}
