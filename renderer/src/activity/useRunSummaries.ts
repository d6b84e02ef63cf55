import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '../../../shared/activity-entries';
import type { RunSummary } from '../../../shared/batch-run';
import { call } from '../lib/desk';

/**
 * What main knows of each run shown: how it ended, and its items never sent (no attempt of theirs is
 * in the log). Read again whenever the list is (`listedAt`).
 */
export function useRunSummaries(
  entries: readonly ActivityEntry[],
  listedAt: number,
): (runId: string) => RunSummary | undefined {
  const runIds = useMemo(() => entries.flatMap((e) => (e.kind === 'run' ? [e.run.id] : [])).slice(0, 200), [entries]);
  const summaries = useQuery({
    queryKey: ['activity-runs', runIds, listedAt],
    queryFn: () => call('listRuns', { ids: runIds }),
    enabled: runIds.length > 0,
    placeholderData: (previous) => previous,
  });
  return (runId) => summaries.data?.runs.find((r) => r.id === runId);
}
