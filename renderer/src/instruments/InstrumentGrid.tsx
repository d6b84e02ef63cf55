/**
 * The virtualized instrument grid (ARIA grid): sticky two-row header, rows virtualized with TanStack
 * Virtual at a fixed height, a roving selection driven by the keyboard (arrows, Page keys, Home/End,
 * Enter for details, Escape to close them; Ctrl+arrow keys jump to the previous or next column group
 * and focus its header). The rows are one tab stop (aria-activedescendant), the header row another.
 *
 * Indices, named alike in every grid module (this one, GridRow, PinnedPane, grid-cells):
 * - data row (`row`): an index into the dataset (ds.rows, ds.keys, ds.text(id, row)); it stays
 *   with its instrument through every sort and filter. Row element ids use it.
 * - view position (`pos`): an index into `order`, the filtered and sorted data rows; the row on
 *   the grid's pos-th line is order[pos]. The selection, the virtualizer's items, a row's offset
 *   (pos * ROW_HEIGHT), its zebra parity and its aria-rowindex are in view positions.
 * - slot (`pos % slotCount`): the React key of a rendered row, that is a recycled DOM node, so a
 *   scroll refills the same few elements instead of creating new ones (see slotCount below).
 */
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Column, HeaderGroup, SortingState, Table } from '@tanstack/react-table';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import type { Instrument } from '../../../shared/schemas';
import type { Dataset } from './dataset';
import {
  FALLBACK_COLUMN_WIDTH,
  flowColumns,
  GRID_CSS_VARS_STYLE,
  HEADER_HEIGHT,
  HEADER_ROW_COUNT,
  layoutColumns,
  renderedPositions,
  ROW_HEIGHT,
  type CellColumn,
} from './grid-layout';
import { StatusDescriptions } from './grid-cells';
import { GridHeader } from './GridHeader';
import { GridRow, SKELETON_ROW_COUNT, SkeletonRows } from './GridRow';
import {
  groupLabelCutoff,
  edgeColumn,
  headerLabelLeft,
  hiddenLabelCount,
  nextGroupStart,
  previousGroupStart,
  scrollLeftToShow,
} from './header-nav';
import { figuresOf } from './number-cells';
import { PinnedPane } from './PinnedPane';
import { gridKeyAction, gridPageRows } from './grid-keys';
import type { RowMark } from './row-marks';

/** Rows drawn beyond each edge of the view: a keystroke that replaces every row also redraws these. */
const OVERSCAN = 1;

export interface InstrumentGridProps {
  table: Table<Instrument>;
  /** Changes whenever the header layout does (TanStack memoizes it on order and visibility). */
  headerGroups: Array<HeaderGroup<Instrument>>;
  leafColumns: Array<Column<Instrument, unknown>>;
  /** Passed so the memoized grid re-renders when widths or sort keys change. */
  columnSizing: Record<string, number>;
  sorting: SortingState;
  ds: Dataset;
  /** The data row at each view position: the rows shown, filtered and sorted. */
  order: Int32Array;
  /** Changes with the scope, sort or filters (not on a refresh): the grid then returns to the top. */
  viewKey: unknown;
  /** The selected row's view position, or -1. */
  selectedPos: number;
  loading: boolean;
  now: number;
  label: string;
  onSelect(pos: number): void;
  onOpenDetails(): void;
  onCloseDetails(): void;
  /** Shown instead of rows when there are none (and not loading). */
  empty?: ReactNode;
  gridRef?: React.RefObject<HTMLDivElement | null>;
  /** Rows changed since last seen, by dataset key. */
  marks?: ReadonlyMap<string, RowMark>;
  /** Watched rows by dataset key; with onToggleWatch, each row gets a star (and W toggles it). */
  watched?: ReadonlySet<string>;
  onToggleWatch?: (pos: number) => void;
}

export const InstrumentGrid = memo(function InstrumentGrid({
  table,
  headerGroups,
  leafColumns,
  columnSizing,
  sorting,
  ds,
  order,
  viewKey,
  selectedPos,
  loading,
  now,
  label,
  onSelect,
  onOpenDetails,
  onCloseDetails,
  empty,
  gridRef,
  marks,
  watched,
  onToggleWatch,
}: InstrumentGridProps) {
  const ownRef = useRef<HTMLDivElement>(null);
  const scrollRef = gridRef ?? ownRef;
  const idPrefix = useId().replace(/:/g, '');

  const columns = useMemo(
    () => layoutColumns(leafColumns, columnSizing, figuresOf(ds.rows)),
    [leafColumns, columnSizing, ds],
  );
  const width = columns.reduce((w, c) => w + c.width, 0);
  const pinned = columns[0]?.pinned ?? false;
  // The pinned pane only matters once the grid is scrolled sideways; at the left edge the rows'
  // own Symbol cells are in place, and a keystroke that replaces every row lays out one cell less.
  // One number for the two things a sideways scroll decides, so a scroll event still costs one
  // state update, which React drops when nothing changed: 0 at the left edge, else 1 + how many
  // header labels the pinned pane hides (see labelsHidden below).
  const [sideState, setSideState] = useState(0);
  const sideways = sideState > 0;
  const pinnedWidth = pinned ? columns[0]!.width : 0;
  const labelLefts = useMemo(() => columns.map(headerLabelLeft), [columns]);
  const sideStateAt = (scrollLeft: number): number =>
    scrollLeft > 0 ? 1 + hiddenLabelCount(labelLefts, pinned, scrollLeft + pinnedWidth) : 0;

  const virtualizer = useVirtualizer({
    // The data set's row count, not the view's: every row has the same height, so the range in
    // view is the same either way (renderedPositions keeps it inside the view), and TanStack
    // Virtual builds an object per item whenever the count changes (10,000 of them for a
    // keystroke that leaves 10,000 of 50,000 rows; 50,000 when the search is cleared).
    count: ds.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: HEADER_HEIGHT,
  });

  // A scroll that moved more than a page since the last painted rows is "seeking" (see GridRow).
  const offset = virtualizer.scrollOffset ?? 0;
  const committedOffset = useRef(offset);
  useLayoutEffect(() => {
    committedOffset.current = offset;
  }, [offset]);
  const pagePx = Math.max(ROW_HEIGHT, (virtualizer.scrollRect?.height ?? 0) - HEADER_HEIGHT);
  // Read during render on purpose: the offset of the last committed render, written only at
  // commit (above), so a render React discards leaves it alone. Keeping it in state instead
  // would cost a second render of the whole grid on every scroll frame.
  const seeking = virtualizer.isScrolling && Math.abs(offset - committedOffset.current) > pagePx;

  // Columns are virtualized too: a row renders the pinned Symbol cell and the columns in view.
  // The range extractor keeps its identity while `pinned` does: TanStack Virtual recomputes the
  // items whenever it changes, and new items make new visible columns, which would re-render every
  // row on any render of the grid (a hover, a keystroke that keeps the rows).
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return pinned && indexes[0] !== 0 ? [0, ...indexes] : indexes;
    },
    [pinned],
  );
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => columns[i]?.width ?? FALLBACK_COLUMN_WIDTH,
    // None beyond the view: the last column in view is usually cut already, and a column more
    // would be one more cell per row for every keystroke to lay out.
    overscan: 0,
    rangeExtractor,
  });
  useEffect(() => columnVirtualizer.measure(), [columnVirtualizer, columns]);

  // Header labels that the pinned pane would cut are hidden (see hiddenLabelCount). A scroll event
  // re-renders when their count changes (sideState); the count itself is taken from the scroll
  // offset the virtualizer keeps, so it is also right after a change of the columns (no DOM read).
  const labelsHidden = Math.max(0, sideStateAt(columnVirtualizer.scrollOffset ?? 0) - 1);
  // Likewise the group label the pinned pane's edge would cut ("MENT"): hidden, re-rendered when it changes.
  const [, setGroupCut] = useState<number | undefined>(undefined);
  const groupCut = groupLabelCutoff(columns, columnVirtualizer.scrollOffset ?? 0, pinnedWidth);

  /** Scrolls column `index` into view right of the pinned pane and focuses its header. */
  const focusColumn = useCallback(
    (index: number, align: 'start' | 'nearest') => {
      const el = scrollRef.current;
      const col = columns[index];
      if (!el || !col) return;
      el.scrollLeft = scrollLeftToShow(col, el.scrollLeft, el.clientWidth, pinnedWidth, align);
      el.querySelector<HTMLElement>(`.ig-leaf-row [data-column="${col.id}"]`)?.focus({ preventScroll: true });
    },
    [columns, pinnedWidth, scrollRef],
  );
  const focusRows = useCallback(() => scrollRef.current?.focus({ preventScroll: true }), [scrollRef]);
  const columnItems = columnVirtualizer.getVirtualItems();
  const visibleColumns = useMemo(
    () => flowColumns(columnItems.map((item) => columns[item.index]).filter((c): c is CellColumn => c !== undefined)),
    [columnItems, columns],
  );

  // Recycled row slots: at least as many as rows ever rendered at once, so keys stay unique, and
  // even, so a recycled row keeps its zebra parity (no class change, no style recalculation).
  // Written during render on purpose: this render's keys need the count, and it only ever grows,
  // so a render React discards can leave it larger than needed but never too small. State would
  // cost a second render whenever the count grows; an effect would come too late for the keys.
  const slotCount = useRef(0);
  const items = virtualizer.getVirtualItems();
  slotCount.current = Math.max(slotCount.current, items.length + (items.length % 2));
  const slots = slotCount.current;
  const first = items[0]?.index ?? 0;
  const scrolling = virtualizer.isScrolling;
  const positions = useMemo(
    () => renderedPositions(first, slots, order.length, scrolling),
    [first, slots, order.length, scrolling],
  );

  /** Keeps row `pos` fully visible below the sticky header. */
  const reveal = useCallback(
    (pos: number) => {
      const el = scrollRef.current;
      if (!el || pos < 0) return;
      const top = pos * ROW_HEIGHT;
      const viewport = el.clientHeight - HEADER_HEIGHT;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + ROW_HEIGHT > el.scrollTop + viewport) el.scrollTop = top + ROW_HEIGHT - viewport;
    },
    [scrollRef],
  );

  useEffect(() => reveal(selectedPos), [reveal, selectedPos]);

  // A new sort or filter starts at the top unless the selected row is still there to follow; a
  // refresh of the same view keeps the scroll position.
  const previousView = useRef(viewKey);
  useEffect(() => {
    if (previousView.current === viewKey) return;
    previousView.current = viewKey;
    if (selectedPos < 0 && scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [viewKey, selectedPos, scrollRef]);

  /** To the next or previous column group, from the column at the pinned pane's edge. */
  const focusColumnGroup = (el: HTMLElement, direction: 'previous' | 'next') => {
    const edge = edgeColumn(columns, el.scrollLeft, pinnedWidth);
    // A column half under the pinned pane: "previous" first brings its own group's start into view.
    const cut = (columns[edge]?.start ?? 0) < el.scrollLeft + pinnedWidth - 1;
    const target =
      direction === 'next' ? nextGroupStart(columns, edge) : previousGroupStart(columns, cut ? edge + 1 : edge);
    if (target !== undefined) focusColumn(target, 'start');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const el = scrollRef.current;
    const action = gridKeyAction(e.key, e, {
      selectedPos,
      rowCount: order.length,
      pageRows: gridPageRows(el?.clientHeight),
      canWatch: onToggleWatch !== undefined,
    });
    switch (action.kind) {
      case 'none':
        return;
      case 'swallow':
        e.preventDefault();
        return;
      case 'select':
        e.preventDefault();
        onSelect(action.pos);
        // Also when the selection does not move (End on the last row scrolled out of view).
        reveal(action.pos);
        return;
      case 'column-group':
        e.preventDefault();
        if (el) focusColumnGroup(el, action.direction);
        return;
      case 'scroll-columns':
        e.preventDefault();
        if (el) el.scrollLeft += action.by;
        return;
      case 'open-details':
        e.preventDefault();
        onOpenDetails();
        return;
      case 'close-details':
        onCloseDetails();
        return;
      case 'toggle-watch':
        e.preventDefault();
        onToggleWatch?.(action.pos);
        return;
    }
  };

  /** The view position of the row under a click, or -1. */
  const posAt = (e: MouseEvent): number => {
    const rowEl = (e.target as HTMLElement).closest<HTMLElement>('[data-pos]');
    return rowEl ? Number(rowEl.dataset.pos) : -1;
  };

  // The row under the pointer carries its cells' tooltips (and the selected row, for the keyboard);
  // the others have none, so a sort or a keystroke does not change a title on every cell in view.
  const [hoverPos, setHoverPos] = useState(-1);

  // Only point at the selected row while it is rendered (virtualized rows come and go).
  const selectedRow = positions.includes(selectedPos) ? order[selectedPos] : undefined;
  const showRows = !loading && order.length > 0;
  const statusDescriptions = useMemo(
    () => <StatusDescriptions statuses={ds.statusCounts.keys()} idPrefix={idPrefix} />,
    [ds, idPrefix],
  );

  return (
    <div className="ig-wrap" style={GRID_CSS_VARS_STYLE}>
      <div
        ref={scrollRef}
        role="grid"
        aria-label={label}
        aria-rowcount={order.length + HEADER_ROW_COUNT}
        aria-colcount={columns.length}
        aria-busy={loading}
        aria-activedescendant={selectedRow !== undefined ? `${idPrefix}-r${selectedRow}` : undefined}
        tabIndex={0}
        className="ig-scroll"
        onKeyDown={onKeyDown}
        onScroll={(e) => {
          setSideState(sideStateAt(e.currentTarget.scrollLeft));
          setGroupCut(groupLabelCutoff(columns, e.currentTarget.scrollLeft, pinnedWidth));
        }}
      >
        <GridHeader
          headerGroups={headerGroups}
          table={table}
          columns={columns}
          width={width}
          multiSort={sorting.length > 1}
          sorting={sorting}
          resizing={table.getState().columnSizingInfo.isResizingColumn}
          labelsHidden={labelsHidden}
          groupCut={groupCut}
          focusColumn={focusColumn}
          onRowsFocus={focusRows}
        />
        <div
          role="rowgroup"
          className="ig-body"
          style={{
            height: showRows ? order.length * ROW_HEIGHT : loading ? SKELETON_ROW_COUNT * ROW_HEIGHT : undefined,
            width,
          }}
          onClick={(e) => {
            const pos = posAt(e);
            if (pos < 0) return;
            onSelect(pos);
            // One listener for every row's star (see symbolCell): no handler per row.
            if (onToggleWatch && (e.target as HTMLElement).closest('[data-star]')) onToggleWatch(pos);
          }}
          onPointerMove={(e) => setHoverPos(posAt(e))}
          onPointerLeave={() => setHoverPos(-1)}
          onDoubleClick={(e) => {
            const pos = posAt(e);
            if (pos >= 0 && !(e.target as HTMLElement).closest('[data-star]')) {
              onSelect(pos);
              onOpenDetails();
            }
          }}
        >
          {showRows && pinned && sideways ? (
            <PinnedPane
              ds={ds}
              order={order}
              positions={positions}
              slotCount={slots}
              selectedPos={selectedPos}
              width={columns[0]!.width}
              height={order.length * ROW_HEIGHT}
              now={now}
              seeking={seeking}
              marks={marks}
              watched={onToggleWatch ? watched : undefined}
            />
          ) : null}
          {loading ? <SkeletonRows columns={visibleColumns} width={width} /> : null}
          {showRows
            ? positions.map((pos) => (
                <GridRow
                  key={pos % slots}
                  ds={ds}
                  row={order[pos]!}
                  pos={pos}
                  selected={pos === selectedPos}
                  columns={visibleColumns}
                  width={width}
                  now={now}
                  idPrefix={idPrefix}
                  seeking={seeking}
                  paneShown={pinned && sideways}
                  mark={marks?.get(ds.keyOf(order[pos]!))}
                  watched={onToggleWatch && watched ? watched.has(ds.keyOf(order[pos]!)) : undefined}
                  tips={pos === hoverPos || pos === selectedPos}
                />
              ))
            : null}
        </div>
      </div>
      {!loading && order.length === 0 ? <div className="ig-empty">{empty}</div> : null}
      {statusDescriptions}
    </div>
  );
});
