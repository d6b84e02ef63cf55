/**
 * The guards main told the desk, filed under each order key (shared/order-ids), so the desk can show
 * one for an order it is not following any more. Main decides every guard; the desk keeps no rules
 * of its own, and main's latest answer about an order stands over any earlier one.
 */
import type { OrderGuard } from '../../../shared/attempts';
import { orderKeys, type OrderIds } from '../../../shared/order-ids';

export interface KnownGuards {
  /** Order of arrival, so the latest answer wins when an order's keys were told apart. */
  last: number;
  byKey: Readonly<Record<string, { guard: OrderGuard; seq: number }>>;
}

export const NO_GUARDS: KnownGuards = { last: 0, byKey: {} };

const FREE: OrderGuard = { state: 'free' };

export function noteGuard(known: KnownGuards, ids: OrderIds, guard: OrderGuard): KnownGuards {
  const keys = orderKeys(ids);
  if (!keys.length) return known;
  const seq = known.last + 1;
  const byKey = { ...known.byKey };
  for (const key of keys) byKey[key] = { guard, seq };
  return { last: seq, byKey };
}

/** Main's latest word on the order with these identifiers; free when main has said nothing. */
export function guardOf(known: KnownGuards, ids: OrderIds): OrderGuard {
  let latest: { guard: OrderGuard; seq: number } | undefined;
  for (const key of orderKeys(ids)) {
    const k = known.byKey[key];
    if (k && (!latest || k.seq > latest.seq)) latest = k;
  }
  return latest?.guard ?? FREE;
}
