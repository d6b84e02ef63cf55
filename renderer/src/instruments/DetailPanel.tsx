/**
 * Every field the exchange returned for the selected instrument, formatted and raw, each copyable.
 * Fields outside the specification (a newer API version) are listed too, marked as new.
 * Escape anywhere inside closes it (the browser then returns the focus to the grid's selected row).
 */
import { useMemo, type Ref } from 'react';
import type { Instrument } from '../../../shared/schemas';
import { CopyButton } from './CopyButton';
import { fieldRows } from './fields';
import { formatLocalDateTime, formatRelative, statusLabel, statusMeaning, statusTone } from './format';
import { RESTRICTION_LABELS, upcomingRestrictions } from './values';

export function DetailPanel({
  instrument,
  now,
  onClose,
  ref,
}: {
  instrument: Instrument;
  now: number;
  onClose(): void;
  /** The panel itself (focusable), for whoever opens it to move the focus into it. */
  ref?: Ref<HTMLElement>;
}) {
  const rows = useMemo(() => fieldRows(instrument), [instrument]);
  const upcoming = upcomingRestrictions(instrument, now);
  const unknownCount = rows.filter((r) => r.unknown).length;
  const json = useMemo(() => JSON.stringify(instrument, null, 2), [instrument]);
  return (
    <aside
      ref={ref}
      className="id-panel"
      aria-label={`Details of ${instrument.symbol}`}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="id-head">
        <div className="id-title">
          <h2 className="id-symbol mono">{instrument.symbol}</h2>
          <span className="badge">{instrument.category}</span>
          <span className={`badge badge-${statusTone(instrument.status)}`}>
            {instrument.status ? statusLabel(instrument.status) : 'no status'}
          </span>
        </div>
        <button
          type="button"
          className="icon-button"
          aria-label="Close details"
          title="Close details (Esc)"
          onClick={onClose}
        >
          ✕
        </button>
      </header>
      <p className="id-meaning muted">
        {statusMeaning(instrument.status)}
        {instrument.status ? (
          <>
            {' '}
            · exchange code <code>{instrument.status}</code>
          </>
        ) : null}
      </p>
      {upcoming.length > 0 ? (
        <ul className="id-warnings" aria-label="Upcoming restrictions">
          {upcoming.map((u) => (
            <li key={u.field}>
              <span aria-hidden="true">⚠</span> {RESTRICTION_LABELS[u.field]} {formatRelative(u.at, now)} ·{' '}
              {formatLocalDateTime(u.at)}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="id-actions">
        <CopyButton text={json} label="Copy all fields as JSON">
          Copy JSON
        </CopyButton>
        <span className="muted">
          {rows.length} fields{unknownCount ? ` · ${unknownCount} not in the specification` : ''}
        </span>
      </div>
      <div className="id-scroll">
        <table className="id-table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Value · raw</th>
              <th scope="col">
                <span className="sr-only">Copy</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.field} className={r.unknown ? 'is-unknown' : undefined}>
                <th scope="row">
                  <span className="id-label">{r.label}</span>
                  <code className="id-key">{r.field}</code>
                  {r.unknown ? (
                    <span
                      className="badge badge-info"
                      title="Not in the API specification: a field of a newer API version"
                    >
                      new field
                    </span>
                  ) : null}
                </th>
                <td className="id-value">
                  <span className="id-formatted">{r.formatted}</span>
                  {/* The raw value under the formatted one whenever they differ ("0" → "no limit", "" → —). */}
                  {r.formatted !== r.rawText ? (
                    <code className="id-raw" title="Raw value as the exchange sent it">
                      {r.raw === null ? 'null' : JSON.stringify(r.rawText)}
                    </code>
                  ) : null}
                </td>
                <td className="id-copy">
                  <CopyButton text={r.rawText} label={`Copy the raw ${r.field}`} className="button small" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </aside>
  );
}
