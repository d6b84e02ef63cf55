/** UI state that outlives a screen: which screen, which theme, and hand-offs between screens. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { deferredLocalStorage } from '../lib/deferred-storage';
import type { Category } from '../../../shared/schemas';

export const VIEWS = ['instruments', 'amend', 'profiles', 'activity', 'amend-many', 'changes'] as const;
export type View = (typeof VIEWS)[number];
export type Theme = 'dark' | 'light';

/** Filled by "Amend an order on this symbol" in the instrument browser, consumed by the amend desk. */
export interface AmendPrefill {
  category: Category;
  symbol: string;
  nonce: number;
}

/** Filled by "Amend many…" (open orders) and "Amend open orders of this symbol…" (instruments). */
export interface AmendManyPrefill {
  category?: Category;
  symbol?: string;
  nonce: number;
}

/** Filled by a run item's "Activity" button: the Activity search and the attempt to show. */
export interface ActivityFocus {
  text: string;
  attemptId?: string;
  nonce: number;
}

interface UiState {
  view: View;
  theme: Theme;
  amendPrefill: AmendPrefill | null;
  amendManyPrefill: AmendManyPrefill | null;
  activityFocus: ActivityFocus | null;
  /** The keyboard help ("?") is open. */
  helpOpen: boolean;
  setView(view: View): void;
  setHelpOpen(open: boolean): void;
  toggleTheme(): void;
  openAmend(category: Category, symbol: string): void;
  openAmendMany(filter: { category?: Category; symbol?: string }): void;
  openActivity(focus: { text: string; attemptId?: string }): void;
}

export const useUi = create<UiState>()(
  persist(
    (set) => ({
      view: 'instruments',
      theme: 'dark',
      amendPrefill: null,
      amendManyPrefill: null,
      activityFocus: null,
      helpOpen: false,
      setView: (view) => set({ view }),
      setHelpOpen: (helpOpen) => set({ helpOpen }),
      toggleTheme: () => set((s) => ({ theme: s.theme === 'dark' ? 'light' : 'dark' })),
      openAmend: (category, symbol) => set({ view: 'amend', amendPrefill: { category, symbol, nonce: Date.now() } }),
      openAmendMany: ({ category, symbol }) =>
        set({ view: 'amend-many', amendManyPrefill: { category, symbol, nonce: Date.now() } }),
      openActivity: (focus) => set({ view: 'activity', activityFocus: { ...focus, nonce: Date.now() } }),
    }),
    { name: 'uta-desk.ui', storage: deferredLocalStorage(), partialize: (s) => ({ view: s.view, theme: s.theme }) },
  ),
);
