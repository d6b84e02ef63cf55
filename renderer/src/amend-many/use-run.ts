/**
 * The run on screen: started once from the confirmation, then read from main every half second
 * while anything in it can still change. Main owns the run; the screen only shows it and passes on
 * Pause, Resume, Stop and Check again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BatchRun, SkippedItem } from '../../../shared/batch-run';
import type { ModifyOrderRequest } from '../../../shared/schemas';
import { call } from '../lib/desk';

const POLL_MS = 500;

export const runKey = (id: string) => ['amend-many-run', id] as const;

/** Anything left that may still change: items being checked, waiting, in flight, or a run not yet finished. */
export function runIsActive(run: BatchRun): boolean {
  if (run.counts.queued > 0 || run.counts.inFlight > 0) return true;
  return run.state === 'checking' || run.state === 'running' || run.state === 'paused';
}

export function useRun(id: string | null) {
  return useQuery({
    queryKey: runKey(id ?? ''),
    queryFn: () => call('getRun', { id: id as string }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && !runIsActive(q.state.data) ? false : POLL_MS),
    // A run's items are followed to their end even when the window is in the background.
    refetchIntervalInBackground: true,
  });
}

export function useStartRun(onStarted: (run: BatchRun) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ items, skipped }: { items: ModifyOrderRequest[]; skipped: SkippedItem[] }) =>
      call('startRun', { items, ...(skipped.length ? { skipped } : {}) }),
    onSuccess: (run) => {
      client.setQueryData(runKey(run.id), run);
      onStarted(run);
    },
  });
}

/** The runs an earlier session left unfinished: listed on Amend many after a restart. */
export function useUnfinishedRuns(enabled: boolean) {
  return useQuery({
    queryKey: ['amend-many-unfinished'],
    queryFn: () => call('listRuns', {}),
    enabled,
  });
}

export function useControlRun(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'stop' | 'check') => call('controlRun', { id: id as string, action }),
    onSuccess: (run) => {
      client.setQueryData(runKey(run.id), run);
      // A check reads items again: polling resumes until their outcomes are in.
      void client.invalidateQueries({ queryKey: runKey(run.id) });
    },
  });
}
