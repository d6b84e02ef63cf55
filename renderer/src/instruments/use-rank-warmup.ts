import { useEffect } from 'react';
import type { Dataset } from './dataset';

/** Idle time left unused at the end of each idle period (a step of work takes about a millisecond). */
const SPARE_MS = 3;

/**
 * Builds the search haystacks (the first keystroke in the search box should not wait for them),
 * then ranks and orders the shown columns, while the browser is idle, so the first click on a header
 * of a large data set takes an order built before. A column takes up to 100 ms to rank at 50,000 rows
 * on a slow machine, so it is ranked in short steps that stop as soon as the idle period ends:
 * a keystroke or a scroll never waits behind it. Ranking is memoized per data set, so this only
 * moves work earlier; nothing is computed twice.
 */
export function useRankWarmup(ds: Dataset, columnIds: readonly string[]): void {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function' || ds.rows.length === 0) return;
    let searchReady = false;
    let next = 0;
    let handle = 0;
    const work = (deadline: IdleDeadline) => {
      // Past the timeout (the page never idled): one step, never a burst.
      let steps = deadline.didTimeout ? 1 : Infinity;
      const hasTime = () => steps-- > 0 && (deadline.didTimeout || deadline.timeRemaining() > SPARE_MS);
      if (!searchReady) searchReady = ds.warmSearch(hasTime);
      if (searchReady) while (next < columnIds.length && ds.warmSort(columnIds[next]!, hasTime)) next++;
      if (!searchReady || next < columnIds.length) handle = requestIdleCallback(work, { timeout: 5000 });
    };
    handle = requestIdleCallback(work, { timeout: 5000 });
    return () => cancelIdleCallback(handle);
  }, [ds, columnIds]);
}
