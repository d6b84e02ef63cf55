/**
 * One virtual row of the grid. Memoized on its inputs: while scrolling, rows that stay in view are
 * not re-rendered, only the ones entering it; cell texts come from the dataset's format cache.
 */
import { memo, type CSSProperties, type ReactNode } from 'react';
import type { Dataset } from './dataset';
import type { ColumnKind } from './columns';
import { formatLocalDateTime, formatRelative, statusMeaning, statusTone } from './format';
import { maxTextWidth, type TextFace } from './text-fit';
import { RESTRICTION_LABELS, isFutureTime, rawField, upcomingRestrictions, type RestrictionField } from './values';

export const ROW_HEIGHT = 24;

/** A visible leaf column as the rows need it, built once per layout change. */
export interface CellColumn {
  id: string;
  label: string;
  kind: ColumnKind;
  /** 1-based position among all visible columns (aria-colindex: cells are virtualized). */
  index: number;
  start: number;
  width: number;
  /** Stays at the left edge while scrolling sideways (the Symbol column, drawn again by the pinned pane). */
  pinned: boolean;
  className: string;
  /** The class of a cell whose content may not fit: clipped, with an ellipsis. */
  clipClassName: string;
  /** Room for content (the width less padding and border): wider content gets clipClassName. */
  contentPx: number;
  /** Font of the cell's text: numbers and times are monospace. */
  face: TextFace;
  /** The header cell's place: absolutely at its offset (every header is rendered). */
  style: CSSProperties;
  /**
   * A body cell's place, shared by every row: cells are laid out in flow, one after the other
   * (cheaper to lay out than absolutely placed boxes); see flowColumns for the gaps.
   */
  cellStyle: CSSProperties;
  restriction: boolean;
}

const isRestrictionField = (id: string): id is RestrictionField => id in RESTRICTION_LABELS;

/** A cell's horizontal padding and border, as in instruments.css. */
const CELL_CHROME_PX = 17;
/** Font sizes of instruments.css: cells, monospace cells and the Symbol, status badges. */
const TEXT_PX = 12;
const MONO_PX = 11.5;
const BADGE_PX = 10.5;
/** A status badge's padding; the RWA tag and the warning sign beside a symbol, with their margins. */
const BADGE_CHROME_PX = 12;
const TAG_PX = 36;
const WARN_PX = 24;

export function cellColumn(
  id: string,
  label: string,
  kind: ColumnKind,
  index: number,
  start: number,
  width: number,
  pinned: boolean,
): CellColumn {
  const align = kind === 'number' || kind === 'percent' || kind === 'maxQty' ? ' num' : kind === 'time' ? ' time' : '';
  return {
    id,
    label,
    kind,
    index,
    start,
    width,
    pinned,
    className: `ig-cell${align}`,
    clipClassName: `ig-cell${align} clip`,
    contentPx: width - CELL_CHROME_PX,
    face: align ? 'mono' : 'sans',
    style: { left: start, width },
    cellStyle: { width },
    restriction: isRestrictionField(id),
  };
}

/**
 * The rendered columns (pinned Symbol, then the ones in view) ready to sit in flow: a column that
 * does not start where the previous one ends gets the gap as its left margin.
 */
export function flowColumns(columns: readonly CellColumn[]): CellColumn[] {
  let end = 0;
  return columns.map((c) => {
    const gap = c.start - end;
    end = c.start + c.width;
    return gap === 0 ? c : { ...c, cellStyle: { width: c.width, marginLeft: gap } };
  });
}

const fits = (text: string, col: CellColumn): boolean =>
  maxTextWidth(text, col.face === 'mono' ? MONO_PX : TEXT_PX, col.face) <= col.contentPx;

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

interface CellContent {
  content: ReactNode;
  title?: string;
  /** Content that may be wider than the cell (see text-fit.ts). */
  clip: boolean;
}

function cell(ds: Dataset, col: CellColumn, row: number, now: number): CellContent {
  const text = ds.text(col.id, row);
  switch (col.kind) {
    case 'status': {
      const status = ds.statuses[row]!;
      return {
        content: (
          <span className={`badge badge-${statusTone(status)}`} title={statusMeaning(status)}>
            {text}
          </span>
        ),
        clip: maxTextWidth(text, BADGE_PX, 'sans', true) + BADGE_CHROME_PX > col.contentPx,
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

export interface GridRowProps {
  ds: Dataset;
  row: number;
  pos: number;
  selected: boolean;
  columns: readonly CellColumn[];
  width: number;
  now: number;
  idPrefix: string;
  /**
   * Scrolling faster than a page per frame: nobody can read the rows flying by, so they show only
   * the symbol, as plain text, until the scroll slows down (like react-virtuoso's scroll seek).
   * While the pinned pane shows the symbols, the row draws nothing else meanwhile.
   */
  seeking: boolean;
  /** The pinned pane is shown (the grid is scrolled sideways with the Symbol column pinned). */
  paneShown: boolean;
}

export function rowClassName(ds: Dataset, row: number, pos: number, selected: boolean): string {
  const status = ds.statuses[row]!;
  return `${pos % 2 ? ' odd' : ''}${selected ? ' is-selected' : ''}${status === 'online' ? '' : ` is-flagged st-${status || 'none'}`}`;
}

/**
 * Rows are keyed by a recycled slot, not by data row: when a scroll replaces every visible row,
 * React updates the same DOM nodes in place instead of removing and creating them.
 */
export const GridRow = memo(function GridRow({
  ds,
  row,
  pos,
  selected,
  columns,
  width,
  now,
  idPrefix,
  seeking,
  paneShown,
}: GridRowProps) {
  const className = `ig-row${rowClassName(ds, row, pos, selected)}`;
  if (seeking) {
    const first = columns[0];
    return (
      <div
        role="row"
        className={className}
        aria-rowindex={pos + 3}
        data-pos={pos}
        style={{ top: pos * ROW_HEIGHT, width }}
      >
        {first && !paneShown ? (
          <div role="gridcell" aria-colindex={first.index} className={first.clipClassName} style={first.cellStyle}>
            {ds.text(first.id, row)}
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <div
      role="row"
      id={`${idPrefix}-r${row}`}
      className={className}
      aria-rowindex={pos + 3}
      aria-selected={selected}
      data-pos={pos}
      style={{ top: pos * ROW_HEIGHT, width }}
    >
      {columns.map((col) => {
        const { content, title, clip } = cell(ds, col, row, now);
        return (
          <div
            key={col.id}
            role="gridcell"
            aria-colindex={col.index}
            className={clip ? col.clipClassName : col.className}
            style={col.cellStyle}
            title={title}
          >
            {content}
          </div>
        );
      })}
    </div>
  );
});

export function SkeletonRows({
  count,
  columns,
  width,
}: {
  count: number;
  columns: readonly CellColumn[];
  width: number;
}) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="ig-row ig-skeleton-row" style={{ top: i * ROW_HEIGHT, width }} aria-hidden="true">
          {columns.map((col) => (
            <div key={col.id} className={col.className} style={col.cellStyle}>
              <span className="ig-skeleton" />
            </div>
          ))}
        </div>
      ))}
    </>
  );
}

/** The Symbol cell drawn again in the pinned pane; the row keeps its own (accessible) one. */
const PinnedCell = memo(function PinnedCell({
  ds,
  row,
  pos,
  selected,
  now,
  seeking,
}: {
  ds: Dataset;
  row: number;
  pos: number;
  selected: boolean;
  now: number;
  seeking: boolean;
}) {
  return (
    <div className={`ig-pin${rowClassName(ds, row, pos, selected)}`} style={{ top: pos * ROW_HEIGHT }} data-pos={pos}>
      {seeking ? ds.text('symbol', row) : symbolCell(ds, row, now).content}
    </div>
  );
});

/**
 * Keeps the Symbol column in view while scrolling sideways: one sticky pane (one compositing
 * layer) over the rows, instead of a sticky cell per row, which made every frame re-layerize.
 * Hidden from assistive technology: each row still holds its own Symbol cell.
 */
export function PinnedPane({
  ds,
  order,
  positions,
  slots,
  selectedPos,
  width,
  height,
  now,
  seeking,
}: {
  ds: Dataset;
  order: Int32Array;
  positions: readonly number[];
  slots: number;
  selectedPos: number;
  width: number;
  height: number;
  now: number;
  seeking: boolean;
}) {
  return (
    <div className="ig-pinpane" aria-hidden="true" style={{ width, height }}>
      {positions.map((pos) => (
        <PinnedCell
          key={pos % slots}
          ds={ds}
          row={order[pos]!}
          pos={pos}
          selected={pos === selectedPos}
          now={now}
          seeking={seeking}
        />
      ))}
    </div>
  );
}
