/**
 * The instrument browser's state. Layout (columns, widths, order, sort) and the chosen category are
 * persisted; filters, the exact symbol and the selection survive a trip to another screen but not a
 * restart, since a stale filter silently hiding pairs after a restart would mislead.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { deferredLocalStorage } from '../lib/deferred-storage';
import type {
  ColumnOrderState,
  ColumnSizingState,
  SortingState,
  Updater,
  VisibilityState,
} from '@tanstack/react-table';
import { CATEGORIES, type Category } from '../../../shared/schemas';
import { COLUMN_IDS, DEFAULT_VISIBILITY } from './columns';
import { NO_FILTERS, type InstrumentFilters } from './filters';

export type Scope = Category | 'ALL';
export const SCOPES: readonly Scope[] = [...CATEGORIES, 'ALL'];

export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 600;

interface Layout {
  scope: Scope;
  sorting: SortingState;
  columnVisibility: VisibilityState;
  columnOrder: ColumnOrderState;
  columnSizing: ColumnSizingState;
}

export type DetailTab = 'fields' | 'history';

export interface BrowserState extends Layout {
  filters: InstrumentFilters;
  exactSymbol: string;
  selectedKey: string | null;
  detailsOpen: boolean;
  detailTab: DetailTab;
  /** Bumped by openInstrument: the detail panel takes the focus once it shows that row. */
  focusDetails: number;
  /**
   * The row openInstrument asked for, while it stays selected in its category: when the last fetch
   * no longer lists it (delisted), the panel still shows its history.
   */
  openedKey: string | null;
  setScope(scope: Scope): void;
  setSorting(u: Updater<SortingState>): void;
  setColumnVisibility(u: Updater<VisibilityState>): void;
  setColumnOrder(u: Updater<ColumnOrderState>): void;
  setColumnSizing(u: Updater<ColumnSizingState>): void;
  resetColumns(): void;
  setFilters(patch: Partial<InstrumentFilters>): void;
  clearFilters(): void;
  setExactSymbol(symbol: string): void;
  select(key: string | null): void;
  setDetailsOpen(open: boolean): void;
  setDetailTab(tab: DetailTab): void;
  /**
   * Shows one instrument's details (from the Changes feed, an alert): its category, the row
   * selected, no filter or exact symbol that could hide it, the panel open on `tab`.
   */
  openInstrument(category: Category, symbol: string, tab: DetailTab): void;
}

const apply = <T>(u: Updater<T>, old: T): T => (typeof u === 'function' ? (u as (o: T) => T)(old) : u);

const DEFAULT_LAYOUT: Layout = {
  scope: 'SPOT',
  sorting: [],
  columnVisibility: { ...DEFAULT_VISIBILITY },
  columnOrder: [...COLUMN_IDS],
  columnSizing: {},
};

/** Keeps a stored order usable after columns are added or removed in a later version. */
export function completeColumnOrder(stored: readonly string[]): string[] {
  const known = new Set(COLUMN_IDS);
  const order = stored.filter((id, i) => known.has(id) && stored.indexOf(id) === i);
  COLUMN_IDS.forEach((id, i) => {
    if (order.includes(id)) return;
    const before = COLUMN_IDS[i - 1];
    const at = before === undefined ? 0 : order.indexOf(before) + 1;
    order.splice(at, 0, id);
  });
  return order;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Stored state is user-editable text: take only what is well-formed and still meaningful. */
export function sanitizeLayout(stored: unknown): Partial<Layout> {
  if (!isRecord(stored)) return {};
  const known = new Set(COLUMN_IDS);
  const out: Partial<Layout> = {};
  if (typeof stored.scope === 'string' && (SCOPES as readonly string[]).includes(stored.scope))
    out.scope = stored.scope as Scope;
  if (Array.isArray(stored.sorting)) {
    out.sorting = stored.sorting
      .filter(
        (s): s is { id: string; desc: boolean } =>
          isRecord(s) && typeof s.id === 'string' && known.has(s.id) && typeof s.desc === 'boolean',
      )
      .map((s) => ({ id: s.id, desc: s.desc }));
  }
  if (isRecord(stored.columnVisibility)) {
    out.columnVisibility = { ...DEFAULT_VISIBILITY };
    for (const [id, v] of Object.entries(stored.columnVisibility))
      if (known.has(id) && typeof v === 'boolean') out.columnVisibility[id] = v;
  }
  if (Array.isArray(stored.columnOrder))
    out.columnOrder = completeColumnOrder(stored.columnOrder.filter((id): id is string => typeof id === 'string'));
  if (isRecord(stored.columnSizing)) {
    out.columnSizing = {};
    for (const [id, v] of Object.entries(stored.columnSizing)) {
      if (known.has(id) && typeof v === 'number' && Number.isFinite(v))
        out.columnSizing[id] = Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(v)));
    }
  }
  return out;
}

export const useInstrumentBrowser = create<BrowserState>()(
  persist(
    (set) => ({
      ...DEFAULT_LAYOUT,
      filters: NO_FILTERS,
      exactSymbol: '',
      selectedKey: null,
      detailsOpen: false,
      detailTab: 'fields',
      focusDetails: 0,
      openedKey: null,
      setScope: (scope) => set({ scope, openedKey: null }),
      setSorting: (u) => set((s) => ({ sorting: apply(u, s.sorting) })),
      setColumnVisibility: (u) => set((s) => ({ columnVisibility: apply(u, s.columnVisibility) })),
      setColumnOrder: (u) => set((s) => ({ columnOrder: apply(u, s.columnOrder) })),
      setColumnSizing: (u) => set((s) => ({ columnSizing: apply(u, s.columnSizing) })),
      resetColumns: () =>
        set({ columnVisibility: { ...DEFAULT_VISIBILITY }, columnOrder: [...COLUMN_IDS], columnSizing: {} }),
      setFilters: (patch) => set((s) => ({ filters: { ...s.filters, ...patch } })),
      clearFilters: () => set({ filters: NO_FILTERS }),
      setExactSymbol: (exactSymbol) => set({ exactSymbol }),
      select: (selectedKey) =>
        set((s) => ({ selectedKey, openedKey: s.openedKey === selectedKey ? selectedKey : null })),
      setDetailsOpen: (detailsOpen) => set({ detailsOpen }),
      setDetailTab: (detailTab) => set({ detailTab }),
      openInstrument: (category, symbol, tab) =>
        set((s) => ({
          scope: category,
          exactSymbol: '',
          filters: NO_FILTERS,
          selectedKey: `${category}:${symbol}`,
          detailsOpen: true,
          detailTab: tab,
          focusDetails: s.focusDetails + 1,
          openedKey: `${category}:${symbol}`,
        })),
    }),
    {
      name: 'uta-desk.instruments',
      storage: deferredLocalStorage(),
      version: 1,
      partialize: (s): Layout => ({
        scope: s.scope,
        sorting: s.sorting,
        columnVisibility: s.columnVisibility,
        columnOrder: s.columnOrder,
        columnSizing: s.columnSizing,
      }),
      merge: (stored, current) => ({ ...current, ...sanitizeLayout(stored) }),
    },
  ),
);
