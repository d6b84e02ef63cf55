import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attempt } from '../../../shared/attempts';
import { sourceWords } from '../../../shared/call-source';
import { changeText } from '../../../shared/change-text';
import { describeError } from '../../../shared/errors';
import { ENVIRONMENT_LABELS } from '../../../shared/profiles';
import { Timeline } from '../amend/AttemptPanel';
import { orderLabel, STATUS_LABELS } from '../../../shared/attempt-search';
import { formatDuration, formatTime, STATUS_BADGES } from '../amend/status-display';
import { ErrorPanel } from '../components/ErrorPanel';
import { call } from '../lib/desk';
import { durationMs } from './activity-rows';
import { AttemptRevert } from './RevertAction';
import { BusyButton } from '../components/BusyButton';

/**
 * Check again for an attempt whose outcome is unknown (of a run or not, this session's or an earlier
 * one's): main reads the order and decides the outcome if it can; nothing is sent.
 */
function CheckAgain({ attempt }: { attempt: Attempt }) {
  const client = useQueryClient();
  const check = useMutation({
    mutationFn: () => call('checkAttempt', { id: attempt.id }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['activity'] });
      void client.invalidateQueries({ queryKey: ['activity-runs'] });
    },
  });
  return (
    <>
      <div className="activity-check">
        <BusyButton
          busy={check.isPending}
          aria-describedby={`activity-check-${attempt.id}`}
          onClick={() => check.mutate()}
        >
          {check.isPending ? 'Checking…' : 'Check again'}
        </BusyButton>
        <span id={`activity-check-${attempt.id}`} className="field-hint">
          Reads the order and decides the outcome if it can; nothing is sent.
        </span>
      </div>
      {check.error ? <ErrorPanel error={check.error} title="Could not check the order" /> : null}
    </>
  );
}

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="activity-json">
      <h3>{label}</h3>
      <pre className="mono">{value === undefined ? '—' : JSON.stringify(value, null, 2)}</pre>
    </div>
  );
}

export function ActivityDetail({ attempt: a, onClose }: { attempt: Attempt; onClose(): void }) {
  return (
    // It scrolls on its own beside the table: focusable, so the keyboard can scroll it too. Escape
    // anywhere in it closes it, as its Close button does.
    <aside
      className="panel activity-detail"
      aria-label="Attempt details"
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onClose();
      }}
    >
      <div className="activity-detail-head">
        <span className={`badge ${STATUS_BADGES[a.status]}`}>{STATUS_LABELS[a.status]}</span>
        <span className="mono">{orderLabel(a)}</span>
        <button
          type="button"
          className="button activity-detail-close"
          aria-label="Close details"
          title="Close details (Escape)"
          onClick={onClose}
        >
          ×
        </button>
      </div>
      <p className="activity-summary">{a.summary}</p>
      {a.status === 'unknown' ? <CheckAgain key={a.id} attempt={a} /> : null}
      {a.status === 'applied' ? <AttemptRevert key={`revert-${a.id}`} attempt={a} /> : null}
      {a.error && !a.summary.includes(describeError(a.error)) ? (
        <p className="muted activity-error">{describeError(a.error)}</p>
      ) : null}
      <dl className="activity-facts">
        <dt>Started</dt>
        <dd>{formatTime(a.startedAt)}</dd>
        <dt>Duration</dt>
        <dd>{formatDuration(durationMs(a))}</dd>
        <dt>Profile</dt>
        <dd>
          {a.profileName} · {ENVIRONMENT_LABELS[a.environment]}
        </dd>
        <dt>Source</dt>
        <dd>{sourceWords(a.source) || 'Not recorded (made before UTA Desk kept it)'}</dd>
        <dt>Change</dt>
        <dd className="mono">{changeText(a.request, a.before)}</dd>
        <dt>Auto-cancel</dt>
        <dd>{a.request.autoCancel ?? 'no'}</dd>
        <dt>Attempt</dt>
        <dd className="mono">{a.id}</dd>
        {a.run ? (
          <>
            <dt>Run</dt>
            <dd>
              item {a.run.index + 1} of {a.run.size} · <span className="mono">{a.run.id}</span>
            </dd>
          </>
        ) : null}
      </dl>
      <Timeline attempt={a} />
      <Json label="Request" value={a.request} />
      <Json label="Answer" value={a.answer ?? (a.error ? { error: a.error } : undefined)} />
      {a.after ? <Json label="Order as last seen" value={a.after} /> : null}
    </aside>
  );
}
