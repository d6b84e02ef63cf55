import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { activityEntryPageSchema } from '../../../shared/activity-entries';
import { FINAL_STATUSES, type AttemptStatus } from '../../../shared/attempts';
import { call } from '../lib/desk';

/** Entries per page (a single amend or a whole run each): the newest load at once, older ones with "Load more". */
const PAGE = 200;
/** How often a team store's Activity list is read again: another desk's record shows within a second. */
const TEAM_POLL_MS = 500;

type EntryPage = z.infer<typeof activityEntryPageSchema>;

/**
 * Attempts still running change by the second; a settled log does not. A team store's list is
 * another desk's to add to at any moment: it is read twice a second.
 */
export function entriesRefetchMs(first: EntryPage | undefined): number | false {
  if (first?.live) return TEAM_POLL_MS;
  const running = first?.entries.some((e) =>
    e.kind === 'attempt' ? !FINAL_STATUSES.includes(e.attempt.status) : e.run.finishedAt === undefined,
  );
  return running ? 1000 : false;
}

/** Activity's list as main has it for a search, newest first, paged by entries. */
export function useActivityEntries(search: string, outcome: AttemptStatus | '') {
  const q = useInfiniteQuery({
    queryKey: ['activity', search, outcome],
    queryFn: ({ pageParam }) =>
      call('listActivityEntries', {
        limit: PAGE,
        ...(pageParam === undefined ? {} : { before: pageParam }),
        ...(search ? { text: search } : {}),
        ...(outcome ? { status: outcome } : {}),
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: (previous) => previous,
    refetchInterval: (query) => entriesRefetchMs(query.state.data?.pages[0]),
  });
  const entries = useMemo(() => q.data?.pages.flatMap((p) => p.entries) ?? [], [q.data]);
  const first = q.data?.pages[0];
  return {
    q,
    entries,
    total: first?.total ?? 0,
    attempts: first?.attempts ?? 0,
    skipped: first?.skippedLines ?? 0,
    live: first?.live === true,
  };
}
