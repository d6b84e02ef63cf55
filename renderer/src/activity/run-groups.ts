/**
 * How an amend-many run reads as one entry of the Activity list: main pages the log by entries (a
 * run is one, however many items), each run with its counts by outcome (shared/activity-entries.ts).
 */
import type { RunSummary } from '../../../shared/batch-run';

export { runCountWords, runHeadline } from '../../../shared/activity-entries';

/**
 * A run's badge from what main knows of it: never "Applied" unless every item was. The words beside
 * it (runStatusWords) say the rest.
 */
export function runBadge(run: RunSummary): { label: string; badge: string } {
  const c = run.counts;
  switch (run.state) {
    case 'checking':
      return { label: 'Checking', badge: 'badge-info' };
    case 'running':
    case 'paused':
      return { label: 'Running', badge: 'badge-info' };
    case 'stopped':
      return { label: 'Stopping', badge: 'badge-info' };
    case 'done':
      break;
  }
  if (c.unknown) return { label: 'Unknown', badge: 'badge-warn' };
  if (run.stoppedBy === 'operator') {
    return run.requests === 0 ? { label: 'Cancelled', badge: '' } : { label: 'Stopped', badge: 'badge-warn' };
  }
  if (run.stoppedBy) return { label: 'Interrupted', badge: 'badge-warn' };
  if (c.applied === c.total) return { label: 'Applied', badge: 'badge-ok' };
  return { label: 'Finished', badge: 'badge-warn' };
}
