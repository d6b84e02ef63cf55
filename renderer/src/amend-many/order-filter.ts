/** Which open orders the Amend many screen shows: a category, a symbol and a side, each optional. */
import { toDec } from '../../../shared/decimal';
import type { Order } from '../../../shared/schemas';

export type SideFilter = '' | 'buy' | 'sell';

export interface OrderFilter {
  /** Upper case as requests carry it; '' for every category. */
  category: string;
  /** Exact symbol, any case; '' for every symbol. */
  symbol: string;
  side: SideFilter;
}

export const NO_FILTER: OrderFilter = { category: '', symbol: '', side: '' };

/** One key per order: the Order ID, or the client order ID of an order that has none yet. */
export function orderKey(o: Pick<Order, 'orderId' | 'clientOid'>): string {
  return o.orderId.trim() || o.clientOid.trim();
}

export function matchesFilter(o: Order, f: OrderFilter): boolean {
  if (f.category && o.category.trim().toUpperCase() !== f.category) return false;
  const symbol = f.symbol.trim().toUpperCase();
  if (symbol && o.symbol.trim().toUpperCase() !== symbol) return false;
  if (f.side && o.side?.trim().toLowerCase() !== f.side) return false;
  return true;
}

/** Distinct symbols of the loaded orders (for the symbol field's suggestions), sorted. */
export function symbolsOf(orders: readonly Order[]): string[] {
  return [...new Set(orders.map((o) => o.symbol.trim().toUpperCase()).filter(Boolean))].sort();
}

/** "USDT-FUTURES · BTCUSDT · buys", or "every open order". */
export function filterWords(f: OrderFilter): string {
  const parts = [f.category, f.symbol.trim().toUpperCase(), f.side ? `${f.side}s` : ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'every open order';
}

/**
 * The order a ladder is read in: by symbol, buys then sells, the highest price first (the exchange
 * lists open orders newest first, which scatters a ladder). Orders without a price go last.
 */
export function ladderOrder(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => {
    const bySymbol = a.symbol.localeCompare(b.symbol) || a.category.localeCompare(b.category);
    if (bySymbol) return bySymbol;
    const bySide = (a.side ?? '').localeCompare(b.side ?? '');
    if (bySide) return bySide;
    const pa = toDec(a.price);
    const pb = toDec(b.price);
    if (!pa || !pb) return pa ? -1 : pb ? 1 : 0;
    return pb.comparedTo(pa);
  });
}
