/**
 * Every open order of a category (or of the account), paged through listOpenOrders and bounded at
 * MAX_RUN_ITEMS: a run cannot carry more, and the bound keeps one screen's load finite.
 */
import { useQuery } from '@tanstack/react-query';
import { MAX_RUN_ITEMS } from '../../../shared/batch-run';
import type { Category, Order } from '../../../shared/schemas';
import { call } from '../lib/desk';

const PAGE = 100;

export interface OpenOrdersLoad {
  orders: Order[];
  /** More open orders exist beyond the bound. */
  truncated: boolean;
}

export async function loadOpenOrders(category: Category | undefined): Promise<OpenOrdersLoad> {
  const orders: Order[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await call('listOpenOrders', {
      ...(category ? { category } : {}),
      limit: Math.min(PAGE, MAX_RUN_ITEMS - orders.length),
      ...(cursor ? { cursor } : {}),
    });
    orders.push(...page.list);
    cursor = page.cursor ?? undefined;
    if (!cursor || page.list.length === 0) return { orders, truncated: false };
    if (orders.length >= MAX_RUN_ITEMS) return { orders: orders.slice(0, MAX_RUN_ITEMS), truncated: true };
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
