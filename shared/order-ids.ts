/**
 * "The same order" for the desk: an order is known by its orderId and its clientOid, and a request
 * may name either. Every guard and cache is keyed by both so that naming the order either way finds
 * it. Shared so main and the renderer file an order's guard under the same keys.
 */
import type { Attempt } from './attempts';

export interface OrderIds {
  orderId?: string;
  clientOid?: string;
}

export function orderKeys(ids: OrderIds): string[] {
  const keys: string[] = [];
  if (ids.orderId) keys.push(`orderId:${ids.orderId}`);
  if (ids.clientOid) keys.push(`clientOid:${ids.clientOid}`);
  return keys;
}

export function mergeIds(...all: (OrderIds | undefined)[]): OrderIds {
  const out: OrderIds = {};
  for (const ids of all) {
    if (!ids) continue;
    out.orderId ??= ids.orderId || undefined;
    out.clientOid ??= ids.clientOid || undefined;
  }
  return out;
}

/** The identifiers an attempt concerns: what it named, plus what the exchange or a read told. */
export function attemptIds(a: Pick<Attempt, 'request' | 'before' | 'after'>): OrderIds {
  return mergeIds(a.request, a.after, a.before);
}

/** "1387…041 (demo-btc-open)", or whichever of the two is known. */
export function describeIds(ids: OrderIds): string {
  if (ids.orderId && ids.clientOid) return `${ids.orderId} (${ids.clientOid})`;
  return ids.orderId ?? ids.clientOid ?? 'unknown order';
}

/** "demo-btc-open": the name an operator knows an order by, its client order ID, else its Order ID. */
export function orderName(ids: OrderIds): string {
  return ids.clientOid || ids.orderId || 'unknown order';
}
