/**
 * What a body cell shows: its content, its tooltip, and whether it may need clipping, as data
 * (cell-dom.ts writes it into the cell). Texts come from the dataset's format cache; the clip
 * decision is an upper bound (text-fit.ts), not a measure.
 */
import type { CellElement, CellPart, CellView } from './cell-dom';
import type { Dataset } from './dataset';
import { formatLocalDateTime, formatRelative, statusDescription, statusTone } from './format';
import { BADGE_CHROME_PX, BADGE_PX, MONO_PX, TEXT_PX, type CellColumn } from './grid-layout';
import type { RowMark } from './row-marks';
import { SPEC_BY_ID } from './columns';
import { PAD_CLASS, alignedLength, alignedPieces, padText } from '../lib/number-align';
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

const PAD_ATTRS = { 'aria-hidden': 'true' } as const;
const STAR_ATTRS = { tabindex: '-1', 'data-star': '' } as const;

function warnSign(label: string): CellElement {
  return { tag: 'span', className: 'ig-warn', text: '⚠', attrs: { role: 'img', 'aria-label': label } };
}

/** The Symbol cell of data row `row`: the row's own cell and the pinned pane's copy. */
export function symbolCell(
  ds: Dataset,
  row: number,
  now: number,
  extras: SymbolExtras = {},
): { parts: CellPart[]; title?: string; widthPx: number; label?: string } {
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
  const parts: CellPart[] = [];
  if (starred) {
    const className = `ig-star${watched ? ' is-on' : ''}`;
    // The pinned pane's copy is hidden from assistive technology and not clickable: no button.
    parts.push(
      copy
        ? { tag: 'span', className }
        : {
            tag: 'button',
            className,
            attrs: {
              ...STAR_ATTRS,
              'aria-pressed': String(watched),
              'aria-label': watched ? `Stop watching ${symbol}` : `Watch ${symbol}`,
              title: tips
                ? watched
                  ? `Stop watching ${symbol} (W)`
                  : `Watch ${symbol}: notify me of its changes (W)`
                : undefined,
            },
          },
    );
  }
  parts.push({ tag: 'span', className: 'ig-symbol', text: symbol });
  if (ds.rwa[row]) parts.push({ tag: 'span', className: 'ig-tag', text: 'RWA' });
  if (mark) parts.push({ tag: 'span', className: `ig-mark ig-mark-${mark}`, text: mark });
  if (warning) parts.push(warnSign(`Upcoming restriction: ${warning}`));
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
    parts,
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

/** A number cell's tooltip: a derived value (the steps) says how it is derived; a formatted one shows what was sent. */
function numberTitle(ds: Dataset, col: CellColumn, row: number, text: string): string | undefined {
  const spec = SPEC_BY_ID.get(col.id);
  if (spec?.derive) return spec.description;
  const raw = rawField(ds.rows[row]!, col.id) ?? '';
  return raw !== text ? `raw: ${raw === null ? 'null' : JSON.stringify(raw)}` : undefined;
}

/** A number padded to its column's widest fraction (lib/number-align.tsx): the points line up. */
function alignedParts(text: string, col: CellColumn): CellPart[] {
  return alignedPieces(text, col.figures!).map((p) =>
    typeof p === 'number' ? { tag: 'span', className: PAD_CLASS, text: padText(p), attrs: PAD_ATTRS } : p,
  );
}

/**
 * The cell of data row `row` in column `col`. `idPrefix` is the grid's: a status cell points at
 * its status's description (see StatusDescriptions).
 */
export function cellView(
  ds: Dataset,
  col: CellColumn,
  row: number,
  now: number,
  idPrefix: string,
  extras: SymbolExtras = {},
): CellView {
  const text = ds.text(col.id, row);
  const tips = extras.tips ?? false;
  const view = (parts: CellPart[], clip: boolean, title?: string, label?: string): CellView => ({
    className: clip ? col.clipClassName : col.className,
    parts,
    title,
    label,
  });
  switch (col.kind) {
    case 'status': {
      // The badge clips itself (its own ellipsis, inside the cell) only when it may not fit: at
      // the column's default width every status of the specification fits.
      const status = ds.statuses[row]!;
      const fitsBadge = maxTextWidth(text, BADGE_PX, 'sans', true) + BADGE_CHROME_PX <= col.contentPx;
      return {
        className: col.className,
        parts: [
          {
            tag: 'span',
            className: `badge badge-${statusTone(status)}${fitsBadge ? '' : ' clip'}`,
            text,
            attrs: tips ? { title: statusDescription(status) } : undefined,
          },
        ],
        describedBy: status ? `${idPrefix}-${statusDescriptionId(status)}` : undefined,
      };
    }
    case 'time': {
      const raw = rawField(ds.rows[row]!, col.id);
      const rawTitle = () => `raw: ${raw === null ? 'null' : JSON.stringify(raw ?? '')}`;
      if (col.restriction && isFutureTime(raw, now)) {
        const label = RESTRICTION_LABELS[col.id as RestrictionField];
        return view(
          [warnSign(`${label} upcoming`), text],
          true,
          tips ? `${label} ${formatRelative(Number(raw), now)}\n${rawTitle()}` : undefined,
        );
      }
      return view([text], !fits(text, col), tips ? rawTitle() : undefined);
    }
    case 'text':
    case 'category':
      if (col.id === 'symbol') {
        const { parts, title, widthPx, label } = symbolCell(ds, row, now, extras);
        return view(parts, widthPx > col.contentPx, title, label);
      }
      return view([text], !fits(text, col));
    default: {
      const title = tips ? numberTitle(ds, col, row, text) : undefined;
      if (!col.figures) return view([text], !fits(text, col), title);
      return view(
        alignedParts(text, col),
        alignedLength(text, col.figures) * MONO_PX * MONO_EM_BOUND > col.contentPx,
        title,
      );
    }
  }
}
