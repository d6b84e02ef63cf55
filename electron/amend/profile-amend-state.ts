/**
 * What main keeps per profile for amending: the orders it has seen, their guards and the
 * instruments it has read. Orders differ per account, and so do their guards.
 */
import type { OrderSnapshot } from '../../shared/attempts';
import type { Order } from '../../shared/schemas';
import { InstrumentCache } from './instrument-cache';
import { OrderGuards } from './order-guards';
import { SeenOrders } from './seen-orders';

export interface ProfileAmendState {
  seen: SeenOrders;
  guards: OrderGuards;
  instruments: InstrumentCache;
}

export function newProfileAmendState(now: () => number): ProfileAmendState {
  return { seen: new SeenOrders(), guards: new OrderGuards(), instruments: new InstrumentCache(now) };
}

/** The fields of an order an attempt keeps as its "before" and "after". */
export function snapshot(o: Order | undefined): OrderSnapshot | undefined {
  if (!o) return undefined;
  const { orderId, clientOid, category, symbol, price, qty, cumExecQty, orderStatus, updatedTime } = o;
  return { orderId, clientOid, category, symbol, price, qty, cumExecQty, orderStatus, updatedTime };
}
