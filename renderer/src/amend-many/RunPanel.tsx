/**
 * Steps 5 and 6: the run as main reports it — the check's progress with Cancel (nothing sent yet),
 * then a bar of the items decided with every count, Pause / Resume / Stop, then each item's outcome,
 * every item of the preview included. An item whose outcome is unknown is never resent: the
 * operator checks the order, and Check again reads every unknown item once more.
 */
import { Fragment, useEffect, useRef, useState } from 'react';
import type { PlanRow } from '../../../shared/plan-row';
import { changeParts } from '../../../shared/change-text';
import {
  runBarValue,
  runIsOver,
  runProgressWords,
  runStatusWords,
  type BatchRun,
  type RunItem,
} from '../../../shared/batch-run';
import { ENVIRONMENT_LABELS } from '../../../shared/profiles';
import { ErrorPanel } from '../components/ErrorPanel';
import { RevertLinkWords } from '../activity/RevertLinkWords';
import { useUi } from '../app/store';
import { orderKey } from './order-filter';
import { ITEM_BADGES, ITEM_LABELS } from './run-words';
import { useVisibleRows } from './virtual-rows';
import { BusyButton } from '../components/BusyButton';

const ROW_HEIGHT = 25;

function itemKey(item: RunItem): string {
  return orderKey({ orderId: item.request.orderId ?? '', clientOid: item.request.clientOid ?? '' });
}

function Counts({ run }: { run: BatchRun }) {
  const c = run.counts;
  const cells: [string, number, string][] = [
    ['Waiting', c.queued, ''],
    ['In flight', c.inFlight, 'badge-info'],
    ['Applied', c.applied, 'badge-ok'],
    ['Refused', c.refused, 'badge-warn'],
    ['Not applied', c.failed, 'badge-warn'],
    ['Unknown', c.unknown, 'badge-warn'],
    ['Not sent', c.notSent, ''],
    ['Excluded', c.excluded, ''],
  ];
  return (
    <dl className="am-run-counts">
      {cells.map(([label, n, badge]) => (
        <div key={label} className={n ? badge : ''}>
          <dt>{label}</dt>
          <dd className="num">{n}</dd>
        </div>
      ))}
      <div>
        <dt>Requests</dt>
        <dd className="num">{run.requests}</dd>
      </div>
    </dl>
  );
}

export function RunPanel({
  run,
  planned,
  error,
  controlling,
  controlError,
  onControl,
  onNewPlan,
}: {
  run: BatchRun | undefined;
  planned: ReadonlyMap<string, PlanRow>;
  error: unknown;
  controlling: boolean;
  controlError: unknown;
  onControl(action: 'pause' | 'resume' | 'stop' | 'check'): void;
  onNewPlan(): void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [onlyOpen, setOnlyOpen] = useState(false);
  const all = run?.items ?? [];
  const notApplied = all.filter((i) => i.status !== 'applied');
  // After a run, what needs the operator is what did not apply: they can list only those.
  const list = onlyOpen && notApplied.length > 0 ? notApplied : all;
  const rows = useVisibleRows(list.length, scrollRef, ROW_HEIGHT);
  const openActivity = useUi((s) => s.openActivity);
  const heading = useRef<HTMLHeadingElement>(null);
  const newRule = useRef<HTMLButtonElement>(null);
  const finished = run !== undefined && runIsOver(run);
  const unknown = run?.counts.unknown ?? 0;
  // The confirmation's Send button is gone: the run's heading takes focus, read with the state below it.
  useEffect(() => heading.current?.focus(), []);
  // Pause, Stop and Check again leave once they no longer apply: focus they held goes to what comes next.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    (newRule.current ?? heading.current)?.focus();
  }, [finished, unknown]);
  if (!run) {
    return (
      <section className="panel am-run" aria-labelledby="am-run-title">
        <h2 id="am-run-title" tabIndex={-1} ref={heading}>
          Progress
        </h2>
        {error ? <ErrorPanel error={error} title="Could not read the run" /> : <p className="muted">Starting…</p>}
      </section>
    );
  }
  const c = run.counts;
  const value = runBarValue(run);
  const pct = c.total ? Math.round((value / c.total) * 100) : 0;
  const checking = run.state === 'checking';
  const sending = run.state === 'running' || run.state === 'paused';
  return (
    <section className="panel am-run" aria-labelledby="am-run-title">
      <div className="amend-panel-head">
        <h2 id="am-run-title" tabIndex={-1} ref={heading}>
          {finished ? 'Summary' : checking ? 'Checking' : 'Progress'}
        </h2>
        <span className={`amend-env env-${run.environment}`}>{ENVIRONMENT_LABELS[run.environment]}</span>
        <span className="muted">
          profile {run.profileName} · run <span className="mono">{run.id}</span>
          {run.restored ? ' · from before the restart' : ''}
        </span>
        <RevertLinkWords run={run} />
      </div>
      <p className={`am-run-state state-${run.state}`} role="status" aria-label="Run state">
        {runStatusWords(run)}
        {c.unknown
          ? `. Check the order${c.unknown === 1 ? '' : 's'}: Check again reads ${c.unknown === 1 ? 'it' : 'them'}`
          : ''}
      </p>
      <div className="am-progress-line">
        <div
          className="am-progress"
          role="progressbar"
          aria-label="Run progress"
          aria-valuemin={0}
          aria-valuemax={c.total}
          aria-valuenow={value}
          aria-valuetext={runProgressWords(run)}
        >
          <div className="am-progress-fill" style={{ width: `${pct}%` }} />
        </div>
        <span className="num am-progress-num" aria-hidden="true">
          {value} / {c.total}
        </span>
      </div>
      <Counts run={run} />
      <div className="am-run-actions">
        {checking ? (
          <>
            <BusyButton busy={controlling} onClick={() => onControl('stop')} aria-describedby="am-cancel-note">
              Cancel
            </BusyButton>
            <span id="am-cancel-note" className="field-hint">
              Nothing has been sent yet: Cancel stops the run before its first request.
            </span>
          </>
        ) : finished ? null : (
          <>
            {run.state === 'paused' ? (
              <BusyButton busy={controlling} onClick={() => onControl('resume')}>
                Resume
              </BusyButton>
            ) : (
              <BusyButton busy={controlling} unavailable={run.state !== 'running'} onClick={() => onControl('pause')}>
                Pause
              </BusyButton>
            )}
            <BusyButton
              busy={controlling}
              unavailable={!sending}
              onClick={() => onControl('stop')}
              aria-describedby="am-stop-note"
            >
              Stop
            </BusyButton>
            <span id="am-stop-note" className="field-hint">
              Pause and Stop send nothing new; what was sent is still followed to its outcome. Stop leaves the rest not
              sent.
            </span>
          </>
        )}
        {notApplied.length > 0 && notApplied.length < all.length ? (
          <label className="amend-check am-only-open">
            <input type="checkbox" checked={onlyOpen} onChange={(e) => setOnlyOpen(e.target.checked)} />
            Only items not applied ({notApplied.length})
          </label>
        ) : null}
        <span className="am-spacer" />
        {c.unknown || (finished && run.stoppedBy === 'not-recorded') ? (
          <BusyButton busy={controlling} onClick={() => onControl('check')}>
            {controlling ? 'Checking…' : 'Check again'}
          </BusyButton>
        ) : null}
        {finished ? (
          <button type="button" className="button primary" onClick={onNewPlan} ref={newRule}>
            New rule
          </button>
        ) : null}
      </div>
      {controlError ? <ErrorPanel error={controlError} title="The run did not take the command" /> : null}
      <div className="am-scroll am-run-scroll" ref={scrollRef} tabIndex={0}>
        <table className="data-table am-table" aria-label="Run items">
          <thead>
            <tr>
              <th scope="col" className="num-h am-shrink">
                #
              </th>
              <th scope="col">Order</th>
              <th scope="col">Symbol</th>
              <th scope="col">Change</th>
              <th scope="col">Outcome</th>
              <th scope="col">What happened</th>
              <th scope="col" className="am-shrink">
                <span className="sr-only">Attempt</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.before > 0 ? <tr aria-hidden="true" style={{ height: rows.before }} /> : null}
            {rows.indexes.map((i) => {
              const item = list[i] as RunItem;
              const key = itemKey(item);
              const plan = planned.get(key);
              const label = item.request.clientOid ?? plan?.clientOid ?? item.request.orderId ?? key;
              return (
                <tr key={`${key}-${item.index}`} className={`am-item-${item.status}`}>
                  <td className="num muted">{item.index + 1}</td>
                  <td className="mono">{label}</td>
                  <td>{item.symbol ?? item.request.symbol ?? plan?.symbol ?? '—'}</td>
                  <td className="mono am-change">
                    {changeParts(item.request, plan?.current).map((part, k) => (
                      <Fragment key={k}>
                        {k > 0 ? ', ' : null}
                        <span className="am-change-part">{part}</span>
                      </Fragment>
                    ))}
                  </td>
                  <td>
                    <span className={`badge ${ITEM_BADGES[item.status]}`}>{ITEM_LABELS[item.status]}</span>
                    {item.status === 'unknown' ? <span className="am-check-order">check the order</span> : null}
                  </td>
                  <td className="am-summary-cell">{item.summary}</td>
                  <td>
                    {item.attemptId ? (
                      <button
                        type="button"
                        className="button am-link"
                        aria-label={`Show the attempt for ${label} in Activity`}
                        onClick={() => openActivity({ text: item.request.orderId ?? label, attemptId: item.attemptId })}
                      >
                        Activity
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
            {rows.after > 0 ? <tr aria-hidden="true" style={{ height: rows.after }} /> : null}
          </tbody>
        </table>
      </div>
    </section>
  );
}
