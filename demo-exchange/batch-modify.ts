/**
 * POST /api/v3/trade/batch-modify-order: a bare JSON array of 1..20 modifications, the way the
 * exchange documents it and bitget-api sends it. What makes the batch as a whole unacceptable (its
 * shape, its size, two business lines, one order named twice) refuses it before anything is applied;
 * after that each item is decided by the single-order rules and answered on its own, so a batch can
 * partly succeed.
 */
import { CATEGORIES, type Category, type Instrument } from '../shared/schemas';
import { ApiError, paramError, SUCCESS_CODE } from './api-error';
import { decideModification, isJsonObject, namedOrder } from './modify-rules';
import type { MatchingEngine } from './matching-engine';
import type { OrderRecord } from './order-record';
import type { OrderRef } from './order-store';

export const MAX_BATCH_ITEMS = 20;

/**
 * One answer per item, in item order. The exchange documents orderId and clientOid; code and msg
 * say what became of the item ("00000"/"success" when accepted), as its other batch endpoints do.
 */
export interface BatchItemAnswer {
  orderId: string;
  clientOid: string;
  code: string;
  msg: string;
}

export interface BatchDeps {
  findOrder: (ref: OrderRef) => OrderRecord | undefined;
  instrumentOf: (category: Category, symbol: string) => Instrument | undefined;
  engine: Pick<MatchingEngine, 'submit'>;
}

interface NamedItem {
  item: Record<string, unknown>;
  ref: OrderRef;
  order: OrderRecord | undefined;
}

function itemsOf(json: unknown): Record<string, unknown>[] {
  if (!Array.isArray(json)) throw paramError('the request body must be a JSON array of orders');
  if (json.length === 0) throw paramError('the order list is empty');
  if (json.length > MAX_BATCH_ITEMS) {
    throw paramError(`at most ${MAX_BATCH_ITEMS} orders per batch, got ${json.length}`);
  }
  json.forEach((item, i) => {
    if (!isJsonObject(item)) throw paramError(`item ${i + 1} of the order list must be a JSON object`);
  });
  return json as Record<string, unknown>[];
}

/** Who an item names: the order found (orderId wins, as in a single modify), else the words it used. */
function identity(named: NamedItem): string | undefined {
  if (named.order) return `order:${named.order.wire.orderId}`;
  if (named.ref.orderId !== undefined) return `order:${named.ref.orderId}`;
  if (named.ref.clientOid !== undefined) return `clientOid:${named.ref.clientOid}`;
  return undefined;
}

function assertEachOrderOnce(items: readonly NamedItem[]): void {
  const seen = new Map<string, number>();
  items.forEach((named, i) => {
    const who = identity(named);
    if (who === undefined) return;
    const first = seen.get(who);
    if (first !== undefined) throw paramError(`items ${first + 1} and ${i + 1} name the same order`);
    seen.set(who, i);
  });
}

const CATEGORY_SET: ReadonlySet<unknown> = new Set(CATEGORIES);

/**
 * One business line per batch: the categories the items state and those of the orders they name.
 * A category that is no category at all is that item's own parameter error, not the batch's.
 */
function assertOneCategory(items: readonly NamedItem[]): void {
  const categories = new Set<string>();
  for (const { item, order } of items) {
    if (CATEGORY_SET.has(item.category)) categories.add(item.category as string);
    if (order) categories.add(order.wire.category);
  }
  if (categories.size > 1) {
    throw paramError(`all orders of a batch must be of one category, got ${[...categories].sort().join(', ')}`);
  }
}

function refusal(named: NamedItem, e: ApiError): BatchItemAnswer {
  return {
    orderId: named.order?.wire.orderId ?? named.ref.orderId ?? '',
    clientOid: named.order?.wire.clientOid ?? named.ref.clientOid ?? '',
    code: e.code,
    msg: e.message,
  };
}

/**
 * Decides a parsed body (throws the whole-request refusal) and hands every accepted item to the
 * engine, exactly as a single modify would be.
 */
export function batchModify(json: unknown, deps: BatchDeps): BatchItemAnswer[] {
  const named = itemsOf(json).map((item): NamedItem => {
    const ref = namedOrder(item);
    const order = ref.orderId !== undefined || ref.clientOid !== undefined ? deps.findOrder(ref) : undefined;
    return { item, ref, order };
  });
  assertEachOrderOnce(named);
  assertOneCategory(named);
  // Nothing has been applied up to here; from here on every item stands on its own.
  return named.map((n) => {
    try {
      const { order, change, autoCancel } = decideModification(n.item, deps.findOrder, deps.instrumentOf);
      deps.engine.submit(order, change, autoCancel);
      return { orderId: order.wire.orderId, clientOid: order.wire.clientOid, code: SUCCESS_CODE, msg: 'success' };
    } catch (e) {
      if (e instanceof ApiError) return refusal(n, e);
      throw e;
    }
  });
}
