/**
 * The amend desk's state that outlives the screen (switching to Instruments and back keeps the
 * draft, the loaded order and the attempt being followed). Money values stay strings throughout.
 */
import { create } from 'zustand';
import type { Attempt, OrderGuard } from '../../../shared/attempts';
import type { Category, Order } from '../../../shared/schemas';

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
  /** What the desk learnt about orders' guards (from main's answers and attempt outcomes), by order key. */
  guards: Record<string, OrderGuard>;
  /** Last amendPrefill applied, so a prefill is taken once. */
  prefillNonce: number | null;
  setField<K extends keyof Draft>(key: K, value: Draft[K]): void;
  setDraft(patch: Partial<Draft>): void;
  setLoaded(loaded: LoadedOrder | null): void;
  review(ok: boolean): void;
  setAttempt(id: string | null): void;
  noteGuard(ids: { orderId?: string; clientOid?: string }, guard: OrderGuard): void;
  takePrefill(nonce: number, category: Category, symbol: string): void;
  reset(): void;
}

export function draftKey(d: Draft): string {
  return JSON.stringify(d);
}

export function orderKeys(ids: { orderId?: string; clientOid?: string }): string[] {
  const keys: string[] = [];
  if (ids.orderId) keys.push(`orderId:${ids.orderId}`);
  if (ids.clientOid) keys.push(`clientOid:${ids.clientOid}`);
  return keys;
}

export const useAmend = create<AmendState>()((set) => ({
  draft: EMPTY_DRAFT,
  loaded: null,
  reviewed: null,
  showRequired: false,
  attemptId: null,
  guards: {},
  prefillNonce: null,
  setField: (key, value) => set((s) => ({ draft: { ...s.draft, [key]: value }, reviewed: null })),
  setDraft: (patch) => set((s) => ({ draft: { ...s.draft, ...patch }, reviewed: null })),
  setLoaded: (loaded) => set({ loaded }),
  review: (ok) => set((s) => ({ showRequired: true, reviewed: ok ? draftKey(s.draft) : null })),
  // A review is for one send: once sent, the next change needs its own review.
  setAttempt: (attemptId) => set({ attemptId, reviewed: null, showRequired: false }),
  noteGuard: (ids, guard) =>
    set((s) => {
      const guards = { ...s.guards };
      for (const key of orderKeys(ids)) {
        // A lock is final; only main's own answer (which keeps it) could say otherwise.
        if (guards[key]?.state === 'locked' && guard.state !== 'locked') continue;
        if (guard.state === 'free') delete guards[key];
        else guards[key] = guard;
      }
      return { guards };
    }),
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

/** The guard the desk knows for the order a draft names (the most restrictive of its keys). */
export function guardFor(
  guards: Record<string, OrderGuard>,
  ids: { orderId?: string; clientOid?: string },
): OrderGuard {
  const rank = { locked: 3, unknown: 2, 'in-flight': 1, free: 0 } as const;
  let best: OrderGuard = { state: 'free' };
  for (const key of orderKeys(ids)) {
    const g = guards[key];
    if (g && rank[g.state] > rank[best.state]) best = g;
  }
  return best;
}

/** The identifiers an attempt concerns: what it named, plus what the exchange or a read told. */
export function attemptIds(a: Attempt): { orderId?: string; clientOid?: string } {
  return {
    orderId: a.request.orderId ?? a.after?.orderId ?? a.before?.orderId,
    clientOid: a.request.clientOid ?? a.after?.clientOid ?? a.before?.clientOid,
  };
}
