/**
 * Every field the exchange returned for the selected instrument, formatted and raw, each copyable,
 * in headed groups in the order an operator reads them (fields.ts). One line a field where it fits:
 * its name, its value with the raw value beside it when they differ, a copy control; the API name
 * is the row's tooltip and in the copy control's name. Nothing is sticky inside the list, so a
 * field scrolled to (by the focus too) is never under a header.
 * Fields outside the specification (a newer API version) are listed too, in a group of their own.
 * Escape anywhere inside closes it (the browser then returns the focus to the grid's selected row).
 */
import { useId, useMemo, type KeyboardEvent, type Ref } from 'react';
import type { Instrument } from '../../../shared/schemas';
import { SymbolHistory } from '../changes/SymbolHistory';
import { CopyButton } from './CopyButton';
import { fieldGroups, type FieldRow } from './fields';
import { formatLocalDateTime, formatRelative, statusLabel, statusMeaning, statusTone } from './format';
import type { DetailTab } from './prefs';
import { RESTRICTION_LABELS, upcomingRestrictions } from './values';
import { PanelFrame } from './PanelFrame';
import { SPEC_BY_ID } from './columns';

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
  const groups = useMemo(() => fieldGroups(instrument), [instrument]);
  const upcoming = upcomingRestrictions(instrument, now);
  const sentCount = groups.reduce((n, g) => n + g.rows.filter((r) => !r.derivedFrom).length, 0);
  const json = useMemo(() => JSON.stringify(instrument, null, 2), [instrument]);
  return (
    <PanelFrame ref={ref} label={`Details of ${instrument.symbol}`} onClose={onClose}>
      <header className="id-head">
        <div className="id-title">
          <h2 className="id-symbol mono">{instrument.symbol}</h2>
          <span className="badge">{instrument.category}</span>
          <span className={`badge badge-${statusTone(instrument.status)}`} title={statusMeaning(instrument.status)}>
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
      <div className="id-bar">
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
        <CopyButton text={json} label="Copy all fields as JSON" className="button id-json">
          Copy JSON
        </CopyButton>
        <span className="muted id-count">{sentCount} fields</span>
      </div>
      {shown === 'history' ? (
        <div className="id-tabpanel" role="tabpanel" id={`${id}-panel-history`} aria-labelledby={`${id}-tab-history`}>
          <SymbolHistory category={instrument.category} symbol={instrument.symbol} />
        </div>
      ) : (
        <div
          className="id-tabpanel id-fields"
          role={onTab ? 'tabpanel' : undefined}
          id={`${id}-panel-fields`}
          aria-labelledby={onTab ? `${id}-tab-fields` : undefined}
        >
          <div className="id-scroll">
            {instrument.status !== 'online' ? (
              <p className="id-meaning muted">
                {statusMeaning(instrument.status)}
                {instrument.status ? (
                  <>
                    {' '}
                    · exchange code <code>{instrument.status}</code>
                  </>
                ) : null}
              </p>
            ) : null}
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
            {groups.map((g) => (
              <section key={g.id} className="id-group" aria-labelledby={`${id}-group-${g.id}`}>
                <h3 className="id-group-head" id={`${id}-group-${g.id}`}>
                  {g.heading}
                </h3>
                <table className="id-table" aria-labelledby={`${id}-group-${g.id}`}>
                  <colgroup>
                    <col className="id-col-label" />
                    <col />
                    <col className="id-col-copy" />
                  </colgroup>
                  <tbody>
                    {g.rows.map((r) => (
                      <FieldLine key={r.field} row={r} />
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
          </div>
        </div>
      )}
    </PanelFrame>
  );
}

/**
 * One field: its name, its value (the raw one beside it when they differ), a copy control. What the
 * field means, its API name, or what a derived value comes from is the name's tooltip and description.
 */
function FieldLine({ row: r }: { row: FieldRow }) {
  const meaning = SPEC_BY_ID.get(r.field)?.description;
  const source = r.derivedFrom
    ? `Not sent by the exchange: ${r.derivedFrom}, as the amend desk checks it`
    : `API name: ${r.field}`;
  return (
    <tr className={r.unknown ? 'is-unknown' : undefined}>
      <th scope="row" title={meaning ? `${meaning}. ${source}` : source}>
        {r.label}
      </th>
      <td className="id-value">
        <span className={r.numeric ? 'id-formatted id-number' : 'id-formatted'}>{r.formatted}</span>
        {/* The raw value beside the formatted one whenever they differ ("0" → "no limit", "" → —). */}
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
          className="icon-button id-copy-button"
          compact
        />
      </td>
    </tr>
  );
}
