/**
 * What a body cell shows: its content, its tooltip, and whether it may need clipping. Texts come
 * from the dataset's format cache; the clip decision is an upper bound (text-fit.ts), not a measure.
 */
import type { ReactNode } from 'react';
import type { Dataset } from './dataset';
import { formatLocalDateTime, formatRelative, statusDescription, statusTone } from './format';
import { BADGE_CHROME_PX, BADGE_PX, MONO_PX, TEXT_PX, type CellColumn } from './grid-layout';
import { maxTextWidth } from './text-fit';
import { RESTRICTION_LABELS, isFutureTime, rawField, upcomingRestrictions, type RestrictionField } from './values';

/** The RWA tag and the warning sign beside a symbol, with their margins (upper bounds). */
const TAG_PX = 36;
const WARN_PX = 24;

const fits = (text: string, col: CellColumn): boolean =>
  maxTextWidth(text, col.face === 'mono' ? MONO_PX : TEXT_PX, col.face) <= col.contentPx;

/** The Symbol cell of data row `row`: the row's own cell and the pinned pane's copy. */
export function symbolCell(
  ds: Dataset,
  row: number,
  now: number,
): { content: ReactNode; title: string; widthPx: number } {
  const instrument = ds.rows[row]!;
  const symbol = ds.text('symbol', row);
  const upcoming = upcomingRestrictions(instrument, now);
  const warning =
    upcoming.length > 0
      ? upcoming
          .map((u) => `${RESTRICTION_LABELS[u.field]} ${formatRelative(u.at, now)} (${formatLocalDateTime(u.at)})`)
          .join('\n')
      : '';
  return {
    title: warning ? `${symbol}\n${warning}` : symbol,
    widthPx: maxTextWidth(symbol, MONO_PX, 'mono', true) + (ds.rwa[row] ? TAG_PX : 0) + (warning ? WARN_PX : 0),
    content: (
      <>
        <span className="ig-symbol">{symbol}</span>
        {ds.rwa[row] ? <span className="ig-tag">RWA</span> : null}
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
  title?: string;
  /** The id (after the grid's prefix) of the hidden text describing the cell (see StatusDescriptions). */
  describedBy?: string;
  /** Content that may be wider than the cell (see text-fit.ts). */
  clip: boolean;
}

/** The cell of data row `row` in column `col`. */
export function cellContent(ds: Dataset, col: CellColumn, row: number, now: number): CellContent {
  const text = ds.text(col.id, row);
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
            title={statusDescription(status)}
          >
            {fitsBadge ? text : <span>{text}</span>}
          </span>
        ),
        describedBy: status ? statusDescriptionId(status) : undefined,
        clip: false,
      };
    }
    case 'time': {
      const raw = rawField(ds.rows[row]!, col.id);
      const rawTitle = `raw: ${raw === null ? 'null' : JSON.stringify(raw ?? '')}`;
      if (col.restriction && isFutureTime(raw, now)) {
        const label = RESTRICTION_LABELS[col.id as RestrictionField];
        const title = `${label} ${formatRelative(Number(raw), now)}\n${rawTitle}`;
        return {
          title,
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
      return { content: text, title: rawTitle, clip: !fits(text, col) };
    }
    case 'text':
    case 'category':
      if (col.id === 'symbol') {
        const { content, title, widthPx } = symbolCell(ds, row, now);
        return { content, title, clip: widthPx > col.contentPx };
      }
      return { content: text, clip: !fits(text, col) };
    default: {
      const raw = rawField(ds.rows[row]!, col.id) ?? '';
      return {
        content: text,
        title: raw !== text ? `raw: ${raw === null ? 'null' : JSON.stringify(raw)}` : undefined,
        clip: !fits(text, col),
      };
    }
  }
}
