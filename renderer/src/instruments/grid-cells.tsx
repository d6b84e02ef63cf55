/**
 * What a body cell shows: its content, its tooltip, and whether it may need clipping. Texts come
 * from the dataset's format cache; the clip decision is an upper bound (text-fit.ts), not a measure.
 */
import type { ReactNode } from 'react';
import type { Dataset } from './dataset';
import { formatLocalDateTime, formatRelative, statusDescription, statusTone } from './format';
import { BADGE_CHROME_PX, BADGE_PX, MONO_PX, TEXT_PX, type CellColumn } from './grid-layout';
import type { RowMark } from './row-marks';
import { SPEC_BY_ID } from './columns';
import { alignedLength, alignedNumber } from '../lib/number-align';
import { MONO_EM_BOUND, maxTextWidth } from './text-fit';
import { RESTRICTION_LABELS, isFutureTime, rawField, upcomingRestrictions, type RestrictionField } from './values';

/** The RWA tag, the warning sign, the star and the change badges beside a symbol, with their margins (upper bounds). */
const TAG_PX = 36;
const WARN_PX = 24;
const STAR_PX = 20;
const MARK_PX: Record<RowMark, number> = { new: 38, changed: 62 };

/** What a row adds to its cells beyond their data: the change history's marks on the Symbol cell, and its tooltips. */
export interface SymbolExtras {
  mark?: RowMark;
  /** undefined: no star at all (no history to keep it in). */
  watched?: boolean;
  /** The pinned pane's copy: hidden from assistive technology and not clickable, so no button. */
  copy?: boolean;
  /**
   * Tooltips (title attributes) wanted: only the row under the pointer and the selected row have
   * them. A title that changes restyles its element (the browser's own stylesheet has a rule on
   * [title]), and a sort or a keystroke would otherwise change one on most cells in view.
   */
  tips?: boolean;
}

const MARK_WORDS: Record<RowMark, string> = {
  new: 'new: listed since you last looked',
  changed: 'changed since you last looked',
};

const fits = (text: string, col: CellColumn): boolean =>
  maxTextWidth(text, col.face === 'mono' ? MONO_PX : TEXT_PX, col.face) <= col.contentPx;

/** The Symbol cell of data row `row`: the row's own cell and the pinned pane's copy. */
export function symbolCell(
  ds: Dataset,
  row: number,
  now: number,
  extras: SymbolExtras = {},
): { content: ReactNode; title?: string; widthPx: number; label?: string } {
  const { mark, watched, copy, tips = false } = extras;
  const instrument = ds.rows[row]!;
  const symbol = ds.text('symbol', row);
  const upcoming = upcomingRestrictions(instrument, now);
  const warning =
    upcoming.length > 0
      ? upcoming
          .map((u) => `${RESTRICTION_LABELS[u.field]} ${formatRelative(u.at, now)} (${formatLocalDateTime(u.at)})`)
          .join('\n')
      : '';
  const starred = watched !== undefined;
  // The star is drawn by CSS (no text), so the cell's text stays the symbol; with a star or a badge
  // the cell is named explicitly, so it still reads as the symbol and its tags, not "Watch …".
  const label = starred
    ? [
        symbol,
        ds.rwa[row] ? 'RWA' : '',
        mark ? mark : '',
        watched ? 'watched' : '',
        warning ? `Upcoming restriction: ${warning}` : '',
      ]
        .filter(Boolean)
        .join(' ')
    : undefined;
  return {
    title: tips
      ? [symbol, mark ? MARK_WORDS[mark] : '', watched ? 'watched (W)' : '', warning].filter(Boolean).join('\n')
      : undefined,
    widthPx:
      maxTextWidth(symbol, MONO_PX, 'mono', true) +
      (ds.rwa[row] ? TAG_PX : 0) +
      (warning ? WARN_PX : 0) +
      (starred ? STAR_PX : 0) +
      (mark ? MARK_PX[mark] : 0),
    label,
    content: (
      <>
        {!starred ? null : copy ? (
          <span className={`ig-star${watched ? ' is-on' : ''}`} />
        ) : (
          <button
            type="button"
            className={`ig-star${watched ? ' is-on' : ''}`}
            tabIndex={-1}
            data-star=""
            aria-pressed={watched}
            aria-label={watched ? `Stop watching ${symbol}` : `Watch ${symbol}`}
            title={
              tips
                ? watched
                  ? `Stop watching ${symbol} (W)`
                  : `Watch ${symbol}: notify me of its changes (W)`
                : undefined
            }
          />
        )}
        <span className="ig-symbol">{symbol}</span>
        {ds.rwa[row] ? <span className="ig-tag">RWA</span> : null}
        {mark ? <span className={`ig-mark ig-mark-${mark}`}>{mark}</span> : null}
        {warning ? (
          <span className="ig-warn" role="img" aria-label={`Upcoming restriction: ${warning}`}>
            ⚠
          </span>
        ) : null}
      </>
    ),
  };
}

/** The id, after the grid's prefix, of the description of a status (any text: unknown statuses too). */
export function statusDescriptionId(status: string): string {
  return `st-${status.replace(/[^A-Za-z0-9_-]/g, (c) => `.${c.codePointAt(0)!.toString(16)}.`)}`;
}

/**
 * What each status means, with the exchange's code, once per grid and not per cell: status cells
 * point at it (aria-describedby), so assistive technology reads what a tooltip shows the mouse.
 */
export function StatusDescriptions({ statuses, idPrefix }: { statuses: Iterable<string>; idPrefix: string }) {
  return (
    <div hidden>
      {[...statuses].map((s) => (
        <span key={s} id={`${idPrefix}-${statusDescriptionId(s)}`}>
          {statusDescription(s)}
        </span>
      ))}
    </div>
  );
}

export interface CellContent {
  content: ReactNode;
  /** Its tooltip; only asked for with SymbolExtras.tips. */
  title?: string;
  /** The id (after the grid's prefix) of the hidden text describing the cell (see StatusDescriptions). */
  describedBy?: string;
  /** Content that may be wider than the cell (see text-fit.ts). */
  clip: boolean;
  /** The cell's accessible name, when its content alone would not give the right one. */
  label?: string;
}

/** A number cell's tooltip: a derived value (the steps) says how it is derived; a formatted one shows what was sent. */
function numberTitle(ds: Dataset, col: CellColumn, row: number, text: string): string | undefined {
  const spec = SPEC_BY_ID.get(col.id);
  if (spec?.derive) return spec.description;
  const raw = rawField(ds.rows[row]!, col.id) ?? '';
  return raw !== text ? `raw: ${raw === null ? 'null' : JSON.stringify(raw)}` : undefined;
}

/** The cell of data row `row` in column `col`. */
export function cellContent(
  ds: Dataset,
  col: CellColumn,
  row: number,
  now: number,
  extras: SymbolExtras = {},
): CellContent {
  const text = ds.text(col.id, row);
  const tips = extras.tips ?? false;
  switch (col.kind) {
    case 'status': {
      // The badge clips itself (its own ellipsis, inside the cell) only when it may not fit: at
      // the column's default width every status of the specification fits.
      const status = ds.statuses[row]!;
      const fitsBadge = maxTextWidth(text, BADGE_PX, 'sans', true) + BADGE_CHROME_PX <= col.contentPx;
      return {
        content: (
          <span
            className={`badge badge-${statusTone(status)}${fitsBadge ? '' : ' clip'}`}
            title={tips ? statusDescription(status) : undefined}
          >
            {text}
          </span>
        ),
        describedBy: status ? statusDescriptionId(status) : undefined,
        clip: false,
      };
    }
    case 'time': {
      const raw = rawField(ds.rows[row]!, col.id);
      const rawTitle = () => `raw: ${raw === null ? 'null' : JSON.stringify(raw ?? '')}`;
      if (col.restriction && isFutureTime(raw, now)) {
        const label = RESTRICTION_LABELS[col.id as RestrictionField];
        return {
          title: tips ? `${label} ${formatRelative(Number(raw), now)}\n${rawTitle()}` : undefined,
          clip: true,
          content: (
            <>
              <span className="ig-warn" role="img" aria-label={`${label} upcoming`}>
                ⚠
              </span>
              {text}
            </>
          ),
        };
      }
      return { content: text, title: tips ? rawTitle() : undefined, clip: !fits(text, col) };
    }
    case 'text':
    case 'category':
      if (col.id === 'symbol') {
        const { content, title, widthPx, label } = symbolCell(ds, row, now, extras);
        return { content, title, label, clip: widthPx > col.contentPx };
      }
      return { content: text, clip: !fits(text, col) };
    default: {
      const title = tips ? numberTitle(ds, col, row, text) : undefined;
      if (!col.figures) return { content: text, title, clip: !fits(text, col) };
      // Padded to the column's widest fraction (lib/number-align.tsx): the points line up.
      return {
        content: alignedNumber(text, col.figures),
        title,
        clip: alignedLength(text, col.figures) * MONO_PX * MONO_EM_BOUND > col.contentPx,
      };
    }
  }
}
