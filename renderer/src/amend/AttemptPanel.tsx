import type { Attempt } from '../../../shared/attempts';
import { describeError } from '../../../shared/errors';
import { ErrorPanel } from '../components/ErrorPanel';
import { STATUS_LABELS } from '../../../shared/attempt-search';
import { formatDuration, formatTime, STATUS_BADGES } from './status-display';
import { isFinalAttempt } from './followed-attempt';
import type { AmendDesk } from './useAmendDesk';

export function Timeline({ attempt }: { attempt: Attempt }) {
  return (
    <ol className="amend-timeline">
      {attempt.timeline.map((e, i) => (
        <li key={i}>
          <span className="num amend-t">+{formatDuration(e.at - attempt.startedAt)}</span>
          <span className="amend-t-label">{e.label}</span>
          {e.detail ? <span className="amend-t-detail">{e.detail}</span> : null}
        </li>
      ))}
    </ol>
  );
}

export function AttemptPanel({ desk }: { desk: AmendDesk }) {
  const a = desk.attempt;
  if (desk.sendError) return <ErrorPanel error={desk.sendError} title="The modification was not sent" />;
  if (!a) return null;
  const final = isFinalAttempt(a);
  return (
    <section className={`panel amend-attempt status-${a.status}`} aria-label="Outcome">
      <div className="amend-panel-head">
        <h2>Outcome</h2>
        <span className={`badge ${STATUS_BADGES[a.status]}`}>{STATUS_LABELS[a.status]}</span>
        {!final ? <span className="amend-spinner" aria-hidden="true" /> : null}
        <span className="muted amend-head-right">
          {formatTime(a.startedAt)} · {final ? formatDuration((a.finishedAt ?? a.startedAt) - a.startedAt) : 'running'}
        </span>
      </div>
      <p className="amend-summary">{a.summary}</p>
      {a.error && a.status !== 'refused' ? <p className="amend-error-words">{describeError(a.error)}</p> : null}
      {a.status === 'refused' && a.error?.details && a.error.details.length > 1 ? (
        <ul className="amend-field-issues">
          {a.error.details.map((d) => (
            <li key={d} className="field-error">
              {d}
            </li>
          ))}
        </ul>
      ) : null}
      {a.status === 'unknown' ? (
        <p className="amend-banner warn" role="note">
          Nothing will be resent automatically. Use <strong>Load order</strong> to see the order as it is now; the desk
          refuses new modifications of this order until then.
        </p>
      ) : null}
      <Timeline attempt={a} />
    </section>
  );
}
