/** The Changes feed's filters: kept across screen switches (not restarts: a stale filter would hide changes). */
import { create } from 'zustand';
import type { ChangeKind } from '../../../shared/instrument-changes';
import type { Category } from '../../../shared/schemas';

export interface FeedFilters {
  category: Category | '';
  kind: ChangeKind | '';
  /** As typed; the feed asks for it trimmed and upper-cased. */
  symbol: string;
  watchedOnly: boolean;
}

export const NO_FEED_FILTERS: FeedFilters = { category: '', kind: '', symbol: '', watchedOnly: false };

export const useFeedFilters = create<{ filters: FeedFilters; set(patch: Partial<FeedFilters>): void; clear(): void }>()(
  (set) => ({
    filters: NO_FEED_FILTERS,
    set: (patch) => set((s) => ({ filters: { ...s.filters, ...patch } })),
    clear: () => set({ filters: NO_FEED_FILTERS }),
  }),
);

export function feedFiltersActive(f: FeedFilters): boolean {
  return f.category !== '' || f.kind !== '' || f.symbol.trim() !== '' || f.watchedOnly;
}
