/**
 * The instrument browser without any fetching: filters, grid, selection actions and the detail
 * panel over a given list of instruments. The screen feeds it from the exchange, the benchmark
 * from generated rows.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { Instrument } from '../../../shared/schemas';
import { ColumnChooser } from './ColumnChooser';
import { downloadText } from '../lib/download';
import { csvFileName, instrumentsCsv } from './instrument-csv';
import { buildDataset } from './dataset';
import { DetailPanel } from './DetailPanel';
import { FilterBar } from './FilterBar';
import { filtersActive, narrowingFilter } from './filters';
import { InstrumentGrid } from './InstrumentGrid';
import { useInstrumentBrowser } from './prefs';
import { rowFlags, type RowMarks } from './row-marks';
import { SelectionBar } from './SelectionBar';
import { useUi } from '../app/store';
import { SymbolHistoryPanel } from './SymbolHistoryPanel';
import { neededWidths } from './number-cells';
import { tableColumns } from './table-columns';
import { useNow } from '../lib/useNow';
import { useRankWarmup } from './use-rank-warmup';

const NO_ROWS: Instrument[] = [];

/**
 * A filter's count: its room is kept while it is 0 (up to 3 digits), so the first star, or a refresh
 * that brings a hundred changes, does not widen the bar above the grid (which could wrap it and move
 * the grid down).
 */
function CheckCount({ n }: { n: number }) {
  return <span className="ib-check-count num">{n ? n.toLocaleString('en-US') : ''}</span>;
}

export interface InstrumentBrowserProps {
  /** undefined while the first answer is awaited. */
  instruments: readonly Instrument[] | undefined;
  /** What the rows are: "SPOT", "All categories"; names the grid and the CSV file. */
  scopeLabel: string;
  exportScope: string;
  /** Controls that choose what is fetched (category, exact symbol), placed before the filters. */
  sourceControls?: ReactNode;
  /** Extra explanation in the empty state (an exact symbol that the exchange does not list). */
  emptyHint?: ReactNode;
  /** Badges of rows changed since last seen, and watched symbols (absent: neither is shown). */
  rowMarks?: RowMarks;
}

export function InstrumentBrowser({
  instruments,
  scopeLabel,
  exportScope,
  sourceControls,
  emptyHint,
  rowMarks,
}: InstrumentBrowserProps) {
  const loading = instruments === undefined;
  const rows = instruments ?? NO_ROWS;
  const ds = useMemo(() => buildDataset(rows), [rows]);
  // Numeric columns as wide as their longest number, counted once per list; the same widths (a
  // refresh that changed no number's length) keep the same column definitions.
  const widthKey = useMemo(() => JSON.stringify([...neededWidths(rows)]), [rows]);
  const tableCols = useMemo(() => tableColumns(new Map(JSON.parse(widthKey) as Array<[string, number]>)), [widthKey]);

  const sorting = useInstrumentBrowser((s) => s.sorting);
  const columnVisibility = useInstrumentBrowser((s) => s.columnVisibility);
  const columnOrder = useInstrumentBrowser((s) => s.columnOrder);
  const columnSizing = useInstrumentBrowser((s) => s.columnSizing);
  const filters = useInstrumentBrowser((s) => s.filters);
  const selectedKey = useInstrumentBrowser((s) => s.selectedKey);
  const detailsOpen = useInstrumentBrowser((s) => s.detailsOpen);
  const detailTab = useInstrumentBrowser((s) => s.detailTab);
  const focusDetails = useInstrumentBrowser((s) => s.focusDetails);
  const openedKey = useInstrumentBrowser((s) => s.openedKey);
  const {
    setSorting,
    setColumnVisibility,
    setColumnOrder,
    setColumnSizing,
    setFilters,
    clearFilters,
    select,
    setDetailsOpen,
    setDetailTab,
  } = useInstrumentBrowser.getState();

  // TanStack Table returns one mutable instance whose methods read the latest state, which the
  // React compiler cannot memoize; this project does not use the compiler. The memoized children
  // get what changes (headerGroups, leafColumns, columnSizing, sorting) as props, not just `table`.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above: no React compiler here
  const table = useReactTable<Instrument>({
    data: rows as Instrument[],
    columns: tableCols,
    state: { sorting, columnVisibility, columnOrder, columnSizing },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setColumnVisibility,
    onColumnOrderChange: setColumnOrder,
    onColumnSizingChange: setColumnSizing,
    getCoreRowModel: getCoreRowModel(),
    // Sorting and filtering run on precomputed ranks and flags below, not on TanStack's row models.
    manualSorting: true,
    manualFiltering: true,
    sortDescFirst: false,
    enableMultiSort: true,
    columnResizeMode: 'onChange',
  });

  const sorted = useMemo(() => ds.sortedRows(sorting), [ds, sorting]);
  // Only a watched or changed filter reads the flags: the index by key they need is not built before.
  const flagsUsed = filters.watchedOnly || filters.changedOnly;
  const flags = useMemo(() => (flagsUsed ? rowFlags(ds, rowMarks) : undefined), [flagsUsed, ds, rowMarks]);
  const filterRows = useMemo(() => narrowingFilter(ds), [ds]);
  const order = useMemo(() => filterRows(sorted, filters, flags), [filterRows, sorted, filters, flags]);
  const viewKey = useMemo(() => ({ scopeLabel, sorting, filters }), [scopeLabel, sorting, filters]);

  const selectedRow = selectedKey === null ? -1 : (ds.indexOfKey.get(selectedKey) ?? -1);
  const selectedPos = useMemo(() => (selectedRow < 0 ? -1 : order.indexOf(selectedRow)), [order, selectedRow]);
  const selected = selectedRow >= 0 ? ds.rows[selectedRow] : undefined;
  /** The selection as the actions offer it: not while the filters hide its row. */
  const shownSelected = selectedPos >= 0 ? selected : undefined;
  const now = useNow(30_000);
  /** Opened on a row the last fetch does not list (a delisted symbol, from the Changes feed): its history only. */
  const missingKey =
    detailsOpen && !loading && openedKey !== null && openedKey === selectedKey && !selected ? openedKey : null;

  const gridRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  const onSelect = useCallback(
    (pos: number) => select(order[pos] === undefined ? null : ds.keyOf(order[pos]!)),
    [ds, order, select],
  );
  const toggleWatch = rowMarks?.toggleWatch;
  const watchedSet = rowMarks?.watched;
  // A star toggled from the grid (W or a click) is announced: the row keeps the focus, not the star.
  const [announced, setAnnounced] = useState('');
  const onToggleWatch = useMemo(
    () =>
      toggleWatch &&
      ((pos: number) => {
        const row = order[pos];
        const instrument = row === undefined ? undefined : ds.rows[row];
        if (row === undefined || !instrument) return;
        const was = watchedSet?.has(ds.keyOf(row)) ?? false;
        setAnnounced(`${was ? 'Stopped watching' : 'Watching'} ${instrument.symbol} (${instrument.category})`);
        toggleWatch(instrument.category, instrument.symbol);
      }),
    [ds, order, toggleWatch, watchedSet],
  );

  // Looking at a row's details is seeing it: its "new" or "changed" badge goes.
  const selectedMarked = selected && detailsOpen ? rowMarks?.marks.has(ds.keyOf(selectedRow)) : false;
  const markSeen = rowMarks?.markSeen;
  useEffect(() => {
    if (selectedMarked && selected && markSeen) markSeen(selected.category, [selected.symbol]);
  }, [selectedMarked, selected, markSeen]);

  // Opened from elsewhere (the Changes feed, an alert): the panel takes the focus once it shows.
  const focusedFor = useRef(0);
  const panelShown = detailsOpen && (selected !== undefined || missingKey !== null);
  useEffect(() => {
    if (focusDetails === focusedFor.current || !panelShown) return;
    focusedFor.current = focusDetails;
    const panel = panelRef.current;
    (panel?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ?? panel)?.focus();
  }, [focusDetails, panelShown]);

  const onOpenDetails = useCallback(() => setDetailsOpen(true), [setDetailsOpen]);
  const focusGrid = useCallback(() => gridRef.current?.focus({ preventScroll: true }), []);
  // ArrowDown in the search box goes on into the rows: the selected one, else the first shown.
  const firstIfNone = useRef(() => {});
  useEffect(() => {
    firstIfNone.current = () => {
      if (selectedPos < 0 && order.length > 0) onSelect(0);
    };
  }, [selectedPos, order, onSelect]);
  const onSearchDown = useCallback(() => {
    firstIfNone.current();
    focusGrid();
  }, [focusGrid]);
  // Closed (Escape anywhere in the panel or its Close button): back to the selected row, in the grid.
  const onCloseDetails = useCallback(() => {
    setDetailsOpen(false);
    focusGrid();
  }, [setDetailsOpen, focusGrid]);

  const visibleColumns = table.getVisibleLeafColumns();
  const visibleIds = useMemo(() => visibleColumns.map((c) => c.id), [visibleColumns]);
  useRankWarmup(ds, visibleIds);
  const exportCsv = () => {
    const columns = visibleColumns.map((c) => ({ id: c.id, label: String(c.columnDef.header) }));
    downloadText(csvFileName(exportScope, new Date()), instrumentsCsv(ds, order, columns));
  };

  const active = filtersActive(filters);

  // The button goes with the filters it clears: the focus moves to the search box, not to the page.
  const clearAndFocus = useCallback(() => {
    clearFilters();
    searchRef.current?.focus();
  }, [clearFilters]);

  const rowCount = ds.rows.length;
  const totalText = rowCount.toLocaleString('en-US');
  const shownText = order.length.toLocaleString('en-US');
  const empty = useMemo(
    () => (
      <div className="empty-state ib-empty" role="status">
        <h2>No instruments match</h2>
        {emptyHint ? <p className="muted">{emptyHint}</p> : null}
        {active ? (
          <>
            <p className="muted">The filters hide all {rowCount} instruments.</p>
            {/* Named apart from the toolbar's "Clear filters", which does the same. */}
            <button type="button" className="button" onClick={clearAndFocus}>
              Show all instruments
            </button>
          </>
        ) : null}
      </div>
    ),
    [active, emptyHint, rowCount, clearAndFocus],
  );

  return (
    <div className="ib">
      <div className="ib-toolbar">
        {sourceControls}
        <FilterBar ds={ds} filters={filters} onChange={setFilters} searchRef={searchRef} onSearchDown={onSearchDown} />
        {/* What the grid shows and exports: at the toolbar's right end, so the bar below stays one line.
            Clear filters is always there (disabled with nothing to clear): a button appearing with the
            first keystroke would wrap the bar below and move the grid under the operator's eyes. */}
        <div className="ib-tools">
          <button type="button" className="button ghost" disabled={!active} onClick={clearAndFocus}>
            Clear filters
          </button>
          <button
            type="button"
            className="button ib-help"
            aria-label="Keyboard shortcuts (?)"
            title="Keyboard shortcuts (?)"
            onClick={() => useUi.getState().setHelpOpen(true)}
          >
            ?
          </button>
          <ColumnChooser />
          <button
            type="button"
            className="button"
            disabled={loading || order.length === 0}
            onClick={exportCsv}
            title="Export the rows shown (filtered and sorted) with the visible columns, raw values"
          >
            Export CSV
          </button>
        </div>
      </div>
      <div className="ib-bar">
        <p className="ib-count" aria-live="polite">
          {loading ? (
            'Loading instruments…'
          ) : (
            <>
              Showing <strong className="num">{shownText}</strong> of <span className="num">{totalText}</span>{' '}
              instruments
              {/* The room of the digits not shown (monospace): a search never changes the bar's width. */}
              <span className="num ib-count-room" style={{ width: `${totalText.length - shownText.length}ch` }} />
            </>
          )}
        </p>
        {rowMarks ? (
          <span className="ib-marks">
            <label className="ib-check" title="Only the symbols you watch (star a row, or press W on it)">
              <input
                type="checkbox"
                checked={filters.watchedOnly}
                onChange={(e) => setFilters({ watchedOnly: e.target.checked })}
              />
              Watched
              <CheckCount n={rowMarks.watched.size} />
            </label>
            <label className="ib-check" title="Only the rows listed or changed since you last looked">
              <input
                type="checkbox"
                checked={filters.changedOnly}
                onChange={(e) => setFilters({ changedOnly: e.target.checked })}
              />
              Changed
              <CheckCount n={rowMarks.marks.size} />
            </label>
          </span>
        ) : null}
        {rowMarks?.error ? (
          <span className="ib-marks-error" role="alert">
            {rowMarks.error}
          </span>
        ) : null}
        <div className="ib-spacer" />
        <SelectionBar
          selected={shownSelected}
          detailsOpen={detailsOpen}
          onToggleDetails={() => {
            if (detailsOpen) {
              setDetailsOpen(false);
              return;
            }
            // Opened from here, the panel takes the focus (from the grid, Enter leaves it there).
            flushSync(() => setDetailsOpen(true));
            panelRef.current?.focus();
          }}
          onFocusLost={focusGrid}
        />
      </div>
      <div className="ib-main">
        <InstrumentGrid
          table={table}
          headerGroups={table.getHeaderGroups()}
          leafColumns={visibleColumns}
          columnSizing={columnSizing}
          sorting={sorting}
          ds={ds}
          order={order}
          viewKey={viewKey}
          selectedPos={selectedPos}
          loading={loading}
          now={now}
          label={`Instruments: ${scopeLabel}`}
          onSelect={onSelect}
          onOpenDetails={onOpenDetails}
          onCloseDetails={onCloseDetails}
          empty={empty}
          gridRef={gridRef}
          marks={rowMarks?.marks}
          watched={rowMarks?.watched}
          onToggleWatch={onToggleWatch}
        />
        {detailsOpen && selected ? (
          <DetailPanel
            instrument={selected}
            now={now}
            onClose={onCloseDetails}
            ref={panelRef}
            tab={rowMarks ? detailTab : 'fields'}
            onTab={rowMarks ? setDetailTab : undefined}
            watched={rowMarks ? rowMarks.watched.has(ds.keyOf(selectedRow)) : undefined}
            onToggleWatch={toggleWatch && (() => toggleWatch(selected.category, selected.symbol))}
          />
        ) : null}
        {missingKey ? <SymbolHistoryPanel instrumentKey={missingKey} onClose={onCloseDetails} ref={panelRef} /> : null}
      </div>
      <p className="sr-only" role="status">
        {announced}
      </p>
    </div>
  );
}
