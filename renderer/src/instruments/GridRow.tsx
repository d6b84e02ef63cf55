/**
 * One virtual row of the grid. Memoized on its inputs: while scrolling, rows that stay in view are
 * not re-rendered, only the ones entering it; cell texts come from the dataset's format cache.
 * React renders the row and its cell elements, which change only with the columns; what each cell
 * shows is written into it before the frame is painted (cell-dom.ts says why).
 * Indices: data row, view position and slot, as defined in InstrumentGrid.tsx.
 */
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { writeCell } from './cell-dom';
import type { Dataset } from './dataset';
import { cellView } from './grid-cells';
import type { RowMark } from './row-marks';
import { FIRST_BODY_ARIA_ROWINDEX, ROW_HEIGHT, type CellColumn } from './grid-layout';

export interface GridRowProps {
  ds: Dataset;
  /** The data row shown. */
  row: number;
  /** Its view position: where it is drawn, its zebra parity, its aria-rowindex. */
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
  /** Changed since the operator last looked. */
  mark?: RowMark;
  /** Whether the symbol is watched; undefined: the grid has no stars. */
  watched?: boolean;
  /** Its cells carry their tooltips: the row under the pointer, and the selected row (see SymbolExtras.tips). */
  tips?: boolean;
}

/** The classes a row and its pinned-pane copy share, after their own: zebra, selection, status. */
export function rowClassName(ds: Dataset, row: number, pos: number, selected: boolean): string {
  const status = ds.statuses[row]!;
  return `${pos % 2 ? ' odd' : ''}${selected ? ' is-selected' : ''}${status === 'online' ? '' : ` is-flagged st-${status || 'none'}`}`;
}

/**
 * Rows are keyed by slot, not by data row (see InstrumentGrid.tsx): when a scroll replaces every
 * visible row, React updates the same DOM nodes in place instead of removing and creating them.
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
  mark,
  watched,
  tips = false,
}: GridRowProps) {
  const className = `ig-row${rowClassName(ds, row, pos, selected)}`;
  const rowRef = useRef<HTMLDivElement>(null);
  // The same elements for every row shown in this slot: React leaves them alone on a sort.
  const cells = useMemo(
    () => columns.map((col) => <div key={col.id} role="gridcell" aria-colindex={col.index} style={col.cellStyle} />),
    [columns],
  );
  useLayoutEffect(() => {
    const el = rowRef.current;
    if (seeking || !el) return;
    const extras = { mark, watched, tips };
    columns.forEach((col, i) =>
      writeCell(el.children[i] as HTMLElement, cellView(ds, col, row, now, idPrefix, extras)),
    );
  });
  if (seeking) {
    const first = columns[0];
    return (
      <div
        role="row"
        className={className}
        aria-rowindex={pos + FIRST_BODY_ARIA_ROWINDEX}
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
      aria-rowindex={pos + FIRST_BODY_ARIA_ROWINDEX}
      aria-selected={selected}
      data-pos={pos}
      style={{ top: pos * ROW_HEIGHT, width }}
      ref={rowRef}
    >
      {cells}
    </div>
  );
});

/** Placeholder rows while the first answer is awaited. */
export const SKELETON_ROW_COUNT = 14;

export function SkeletonRows({ columns, width }: { columns: readonly CellColumn[]; width: number }) {
  return (
    <>
      {Array.from({ length: SKELETON_ROW_COUNT }, (_, i) => (
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
