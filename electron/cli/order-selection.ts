/**
 * The open orders a `modify-batch` rule applies to: every page of listOpenOrders for the product type
 * and symbol (the exchange filters those), narrowed here by side. The listing is bounded by what one
 * run holds, so a selection too large is refused whole rather than cut at an arbitrary page.
 */
import { MAX_RUN_ITEMS } from '../../shared/batch-run';
import { unwrap, type DeskApi } from '../../shared/contract';
import type { Order } from '../../shared/schemas';
import type { OrderSelection } from './batch-args';
import { UsageError } from './usage-error';

/** One run's bound. */
export const MAX_SELECTED_ORDERS = MAX_RUN_ITEMS;
const PAGE_SIZE = 100;

/** "open USDT-FUTURES BTCUSDT sell orders", "open orders" (--all). */
export function selectionWords(s: OrderSelection): string {
  return ['open', s.category, s.symbol, s.side, 'orders'].filter(Boolean).join(' ');
}

/** "--category USDT-FUTURES --symbol BTCUSDT --side sell", for the hint to narrow a selection. */
function selectionFlags(s: OrderSelection): string {
  const parts = [
    s.category && `--category ${s.category}`,
    s.symbol && `--symbol ${s.symbol}`,
    s.side && `--side ${s.side}`,
  ];
  return parts.filter(Boolean).join(' ') || '--all';
}

/**
 * The matching open orders, each once, in the exchange's order. Throws a UsageError when more than
 * MAX_SELECTED_ORDERS are listed (nothing is sent), and the core's DeskError when a page fails.
 */
export async function selectOpenOrders(api: DeskApi, selection: OrderSelection): Promise<Order[]> {
  const listed: Order[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  // Each round adds at least one order or ends, so the bound on orders bounds the requests too.
  for (;;) {
    const page = await unwrap(
      api.listOpenOrders({
        ...(selection.category ? { category: selection.category } : {}),
        ...(selection.symbol ? { symbol: selection.symbol } : {}),
        limit: PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
      }),
    );
    listed.push(...page.list);
    if (listed.length > MAX_SELECTED_ORDERS)
      throw new UsageError(
        `More than ${MAX_SELECTED_ORDERS} ${selectionWords({ ...selection, side: undefined })} are listed ` +
          `(${selectionFlags({ ...selection, side: undefined })}): a rule amends at most ${MAX_SELECTED_ORDERS}; ` +
          'narrow the selection with --category and --symbol. Nothing was sent.',
      );
    const next = page.cursor || undefined;
    // An empty page or a cursor seen before is the end (some servers repeat the last cursor).
    if (!next || page.list.length === 0 || seenCursors.has(next)) break;
    seenCursors.add(next);
    cursor = next;
  }
  // Orders can move between pages while they are read; each is amended once, on its first listing.
  const seen = new Set<string>();
  return listed.filter((o) => {
    if (!matches(o, selection)) return false;
    const id = o.orderId || `clientOid:${o.clientOid}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** The exchange filters category and symbol already; checked again so a lax server cannot widen it. */
function matches(o: Order, s: OrderSelection): boolean {
  if (s.category && o.category.trim().toUpperCase() !== s.category) return false;
  if (s.symbol && o.symbol.trim().toUpperCase() !== s.symbol) return false;
  if (s.side && o.side?.trim().toLowerCase() !== s.side) return false;
  return true;
}
