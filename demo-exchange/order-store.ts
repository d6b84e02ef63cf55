/** All orders of all accounts, with lookups that never cross from one account into another. */
import type { Category } from '../shared/schemas';
import { OPEN_STATUSES, type OrderRecord } from './order-record';

export interface OrderRef {
  orderId?: string;
  clientOid?: string;
}

export interface OpenOrderFilter {
  category?: Category;
  symbol?: string;
  startTime?: number;
  endTime?: number;
}

/** Numeric order ids of different lengths compare by length first (all are digits). */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

export interface OrderKey {
  createdTime: string;
  orderId: string;
}

/** Newest first, as the exchange lists open orders; orderId breaks ties so the order is total. */
export function compareNewestFirst(a: OrderKey, b: OrderKey): number {
  return compareIds(b.createdTime, a.createdTime) || compareIds(b.orderId, a.orderId);
}

export class OrderStore {
  private readonly byId = new Map<string, OrderRecord>();
  private readonly byClientOid = new Map<string, Map<string, OrderRecord>>();

  constructor(orders: readonly OrderRecord[]) {
    for (const order of orders) this.index(order);
  }

  /** Adds a placed order; its orderId must be new, and its clientOid new for the account. */
  add(order: OrderRecord): void {
    if (this.byId.has(order.wire.orderId)) throw new Error(`orderId ${order.wire.orderId} is taken`);
    if (this.byClientOid.get(order.uid)?.has(order.wire.clientOid)) {
      throw new Error(`clientOid "${order.wire.clientOid}" is taken for uid ${order.uid}`);
    }
    this.index(order);
  }

  hasOrderId(orderId: string): boolean {
    return this.byId.has(orderId);
  }

  private index(order: OrderRecord): void {
    this.byId.set(order.wire.orderId, order);
    let perUid = this.byClientOid.get(order.uid);
    if (!perUid) {
      perUid = new Map();
      this.byClientOid.set(order.uid, perUid);
    }
    perUid.set(order.wire.clientOid, order);
  }

  /**
   * The account's order named by orderId, or by clientOid when no orderId is given (orderId wins
   * even when both name different orders). Another account's order is reported as absent.
   */
  find(uid: string, ref: OrderRef): OrderRecord | undefined {
    if (ref.orderId !== undefined) {
      const order = this.byId.get(ref.orderId);
      return order && order.uid === uid ? order : undefined;
    }
    if (ref.clientOid !== undefined) return this.byClientOid.get(uid)?.get(ref.clientOid);
    return undefined;
  }

  /** Open orders of the account, newest first. */
  open(uid: string, filter: OpenOrderFilter): OrderRecord[] {
    const out: OrderRecord[] = [];
    for (const order of this.byClientOid.get(uid)?.values() ?? []) {
      const w = order.wire;
      if (!OPEN_STATUSES.includes(w.orderStatus)) continue;
      if (filter.category !== undefined && w.category !== filter.category) continue;
      if (filter.symbol !== undefined && w.symbol !== filter.symbol) continue;
      const created = Number(w.createdTime);
      if (filter.startTime !== undefined && created < filter.startTime) continue;
      if (filter.endTime !== undefined && created > filter.endTime) continue;
      out.push(order);
    }
    return out.sort((a, b) => compareNewestFirst(a.wire, b.wire));
  }

  all(): IterableIterator<OrderRecord> {
    return this.byId.values();
  }
}
