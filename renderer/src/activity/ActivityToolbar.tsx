import { STATUS_LABELS } from '../../../shared/attempt-search';
import { ATTEMPT_STATUSES, type AttemptStatus } from '../../../shared/attempts';

/** The search, the outcome filter, and what the list holds of it (how many shown, lines skipped). */
export function ActivityToolbar({
  text,
  onText,
  outcome,
  onOutcome,
  loading,
  shown,
  total,
  more,
  skipped,
}: {
  text: string;
  onText(text: string): void;
  outcome: AttemptStatus | '';
  onOutcome(outcome: AttemptStatus | ''): void;
  loading: boolean;
  shown: number;
  total: number;
  /** Older entries are there to load. */
  more: boolean;
  skipped: number;
}) {
  return (
    <div className="activity-toolbar">
      <label className="sr-only" htmlFor="activity-search">
        Search activity
      </label>
      <input
        id="activity-search"
        type="search"
        placeholder="Search order, symbol, outcome, profile…"
        value={text}
        onChange={(e) => onText(e.target.value)}
      />
      <label htmlFor="activity-outcome" className="field-label">
        Outcome
      </label>
      <select id="activity-outcome" value={outcome} onChange={(e) => onOutcome(e.target.value as AttemptStatus | '')}>
        <option value="">All outcomes</option>
        {ATTEMPT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      <span className="muted activity-count" role="status" title="An amend-many run counts as one entry">
        {loading
          ? 'Loading…'
          : `${shown} of ${total} shown${more ? ' · Load more, below the list, for older ones' : ''}`}
      </span>
      {skipped > 0 ? (
        <span className="badge badge-warn" title="Torn or corrupt lines in activity.jsonl were skipped">
          {skipped} unreadable line{skipped === 1 ? '' : 's'} skipped
        </span>
      ) : null}
    </div>
  );
}
