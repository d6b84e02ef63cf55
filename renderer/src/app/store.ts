/** UI state that outlives a screen: which screen, which theme, and hand-offs between screens. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Category } from '../../../shared/schemas';

export const VIEWS = ['instruments', 'amend', 'profiles', 'activity'] as const;
export type View = (typeof VIEWS)[number];
export type Theme = 'dark' | 'light';

/** Filled by "Amend an order on this symbol" in the instrument browser, consumed by the amend desk. */
export interface AmendPrefill {
  category: Category;
  symbol: string;
  nonce: number;
}

interface UiState {
  view: View;
  theme: Theme;
  amendPrefill: AmendPrefill | null;
  setView(view: View): void;
  toggleTheme(): void;
  openAmend(category: Category, symbol: string): void;
}

export const useUi = create<UiState>()(
  persist(
    (set) => ({
      view: 'instruments',
      theme: 'dark',
      amendPrefill: null,
      setView: (view) => set({ view }),
      toggleTheme: () => set((s) => ({ theme: s.theme === 'dark' ? 'light' : 'dark' })),
      openAmend: (category, symbol) => set({ view: 'amend', amendPrefill: { category, symbol, nonce: Date.now() } }),
    }),
    { name: 'uta-desk.ui', partialize: (s) => ({ view: s.view, theme: s.theme }) },
  ),
);
