/**
 * One virtual row of the grid. Memoized on its inputs: while scrolling, rows that stay in view are
 * not re-rendered, only the ones entering it; cell texts come from the dataset's format cache.
 */
import { memo, type CSSProperties, type ReactNode } from 'react';
import type { Dataset } from './dataset';
import type { ColumnKind } from './columns';
import { formatLocalDateTime, formatRelative, statusMeaning, statusTone } from './format';
import { RESTRICTION_LABELS, isFutureTime, rawField, upcomingRestrictions, type RestrictionField } from './values';

export const ROW_HEIGHT = 24;

/** A visible leaf column as the rows need it, built once per layout change. */
export interface CellColumn {
  id: string;
  label: string;
  kind: ColumnKind;
  className: string;
  style: CSSProperties;
  restriction: boolean;
}

const isRestrictionField = (id: string): id is RestrictionField => id in RESTRICTION_LABELS;

export function cellColumn(id: string, label: string, kind: ColumnKind, width: number, pinned: boolean): CellColumn {
  const align = kind === 'number' || kind === 'percent' || kind === 'maxQty' ? ' num' : kind === 'time' ? ' time' : '';
  return {
    id,
    label,
    kind,
    className: `ig-cell${align}${pinned ? ' ig-pinned' : ''} c-${kind}`,
    style: { width },
    restriction: isRestrictionField(id),
  };
}

function symbolCell(ds: Dataset, row: number, now: number): { content: ReactNode; title: string } {
  const instrument = ds.rows[row]!;
  const symbol = ds.text('symbol', row);
  const upcoming = upcomingRestrictions(instrument, now);
  const warning =
    upcoming.length > 0
      ? upcoming.map((u) => `${RESTRICTION_LABELS[u.field]} ${formatRelative(u.at, now)} (${formatLocalDateTime(u.at)})`).join('\n')
      : '';
  return {
    title: warning ? `${symbol}\n${warning}` : symbol,
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

function cell(ds: Dataset, col: CellColumn, row: number, now: number): { content: ReactNode; title?: string } {
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
      return { content: text, title: rawTitle };
    }
    case 'text':
    case 'category':
      if (col.id === 'symbol') return symbolCell(ds, row, now);
      return { content: text, title: text };
    default: {
      const raw = rawField(ds.rows[row]!, col.id) ?? '';
      return { content: text, title: raw !== text ? `raw: ${raw === null ? 'null' : JSON.stringify(raw)}` : undefined };
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
}

export const GridRow = memo(function GridRow({ ds, row, pos, selected, columns, width, now, idPrefix }: GridRowProps) {
  const status = ds.statuses[row]!;
  const className = `ig-row${pos % 2 ? ' odd' : ''}${selected ? ' is-selected' : ''}${status === 'online' ? '' : ` is-flagged st-${status || 'none'}`}`;
  return (
    <div
      role="row"
      id={`${idPrefix}-r${row}`}
      className={className}
      aria-rowindex={pos + 3}
      aria-selected={selected}
      data-pos={pos}
      style={{ transform: `translateY(${pos * ROW_HEIGHT}px)`, width }}
    >
      {columns.map((col) => {
        const { content, title } = cell(ds, col, row, now);
        return (
          <div key={col.id} role="gridcell" className={col.className} style={col.style} title={title}>
            {content}
          </div>
        );
      })}
    </div>
  );
});

export function SkeletonRows({ count, columns, width }: { count: number; columns: readonly CellColumn[]; width: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="ig-row ig-skeleton-row" style={{ transform: `translateY(${i * ROW_HEIGHT}px)`, width }} aria-hidden="true">
          {columns.map((col) => (
            <div key={col.id} className={col.className} style={col.style}>
              <span className="ig-skeleton" />
            </div>
          ))}
        </div>
      ))}
    </>
  );
}
