import { useEffect, useRef } from 'react';
import type { Attempt } from '../../../shared/attempts';
import { describeError } from '../../../shared/errors';
import { attemptIds, describeIds } from '../../../shared/order-ids';
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

/**
 * The outcome of the last send, titled with its order. When a send is answered (`desk.sendAnswers`
 * moves on) focus comes here: the Send button is unavailable now, and this is what the operator reads next.
 */
export function AttemptPanel({ desk }: { desk: AmendDesk }) {
  const a = desk.attempt;
  const target = useRef<HTMLDivElement>(null);
  const answers = desk.sendAnswers;
  useEffect(() => {
    if (answers > 0) target.current?.focus();
  }, [answers]);

  if (desk.sendError) return <ErrorPanel ref={target} error={desk.sendError} title="The modification was not sent" />;
  if (!a) return null;
  const final = isFinalAttempt(a);
  return (
    <section
      ref={target}
      tabIndex={-1}
      className={`panel amend-attempt status-${a.status}`}
      aria-labelledby="amend-outcome-title"
    >
      <div className="amend-panel-head">
        <h2 id="amend-outcome-title">
          Outcome <span className="amend-outcome-ids">for order {describeIds(attemptIds(a))}</span>
        </h2>
        <span className={`badge ${STATUS_BADGES[a.status]}`}>{STATUS_LABELS[a.status]}</span>
        {!final ? <span className="amend-spinner" aria-hidden="true" /> : null}
        <span className="muted amend-head-right">
          {formatTime(a.startedAt)} · {final ? formatDuration((a.finishedAt ?? a.startedAt) - a.startedAt) : 'running'}
        </span>
      </div>
      <p className="amend-summary">{a.summary}</p>
      {/* A rejection's summary already says the error's words: said once. */}
      {a.error && a.status !== 'refused' && !a.summary.includes(describeError(a.error)) ? (
        <p className="amend-error-words">{describeError(a.error)}</p>
      ) : null}
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
