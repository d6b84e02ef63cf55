/**
 * How an amend-many run reads as one entry of the Activity list: main pages the log by entries (a
 * run is one, however many items), each run with its counts by outcome (shared/activity-entries.ts).
 */
import type { RunEntry } from '../../../shared/activity-entries';
import { runWord, runWordOfCounts, type RunSummary, type RunWord } from '../../../shared/batch-run';

/** The badge of each run word: never green unless every item applied. */
const RUN_BADGES: Readonly<Record<RunWord, string>> = {
  Checking: 'badge-info',
  Running: 'badge-info',
  Stopping: 'badge-info',
  Unknown: 'badge-warn',
  Cancelled: '',
  Stopped: 'badge-warn',
  Interrupted: 'badge-warn',
  Applied: 'badge-ok',
  Finished: 'badge-warn',
};

/** A run's badge: from what main recorded of it, else from its attempts in the log (the same words). */
export function runBadge(
  run: RunSummary | undefined,
  entry: Pick<RunEntry, 'counts' | 'size'>,
): { label: RunWord; badge: string } {
  const label = run ? runWord(run) : runWordOfCounts(entry.counts, entry.size);
  return { label, badge: RUN_BADGES[label] };
}
