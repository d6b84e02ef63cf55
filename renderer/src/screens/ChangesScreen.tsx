/**
 * Changes: what changed in the instruments of the active profile, newest first and grouped by the
 * fetch that saw it; each event leads to the instrument's history in the Instruments screen.
 */
import { memo, useCallback, useDeferredValue, useId, useMemo, useRef } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHANGE_KINDS, type ChangeEvent } from '../../../shared/instrument-changes';
import { CATEGORIES, type Category } from '../../../shared/schemas';
import { ErrorPanel } from '../components/ErrorPanel';
import { ScreenHeader } from '../components/ScreenHeader';
import { call } from '../lib/desk';
import { useNow } from '../lib/useNow';
import { CheckStatus } from '../changes/CheckStatus';
import { eventText, feedTime, groupByFetch, KIND_LABELS, KIND_TONES, type FetchGroup } from '../changes/change-words';
import { feedFiltersActive, useFeedFilters, type FeedFilters } from '../changes/feed-filters';
import { NotificationSwitch } from '../changes/NotificationSwitch';
import { WatchedSymbols } from '../changes/WatchedSymbols';
import { openInstrumentHistory } from '../changes/open-instrument';
import { CHANGES_KEY, CHANGES_POLL_MS, STATUS_KEY, useChangeStatus } from '../changes/queries';
import { signalInstrumentsFetched } from '../changes/change-signals';
import { appStatusQuery } from '../app/Header';
import { errorText } from '../components/ErrorPanel';
import { RecentAlerts } from '../changes/RecentAlerts';
import { BusyButton } from '../components/BusyButton';
import '../changes/changes.css';
import '../instruments/instruments.css';

/** Events per page: the newest at once, older ones with "Load more". */
const PAGE = 200;

function feedRequest(f: FeedFilters, symbol: string, before: number | undefined) {
  return {
    limit: PAGE,
    ...(f.category ? { category: f.category } : {}),
    ...(f.kind ? { kinds: [f.kind] } : {}),
    ...(symbol ? { symbol } : {}),
    ...(f.watchedOnly ? { watchedOnly: true } : {}),
    ...(before === undefined ? {} : { before }),
  };
}

export function ChangesScreen() {
  const filters = useFeedFilters((s) => s.filters);
  // The last Load more goes with the last page: its focus goes to the feed it lengthened.
  const feed = useRef<HTMLDivElement>(null);
  const feedRegion = useCallback(() => feed.current, []);
  const { set: setFilters, clear } = useFeedFilters.getState();
  const symbol = useDeferredValue(filters.symbol.trim().toUpperCase());
  const status = useChangeStatus();
  const now = useNow(30_000);
  const id = useId();
  const qc = useQueryClient();
  const localDemo = useQuery(appStatusQuery).data?.activeProfile.environment === 'local-demo';
  // Asks the exchange (every category, through main's rate limiter); Reload only reads what is recorded.
  const check = useMutation({
    mutationFn: () => call('checkChangesNow', {}),
    onSuccess: (s) => {
      qc.setQueryData(STATUS_KEY, s);
      void qc.invalidateQueries({ queryKey: CHANGES_KEY });
      // New changes may mean alerts for watched symbols: they are taken at once.
      signalInstrumentsFetched();
    },
  });

  const q = useInfiniteQuery({
    queryKey: ['changes', 'feed', filters.category, filters.kind, symbol, filters.watchedOnly],
    queryFn: ({ pageParam }) => call('listChanges', feedRequest(filters, symbol, pageParam)),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: CHANGES_POLL_MS,
    placeholderData: (previous) => previous,
  });
  const events = useMemo(() => q.data?.pages.flatMap((p) => p.events) ?? [], [q.data]);
  const groups = useMemo(() => groupByFetch(events), [events]);
  /** Every change recorded on this profile (main counts the whole log, whatever the filters). */
  const total = q.data?.pages[0]?.total ?? 0;
  const matched = q.data?.pages[0]?.matched ?? 0;
  const watched = useMemo(
    () => new Set((status.data?.watched ?? []).map((w) => `${w.category}:${w.symbol}`)),
    [status.data],
  );
  const active = feedFiltersActive(filters);

  return (
    <section className="screen changes-screen" aria-label="Changes">
      <ScreenHeader
        title="Changes"
        subtitle={`What changed in the instruments since they were first fetched on this profile, newest first · ${total.toLocaleString('en-US')} change${total === 1 ? '' : 's'} recorded`}
      >
        <NotificationSwitch />
        <BusyButton
          onClick={() => void Promise.all([q.refetch(), status.refetch()])}
          busy={q.isFetching}
          title="Reads the recorded changes again; asks the exchange nothing (Check now does)"
        >
          <span aria-hidden="true">⟳</span> Reload list
        </BusyButton>
        <BusyButton
          className="button primary"
          onClick={() => check.mutate()}
          busy={check.isPending}
          title="Fetches all five categories from the exchange now, one after another, and records what changed"
        >
          {check.isPending ? 'Checking…' : 'Check now'}
        </BusyButton>
      </ScreenHeader>
      {check.isError ? (
        <p className="field-error" role="alert">
          Could not check: {errorText(check.error)}
        </p>
      ) : null}
      <CheckStatus status={status.data} now={now} />
      <WatchedSymbols watched={status.data?.watched ?? []} />
      <div className="ch-toolbar" role="group" aria-label="Filters">
        <span className="ib-field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select
            id={`${id}-category`}
            value={filters.category}
            onChange={(e) => setFilters({ category: e.target.value as Category | '' })}
          >
            <option value="">All</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </span>
        <span className="ib-field">
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select
            id={`${id}-kind`}
            value={filters.kind}
            onChange={(e) => setFilters({ kind: e.target.value as FeedFilters['kind'] })}
          >
            <option value="">Any</option>
            {CHANGE_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </span>
        <span className="ib-field">
          <label htmlFor={`${id}-symbol`}>Symbol</label>
          <input
            id={`${id}-symbol`}
            type="search"
            className="mono ch-symbol-input"
            placeholder="e.g. BTCUSDT"
            value={filters.symbol}
            maxLength={64}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setFilters({ symbol: e.target.value })}
            title="One exact symbol"
          />
        </span>
        <label className="ib-check" title="Only the symbols you watch (the star in the Instruments grid)">
          <input
            type="checkbox"
            checked={filters.watchedOnly}
            onChange={(e) => setFilters({ watchedOnly: e.target.checked })}
          />
          Watched only
        </label>
        {active ? (
          <button type="button" className="button ghost" onClick={clear}>
            Clear filters
          </button>
        ) : null}
        <span className="ch-count muted" role="status">
          {q.isPending
            ? 'Loading changes…'
            : `${events.length.toLocaleString('en-US')} of ${matched.toLocaleString('en-US')} shown`}
        </span>
      </div>
      <RecentAlerts />
      {q.isError ? (
        <ErrorPanel error={q.error} onRetry={() => void q.refetch()} title="Could not read the change history" />
      ) : null}
      {/* Focusable: it scrolls (a long feed, or the empty state at 960 × 600), and the keyboard must reach it. */}
      <div className="table-wrap ch-feed-wrap" role="region" aria-label="Change feed" tabIndex={0} ref={feed}>
        {q.isSuccess && events.length === 0 ? (
          <div className="empty-state" role="status">
            <h2 className="ch-empty-title">{active ? 'No change matches' : 'No changes recorded yet'}</h2>
            <p className="muted">
              {active
                ? 'No recorded change matches these filters.'
                : 'The first fetch of each category is the baseline. Every later fetch (Instruments, Check now, the CLI, or the background check) is compared with the one before, and what differs appears here.'}
            </p>
            {!active && localDemo ? <LocalDemoHint /> : null}
            {active ? (
              <button type="button" className="button" onClick={clear}>
                Clear filters
              </button>
            ) : null}
          </div>
        ) : (
          <table className="data-table ch-feed" aria-label="Changes, newest first">
            <thead>
              <tr>
                <th scope="col" className="ch-col-symbol">
                  Symbol
                </th>
                <th scope="col" className="ch-col-kind">
                  Kind
                </th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            {groups.map((g, i) => (
              <FeedGroup
                key={`${g.fetchId}:${i}`}
                group={g}
                now={now}
                watched={watched}
                continues={i === groups.length - 1 && q.hasNextPage}
              />
            ))}
          </table>
        )}
        {q.hasNextPage ? (
          <div className="ch-more">
            <BusyButton busy={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()} focusWhenGone={feedRegion}>
              {q.isFetchingNextPage ? 'Loading…' : `Load more (${events.length.toLocaleString('en-US')} shown)`}
            </BusyButton>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The Local demo's instruments stay still (its tests rely on it): how to see this screen move. */
function LocalDemoHint() {
  return (
    <div className="ch-demo-hint">
      <p>
        <strong>The Local demo's instruments never change by themselves</strong>, so nothing will appear here on this
        profile.
      </p>
      <p className="muted">
        To see this screen work, run <code>npm run demo-exchange -- --scenario</code> in a terminal: over about four
        minutes it changes a fee, schedules and clears a maintenance, changes statuses, lists and delists symbols. Add a
        Custom profile with the address it prints as Base URL (no keys needed), use it, and press Check now every minute
        or so.
      </p>
    </div>
  );
}

/** One fetch's events: a header row (time, category, count), then one row per event. */
const FeedGroup = memo(function FeedGroup({
  group,
  now,
  watched,
  continues,
}: {
  group: FetchGroup;
  now: number;
  watched: ReadonlySet<string>;
  /** The group goes on in the next page: its count is a lower bound. */
  continues: boolean;
}) {
  const n = group.events.length;
  return (
    <tbody className="ch-group">
      <tr className="ch-group-head">
        <th scope="rowgroup" colSpan={3}>
          <time className="num" dateTime={new Date(group.at).toISOString()}>
            {feedTime(group.at, now)}
          </time>
          <span className="badge">{group.category}</span>
          <span className="muted">
            {n}
            {continues ? '+' : ''} change{n === 1 && !continues ? '' : 's'}
          </span>
        </th>
      </tr>
      {group.events.map((e) => (
        <EventRow key={e.id} event={e} watched={watched.has(`${e.category}:${e.symbol}`)} />
      ))}
    </tbody>
  );
});

function EventRow({ event: e, watched }: { event: ChangeEvent; watched: boolean }) {
  return (
    <tr>
      <td className="ch-col-symbol">
        <button
          type="button"
          className="ch-link mono"
          aria-label={`${e.symbol} ${e.category}: open its history`}
          title={`Open ${e.symbol} (${e.category}) in Instruments, on its History tab`}
          onClick={() => openInstrumentHistory(e.category, e.symbol)}
        >
          {e.symbol}
        </button>
        {watched ? (
          <span className="ch-watched" role="img" aria-label="watched" title="Watched">
            ★
          </span>
        ) : null}
      </td>
      <td className="ch-col-kind">
        <span className={`badge badge-${KIND_TONES[e.kind]}`}>{KIND_LABELS[e.kind]}</span>
      </td>
      <td className="ch-text">{eventText(e)}</td>
    </tr>
  );
}
