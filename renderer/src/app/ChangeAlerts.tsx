/**
 * Alerts for watched symbols, app-wide: polls main for them (and right after any instrument fetch,
 * which is when main records changes), refreshes the change views when some came, and shows as
 * toasts the alerts no desktop notification carried. Toasts stay until dismissed.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { pollAlerts, useAlerts } from '../changes/alerts';
import { onInstrumentsFetched } from '../changes/change-signals';
import { openInstrumentHistory } from '../changes/open-instrument';
import { CHANGES_KEY, CHANGES_POLL_MS } from '../changes/queries';
import '../changes/changes.css';

/** Toasts shown at once; the rest are counted, and listed on the Changes screen. */
const SHOWN = 3;

/**
 * Dismisses a toast from its own button without losing the focus: it moves to the next toast's
 * dismiss button, else to the screen's heading.
 */
function dismissFrom(id: string, button: HTMLElement, dismiss: (id: string) => void): void {
  const item = button.closest('li');
  const next = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector<HTMLElement>('.toast-close');
  dismiss(id);
  (next ?? document.querySelector<HTMLElement>('#content h1'))?.focus();
}

export function ChangeAlerts({ inert = false }: { inert?: boolean }) {
  const qc = useQueryClient();
  const toasts = useAlerts((s) => s.toasts);
  const { dismiss, dismissAll } = useAlerts.getState();

  useEffect(() => {
    const poll = () =>
      void pollAlerts().then((n) => {
        if (n > 0) void qc.invalidateQueries({ queryKey: CHANGES_KEY });
      });
    poll();
    const timer = window.setInterval(poll, CHANGES_POLL_MS);
    const off = onInstrumentsFetched(() => {
      void qc.invalidateQueries({ queryKey: CHANGES_KEY });
      poll();
    });
    return () => {
      window.clearInterval(timer);
      off();
    };
  }, [qc]);

  const hidden = toasts.length - SHOWN;
  return (
    <section className="toasts" aria-label="Alerts for watched symbols" inert={inert}>
      <ul aria-live="polite" aria-relevant="additions">
        {toasts.slice(0, SHOWN).map((a) => (
          <li key={a.id} className="toast">
            <span className="toast-mark" aria-hidden="true">
              ★
            </span>
            <div className="toast-text">
              <strong>{a.title}</strong>
              <p>{a.body}</p>
            </div>
            <div className="toast-actions">
              <button
                type="button"
                className="button small"
                onClick={() => {
                  dismiss(a.id);
                  openInstrumentHistory(a.category, a.symbol);
                }}
              >
                Show {a.symbol}
              </button>
              <button
                type="button"
                className="icon-button toast-close"
                aria-label={`Dismiss the alert for ${a.symbol}`}
                title="Dismiss"
                onClick={(e) => dismissFrom(a.id, e.currentTarget, dismiss)}
              >
                ✕
              </button>
            </div>
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <p className="toast-more">
          {hidden} more alert{hidden === 1 ? '' : 's'} on the Changes screen ·{' '}
          <button
            type="button"
            className="button small"
            onClick={() => {
              dismissAll();
              document.querySelector<HTMLElement>('#content h1')?.focus();
            }}
          >
            Dismiss all
          </button>
        </p>
      ) : null}
    </section>
  );
}
