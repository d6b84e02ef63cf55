/**
 * What main knows about an order's modifiability beyond the exchange's own view, per profile:
 *  - in-flight: a modification was sent and its result is not known yet (specification rule 2);
 *  - locked: auto-cancel cancelled it, so every further modification is refused (rule 3);
 *  - unknown: a modify request went unanswered; nothing more is sent until the order is read again.
 *
 * With a team store, the guards other desks hold on the account's orders are kept beside this desk's
 * own (`elsewhere`, replaced whenever the store says they changed): an amend of an order another desk
 * holds is refused here with the holder's words, before the store's transaction would refuse it.
 */
import type { OrderGuard } from '../../shared/attempts';
import { orderKeys, type OrderIds } from '../../shared/order-ids';

type HeldState = Exclude<OrderGuard['state'], 'free'>;
interface Held {
  state: HeldState;
  attemptId?: string;
  reason: string;
}

/** A lock outranks an unknown outcome, which outranks an in-flight one, when keys disagree. */
const RANK: Record<HeldState, number> = { locked: 3, unknown: 2, 'in-flight': 1 };

/** A guard another desk holds, by order key (see TeamStore.guards). */
export interface ElsewhereGuard {
  orderKey: string;
  state: HeldState;
  attemptId: string;
  reason: string;
}

export class OrderGuards {
  private readonly held = new Map<string, Held>();
  private elsewhere = new Map<string, Held>();

  get(ids: OrderIds): OrderGuard {
    let best: Held | undefined;
    for (const key of orderKeys(ids)) {
      for (const h of [this.held.get(key), this.elsewhere.get(key)])
        if (h && (!best || RANK[h.state] > RANK[best.state])) best = h;
    }
    return best ? { state: best.state, attemptId: best.attemptId, reason: best.reason } : { state: 'free' };
  }

  /** This desk's own guard on the order for this attempt, if it holds one (what the team store mirrors). */
  heldBy(ids: OrderIds, attemptId: string): HeldState | null {
    for (const key of orderKeys(ids)) {
      const h = this.held.get(key);
      if (h?.attemptId === attemptId) return h.state;
    }
    return null;
  }

  /** The guards other desks hold now, as the team store lists them. */
  setElsewhere(guards: readonly ElsewhereGuard[]): void {
    this.elsewhere = new Map(
      guards.map((g) => [g.orderKey, { state: g.state, attemptId: g.attemptId, reason: g.reason }]),
    );
  }

  set(ids: OrderIds, state: HeldState, reason: string, attemptId?: string): void {
    for (const key of orderKeys(ids)) {
      // A lock is final: nothing that happens later to the order's attempts lifts it.
      if (this.held.get(key)?.state === 'locked' && state !== 'locked') continue;
      this.held.set(key, { state, reason, attemptId });
    }
  }

  /** Frees the order, except from a lock; `only` limits which state (and whose attempt) is lifted. */
  release(ids: OrderIds, only?: { state?: HeldState; attemptId?: string }): void {
    for (const key of orderKeys(ids)) {
      // The order was read again: another desk's unknown outcome on it is known now too.
      if (only?.state === 'unknown' && only.attemptId === undefined && this.elsewhere.get(key)?.state === 'unknown')
        this.elsewhere.delete(key);
      const h = this.held.get(key);
      if (!h || h.state === 'locked') continue;
      if (only?.state !== undefined && h.state !== only.state) continue;
      if (only?.attemptId !== undefined && h.attemptId !== only.attemptId) continue;
      this.held.delete(key);
    }
  }
}
