/**
 * The grid's two header rows: column groups, then the sortable, resizable leaf headers. Sorting is
 * a button (Shift adds a key), resizing a focusable separator (drag, arrow keys, double-click resets).
 */
import type { KeyboardEvent } from 'react';
import type { Header, HeaderGroup, Table } from '@tanstack/react-table';
import type { Instrument } from '../../../shared/schemas';
import { isNumericKind } from './columns';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './prefs';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** Arrow keys step a column's width: 10 px, or 1 px with Shift. */
function resizeByKey(e: KeyboardEvent, column: Header<Instrument, unknown>['column'], table: Table<Instrument>): boolean {
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

function LeafHeader({ header, table, multiSort, pinned }: { header: Header<Instrument, unknown>; table: Table<Instrument>; multiSort: boolean; pinned: boolean }) {
  const column = header.column;
  const spec = column.columnDef.meta?.spec;
  const label = String(column.columnDef.header);
  const sorted = column.getIsSorted();
  const index = column.getSortIndex();
  const numeric = spec ? isNumericKind(spec.kind) : false;
  return (
    <div
      role="columnheader"
      aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}
      className={`ig-th${numeric ? ' num' : ''}${sorted ? ' is-sorted' : ''}${pinned ? ' ig-pinned' : ''}`}
      style={{ width: header.getSize() }}
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

export function GridHeader({
  headerGroups,
  table,
  width,
  multiSort,
}: {
  headerGroups: Array<HeaderGroup<Instrument>>;
  table: Table<Instrument>;
  width: number;
  multiSort: boolean;
}) {
  const leafRow = headerGroups[headerGroups.length - 1];
  const groupRows = headerGroups.slice(0, -1);
  return (
    <div role="rowgroup" className="ig-head" style={{ width }}>
      {groupRows.map((group, r) => (
        <div role="row" key={group.id} className="ig-hrow ig-group-row" aria-rowindex={r + 1}>
          {group.headers.map((h) => (
            <div
              key={h.id}
              role="columnheader"
              aria-colspan={h.colSpan}
              className={`ig-th ig-group${h.isPlaceholder ? ' is-placeholder' : ''}`}
              style={{ width: h.getSize() }}
            >
              {h.isPlaceholder ? null : <span className="ig-th-label">{String(h.column.columnDef.header)}</span>}
            </div>
          ))}
        </div>
      ))}
      {leafRow ? (
        <div role="row" className="ig-hrow ig-leaf-row" aria-rowindex={headerGroups.length}>
          {leafRow.headers.map((h, i) => (
            <LeafHeader key={h.id} header={h} table={table} multiSort={multiSort} pinned={i === 0 && h.column.id === 'symbol'} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
