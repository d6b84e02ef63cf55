/** The alerts of this session, on the Changes screen: none is lost when a notification was missed or dismissed. */
import { formatLocalDateTime } from '../instruments/format';
import { useAlerts } from './alerts';
import { openInstrumentHistory } from './open-instrument';

export function RecentAlerts() {
  const recent = useAlerts((s) => s.recent);
  if (recent.length === 0) return null;
  return (
    <section className="ch-alerts" aria-label="Recent alerts">
      <h2>
        Alerts for watched symbols <span className="num muted">({recent.length})</span>
      </h2>
      <ul>
        {recent.slice(0, 5).map((a) => (
          <li key={a.id}>
            <time className="num muted" dateTime={new Date(a.at).toISOString()}>
              {formatLocalDateTime(a.at)}
            </time>
            <button
              type="button"
              className="ch-link mono"
              aria-label={`${a.symbol} ${a.category}: open its history`}
              onClick={() => openInstrumentHistory(a.category, a.symbol)}
            >
              {a.symbol}
            </button>
            <span className={a.resolvedAt ? 'ch-alert-resolved' : undefined}>
              <strong>{a.title}</strong> {a.body}
            </span>
            {a.resolvedAt ? (
              <span className="badge badge-ok" title={`Cleared at ${formatLocalDateTime(a.resolvedAt)}`}>
                Resolved
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button small"
        onClick={() => {
          useAlerts.getState().clearRecent();
          document.querySelector<HTMLElement>('#content h1')?.focus();
        }}
      >
        Clear alerts
      </button>
    </section>
  );
}
