/**
 * The rules of POST /api/v3/trade/modify-order that are decided at request time, in the order the
 * exchange applies them: parameters, then the order's state, then the instrument's constraints.
 * Each item of batch-modify-order is decided by exactly these rules too. Every comparison is
 * decimal-exact.
 */
import { Dec, isMultipleOf, isPositiveDecimal, significantDecimals, toDec } from '../shared/decimal';
import {
  categorySchema,
  isFuturesCategory,
  TRADABLE_STATUSES,
  type Category,
  type Instrument,
} from '../shared/schemas';
import { errors, paramError } from './api-error';
import type { OrderRecord } from './order-record';
import type { OrderRef } from './order-store';

export interface ModifyRequest {
  orderId?: string;
  clientOid?: string;
  qty?: string;
  price?: string;
  autoCancel: boolean;
  symbol?: string;
  category?: Category;
}

/** The new values to hand to the engine, written with the instrument's precision. */
export interface AcceptedChange {
  price?: string;
  qty?: string;
}

const FIELDS = ['orderId', 'clientOid', 'qty', 'price', 'autoCancel', 'symbol', 'category'] as const;

/** The request body as JSON, whatever its shape; text that is not JSON is a parameter error. */
export function parseJsonBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw paramError('the request body is not valid JSON');
  }
}

export function isJsonObject(json: unknown): json is Record<string, unknown> {
  return typeof json === 'object' && json !== null && !Array.isArray(json);
}

/**
 * The order an object names, read the way the rules read it: a non-empty string counts, anything
 * else is absent here (and refused by parseModifyItem when it is not a string).
 */
export function namedOrder(json: Record<string, unknown>): OrderRef {
  const id = (name: 'orderId' | 'clientOid'): string | undefined => {
    const v = json[name];
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  return { orderId: id('orderId'), clientOid: id('clientOid') };
}

/**
 * Validates one modification object: the body of modify-order, or one item of batch-modify-order.
 * An empty string counts as "not given", like an absent field.
 */
export function parseModifyItem(json: unknown): ModifyRequest {
  if (!isJsonObject(json)) throw paramError('the request body must be a JSON object');
  const given: Partial<Record<(typeof FIELDS)[number], string>> = {};
  for (const name of FIELDS) {
    if (!Object.hasOwn(json, name)) continue;
    const value = json[name];
    if (typeof value !== 'string') throw paramError(`${name} must be a string`);
    if (value !== '') given[name] = value;
  }
  if (given.orderId === undefined && given.clientOid === undefined) {
    throw paramError('orderId or clientOid is required');
  }
  if (given.qty === undefined && given.price === undefined) throw paramError('qty or price is required');
  if (given.autoCancel !== undefined && given.autoCancel !== 'yes' && given.autoCancel !== 'no') {
    throw paramError('autoCancel must be "yes" or "no"');
  }
  let category: Category | undefined;
  if (given.category !== undefined) {
    const parsed = categorySchema.safeParse(given.category);
    if (!parsed.success) throw paramError(`category must be one of ${categorySchema.options.join(', ')}`);
    category = parsed.data;
  }
  for (const name of ['price', 'qty'] as const) {
    const v = given[name];
    if (v !== undefined && !isPositiveDecimal(v)) throw paramError(`${name} must be a positive decimal string`);
  }
  return {
    orderId: given.orderId,
    clientOid: given.clientOid,
    qty: given.qty,
    price: given.price,
    autoCancel: given.autoCancel === 'yes',
    symbol: given.symbol,
    category,
  };
}

/** Throws the exchange's answer when the instrument does not accept orders in its current status. */
export function assertTradable(inst: Instrument): void {
  if (TRADABLE_STATUSES.includes(inst.status)) return;
  if (inst.status === 'offline') throw errors.pairMaintenance();
  throw errors.pairNotOpen();
}

export function isTradable(inst: Instrument | undefined): boolean {
  return inst !== undefined && TRADABLE_STATUSES.includes(inst.status);
}

function withPrecision(value: string, decimals: string | undefined): string {
  const d = decimals === undefined || decimals === '' ? undefined : Number(decimals);
  return d === undefined ? new Dec(value).toFixed() : new Dec(value).toFixed(d);
}

/**
 * Checks new price/qty against the instrument. Multipliers and order-quantity bounds apply to
 * futures only (the specification says so); spot and margin are bound by precision and amount.
 */
export function checkValues(inst: Instrument, price: string | undefined, qty: string | undefined): void {
  if (price !== undefined && inst.pricePrecision && significantDecimals(price) > Number(inst.pricePrecision)) {
    throw errors.precision('price', inst.pricePrecision);
  }
  if (qty !== undefined && inst.quantityPrecision && significantDecimals(qty) > Number(inst.quantityPrecision)) {
    throw errors.precision('qty', inst.quantityPrecision);
  }
  if (!isFuturesCategory(inst.category)) return;
  if (price !== undefined && !isMultipleOf(price, inst.priceMultiplier)) {
    throw errors.notMultiple('price', inst.priceMultiplier ?? '');
  }
  if (qty !== undefined && !isMultipleOf(qty, inst.quantityMultiplier)) {
    throw errors.notMultiple('qty', inst.quantityMultiplier ?? '');
  }
  if (qty === undefined) return;
  const q = new Dec(qty);
  const min = toDec(inst.minOrderQty);
  if (min && q.lt(min)) throw errors.qtyBelowMinimum(inst.minOrderQty ?? '');
  const max = toDec(inst.maxOrderQty);
  if (max && !max.isZero() && q.gt(max)) throw errors.qtyAboveMaximum(inst.maxOrderQty ?? '');
}

/** qty × price, with the order's current value standing in for the one not being changed. */
function checkAmount(inst: Instrument, order: OrderRecord, price: string | undefined, qty: string | undefined): void {
  const min = toDec(inst.minOrderAmount);
  if (!min || min.lte(0)) return;
  const p = toDec(price ?? order.wire.price);
  const q = toDec(qty ?? order.wire.qty);
  if (!p || !q) return;
  if (p.mul(q).lt(min)) throw errors.amountBelowMinimum(inst.minOrderAmount ?? '');
}

function isUnchanged(order: OrderRecord, price: string | undefined, qty: string | undefined): boolean {
  const same = (next: string | undefined, current: string): boolean =>
    next === undefined || (toDec(current)?.eq(new Dec(next)) ?? false);
  return same(price, order.wire.price) && same(qty, order.wire.qty);
}

/**
 * Decides a parsed request against the account's order and the order's instrument. Returns the
 * change to submit, or throws the answer.
 */
export function checkModification(
  req: ModifyRequest,
  order: OrderRecord,
  instrumentOf: (category: Category, symbol: string) => Instrument | undefined,
): AcceptedChange {
  if (order.autoCancelPhase !== 'none') throw errors.cancelledByAutoCancel();
  // An accepted modification the engine has not applied yet outranks every other order-state answer.
  if (order.pending) throw errors.modificationInProgress();
  const w = order.wire;
  if (w.orderStatus === 'filled') throw errors.notModifiable('the order is completely filled');
  if (w.orderStatus === 'cancelled') throw errors.notModifiable('the order is cancelled');
  // exchange-facts.md: "reduce-only orders cannot be modified".
  if (w.reduceOnly === 'YES') throw errors.notModifiable('reduce-only orders cannot be modified');
  if (req.symbol !== undefined && req.symbol !== w.symbol) {
    throw paramError(`symbol ${req.symbol} does not match the order's symbol ${w.symbol}`);
  }
  if (req.category !== undefined && req.category !== w.category) {
    throw paramError(`category ${req.category} does not match the order's category ${w.category}`);
  }
  const inst = instrumentOf(w.category, w.symbol);
  if (!inst) throw errors.pairMissing();
  assertTradable(inst);
  checkValues(inst, req.price, req.qty);
  checkAmount(inst, order, req.price, req.qty);
  if (isUnchanged(order, req.price, req.qty)) throw errors.unchanged();
  const change: AcceptedChange = {};
  if (req.price !== undefined) change.price = withPrecision(req.price, inst.pricePrecision);
  if (req.qty !== undefined) change.qty = withPrecision(req.qty, inst.quantityPrecision);
  return change;
}

/** A modification decided at request time: the order to hand to the engine, and what to change. */
export interface AcceptedModification {
  order: OrderRecord;
  change: AcceptedChange;
  autoCancel: boolean;
}

/**
 * The whole request-time decision for one modification object, single or batch item alike:
 * parameters, then the account's order (another account's is "not found" as well: accounts never
 * see each other's orders), then the order's state and its instrument. Throws the answer.
 */
export function decideModification(
  json: unknown,
  findOrder: (ref: OrderRef) => OrderRecord | undefined,
  instrumentOf: (category: Category, symbol: string) => Instrument | undefined,
): AcceptedModification {
  const req = parseModifyItem(json);
  const order = findOrder({ orderId: req.orderId, clientOid: req.clientOid });
  if (!order) throw errors.orderMissing();
  return { order, change: checkModification(req, order, instrumentOf), autoCancel: req.autoCancel };
}
