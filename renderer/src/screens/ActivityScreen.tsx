import { Fragment, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { STATUS_LABELS, symbolLabel } from '../../../shared/attempt-search';
import { attemptIds } from '../../../shared/order-ids';
import { ATTEMPT_STATUSES, FINAL_STATUSES, type Attempt, type AttemptStatus } from '../../../shared/attempts';
import { changeParts } from '../../../shared/change-text';
import { ErrorPanel } from '../components/ErrorPanel';
import { ScreenHeader } from '../components/ScreenHeader';
import { call } from '../lib/desk';
import { ActivityDetail } from '../activity/ActivityDetail';
import { ActivityExport } from '../activity/ActivityExport';
import { durationMs } from '../activity/activity-rows';
import { OrderIdsCell } from '../activity/OrderIdsCell';
import { RunAttempts } from '../activity/RunAttempts';
import { RunRow } from '../activity/RunRow';
import { ProfileSourceCell } from '../activity/ProfileSourceCell';
import { useUi } from '../app/store';
import { formatDuration, formatTime, STATUS_BADGES } from '../amend/status-display';
import { BusyButton } from '../components/BusyButton';
import '../activity/activity.css';

/** Entries per page (a single amend or a whole run each): the newest load at once, older ones with "Load more". */
const PAGE = 200;
/** How often a team store's Activity list is read again: another desk's record shows within a second. */
const TEAM_POLL_MS = 500;

export function ActivityScreen() {
  const [text, setText] = useState('');
  /** The attempt the operator chose (a single amend, or an item of an opened run), as its row showed it. */
  const [chosenSeed, setChosenSeed] = useState<Attempt | { id: string } | null>(null);
  /** The detail panel: shown (the chosen attempt, else the newest) until closed; choosing a row opens it again. */
  const [detailOpen, setDetailOpen] = useState(true);
  const choose = (a: Attempt | { id: string } | null) => {
    setChosenSeed(a);
    if (a !== null) setDetailOpen(true);
  };
  const tableRef = useRef<HTMLTableElement>(null);
  // The last Load more goes with the last page: its focus goes to the oldest row, just above it.
  const lastRow = useCallback(
    () => [...(tableRef.current?.querySelectorAll<HTMLElement>('tbody tr[tabindex]') ?? [])].at(-1),
    [],
  );
  /** Runs opened to show their items. */
  const [openRuns, setOpenRuns] = useState<ReadonlySet<string>>(() => new Set());
  // A run item's "Activity" button on the Amend many screen: search for its order, show its attempt.
  const focus = useUi((s) => s.activityFocus);
  const [focusTaken, setFocusTaken] = useState(0);
  if (focus && focus.nonce !== focusTaken) {
    setFocusTaken(focus.nonce);
    setText(focus.text);
    if (focus.attemptId) choose({ id: focus.attemptId });
  }
  const [outcome, setOutcome] = useState<AttemptStatus | ''>('');
  // Main searches the whole history; typing does not wait for it.
  const search = useDeferredValue(text.trim());
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
    // Attempts still running change by the second; a settled log does not. A team store's list is
    // another desk's to add to at any moment: it is read twice a second.
    refetchInterval: (query) =>
      query.state.data?.pages[0]?.live
        ? TEAM_POLL_MS
        : query.state.data?.pages[0]?.entries.some((e) =>
              e.kind === 'attempt' ? !FINAL_STATUSES.includes(e.attempt.status) : e.run.finishedAt === undefined,
            )
          ? 1000
          : false,
  });
  const entries = useMemo(() => q.data?.pages.flatMap((p) => p.entries) ?? [], [q.data]);
  const total = q.data?.pages[0]?.total ?? 0;
  const attemptTotal = q.data?.pages[0]?.attempts ?? 0;
  // What main knows of each run shown: how it ended, and its items never sent (no attempt of theirs is in the log).
  const runIds = useMemo(() => entries.flatMap((e) => (e.kind === 'run' ? [e.run.id] : [])).slice(0, 200), [entries]);
  const runSummaries = useQuery({
    queryKey: ['activity-runs', runIds, q.dataUpdatedAt],
    queryFn: () => call('listRuns', { ids: runIds }),
    enabled: runIds.length > 0,
    placeholderData: (previous) => previous,
  });
  const summaryOf = (runId: string) => runSummaries.data?.runs.find((r) => r.id === runId);
  // The chosen attempt as main has it now, while it may still change (under way, or unknown until
  // checked again), or when only its id is known (Amend many's "Show the attempt"); else as its row showed it.
  const seed = chosenSeed && 'status' in chosenSeed ? chosenSeed : undefined;
  const chosenNow = useQuery({
    queryKey: ['activity', 'attempt', chosenSeed?.id],
    queryFn: () => call('getAttempt', { id: chosenSeed!.id }),
    enabled: chosenSeed !== null && (!seed || seed.status === 'unknown' || !FINAL_STATUSES.includes(seed.status)),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !FINAL_STATUSES.includes(query.state.data.status) ? 1000 : false),
  });
  const listed = entries.find((e) => e.kind === 'attempt' && e.attempt.id === chosenSeed?.id);
  const chosen: Attempt | undefined =
    chosenNow.data ?? (listed?.kind === 'attempt' ? listed.attempt : undefined) ?? seed;
  const newest = entries[0]?.kind === 'attempt' ? entries[0].attempt : undefined;
  const selected = detailOpen ? (chosenSeed ? chosen : newest) : undefined;
  // Closing returns the keyboard to the row it described (or the table's first row).
  const closeDetail = () => {
    const id = selected?.id;
    setDetailOpen(false);
    const rowOf = (attemptId: string | undefined) =>
      [...(tableRef.current?.querySelectorAll<HTMLTableRowElement>('tr[data-attempt-id]') ?? [])].find(
        (r) => r.dataset.attemptId === attemptId,
      );
    (rowOf(id) ?? tableRef.current?.querySelector<HTMLElement>('tr[data-attempt-id], .activity-run-toggle'))?.focus();
  };
  // The run of the attempt the operator chose stays open: a selection is never hidden in a closed run.
  const chosenRun = chosen?.run?.id;
  const isOpen = (runId: string) => openRuns.has(runId) || runId === chosenRun;
  const toggleRun = (runId: string) => {
    const closing = isOpen(runId);
    if (closing && runId === chosenRun) choose(null);
    setOpenRuns((open) => {
      const next = new Set(open);
      if (closing) next.delete(runId);
      else next.add(runId);
      return next;
    });
  };
  const skipped = q.data?.pages[0]?.skippedLines ?? 0;
  const filtering = search !== '' || outcome !== '';
  const attemptRow = (a: Attempt, inRun = false) => (
    <AttemptRow
      key={a.id}
      a={a}
      selected={selected?.id === a.id}
      onSelect={() => choose(a)}
      onClose={selected ? closeDetail : undefined}
      inRun={inRun}
    />
  );

  return (
    <section className="screen activity-screen" aria-label="Activity">
      <ScreenHeader
        title="Activity"
        subtitle={`Every amend attempt with its request, answer and outcome, ${
          // With a team store the list is every desk's, read from the store; else this desk's folder.
          q.data?.pages[0]?.live ? 'from every desk on the team store' : 'kept in the user-data folder across restarts'
        } · ${attemptTotal} attempt${attemptTotal === 1 ? '' : 's'}`}
      >
        <BusyButton onClick={() => void q.refetch()} busy={q.isFetching}>
          Refresh
        </BusyButton>
        <ActivityExport text={search} status={outcome} />
      </ScreenHeader>
      <div className="activity-toolbar">
        <label className="sr-only" htmlFor="activity-search">
          Search activity
        </label>
        <input
          id="activity-search"
          type="search"
          placeholder="Search order, symbol, outcome, profile…"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <label htmlFor="activity-outcome" className="field-label">
          Outcome
        </label>
        <select
          id="activity-outcome"
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as AttemptStatus | '')}
        >
          <option value="">All outcomes</option>
          {ATTEMPT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <span className="muted activity-count" role="status" title="An amend-many run counts as one entry">
          {q.isPending
            ? 'Loading…'
            : `${entries.length} of ${total} shown${q.hasNextPage ? ' · Load more, below the list, for older ones' : ''}`}
        </span>
        {skipped > 0 ? (
          <span className="badge badge-warn" title="Torn or corrupt lines in activity.jsonl were skipped">
            {skipped} unreadable line{skipped === 1 ? '' : 's'} skipped
          </span>
        ) : null}
      </div>
      {q.isError ? (
        <ErrorPanel error={q.error} onRetry={() => void q.refetch()} title="Could not read the activity log" />
      ) : null}
      <div className={selected ? 'activity-body' : 'activity-body activity-body-wide'}>
        <div className="table-wrap">
          <table className="data-table activity-table" aria-label="Amend attempts" ref={tableRef}>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Profile / source</th>
                <th scope="col">Order</th>
                <th scope="col">Change (old → new)</th>
                <th scope="col">Auto-cancel</th>
                <th scope="col">Outcome</th>
                <th scope="col" className="num-h">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) =>
                e.kind === 'attempt' ? (
                  attemptRow(e.attempt)
                ) : (
                  <Fragment key={e.run.id}>
                    <RunRow
                      run={e.run}
                      summary={summaryOf(e.run.id)}
                      open={isOpen(e.run.id)}
                      onToggle={() => toggleRun(e.run.id)}
                    />
                    {isOpen(e.run.id) ? (
                      <RunAttempts run={e.run} search={search} outcome={outcome} row={(a) => attemptRow(a, true)} />
                    ) : null}
                  </Fragment>
                ),
              )}
              {q.isSuccess && entries.length === 0 ? (
                <tr>
                  <td colSpan={7} className="muted activity-empty">
                    {!filtering
                      ? 'No amend attempts yet. Attempts made on the Amend order screen appear here.'
                      : q.hasNextPage
                        ? 'No attempt matches the filter among the most recent ones: Load more searches further back.'
                        : 'No attempt matches the filter.'}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
          {q.hasNextPage ? (
            <div className="activity-more">
              <BusyButton onClick={() => void q.fetchNextPage()} busy={q.isFetchingNextPage} focusWhenGone={lastRow}>
                {q.isFetchingNextPage ? 'Loading…' : filtering ? 'Load more (search further back)' : 'Load more'}
              </BusyButton>
            </div>
          ) : null}
        </div>
        {selected ? <ActivityDetail attempt={selected} onClose={closeDetail} /> : null}
      </div>
    </section>
  );
}

/** One attempt: on its own, or an item of a run (indented under the run's row, with its item number). */
function AttemptRow({
  a,
  selected,
  onSelect,
  onClose,
  inRun = false,
}: {
  a: Attempt;
  selected: boolean;
  onSelect(): void;
  /** Escape on a row closes the detail panel. */
  onClose?: () => void;
  inRun?: boolean;
}) {
  return (
    <tr
      data-attempt-id={a.id}
      aria-selected={selected}
      className={[selected ? 'selected' : '', inRun ? 'activity-run-item' : ''].join(' ').trim() || undefined}
      tabIndex={0}
      onClick={() => onSelect()}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onSelect();
        } else if (e.key === 'Escape' && onClose) {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <td>
        <div className="num">{formatTime(a.startedAt).slice(11)}</div>
        <div className="activity-sub">{formatTime(a.startedAt).slice(0, 10)}</div>
      </td>
      <ProfileSourceCell environment={a.environment} profileName={a.profileName} source={a.source} />
      <td className="activity-order">
        <OrderIdsCell ids={attemptIds(a)} />
        <div className="activity-sub">
          {symbolLabel(a) || '—'}
          {a.run ? ` · item ${a.run.index + 1} of ${a.run.size}` : ''}
        </div>
      </td>
      <td className="mono activity-change">
        {changeParts(a.request, a.before).map((part) => (
          <div key={part}>{part}</div>
        ))}
      </td>
      <td className={a.request.autoCancel === 'yes' ? 'activity-ac-yes' : 'muted'}>{a.request.autoCancel ?? 'no'}</td>
      <td>
        <span className={`badge ${STATUS_BADGES[a.status]}`}>{STATUS_LABELS[a.status]}</span>
      </td>
      <td className="num">{formatDuration(durationMs(a))}</td>
    </tr>
  );
}
