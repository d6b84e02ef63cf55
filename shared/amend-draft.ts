/**
 * What the amend rules take (a draft, what is known of the order and its instrument) and what they
 * answer (issues, one problem per field, the request to send), and how a draft's values are read.
 */
import type { Instrument, ModifyOrderRequest, Order } from './schemas';

export interface AmendDraft {
  orderId?: string;
  clientOid?: string;
  qty?: string;
  price?: string;
  autoCancel?: string;
  symbol?: string;
  category?: string;
}

/** What is known of the order being amended (from Get Order Details). */
export interface KnownOrder {
  orderId?: string;
  clientOid?: string;
  category: string;
  symbol: string;
  price?: string;
  qty?: string;
  cumExecQty?: string;
  orderStatus: string;
  /** "YES"/"NO" from Get Order Details ("yes"/"no" in pushes): a reduce-only order cannot be modified. */
  reduceOnly?: string;
}

/** What the rules know of an order read from the exchange, in `category` as requests spell it. */
export function knownOrderOf(order: Order, category: string): KnownOrder {
  const orderId = order.orderId.trim();
  return {
    ...(orderId ? { orderId } : {}),
    ...(order.clientOid ? { clientOid: order.clientOid } : {}),
    category,
    symbol: order.symbol,
    ...(order.price ? { price: order.price } : {}),
    ...(order.qty ? { qty: order.qty } : {}),
    ...(order.cumExecQty ? { cumExecQty: order.cumExecQty } : {}),
    ...(order.reduceOnly ? { reduceOnly: order.reduceOnly } : {}),
    orderStatus: order.orderStatus,
  };
}

export interface AmendContext {
  instrument?: Instrument;
  /** Category and symbol were looked up and the exchange does not list that instrument. */
  instrumentNotFound?: boolean;
  order?: KnownOrder;
  /** Current time (ms) for the instrument's maintenance time; without it a scheduled halt is only a warning. */
  now?: number;
  /** Relative price distance from the current price above which a warning is shown (default 0.1 = 10 %). */
  farPriceRatio?: string;
}

export type AmendField =
  'orderId' | 'clientOid' | 'qty' | 'price' | 'autoCancel' | 'symbol' | 'category' | 'order' | 'instrument';

export interface RuleIssue {
  rule: string;
  field: AmendField;
  severity: 'error' | 'warning';
  message: string;
  /** Exchange code the exchange would answer for this, when it checks it at request time. */
  code?: string;
  /** The nearest values that pass every rule of this field: at most one below and one above the value typed. */
  fixes?: string[];
}

export interface AmendReport {
  ok: boolean;
  errors: RuleIssue[];
  warnings: RuleIssue[];
  /**
   * One error per field, in the order the fields first fail: the most fundamental of the field's
   * errors (a value below the minimum before its decimals), with the exchange's code of the first
   * check the exchange would fail, and for Quantity and Price the nearest values that pass.
   * What the desk shows; `errors` keeps every rule broken.
   */
  problems: RuleIssue[];
  /** The normalized body to send (trimmed, empties dropped); only meaningful when ok. */
  request: ModifyOrderRequest;
}

export function clean(v: string | undefined): string | undefined {
  const t = v?.trim();
  return t ? t : undefined;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
