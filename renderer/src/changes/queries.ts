/** The change history's queries: one key space, so one invalidation refreshes every view of it. */
import { useMemo, useState } from 'react';
import { useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChangeStatus } from '../../../shared/instrument-watch';
import { CATEGORIES, type Category } from '../../../shared/schemas';
import type { ResponseOf } from '../../../shared/contract';
import { errorText } from '../components/ErrorPanel';
import { call } from '../lib/desk';
import type { Scope } from '../instruments/prefs';
import type { RowMark, RowMarks } from '../instruments/row-marks';

export const CHANGES_KEY = ['changes'] as const;
export const STATUS_KEY = ['changes', 'status'] as const;
export const marksKey = (category: Category) => ['changes', 'marks', category] as const;

/** Main checks in the background every few minutes; the views follow at this pace. */
export const CHANGES_POLL_MS = 30_000;

export function useChangeStatus() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => call('getChangeStatus', {}),
    refetchInterval: CHANGES_POLL_MS,
  });
}

type Marks = ResponseOf<'getChangeMarks'>;

function setWatchedLocally(qc: QueryClient, category: Category, symbol: string, watched: boolean): void {
  qc.setQueryData<ChangeStatus>(STATUS_KEY, (old) => {
    if (!old) return old;
    const others = old.watched.filter((w) => !(w.category === category && w.symbol === symbol));
    return { ...old, watched: watched ? [...others, { category, symbol }] : others };
  });
}

/**
 * Watches a symbol or stops: shown at once everywhere (the grid's star, the Changes screen's list),
 * put back as it was if main refuses, with the words of why in the thrown error.
 */
export async function setWatched(qc: QueryClient, category: Category, symbol: string, watched: boolean): Promise<void> {
  setWatchedLocally(qc, category, symbol, watched);
  try {
    qc.setQueryData(STATUS_KEY, await call('setWatched', { category, symbol, watched }));
  } catch (e) {
    setWatchedLocally(qc, category, symbol, !watched);
    throw new Error(`Could not ${watched ? 'watch' : 'stop watching'} ${symbol}: ${errorText(e)}`);
  }
}

/** The badges and stars of the grid for a scope (one category, or all five). */
export function useRowMarks(scope: Scope): RowMarks {
  const qc = useQueryClient();
  const status = useChangeStatus();
  const categories = scope === 'ALL' ? CATEGORIES : [scope];
  const results = useQueries({
    queries: categories.map((category) => ({
      queryKey: marksKey(category),
      queryFn: () => call('getChangeMarks', { category }),
      refetchInterval: CHANGES_POLL_MS,
    })),
  });
  const [error, setError] = useState<string | null>(null);

  const [d0, d1, d2, d3, d4] = results.map((r) => r.data);
  const marks = useMemo(() => {
    const map = new Map<string, RowMark>();
    const cats = scope === 'ALL' ? CATEGORIES : [scope];
    [d0, d1, d2, d3, d4].forEach((d, i) => {
      const category = cats[i];
      if (category) for (const m of d?.marks ?? []) map.set(`${category}:${m.symbol}`, m.mark);
    });
    return map;
  }, [scope, d0, d1, d2, d3, d4]);

  const watchedList = status.data?.watched;
  const watched = useMemo(() => new Set((watchedList ?? []).map((w) => `${w.category}:${w.symbol}`)), [watchedList]);

  return useMemo<RowMarks>(
    () => ({
      marks,
      watched,
      error,
      toggleWatch(category, symbol) {
        setError(null);
        setWatched(qc, category, symbol, !watched.has(`${category}:${symbol}`)).catch((e: Error) =>
          setError(e.message),
        );
      },
      markSeen(category, symbols) {
        const seen = symbols && new Set(symbols);
        qc.setQueryData<Marks>(marksKey(category), (old) =>
          old ? { marks: seen ? old.marks.filter((m) => !seen.has(m.symbol)) : [] } : old,
        );
        setError(null);
        call('markChangesSeen', symbols ? { category, symbols } : { category }).then(
          (r) => qc.setQueryData<Marks>(marksKey(category), r),
          (e: unknown) => {
            void qc.invalidateQueries({ queryKey: marksKey(category) });
            setError(`Could not mark ${symbols ? symbols.join(', ') : category} as seen: ${errorText(e)}`);
          },
        );
      },
    }),
    [marks, watched, error, qc, setError],
  );
}
