/**
 * The items of an opened run in the Activity list: its attempts read from main a page at a time (in
 * the order the run recorded them), with a button for the next page. With a search, only the items
 * that match are listed (the run's row says how many).
 */
import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { RunEntry } from '../../../shared/activity-entries';
import { FINAL_STATUSES, type Attempt, type AttemptStatus } from '../../../shared/attempts';
import { call } from '../lib/desk';
import { BusyButton } from '../components/BusyButton';

/** Items per page of an opened run. */
export const RUN_ATTEMPT_PAGE = 50;

export function RunAttempts({
  run,
  search,
  outcome,
  row,
}: {
  run: RunEntry;
  search: string;
  outcome: AttemptStatus | '';
  /** One item's row (the list's own attempt row). */
  row(a: Attempt): ReactNode;
}) {
  const q = useInfiniteQuery({
    queryKey: ['activity', 'run-attempts', run.id, search, outcome],
    queryFn: ({ pageParam }) =>
      call('listRunAttempts', {
        runId: run.id,
        limit: RUN_ATTEMPT_PAGE,
        ...(pageParam === undefined ? {} : { after: pageParam }),
        ...(search ? { text: search } : {}),
        ...(outcome ? { status: outcome } : {}),
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
    placeholderData: (previous) => previous,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.attempts.some((a) => !FINAL_STATUSES.includes(a.status))) ? 1000 : false,
  });
  const attempts = q.data?.pages.flatMap((p) => p.attempts) ?? [];
  const of = run.matching ?? q.data?.pages[0]?.total ?? run.attempts;
  const lastId = attempts.at(-1)?.id;
  // The last Load more goes with the last page: its focus goes to the run's last item, just above it.
  const lastItem = () =>
    lastId ? document.querySelector<HTMLElement>(`tr[data-attempt-id="${CSS.escape(lastId)}"]`) : null;
  return (
    <>
      {attempts.map(row)}
      {q.isPending ? (
        <tr className="activity-run-item">
          <td colSpan={7} className="muted">
            Loading the run's items…
          </td>
        </tr>
      ) : null}
      {q.isError ? (
        <tr className="activity-run-item">
          <td colSpan={7} className="muted" role="alert">
            Could not read the run's items: {q.error instanceof Error ? q.error.message : String(q.error)}
          </td>
        </tr>
      ) : null}
      {q.hasNextPage ? (
        <tr className="activity-run-item activity-run-more">
          <td colSpan={7}>
            <BusyButton
              onClick={() => void q.fetchNextPage()}
              busy={q.isFetchingNextPage}
              focusWhenGone={lastItem}
              aria-label={`Load more items of run ${run.id}`}
            >
              {q.isFetchingNextPage ? 'Loading…' : 'Load more items'}
            </BusyButton>
            <span className="muted activity-sub">
              {attempts.length} of {of} {run.matching === undefined ? 'attempts' : 'matching attempts'} shown
            </span>
          </td>
        </tr>
      ) : null}
    </>
  );
}
