/**
 * Keyset paging of open orders. The cursor names the last order of the page (its createdTime and
 * orderId, opaque to clients), so a page boundary stays put while other orders are modified.
 */
import { paramError } from './api-error';
import { compareNewestFirst, type OrderKey } from './order-store';
import type { OrderRecord } from './order-record';

export const MAX_PAGE_SIZE = 100;

export function encodeCursor(order: OrderRecord): string {
  return Buffer.from(`${order.wire.createdTime}:${order.wire.orderId}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): OrderKey {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const m = /^(\d{1,16}):(\d{1,19})$/.exec(text);
  if (!m) throw paramError('cursor is not a cursor returned by this endpoint');
  return { createdTime: m[1] as string, orderId: m[2] as string };
}

/** "100" → 100; absent → the default; above the maximum → the maximum; anything else → 40017. */
export function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return MAX_PAGE_SIZE;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw paramError('limit must be a positive integer');
  return Math.min(Number(raw), MAX_PAGE_SIZE);
}

/** One page of `sorted` (newest first) after the cursor; cursor "" when nothing follows. */
export function pageAfter(
  sorted: readonly OrderRecord[],
  cursor: string | undefined,
  limit: number,
): { list: OrderRecord[]; cursor: string } {
  let start = 0;
  if (cursor !== undefined && cursor !== '') {
    const key = decodeCursor(cursor);
    start = sorted.findIndex((o) => compareNewestFirst(key, o.wire) < 0);
    if (start < 0) start = sorted.length;
  }
  const list = sorted.slice(start, start + limit);
  const last = list[list.length - 1];
  const more = start + limit < sorted.length;
  return { list, cursor: more && last ? encodeCursor(last) : '' };
}
