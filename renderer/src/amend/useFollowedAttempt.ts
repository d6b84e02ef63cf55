/**
 * The attempt the desk follows: read from main until it is final. Every answer carries main's guard
 * on the order, which the desk notes; the status line follows the attempt's progress; and its
 * settling is handled once, whether the send's own answer was already final or a later read found it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttemptWithGuard } from '../../../shared/attempts';
import { attemptIds } from '../../../shared/order-ids';
import { call } from '../lib/desk';
import { useAmend } from './amend-store';
import { isFinalAttempt, settledLine, statusLine } from './followed-attempt';
import { noticeKindOf } from './status-display';

/**
 * Each read tells main what the desk saw last, and main answers when the attempt has moved on (or
 * after a few seconds): a step shows the moment main knows it. This is only the gap between reads.
 */
const NEXT_READ_MS = 20;

const attemptKey = (id: string | null) => ['attempt', id] as const;

export interface FollowedAttempt {
  attempt: AttemptWithGuard | undefined;
  /** Starts following the attempt a send answered with. */
  follow(a: AttemptWithGuard): void;
}

export function useFollowedAttempt(onSettled: (a: AttemptWithGuard) => void): FollowedAttempt {
  const qc = useQueryClient();
  const attemptId = useAmend((s) => s.attemptId);

  // Reacting to answers as they arrive (not in an effect on the data) sees each change once, so a
  // remount with a settled attempt in the cache does not settle it again.
  // Its lines name its order, and are said only while the draft names that order: an outcome that
  // arrives once another order is loaded or named is never said above that one.
  function observe(a: AttemptWithGuard, previous: AttemptWithGuard | undefined) {
    const { noteGuard, sayAbout } = useAmend.getState();
    const ids = attemptIds(a);
    noteGuard(ids, a.guard);
    if (!isFinalAttempt(a)) {
      if (!previous || statusLine(previous) !== statusLine(a)) sayAbout(ids, statusLine(a), noticeKindOf(a.status));
    } else if (!isFinalAttempt(previous)) {
      sayAbout(ids, settledLine(a), noticeKindOf(a.status));
      onSettled(a);
    }
  }

  const q = useQuery({
    queryKey: attemptKey(attemptId),
    queryFn: async () => {
      const id = attemptId as string;
      const previous = qc.getQueryData<AttemptWithGuard>(attemptKey(id));
      const seen = previous && previous.id === id && !isFinalAttempt(previous) ? previous : undefined;
      const a = await call('getAttempt', {
        id,
        ...(seen ? { after: { status: seen.status, steps: seen.timeline.length } } : {}),
      });
      observe(a, previous);
      return a;
    },
    enabled: attemptId !== null,
    staleTime: 0,
    refetchInterval: (query) => (isFinalAttempt(query.state.data) ? false : NEXT_READ_MS),
  });

  return {
    attempt: q.data,
    follow: (a) => {
      qc.setQueryData(attemptKey(a.id), a);
      useAmend.getState().setAttempt(a.id);
      observe(a, undefined);
    },
  };
}
