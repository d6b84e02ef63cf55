/**
 * The amend desk's state that outlives the screen (switching to Instruments and back keeps the
 * draft, the loaded order and the attempt being followed). Money values stay strings throughout.
 *
 * The draft belongs to one order: the change typed (Quantity, Price, the helpers' counters) is for
 * the order named when it was typed. Editing an identifier names another order, so it unloads the
 * order, empties the other identifier and clears the change, and the category and symbol when an
 * order filled them in; loading another order clears the change too. A line about an order (an
 * attempt's progress or outcome, a send that failed) names it, is said only while the draft names
 * that order, and leaves with it.
 * Loads are numbered: only the answer of the newest load is taken, and a Review pressed while a load
 * is on its way is done once that load has answered (it is the review of that order).
 */
import { create } from 'zustand';
import type { OrderGuard } from '../../../shared/attempts';
import { orderName, type OrderIds } from '../../../shared/order-ids';
import { categorySchema, type Category, type Order } from '../../../shared/schemas';
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
  /** The load that brought it. */
  gen: number;
}

/** What the status line is about: an event (stays as said), or the review (said from the draft as it is now). */
export type NoticeAbout = 'event' | 'review';

interface AmendState {
  draft: Draft;
  loaded: LoadedOrder | null;
  /** The draft's category and symbol were filled in from an order (a load, a pick): an edit of an ID clears them. */
  fromOrder: boolean;
  /** Numbers the loads the operator asked for; the newest is the only one whose answer counts. */
  loadGen: number;
  /** The newest load that has answered (or failed): a load is on its way while it is below loadGen. */
  landedGen: number;
  /** Bumped whenever the change starts afresh for another order: the helpers' counters reset with it. */
  draftGen: number;
  /** The draft as it was when reviewed; any edit afterwards needs a new review. */
  reviewed: string | null;
  /** A Review pressed while load `reviewAsked` was on its way: done once that load has answered. */
  reviewAsked: number | null;
  /** Show "required" errors only once the operator has asked for a review. */
  showRequired: boolean;
  attemptId: string | null;
  /** The guards main answered with orders and attempts. */
  guards: KnownGuards;
  /** The status line: what just happened, and what to do next. */
  notice: string;
  /** What kind of line it is, so the banner looks like what it says. */
  noticeKind: NoticeKind;
  noticeAbout: NoticeAbout;
  /** Last amendPrefill applied, so a prefill is taken once. */
  prefillNonce: number | null;
  setField<K extends keyof Draft>(key: K, value: Draft[K]): void;
  setDraft(patch: Partial<Draft>): void;
  /** An order picked from Open orders: named by both its IDs, with a fresh change; its load follows. */
  pick(order: Order): void;
  /** A load is asked for: answers the number its answer must carry to be taken. */
  startLoad(): number;
  /** The answer of load `gen`; false (and nothing changes) when a newer load was asked since. */
  landLoad(gen: number, order: Order, guard: OrderGuard): boolean;
  /** Load `gen` failed: the order named is not loaded. */
  failLoad(gen: number): boolean;
  /** A read of the order after an outcome: taken only while that order is still the one loaded or named. */
  refreshLoaded(order: Order, guard: OrderGuard): void;
  /** Review asked: done now (ok says whether the rules pass), or deferred while a load is on its way. */
  review(ok: boolean): 'done' | 'deferred';
  setAttempt(id: string | null): void;
  noteGuard(ids: OrderIds, guard: OrderGuard): void;
  say(notice: string, kind?: NoticeKind, about?: NoticeAbout): void;
  /** A line about that order, said as "demo-btc-open · line": only while the draft names that order. */
  sayAbout(ids: OrderIds, line: string, kind: NoticeKind): void;
  /** A change to that order was applied: the draft's change is cleared, while the draft still names it. */
  changeApplied(ids: OrderIds): void;
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
  fromOrder: false,
  loaded: null,
  loadGen: 0,
  landedGen: 0,
  draftGen: 0,
  reviewed: null,
  reviewAsked: null,
  showRequired: false,
  attemptId: null,
  guards: NO_GUARDS,
  notice: READY_NOTICE,
  noticeKind: 'ready',
  noticeAbout: 'event',
  prefillNonce: null,
} as const satisfies Partial<AmendState>;

const sameOrder = (a: Order | undefined, b: Order): boolean =>
  !!a && (a.orderId && b.orderId ? a.orderId === b.orderId : !!a.clientOid && a.clientOid === b.clientOid);

/**
 * The draft names the order known by these IDs: by Order ID when the draft gives one (it wins), else
 * by client order ID. A loaded order, an outcome or a send error is shown only then.
 */
export function namesOrder(d: Draft, ids: OrderIds): boolean {
  const orderId = d.orderId.trim();
  const clientOid = d.clientOid.trim();
  return orderId ? ids.orderId === orderId : !!clientOid && ids.clientOid === clientOid;
}

/** "demo-btc-open · Applied: …": a line about an order, named by it. */
export const aboutOrder = (ids: OrderIds, line: string): string => `${orderName(ids)} · ${line}`;

/** The draft's order part for an order the exchange described: both IDs, its category and symbol. */
function named(o: Order): Pick<Draft, 'orderId' | 'clientOid' | 'category' | 'symbol'> {
  const cat = categorySchema.safeParse(o.category);
  return { orderId: o.orderId, clientOid: o.clientOid || '', category: cat.success ? cat.data : '', symbol: o.symbol };
}

/** A fresh start for another order: no change, no review, the helpers' counters back to their defaults. */
const FRESH = { qty: '', price: '' } as const;

/**
 * No order loaded and a fresh change: a load still on its way is made stale (its answer will carry an
 * older number), the helpers' counters start again, and a line about the last order leaves with it.
 */
const unloaded = (s: Pick<AmendState, 'loadGen' | 'draftGen'>) =>
  ({
    loaded: null,
    fromOrder: false,
    loadGen: s.loadGen + 1,
    landedGen: s.loadGen + 1,
    draftGen: s.draftGen + 1,
    reviewed: null,
    reviewAsked: null,
    showRequired: false,
    notice: READY_NOTICE,
    noticeKind: 'ready',
    noticeAbout: 'event',
  }) as const;

export const useAmend = create<AmendState>()((set, get) => ({
  ...AMEND_START,
  setField: (key, value) =>
    set((s) => {
      if (key !== 'orderId' && key !== 'clientOid') return { draft: { ...s.draft, [key]: value }, reviewed: null };
      // Another identifier names another order: nothing typed, loaded or filled in for the last one
      // carries over. A category and symbol the operator gave (or the instrument browser) are theirs.
      const other = key === 'orderId' ? 'clientOid' : 'orderId';
      const instrument: Partial<Draft> = s.fromOrder ? { category: '', symbol: '' } : {};
      return { ...unloaded(s), draft: { ...s.draft, ...FRESH, ...instrument, [key]: value, [other]: '' } };
    }),
  setDraft: (patch) => set((s) => ({ draft: { ...s.draft, ...patch }, reviewed: null })),
  pick: (o) =>
    set((s) => ({
      draft: { ...s.draft, ...named(o), ...FRESH },
      fromOrder: true,
      loaded: null,
      draftGen: s.draftGen + 1,
      reviewed: null,
      reviewAsked: null,
      showRequired: false,
    })),
  startLoad: () => {
    const gen = get().loadGen + 1;
    set({ loadGen: gen });
    return gen;
  },
  landLoad: (gen, order, guard) => {
    const s = get();
    if (gen !== s.loadGen) return false;
    // Another order than the one loaded: the change starts afresh. The same one read again keeps it,
    // and so does the first load of the order named: what was typed since naming it is for it (an
    // edit of an ID or a pick has already cleared what was typed for another).
    const another = s.loaded !== null && !sameOrder(s.loaded.order, order);
    set({
      loaded: { order, guard, at: Date.now(), gen },
      landedGen: gen,
      draft: { ...s.draft, ...named(order), ...(another ? FRESH : {}) },
      fromOrder: true,
      ...(another ? { draftGen: s.draftGen + 1, showRequired: s.reviewAsked === gen } : {}),
      reviewed: null,
    });
    return true;
  },
  failLoad: (gen) => {
    const s = get();
    if (gen !== s.loadGen) return false;
    set({ loaded: null, landedGen: gen, reviewed: null });
    return true;
  },
  refreshLoaded: (order, guard) =>
    set((s) => {
      if (s.loaded) return sameOrder(s.loaded.order, order) ? { loaded: { ...s.loaded, order, guard } } : {};
      // Sent without loading it: the order as the outcome left it is shown, while the draft still names it.
      if (s.landedGen < s.loadGen || !namesOrder(s.draft, order)) return {};
      return {
        loaded: { order, guard, at: Date.now(), gen: s.loadGen },
        draft: { ...s.draft, ...named(order) },
        fromOrder: true,
        reviewed: null,
      };
    }),
  review: (ok) => {
    const s = get();
    if (s.landedGen < s.loadGen) {
      set({ reviewAsked: s.loadGen, showRequired: true, reviewed: null });
      return 'deferred';
    }
    set({ reviewAsked: null, showRequired: true, reviewed: ok ? draftKey(s.draft) : null });
    return 'done';
  },
  // A review is for one send: once sent, the next change needs its own review.
  setAttempt: (attemptId) => set({ attemptId, reviewed: null, showRequired: false, reviewAsked: null }),
  noteGuard: (ids, guard) => set((s) => ({ guards: noteGuard(s.guards, ids, guard) })),
  // The same line again is no news, and must not re-render the screen.
  say: (notice, kind = 'info', about = 'event') =>
    set((s) =>
      s.notice === notice && s.noticeKind === kind && s.noticeAbout === about
        ? s
        : { notice, noticeKind: kind, noticeAbout: about },
    ),
  sayAbout: (ids, line, kind) => {
    if (namesOrder(get().draft, ids)) get().say(aboutOrder(ids, line), kind);
  },
  changeApplied: (ids) =>
    set((s) => (namesOrder(s.draft, ids) ? { draft: { ...s.draft, ...FRESH }, reviewed: null } : {})),
  takePrefill: (nonce, category, symbol) =>
    set((s) =>
      s.prefillNonce === nonce
        ? {}
        : {
            ...unloaded(s),
            prefillNonce: nonce,
            draft: { ...EMPTY_DRAFT, category, symbol },
          },
    ),
  reset: () => set((s) => ({ ...unloaded(s), draft: EMPTY_DRAFT })),
}));
