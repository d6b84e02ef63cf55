/**
 * One instrument's change history, newest first: the detail panel's History tab, and the panel of
 * a symbol the last fetch no longer lists.
 */
import { useCallback, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Category } from '../../../shared/schemas';
import { ErrorPanel } from '../components/ErrorPanel';
import { call } from '../lib/desk';
import { formatLocalDateTime } from '../instruments/format';
import { eventText, KIND_LABELS, KIND_TONES } from './change-words';
import { CHANGES_POLL_MS } from './queries';
import { BusyButton } from '../components/BusyButton';

const PAGE = 100;

export function SymbolHistory({ category, symbol }: { category: Category; symbol: string }) {
  // The last "Load older changes" goes with the last page: its focus goes to the list it lengthened
  // (focusable by script only, so it adds no tab stop).
  const list = useRef<HTMLOListElement>(null);
  const lastChange = useCallback(() => list.current, []);
  const q = useInfiniteQuery({
    queryKey: ['changes', 'history', category, symbol],
    queryFn: ({ pageParam }) =>
      call('listChanges', { category, symbol, limit: PAGE, ...(pageParam === undefined ? {} : { before: pageParam }) }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
    refetchInterval: CHANGES_POLL_MS,
  });
  const events = q.data?.pages.flatMap((p) => p.events) ?? [];
  const matched = q.data?.pages[0]?.matched ?? events.length;

  if (q.isError) {
    return (
      <ErrorPanel error={q.error} onRetry={() => void q.refetch()} title={`Could not read the history of ${symbol}`} />
    );
  }
  return (
    <div className="ch-history">
      <p className="ch-history-count muted" role="status">
        {q.isPending
          ? 'Loading history…'
          : events.length === 0
            ? `No change of ${symbol} recorded yet. Each fetch of ${category} is compared with the one before; the first is the baseline.`
            : `${matched} change${matched === 1 ? '' : 's'} recorded, newest first`}
      </p>
      {events.length > 0 ? (
        <ol className="ch-history-list" aria-label={`Changes of ${symbol}`} tabIndex={-1} ref={list}>
          {events.map((e) => (
            <li key={e.id}>
              <time className="num muted" dateTime={new Date(e.at).toISOString()}>
                {formatLocalDateTime(e.at)}
              </time>
              <span className={`badge badge-${KIND_TONES[e.kind]}`}>{KIND_LABELS[e.kind]}</span>
              <span className="ch-text">{eventText(e)}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {q.hasNextPage ? (
        <BusyButton
          className="button small ch-more"
          busy={q.isFetchingNextPage}
          onClick={() => void q.fetchNextPage()}
          focusWhenGone={lastChange}
        >
          {q.isFetchingNextPage ? 'Loading…' : 'Load older changes'}
        </BusyButton>
      ) : null}
    </div>
  );
}
