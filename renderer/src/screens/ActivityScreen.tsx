import { Fragment, useCallback, useRef } from 'react';
import type { Attempt } from '../../../shared/attempts';
import { ErrorPanel } from '../components/ErrorPanel';
import { ScreenHeader } from '../components/ScreenHeader';
import { ActivityDetail } from '../activity/ActivityDetail';
import { ActivityEmptyRow } from '../activity/ActivityEmptyRow';
import { ActivityExport } from '../activity/ActivityExport';
import { ActivityToolbar } from '../activity/ActivityToolbar';
import { AttemptRow } from '../activity/AttemptRow';
import { RunAttempts } from '../activity/RunAttempts';
import { RunRow } from '../activity/RunRow';
import { useActivityEntries } from '../activity/useActivityEntries';
import { useActivityFocus } from '../activity/useActivityFocus';
import { useActivitySearch } from '../activity/useActivitySearch';
import { useChosenAttempt } from '../activity/useChosenAttempt';
import { useOpenRuns } from '../activity/useOpenRuns';
import { useRunSummaries } from '../activity/useRunSummaries';
import { BusyButton } from '../components/BusyButton';
import '../activity/activity.css';

export function ActivityScreen() {
  const { text, setText, outcome, setOutcome, search, filtering } = useActivitySearch();
  const { q, entries, total, attempts, skipped, live } = useActivityEntries(search, outcome);
  const summaryOf = useRunSummaries(entries, q.dataUpdatedAt);
  const { chosen, selected, choose, closeDetail: hideDetail } = useChosenAttempt(entries);
  useActivityFocus((focusText, attemptId) => {
    setText(focusText);
    if (attemptId) choose({ id: attemptId });
  });
  const { isOpen, toggleRun } = useOpenRuns(chosen?.run?.id, () => choose(null));
  const tableRef = useRef<HTMLTableElement>(null);
  // The last Load more goes with the last page: its focus goes to the oldest row, just above it.
  const lastRow = useCallback(
    () => [...(tableRef.current?.querySelectorAll<HTMLElement>('tbody tr[tabindex]') ?? [])].at(-1),
    [],
  );
  // Closing returns the keyboard to the row it described (or the table's first row).
  const closeDetail = () => {
    const id = selected?.id;
    hideDetail();
    const rowOf = (attemptId: string | undefined) =>
      [...(tableRef.current?.querySelectorAll<HTMLTableRowElement>('tr[data-attempt-id]') ?? [])].find(
        (r) => r.dataset.attemptId === attemptId,
      );
    (rowOf(id) ?? tableRef.current?.querySelector<HTMLElement>('tr[data-attempt-id], .activity-run-toggle'))?.focus();
  };
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
          live ? 'from every desk on the team store' : 'kept in the user-data folder across restarts'
        } · ${attempts} attempt${attempts === 1 ? '' : 's'}`}
      >
        <BusyButton onClick={() => void q.refetch()} busy={q.isFetching}>
          Refresh
        </BusyButton>
        <ActivityExport text={search} status={outcome} />
      </ScreenHeader>
      <ActivityToolbar
        text={text}
        onText={setText}
        outcome={outcome}
        onOutcome={setOutcome}
        loading={q.isPending}
        shown={entries.length}
        total={total}
        more={q.hasNextPage}
        skipped={skipped}
      />
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
                <ActivityEmptyRow filtering={filtering} more={q.hasNextPage} />
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
