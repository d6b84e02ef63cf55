import { useEffect } from 'react';
import type { Dataset } from './dataset';

/** A column takes 10–40 ms to rank at 50,000 rows: start one only with that much idle time left. */
const MIN_IDLE_MS = 12;

/**
 * Ranks the shown columns while the browser is idle, so the first click on a header of a large
 * data set only runs the linear counting sort. Ranking is memoized per data set, so this only
 * moves work earlier; nothing is computed twice.
 */
export function useRankWarmup(ds: Dataset, columnIds: readonly string[]): void {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function' || ds.rows.length === 0) return;
    let next = 0;
    let handle = 0;
    const work = (deadline: IdleDeadline) => {
      // Past the timeout (the page never idled), one column at a time, never a burst.
      if (deadline.didTimeout && next < columnIds.length) ds.ranks(columnIds[next++]!);
      while (next < columnIds.length && deadline.timeRemaining() > MIN_IDLE_MS) ds.ranks(columnIds[next++]!);
      if (next < columnIds.length) handle = requestIdleCallback(work, { timeout: 5000 });
    };
    handle = requestIdleCallback(work, { timeout: 5000 });
    return () => cancelIdleCallback(handle);
  }, [ds, columnIds]);
}
