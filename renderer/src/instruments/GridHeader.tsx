/**
 * The grid's two header rows: column groups, then the sortable, resizable leaf headers. Sorting is
 * a button (Shift adds a key), resizing a focusable separator (drag, arrow keys, double-click resets).
 *
 * The leaf row is one tab stop (a roving tabindex, as in the ARIA grid pattern): arrow keys move
 * between its headers, Home/End go to the first and last, Ctrl+arrow keys to the next or previous
 * column group, Arrow down back to the rows; Alt+arrow keys resize. A header moved to is scrolled
 * into view right of the pinned Symbol column.
 */
import { Fragment, memo, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { Header, HeaderGroup, SortingState, Table } from '@tanstack/react-table';
import type { Instrument } from '../../../shared/schemas';
import { isNumericKind } from './columns';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './prefs';
import type { CellColumn } from './grid-layout';
import { nextGroupStart, previousGroupStart } from './header-nav';

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
  // Never narrower than the column's numbers (its minSize, see table-columns.ts).
  const min = column.columnDef.minSize ?? MIN_COLUMN_WIDTH;
  const next = Math.min(MAX_COLUMN_WIDTH, Math.max(min, column.getSize() + delta));
  table.setColumnSizing((old) => ({ ...old, [column.id]: next }));
  return true;
}

function ResizeHandle({ header, resizing }: { header: Header<Instrument, unknown>; resizing: boolean }) {
  const column = header.column;
  const label = String(column.columnDef.header);
  const handler = header.getResizeHandler();
  return (
    // Hidden from assistive technology (it would join the header's name); keyboard users resize
    // with Alt+arrow keys on the header button instead.
    <div
      aria-hidden="true"
      title={`Drag to resize ${label}, double-click to reset (or Alt+arrow keys on the header)`}
      className={`ig-resizer${resizing ? ' is-resizing' : ''}`}
      onMouseDown={handler}
      onTouchStart={handler}
      onDoubleClick={() => column.resetSize()}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

/**
 * One leaf header. Memoized on what it shows, its sort among them: a click on a header re-renders
 * the one or two headers whose sort changed, not the forty others.
 */
const LeafHeader = memo(function LeafHeader({
  header,
  col,
  table,
  sorted,
  sortIndex,
  multiSort,
  resizing,
  tabbable,
  labelHidden,
  onFocus,
}: {
  header: Header<Instrument, unknown>;
  col: CellColumn;
  table: Table<Instrument>;
  sorted: 'asc' | 'desc' | false;
  /** Its place among the sort keys (0 first), shown when there are several. */
  sortIndex: number;
  multiSort: boolean;
  resizing: boolean;
  /** The header row's one tab stop. */
  tabbable: boolean;
  /** The label would be (partly) under the pinned pane: hidden rather than cut. */
  labelHidden: boolean;
  onFocus(id: string): void;
}) {
  const column = header.column;
  const spec = column.columnDef.meta?.spec;
  const label = col.label;
  const numeric = spec ? isNumericKind(spec.kind) : false;
  return (
    <div
      role="columnheader"
      aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}
      aria-colindex={col.index}
      className={`ig-th${numeric ? ' num' : ''}${sorted ? ' is-sorted' : ''}${col.pinned ? ' ig-pinned' : ''}${labelHidden ? ' label-hidden' : ''}`}
      // The pinned header stays in flow to stick to the left edge; the others sit at their offset.
      style={col.pinned ? { width: col.width } : col.style}
    >
      <button
        type="button"
        className="ig-sort"
        tabIndex={tabbable ? 0 : -1}
        data-column={col.id}
        onClick={column.getToggleSortingHandler()}
        onFocus={() => onFocus(col.id)}
        onKeyDown={(e) => {
          if (e.altKey) resizeByKey(e, column, table);
        }}
        title={`${label}${spec ? ` — ${spec.description}` : ''}\nClick to sort; Shift+click adds a sort key; Alt+arrows resize; arrows move between headers`}
      >
        <span className="ig-th-label">{label}</span>
        {/* A hidden label names nothing: the header keeps its name meanwhile. */}
        {labelHidden ? <span className="sr-only">{label}</span> : null}
        {sorted ? (
          <span className="ig-sort-mark" aria-hidden="true">
            {sorted === 'asc' ? '▲' : '▼'}
            {multiSort ? <sup>{sortIndex + 1}</sup> : null}
          </span>
        ) : null}
      </button>
      <ResizeHandle header={header} resizing={resizing} />
    </div>
  );
});

/**
 * The column group row(s): they change with the columns' order, visibility and widths, and when a
 * group label crosses the pinned pane's edge. The pinned column's group is drawn over the pinned
 * column (sticky, whole at any scroll); the other labels stick at the pinned pane's edge within
 * their span, and the one whose span shows less than the label is hidden (groupLabelCutoff).
 */
const GroupRows = memo(function GroupRows({
  groupRows,
  width,
  pinnedWidth,
  cutoff,
}: {
  groupRows: Array<HeaderGroup<Instrument>>;
  width: number;
  /** Not read: passed so that a change of widths re-renders the memoized rows. */
  columns: readonly CellColumn[];
  /** The pinned Symbol column's width, 0 when none is pinned. */
  pinnedWidth: number;
  /** Labels of the spans starting at or before it are hidden (see groupLabelCutoff). */
  cutoff: number | undefined;
}) {
  const rowStyle = { width, '--pinned-edge': `${pinnedWidth}px` } as CSSProperties;
  return groupRows.map((group, r) => (
    <div role="row" key={group.id} className="ig-hrow ig-group-row" aria-rowindex={r + 1} style={rowStyle}>
      {group.headers.map((h) => {
        const start = h.getStart();
        const label = h.isPlaceholder ? null : <span className="ig-th-label">{String(h.column.columnDef.header)}</span>;
        if (pinnedWidth > 0 && start === 0)
          return (
            <Fragment key={h.id}>
              <div
                role="columnheader"
                aria-colspan={h.colSpan}
                className={`ig-th ig-group ig-pinned${h.isPlaceholder ? ' is-placeholder' : ''}`}
                style={{ width: pinnedWidth }}
              >
                {label}
              </div>
              {h.getSize() > pinnedWidth ? (
                <div
                  aria-hidden="true"
                  className="ig-th ig-group"
                  style={{ left: pinnedWidth, width: h.getSize() - pinnedWidth }}
                />
              ) : null}
            </Fragment>
          );
        const cut = cutoff !== undefined && start <= cutoff + 0.5;
        return (
          <div
            key={h.id}
            role="columnheader"
            aria-colspan={h.colSpan}
            className={`ig-th ig-group${h.isPlaceholder ? ' is-placeholder' : ''}${cut ? ' label-hidden' : ''}`}
            style={{ left: start, width: h.getSize() }}
          >
            {label}
          </div>
        );
      })}
    </div>
  ));
});

/**
 * Header cells are positioned like the body's: the pinned Symbol header sticks to the left, the
 * others sit at their column's offset. Unlike the body, every header is rendered (one row of
 * cells is cheap), so each column stays findable and sortable when it is scrolled out of view.
 * Memoized: scrolling re-renders the grid every frame but changes nothing here, except when a
 * header label crosses the pinned pane's edge (labelsHidden), a few times across the whole width.
 */
export const GridHeader = memo(function GridHeader({
  headerGroups,
  table,
  columns,
  width,
  multiSort,
  sorting,
  resizing,
  labelsHidden,
  groupCut,
  focusColumn,
  onRowsFocus,
}: {
  headerGroups: Array<HeaderGroup<Instrument>>;
  table: Table<Instrument>;
  columns: readonly CellColumn[];
  width: number;
  multiSort: boolean;
  sorting: SortingState;
  /** The column being resized, if any. */
  resizing: string | false;
  /** How many columns after the pinned one hide their label (see hiddenLabelCount). */
  labelsHidden: number;
  /** Group labels of the spans starting at or before it are hidden (see groupLabelCutoff). */
  groupCut: number | undefined;
  /** Scrolls column `index` into view and focuses its header. */
  focusColumn(index: number, align: 'start' | 'nearest'): void;
  /** Arrow down: back to the rows. */
  onRowsFocus(): void;
}) {
  const leafRow = headerGroups[headerGroups.length - 1];
  const groupRows = headerGroups.slice(0, -1);
  const leafById = new Map((leafRow?.headers ?? []).map((h) => [h.column.id, h]));
  const sortOf = new Map(sorting.map((s, i) => [s.id, { sorted: s.desc ? ('desc' as const) : ('asc' as const), i }]));
  // The header last focused keeps the tab stop; the first column's until then (or once it is hidden).
  const [activeId, setActiveId] = useState<string | null>(null);
  const tabStop = columns.some((c) => c.id === activeId) ? activeId : columns[0]?.id;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Alt+arrows resize (handled, and stopped, by the focused header).
    if (e.altKey || e.shiftKey) return;
    const from = columns.findIndex((c) => c.id === (e.target as HTMLElement).dataset.column);
    if (from < 0) return;
    const jump = e.ctrlKey || e.metaKey;
    let to: number | undefined;
    switch (e.key) {
      case 'ArrowRight':
        to = jump ? nextGroupStart(columns, from) : Math.min(columns.length - 1, from + 1);
        break;
      case 'ArrowLeft':
        to = jump ? previousGroupStart(columns, from) : Math.max(0, from - 1);
        break;
      case 'Home':
        to = 0;
        break;
      case 'End':
        to = columns.length - 1;
        break;
      case 'ArrowDown':
        e.preventDefault();
        onRowsFocus();
        return;
      default:
        return;
    }
    e.preventDefault();
    if (to !== undefined) focusColumn(to, jump || e.key === 'Home' ? 'start' : 'nearest');
  };

  return (
    <div role="rowgroup" className="ig-head" style={{ width }}>
      <GroupRows
        groupRows={groupRows}
        width={width}
        columns={columns}
        pinnedWidth={columns[0]?.pinned ? columns[0].width : 0}
        cutoff={groupCut}
      />
      {leafRow ? (
        <div
          role="row"
          className="ig-hrow ig-leaf-row"
          aria-rowindex={headerGroups.length}
          style={{ width }}
          onKeyDown={onKeyDown}
        >
          {columns.map((col, i) => {
            const header = leafById.get(col.id);
            const sort = sortOf.get(col.id);
            return header ? (
              <LeafHeader
                key={col.id}
                header={header}
                col={col}
                table={table}
                sorted={sort?.sorted ?? false}
                sortIndex={sort?.i ?? -1}
                multiSort={multiSort}
                resizing={resizing === col.id}
                tabbable={col.id === tabStop}
                labelHidden={i > 0 && i <= labelsHidden}
                onFocus={setActiveId}
              />
            ) : null;
          })}
        </div>
      ) : null}
    </div>
  );
});
