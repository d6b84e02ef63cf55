/**
 * The grid's two header rows: column groups, then the sortable, resizable leaf headers. Sorting is
 * a button (Shift adds a key), resizing a focusable separator (drag, arrow keys, double-click resets).
 */
import { memo, type KeyboardEvent } from 'react';
import type { Header, HeaderGroup, SortingState, Table } from '@tanstack/react-table';
import type { Instrument } from '../../../shared/schemas';
import { isNumericKind } from './columns';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './prefs';
import type { CellColumn } from './grid-layout';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** Arrow keys step a column's width: 10 px, or 1 px with Shift. */
function resizeByKey(
  e: KeyboardEvent,
  column: Header<Instrument, unknown>['column'],
  table: Table<Instrument>,
): boolean {
  const step = e.shiftKey ? 1 : 10;
  const delta = e.key === 'ArrowLeft' ? -step : e.key === 'ArrowRight' ? step : 0;
  if (delta === 0) return false;
  e.preventDefault();
  e.stopPropagation();
  const next = Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, column.getSize() + delta));
  table.setColumnSizing((old) => ({ ...old, [column.id]: next }));
  return true;
}

function ResizeHandle({ header }: { header: Header<Instrument, unknown> }) {
  const column = header.column;
  const label = String(column.columnDef.header);
  const handler = header.getResizeHandler();
  return (
    // Hidden from assistive technology (it would join the header's name); keyboard users resize
    // with Alt+arrow keys on the header button instead.
    <div
      aria-hidden="true"
      title={`Drag to resize ${label}, double-click to reset (or Alt+arrow keys on the header)`}
      className={`ig-resizer${column.getIsResizing() ? ' is-resizing' : ''}`}
      onMouseDown={handler}
      onTouchStart={handler}
      onDoubleClick={() => column.resetSize()}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

function LeafHeader({
  header,
  col,
  table,
  multiSort,
}: {
  header: Header<Instrument, unknown>;
  col: CellColumn;
  table: Table<Instrument>;
  multiSort: boolean;
}) {
  const column = header.column;
  const spec = column.columnDef.meta?.spec;
  const label = col.label;
  const sorted = column.getIsSorted();
  const index = column.getSortIndex();
  const numeric = spec ? isNumericKind(spec.kind) : false;
  return (
    <div
      role="columnheader"
      aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}
      aria-colindex={col.index}
      className={`ig-th${numeric ? ' num' : ''}${sorted ? ' is-sorted' : ''}${col.pinned ? ' ig-pinned' : ''}`}
      // The pinned header stays in flow to stick to the left edge; the others sit at their offset.
      style={col.pinned ? { width: col.width } : col.style}
    >
      <button
        type="button"
        className="ig-sort"
        onClick={column.getToggleSortingHandler()}
        onKeyDown={(e) => {
          if (e.altKey) resizeByKey(e, column, table);
        }}
        title={`${label}${spec ? ` — ${spec.description}` : ''}\nClick to sort; Shift+click adds a sort key; Alt+arrows resize`}
      >
        <span className="ig-th-label">{label}</span>
        {sorted ? (
          <span className="ig-sort-mark" aria-hidden="true">
            {sorted === 'asc' ? '▲' : '▼'}
            {multiSort ? <sup>{index + 1}</sup> : null}
          </span>
        ) : null}
      </button>
      <ResizeHandle header={header} />
    </div>
  );
}

/**
 * Header cells are positioned like the body's: the pinned Symbol header sticks to the left, the
 * others sit at their column's offset. Unlike the body, every header is rendered (one row of
 * cells is cheap), so each column stays findable and sortable when it is scrolled out of view.
 * Memoized: scrolling re-renders the grid every frame but changes nothing here.
 */
export const GridHeader = memo(function GridHeader({
  headerGroups,
  table,
  columns,
  width,
  multiSort,
}: {
  headerGroups: Array<HeaderGroup<Instrument>>;
  table: Table<Instrument>;
  columns: readonly CellColumn[];
  width: number;
  multiSort: boolean;
  /** Not read: passed so that a new sort or an active resize re-renders the memoized header. */
  sorting: SortingState;
  resizing: string | false;
}) {
  const leafRow = headerGroups[headerGroups.length - 1];
  const groupRows = headerGroups.slice(0, -1);
  const leafById = new Map((leafRow?.headers ?? []).map((h) => [h.column.id, h]));
  return (
    <div role="rowgroup" className="ig-head" style={{ width }}>
      {groupRows.map((group, r) => (
        <div role="row" key={group.id} className="ig-hrow ig-group-row" aria-rowindex={r + 1} style={{ width }}>
          {group.headers.map((h) => (
            <div
              key={h.id}
              role="columnheader"
              aria-colspan={h.colSpan}
              className={`ig-th ig-group${h.isPlaceholder ? ' is-placeholder' : ''}`}
              style={{ left: h.getStart(), width: h.getSize() }}
            >
              {h.isPlaceholder ? null : <span className="ig-th-label">{String(h.column.columnDef.header)}</span>}
            </div>
          ))}
        </div>
      ))}
      {leafRow ? (
        <div role="row" className="ig-hrow ig-leaf-row" aria-rowindex={headerGroups.length} style={{ width }}>
          {columns.map((col) => {
            const header = leafById.get(col.id);
            return header ? (
              <LeafHeader key={col.id} header={header} col={col} table={table} multiSort={multiSort} />
            ) : null;
          })}
        </div>
      ) : null}
    </div>
  );
});
