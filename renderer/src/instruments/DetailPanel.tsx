/**
 * Every field the exchange returned for the selected instrument, formatted and raw, each copyable.
 * Fields outside the specification (a newer API version) are listed too, marked as new.
 * Escape anywhere inside closes it (the browser then returns the focus to the grid's selected row).
 */
import { useId, useMemo, type KeyboardEvent, type Ref } from 'react';
import type { Instrument } from '../../../shared/schemas';
import { SymbolHistory } from '../changes/SymbolHistory';
import { CopyButton } from './CopyButton';
import { fieldRows } from './fields';
import { formatLocalDateTime, formatRelative, statusLabel, statusMeaning, statusTone } from './format';
import type { DetailTab } from './prefs';
import { RESTRICTION_LABELS, upcomingRestrictions } from './values';
import { PanelFrame } from './PanelFrame';

const TABS: ReadonlyArray<[DetailTab, string]> = [
  ['fields', 'Fields'],
  ['history', 'History'],
];

/** Arrow keys, Home and End move between tabs (and show the one reached), as in the ARIA tabs pattern. */
function onTabKey(e: KeyboardEvent<HTMLDivElement>, tab: DetailTab, onTab: (t: DetailTab) => void) {
  const i = TABS.findIndex(([t]) => t === tab);
  const to =
    e.key === 'ArrowRight'
      ? (i + 1) % TABS.length
      : e.key === 'ArrowLeft'
        ? (i + TABS.length - 1) % TABS.length
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? TABS.length - 1
            : -1;
  if (to < 0) return;
  e.preventDefault();
  onTab(TABS[to]![0]);
  e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
}

export function DetailPanel({
  instrument,
  now,
  onClose,
  ref,
  tab = 'fields',
  onTab,
  watched,
  onToggleWatch,
}: {
  instrument: Instrument;
  now: number;
  onClose(): void;
  /** The panel itself (focusable), for whoever opens it to move the focus into it. */
  ref?: Ref<HTMLElement>;
  tab?: DetailTab;
  /** Without it there is no History tab (no change history to show): the fields only. */
  onTab?: (tab: DetailTab) => void;
  watched?: boolean;
  onToggleWatch?: () => void;
}) {
  const id = useId();
  const shown = onTab ? tab : 'fields';
  const rows = useMemo(() => fieldRows(instrument), [instrument]);
  const upcoming = upcomingRestrictions(instrument, now);
  const unknownCount = rows.filter((r) => r.unknown).length;
  const sentCount = rows.filter((r) => !r.derivedFrom).length;
  const json = useMemo(() => JSON.stringify(instrument, null, 2), [instrument]);
  return (
    <PanelFrame ref={ref} label={`Details of ${instrument.symbol}`} onClose={onClose}>
      <header className="id-head">
        <div className="id-title">
          <h2 className="id-symbol mono">{instrument.symbol}</h2>
          <span className="badge">{instrument.category}</span>
          <span className={`badge badge-${statusTone(instrument.status)}`}>
            {instrument.status ? statusLabel(instrument.status) : 'no status'}
          </span>
        </div>
        {onToggleWatch ? (
          <button
            type="button"
            className={`icon-button id-star${watched ? ' is-on' : ''}`}
            aria-pressed={Boolean(watched)}
            aria-label={watched ? `Stop watching ${instrument.symbol}` : `Watch ${instrument.symbol}`}
            title={
              watched
                ? `Stop watching ${instrument.symbol}`
                : `Watch ${instrument.symbol}: a notification when its status changes or a restriction is scheduled`
            }
            onClick={onToggleWatch}
          />
        ) : null}
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
      {onTab ? (
        <div
          className="id-tabs"
          role="tablist"
          aria-label={`${instrument.symbol}: fields or history`}
          onKeyDown={(e) => onTabKey(e, shown, onTab)}
        >
          {TABS.map(([t, label]) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`${id}-tab-${t}`}
              aria-selected={shown === t}
              aria-controls={`${id}-panel-${t}`}
              tabIndex={shown === t ? 0 : -1}
              className="id-tab"
              onClick={() => onTab(t)}
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}
      {shown === 'history' ? (
        <div className="id-tabpanel" role="tabpanel" id={`${id}-panel-history`} aria-labelledby={`${id}-tab-history`}>
          <SymbolHistory category={instrument.category} symbol={instrument.symbol} />
        </div>
      ) : (
        <div
          className="id-tabpanel"
          role={onTab ? 'tabpanel' : undefined}
          id={`${id}-panel-fields`}
          aria-labelledby={onTab ? `${id}-tab-fields` : undefined}
        >
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
              {sentCount} fields{unknownCount ? ` · ${unknownCount} not in the specification` : ''}
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
                      {r.derivedFrom ? (
                        <span className="id-key" title="Not sent by the exchange: derived as the amend desk checks it">
                          from <code>{r.derivedFrom}</code>
                        </span>
                      ) : (
                        <code className="id-key">{r.field}</code>
                      )}
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
                      <span className={r.numeric ? 'id-formatted id-number' : 'id-formatted'}>{r.formatted}</span>
                      {/* The raw value under the formatted one whenever they differ ("0" → "no limit", "" → —). */}
                      {r.formatted !== r.rawText ? (
                        <code className="id-raw" title="Raw value as the exchange sent it">
                          {r.raw === null ? 'null' : JSON.stringify(r.rawText)}
                        </code>
                      ) : null}
                    </td>
                    <td className="id-copy">
                      <CopyButton
                        text={r.rawText}
                        label={r.derivedFrom ? `Copy the ${r.label.toLowerCase()}` : `Copy the raw ${r.field}`}
                        className="button small"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </PanelFrame>
  );
}
