/**
 * The virtualized instrument grid (ARIA grid): sticky two-row header, rows virtualized with TanStack
 * Virtual at a fixed height, a roving selection driven by the keyboard (arrows, Page keys, Home/End,
 * Enter for details, Escape to close them).
 */
import { memo, useCallback, useEffect, useId, useMemo, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { Column, HeaderGroup, SortingState, Table } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Instrument } from '../../../shared/schemas';
import type { Dataset } from './dataset';
import { GridHeader } from './GridHeader';
import { cellColumn, GridRow, ROW_HEIGHT, SkeletonRows, type CellColumn } from './GridRow';

export const HEADER_HEIGHT = 2 * 26;
const OVERSCAN = 6;

export interface InstrumentGridProps {
  table: Table<Instrument>;
  /** Changes whenever the header layout does (TanStack memoizes it on order and visibility). */
  headerGroups: Array<HeaderGroup<Instrument>>;
  leafColumns: Array<Column<Instrument, unknown>>;
  /** Passed so the memoized grid re-renders when widths or sort keys change. */
  columnSizing: Record<string, number>;
  sorting: SortingState;
  ds: Dataset;
  /** Visible rows (dataset indexes), filtered and sorted. */
  order: Int32Array;
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
}

export const InstrumentGrid = memo(function InstrumentGrid({
  table,
  headerGroups,
  leafColumns,
  columnSizing,
  sorting,
  ds,
  order,
  selectedPos,
  loading,
  now,
  label,
  onSelect,
  onOpenDetails,
  onCloseDetails,
  empty,
  gridRef,
}: InstrumentGridProps) {
  const ownRef = useRef<HTMLDivElement>(null);
  const scrollRef = gridRef ?? ownRef;
  const idPrefix = useId().replace(/:/g, '');

  const columns = useMemo<CellColumn[]>(
    () =>
      leafColumns.map((c, i) => {
        const spec = c.columnDef.meta?.spec;
        return cellColumn(c.id, String(c.columnDef.header), spec?.kind ?? 'text', columnSizing[c.id] ?? c.getSize(), i === 0 && c.id === 'symbol');
      }),
    [leafColumns, columnSizing],
  );
  const width = useMemo(() => columns.reduce((w, c) => w + (c.style.width as number), 0), [columns]);

  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: HEADER_HEIGHT,
  });

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

  // A new sort or filter starts at the top unless the selected row is still there to follow.
  const previousOrder = useRef(order);
  useEffect(() => {
    if (previousOrder.current === order) return;
    previousOrder.current = order;
    if (selectedPos < 0 && scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [order, selectedPos, scrollRef]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const last = order.length - 1;
    const el = scrollRef.current;
    const page = el ? Math.max(1, Math.floor((el.clientHeight - HEADER_HEIGHT) / ROW_HEIGHT) - 1) : 10;
    const from = selectedPos;
    let to: number | undefined;
    switch (e.key) {
      case 'ArrowDown':
        to = from < 0 ? 0 : Math.min(last, from + 1);
        break;
      case 'ArrowUp':
        to = from < 0 ? 0 : Math.max(0, from - 1);
        break;
      case 'PageDown':
        to = Math.min(last, Math.max(0, from) + page);
        break;
      case 'PageUp':
        to = Math.max(0, from - page);
        break;
      case 'Home':
        to = 0;
        break;
      case 'End':
        to = last;
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
        if (el) el.scrollLeft += e.key === 'ArrowLeft' ? -120 : 120;
        e.preventDefault();
        return;
      case 'Enter':
        if (from >= 0) {
          e.preventDefault();
          onOpenDetails();
        }
        return;
      case 'Escape':
        onCloseDetails();
        return;
      default:
        return;
    }
    e.preventDefault();
    if (last >= 0 && to !== undefined) onSelect(to);
  };

  const rowAt = (e: MouseEvent): number => {
    const rowEl = (e.target as HTMLElement).closest<HTMLElement>('[data-pos]');
    return rowEl ? Number(rowEl.dataset.pos) : -1;
  };

  const selectedRow = selectedPos >= 0 ? order[selectedPos] : undefined;
  const items = virtualizer.getVirtualItems();
  const showRows = !loading && order.length > 0;

  return (
    <div className="ig-wrap">
    <div
      ref={scrollRef}
      role="grid"
      aria-label={label}
      aria-rowcount={order.length + headerGroups.length}
      aria-colcount={columns.length}
      aria-busy={loading}
      aria-activedescendant={selectedRow !== undefined ? `${idPrefix}-r${selectedRow}` : undefined}
      tabIndex={0}
      className="ig-scroll"
      onKeyDown={onKeyDown}
    >
      <GridHeader headerGroups={headerGroups} table={table} width={width} multiSort={sorting.length > 1} />
      <div
        role="rowgroup"
        className="ig-body"
        style={{ height: showRows ? order.length * ROW_HEIGHT : loading ? 14 * ROW_HEIGHT : undefined, width }}
        onClick={(e) => {
          const pos = rowAt(e);
          if (pos >= 0) onSelect(pos);
        }}
        onDoubleClick={(e) => {
          const pos = rowAt(e);
          if (pos >= 0) {
            onSelect(pos);
            onOpenDetails();
          }
        }}
      >
        {loading ? <SkeletonRows count={14} columns={columns} width={width} /> : null}
        {showRows
          ? items.map((item) => {
              const row = order[item.index]!;
              return (
                <GridRow
                  key={row}
                  ds={ds}
                  row={row}
                  pos={item.index}
                  selected={item.index === selectedPos}
                  columns={columns}
                  width={width}
                  now={now}
                  idPrefix={idPrefix}
                />
              );
            })
          : null}
      </div>
    </div>
    {!loading && order.length === 0 ? <div className="ig-empty">{empty}</div> : null}
    </div>
  );
});
