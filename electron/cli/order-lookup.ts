/**
 * Reads the current state of many orders with as few requests as the account allows. One Get Open
 * Orders page answers for up to 100 orders, so a long list starts by paging through the open orders;
 * what is still unknown then (filled or cancelled orders, or an account with far more open orders
 * than the list) is read one by one. Paging stops once it would cost more than the reads it saves,
 * so the whole never takes more than about twice the reads of one Get Order Details per order. The
 * client's limiter paces every request under the exchange's limits; a few run at a time so its
 * window stays full without queueing hundreds of promises.
 */
import { DeskError, EXCHANGE_CODE } from '../../shared/errors';
import type { Order } from '../../shared/schemas';
import type { ExchangeClient } from '../exchange/client';

export interface OrderRef {
  orderId?: string;
  clientOid?: string;
  category?: string;
  symbol?: string;
}

export type OrderLookup = { kind: 'found'; order: Order } | { kind: 'missing'; error: DeskError };

/** Below this many orders, reading each is as cheap as a page and always current. */
export const LIST_FIRST_MIN = 10;
const PAGE_SIZE = 100;
/** Reads in flight at once; the limiter (20/s) does the pacing. */
const CONCURRENT_READS = 8;

/**
 * One result per ref, in order. An order the exchange does not know (25204) is "missing"; any other
 * failure (network, credentials, rate limit after the client's retries) is thrown, since it would
 * fail the remaining reads as well.
 */
export async function lookUpOrders(client: ExchangeClient, refs: readonly OrderRef[]): Promise<OrderLookup[]> {
  const results: Array<OrderLookup | undefined> = refs.map(() => undefined);
  if (refs.length >= LIST_FIRST_MIN) await fromOpenOrders(client, refs, results);
  const rest = refs.flatMap((ref, i) => (results[i] ? [] : [i]));
  await inPool(rest, CONCURRENT_READS, async (i) => {
    const ref = refs[i] as OrderRef;
    try {
      results[i] = { kind: 'found', order: await client.getOrder({ orderId: ref.orderId, clientOid: ref.clientOid }) };
    } catch (e) {
      if (e instanceof DeskError && e.data.code === EXCHANGE_CODE.orderNotFound)
        results[i] = { kind: 'missing', error: e };
      else throw e;
    }
  });
  return results as OrderLookup[];
}

/** The orderId names the order when given (the specification's rule), else the clientOid. */
function keyOf(ref: { orderId?: string; clientOid?: string }): string | undefined {
  if (ref.orderId) return `orderId:${ref.orderId}`;
  return ref.clientOid ? `clientOid:${ref.clientOid}` : undefined;
}

async function fromOpenOrders(
  client: ExchangeClient,
  refs: readonly OrderRef[],
  results: Array<OrderLookup | undefined>,
): Promise<void> {
  const waiting = new Map<string, number[]>();
  refs.forEach((ref, i) => {
    const key = keyOf(ref);
    if (key) waiting.set(key, [...(waiting.get(key) ?? []), i]);
  });
  // Narrow the listing when every ref names the same product type (and symbol).
  const only = <K extends 'category' | 'symbol'>(k: K) => {
    const values = new Set(refs.map((r) => r[k]));
    return values.size === 1 ? [...values][0] : undefined;
  };
  const category = only('category');
  const symbol = category ? only('symbol') : undefined;
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let unresolved = waiting.size;
  while (unresolved > 0 && pages < unresolved) {
    const page = await client.getOpenOrders({ category, symbol, limit: PAGE_SIZE, cursor });
    pages += 1;
    for (const order of page.list) {
      for (const key of [`orderId:${order.orderId}`, `clientOid:${order.clientOid}`]) {
        const indexes = waiting.get(key);
        if (!indexes) continue;
        for (const i of indexes) results[i] = { kind: 'found', order };
        waiting.delete(key);
        unresolved -= 1;
      }
    }
    const next = page.cursor || undefined;
    // An empty page or a cursor seen before is the end (some servers repeat the last cursor).
    if (!next || page.list.length === 0 || seenCursors.has(next)) break;
    seenCursors.add(next);
    cursor = next;
  }
}

/** Runs task on every value with at most `size` running at once; the first failure is thrown. */
async function inPool<T>(values: readonly T[], size: number, task: (value: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < values.length) {
      const value = values[next++] as T;
      try {
        await task(value);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, values.length) }, worker));
}
