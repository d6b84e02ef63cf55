/**
 * Every open order of a category (or of the account), paged through listOpenOrders and bounded at
 * MAX_RUN_ITEMS: a run cannot carry more, and the bound keeps one screen's load finite. With them,
 * main's guards on those orders, as each page answered them.
 */
import { useQuery } from '@tanstack/react-query';
import type { OrderGuard } from '../../../shared/attempts';
import { MAX_RUN_ITEMS } from '../../../shared/batch-run';
import type { Category, Order } from '../../../shared/schemas';
import { call } from '../lib/desk';

const PAGE = 100;

export interface OpenOrdersLoad {
  orders: Order[];
  /** More open orders exist beyond the bound. */
  truncated: boolean;
  /** Main's guard on each order loaded that is not free, by Order ID (the preview refuses those rows). */
  guards: Record<string, OrderGuard>;
}

export async function loadOpenOrders(category: Category | undefined): Promise<OpenOrdersLoad> {
  const orders: Order[] = [];
  const held: [string, OrderGuard][] = [];
  const done = (list: Order[], truncated: boolean): OpenOrdersLoad => ({
    orders: list,
    truncated,
    guards: Object.fromEntries(held),
  });
  let cursor: string | undefined;
  for (;;) {
    const page = await call('listOpenOrders', {
      ...(category ? { category } : {}),
      limit: Math.min(PAGE, MAX_RUN_ITEMS - orders.length),
      ...(cursor ? { cursor } : {}),
    });
    orders.push(...page.list);
    held.push(...Object.entries(page.guards));
    cursor = page.cursor ?? undefined;
    if (!cursor || page.list.length === 0) return done(orders, false);
    if (orders.length >= MAX_RUN_ITEMS) return done(orders.slice(0, MAX_RUN_ITEMS), true);
  }
}

export const openOrdersKey = (category: string) => ['amend-many-open-orders', category] as const;

export function useAllOpenOrders(category: Category | undefined) {
  return useQuery({
    queryKey: openOrdersKey(category ?? ''),
    queryFn: () => loadOpenOrders(category),
    staleTime: 5_000,
    // Reloaded on purpose (Refresh, a new rule), not behind the operator's back while they read the preview.
    refetchOnWindowFocus: false,
  });
}
