/**
 * The amend desk's state that outlives the screen (switching to Instruments and back keeps the
 * draft, the loaded order and the attempt being followed). Money values stay strings throughout.
 */
import { create } from 'zustand';
import type { OrderGuard } from '../../../shared/attempts';
import type { OrderIds } from '../../../shared/order-ids';
import type { Category, Order } from '../../../shared/schemas';
import { noteGuard, NO_GUARDS, type KnownGuards } from './known-guards';
import type { NoticeKind } from './status-display';

export interface Draft {
  orderId: string;
  clientOid: string;
  category: Category | '';
  symbol: string;
  qty: string;
  price: string;
  autoCancel: boolean;
}

export const EMPTY_DRAFT: Draft = {
  orderId: '',
  clientOid: '',
  category: '',
  symbol: '',
  qty: '',
  price: '',
  autoCancel: false,
};

export interface LoadedOrder {
  order: Order;
  guard: OrderGuard;
  at: number;
}

interface AmendState {
  draft: Draft;
  loaded: LoadedOrder | null;
  /** The draft as it was when reviewed; any edit afterwards needs a new review. */
  reviewed: string | null;
  /** Show "required" errors only once the operator has asked for a review. */
  showRequired: boolean;
  attemptId: string | null;
  /** The guards main answered with orders and attempts. */
  guards: KnownGuards;
  /** The status line: what just happened, and what to do next. */
  notice: string;
  /** What kind of line it is, so the banner looks like what it says. */
  noticeKind: NoticeKind;
  /** Last amendPrefill applied, so a prefill is taken once. */
  prefillNonce: number | null;
  setField<K extends keyof Draft>(key: K, value: Draft[K]): void;
  setDraft(patch: Partial<Draft>): void;
  setLoaded(loaded: LoadedOrder | null): void;
  review(ok: boolean): void;
  setAttempt(id: string | null): void;
  noteGuard(ids: OrderIds, guard: OrderGuard): void;
  say(notice: string, kind?: NoticeKind): void;
  takePrefill(nonce: number, category: Category, symbol: string): void;
  reset(): void;
}

export function draftKey(d: Draft): string {
  return JSON.stringify(d);
}

export const READY_NOTICE = 'Ready: name an order and the change, then Review.';

/** The desk as it opens: the store's data without its actions (tests start every case from it). */
export const AMEND_START = {
  draft: EMPTY_DRAFT,
  loaded: null,
  reviewed: null,
  showRequired: false,
  attemptId: null,
  guards: NO_GUARDS,
  notice: READY_NOTICE,
  noticeKind: 'ready',
  prefillNonce: null,
} as const satisfies Partial<AmendState>;

export const useAmend = create<AmendState>()((set) => ({
  ...AMEND_START,
  setField: (key, value) => set((s) => ({ draft: { ...s.draft, [key]: value }, reviewed: null })),
  setDraft: (patch) => set((s) => ({ draft: { ...s.draft, ...patch }, reviewed: null })),
  setLoaded: (loaded) => set({ loaded }),
  review: (ok) => set((s) => ({ showRequired: true, reviewed: ok ? draftKey(s.draft) : null })),
  // A review is for one send: once sent, the next change needs its own review.
  setAttempt: (attemptId) => set({ attemptId, reviewed: null, showRequired: false }),
  noteGuard: (ids, guard) => set((s) => ({ guards: noteGuard(s.guards, ids, guard) })),
  // The same line again is no news, and must not re-render the screen.
  say: (notice, kind = 'info') =>
    set((s) => (s.notice === notice && s.noticeKind === kind ? s : { notice, noticeKind: kind })),
  takePrefill: (nonce, category, symbol) =>
    set((s) =>
      s.prefillNonce === nonce
        ? {}
        : {
            prefillNonce: nonce,
            draft: { ...EMPTY_DRAFT, category, symbol },
            loaded: null,
            reviewed: null,
            showRequired: false,
          },
    ),
  reset: () => set({ draft: EMPTY_DRAFT, loaded: null, reviewed: null, showRequired: false }),
}));
