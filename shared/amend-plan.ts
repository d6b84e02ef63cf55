/**
 * The amend-many planner: one rule applied to many open orders, worked out before anything is sent.
 * Each selected order becomes a row — current → new values, how they were rounded, the request that
 * would go out and the single-order rules' verdict (checkAmend) — or is excluded with the reason in
 * plain words. The app's preview, main's sender and the CLI's --dry-run all read these rows, so an
 * operator sees beforehand exactly what will be sent.
 */
import { MAX_BATCH_ITEMS, type Category, type Instrument, type ModifyOrderRequest, type Order } from './schemas';
import { validatePlanRule, type PlanRule } from './plan-rule';
import type { OrderGuard } from './attempts';
import {
  planRow,
  type GuardLookup,
  type InstrumentLookup,
  type MarketLookup,
  type PlanRow,
  type RowContext,
} from './plan-row';

export interface PlanInput {
  orders: readonly Order[];
  instruments: InstrumentLookup;
  rule: PlanRule;
  /** Current time (ms), for the instruments' maintenance times. */
  now?: number;
  /** When given, a new price outside the price band is a warning on its row. */
  market?: MarketLookup;
  /** Main's guards on the orders (listOpenOrders' `guards`): a guarded order's row is refused. */
  guards?: GuardLookup;
}

export interface PlanSummary {
  total: number;
  toSend: number;
  excluded: number;
  /** Rows a rule refuses (the exchange would): not sent. */
  refused: number;
  /** Rows to send that carry at least one warning. */
  withWarnings: number;
  /** Batch-modify requests needed for the rows to send. */
  batches: number;
}

export interface AmendPlan {
  rows: PlanRow[];
  summary: PlanSummary;
  /** What is wrong with the rule itself; while there is any, every row is excluded. */
  ruleErrors: string[];
}

export interface PlanBatch {
  category: Category;
  rows: PlanRow[];
  /** rows' requests, in the same order: one batch-modify body. */
  requests: ModifyOrderRequest[];
}

const key = (category: string, symbol: string) => `${category}\u0000${symbol}`;

/** A lookup over a list of instruments (e.g. what Get Instruments returned for the categories shown). */
export function instrumentLookup(instruments: Iterable<Instrument>): InstrumentLookup {
  const byKey = new Map<string, Instrument>();
  for (const ins of instruments) byKey.set(key(ins.category, ins.symbol), ins);
  return (category, symbol) => byKey.get(key(category, symbol));
}

/** A lookup over listOpenOrders' guards, by Order ID (only the record's own entries). */
export function guardLookup(byOrderId: Readonly<Record<string, OrderGuard>>): GuardLookup {
  return (order) => {
    const id = order.orderId.trim();
    return id && Object.hasOwn(byOrderId, id) ? byOrderId[id] : undefined;
  };
}

/** The rule applied to every selected order, in the order given. */
export function planAmends(input: PlanInput): AmendPlan {
  const ruleErrors = validatePlanRule(input.rule);
  const ctx: RowContext = {
    rule: input.rule,
    instruments: input.instruments,
    market: input.market,
    now: input.now,
    ...(input.guards ? { guardOf: input.guards } : {}),
  };
  const seen = new Set<string>();
  const rows = input.orders.map((o) => planRow(o, ctx, seen, ruleErrors.length > 0));
  return { rows, summary: summarize(rows), ruleErrors };
}

/**
 * Items grouped as Batch Modify Orders bodies: one category per batch, at most MAX_BATCH_ITEMS (or
 * `size`, if smaller) items, items in their order within each category, categories in the order they
 * first appear. The preview's batches (batchesOf) and a run's requests (amend-runs.ts) alike.
 */
export function byCategoryBatches<T, K extends string>(
  items: readonly T[],
  categoryOf: (item: T) => K,
  size: number = MAX_BATCH_ITEMS,
): { category: K; items: T[] }[] {
  const per = Math.max(1, Math.min(MAX_BATCH_ITEMS, Math.floor(size)));
  const byCategory = new Map<K, T[]>();
  for (const item of items) {
    const key = categoryOf(item);
    const list = byCategory.get(key) ?? [];
    list.push(item);
    byCategory.set(key, list);
  }
  const batches: { category: K; items: T[] }[] = [];
  for (const [category, list] of byCategory) {
    for (let i = 0; i < list.length; i += per) batches.push({ category, items: list.slice(i, i + per) });
  }
  return batches;
}

/** The ready rows as batch-modify bodies (see byCategoryBatches). */
export function batchesOf(rows: readonly PlanRow[], size: number = MAX_BATCH_ITEMS): PlanBatch[] {
  const ready = rows.filter((r) => r.status === 'ready' && r.request?.category);
  return byCategoryBatches(ready, (r) => r.request?.category as Category, size).map(({ category, items }) => ({
    category,
    rows: items,
    requests: items.map((r) => r.request as ModifyOrderRequest),
  }));
}

export function summarize(rows: readonly PlanRow[]): PlanSummary {
  const ready = rows.filter((r) => r.status === 'ready');
  return {
    total: rows.length,
    toSend: ready.length,
    excluded: rows.filter((r) => r.status === 'excluded').length,
    refused: rows.filter((r) => r.status === 'refused').length,
    withWarnings: ready.filter((r) => r.warnings.length > 0).length,
    batches: batchesOf(rows).length,
  };
}
