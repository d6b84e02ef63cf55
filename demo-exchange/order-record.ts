/**
 * An order as the demo exchange keeps it: the wire object that order-info answers with (all
 * strings, feeDetail aside) plus the engine's private bookkeeping, which never goes on the wire.
 */
import type { Category } from '../shared/schemas';

export interface FeeDetail {
  feeCoin: string;
  fee: string;
}

export type OrderStatus = 'live' | 'new' | 'partially_filled' | 'filled' | 'cancelled';

export interface OrderWire {
  orderId: string;
  clientOid: string;
  category: Category;
  symbol: string;
  orderType: string;
  side: string;
  price: string;
  qty: string;
  amount: string;
  cumExecQty: string;
  cumExecValue: string;
  avgPrice: string;
  timeInForce: string;
  orderStatus: OrderStatus;
  posSide: string;
  holdMode: string;
  tradeSide: string;
  reduceOnly: string;
  stpMode: string;
  feeDetail: FeeDetail[];
  cancelReason: string;
  execType: string;
  createdTime: string;
  updatedTime: string;
}

/** A modification accepted at request time and waiting for the matching engine. */
export interface PendingModification {
  price?: string;
  qty?: string;
  autoCancel: boolean;
}

/**
 * Progress of a cancellation caused by a failed autoCancel modification. "cancelling" covers the
 * short time the cancel is in flight: requests arriving then are refused like after it (25573).
 */
export type AutoCancelPhase = 'none' | 'cancelling' | 'cancelled';

/** cancelReason of orders cancelled because their modification failed with autoCancel=yes. */
export const AUTO_CANCEL_REASON = 'modify_failed_auto_cancel';
/** cancelReason given to otherwise cancelled orders that do not state one. */
export const USER_CANCEL_REASON = 'normal_cancel';

export const OPEN_STATUSES: readonly OrderStatus[] = ['live', 'new', 'partially_filled'];

export interface OrderRecord {
  uid: string;
  wire: OrderWire;
  pending: PendingModification | null;
  autoCancelPhase: AutoCancelPhase;
}

export function wireCopy(record: OrderRecord): OrderWire {
  return { ...record.wire, feeDetail: record.wire.feeDetail.map((f) => ({ ...f })) };
}

export function recordCopy(record: OrderRecord): OrderRecord {
  return {
    uid: record.uid,
    wire: wireCopy(record),
    pending: record.pending ? { ...record.pending } : null,
    autoCancelPhase: record.autoCancelPhase,
  };
}
