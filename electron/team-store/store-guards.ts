/**
 * A guard of the team store as a desk shows it: which order, held by whom, since when, in words that
 * name the holder ("demo-btc-open is being amended by alice on desk-2: in flight since 10:42:05 UTC").
 */
import type { SourceHost } from '../../shared/call-source';

export interface GuardRow {
  order_key: string;
  attempt_id: string;
  desk_id: string;
  state: 'in-flight' | 'unknown' | 'locked';
  since: string | number;
  display_name: string;
  os_user: string;
  host_name: string;
  host_kind: string;
}

export interface StoreGuard {
  /** "orderId:…" or "clientOid:…" (orderKeys). */
  orderKey: string;
  attemptId: string;
  deskId: string;
  state: 'in-flight' | 'unknown' | 'locked';
  since: number;
  /** "alice on desk-2". */
  who: string;
  hostKind: SourceHost | string;
  /** The refusal an amend of this order gets while the guard holds. */
  reason: string;
}

/** "10:42:05 UTC": one clock for every desk of a team, whatever their time zones. */
function clock(ms: number): string {
  return `${new Date(ms).toISOString().slice(11, 19)} UTC`;
}

/** The order's id as the key names it. */
function orderOfKey(key: string): string {
  return key.slice(key.indexOf(':') + 1);
}

export function holderWords(g: Pick<StoreGuard, 'state' | 'who' | 'since' | 'orderKey'>): string {
  const order = orderOfKey(g.orderKey);
  switch (g.state) {
    case 'in-flight':
      return `${order} is being amended by ${g.who}: in flight since ${clock(g.since)}.`;
    case 'unknown':
      return `${order}: outcome unknown, by ${g.who} (since ${clock(g.since)}). Load the order to check it before sending again.`;
    case 'locked':
      return `${order} was cancelled by auto-cancel after a modification by ${g.who}: it cannot be modified again.`;
  }
}

export function guardOfRow(r: GuardRow): StoreGuard {
  const who = `${r.display_name} on ${r.host_name}`;
  const since = Number(r.since);
  const g = { orderKey: r.order_key, state: r.state, who, since };
  return {
    ...g,
    attemptId: r.attempt_id,
    deskId: r.desk_id,
    hostKind: r.host_kind,
    reason: holderWords(g),
  };
}
