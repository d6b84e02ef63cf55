/**
 * A rule over the open orders, planned by the app's own planner (shared/amend-plan.ts): the CLI reads
 * the instruments (once per product type) and the market, hands everything to planAmends, and turns
 * its rows into the BatchPlan the sender and the result table already take. No value is computed
 * here: the new prices, quantities, rounding, verdicts, exclusions and batches are all the planner's.
 */
import {
  batchesOf,
  planAmends,
  type AmendPlan,
  type MarketLookup,
  type PlanRow,
  type PlanRule,
} from '../../shared/amend-plan';
import { describeError, DeskError } from '../../shared/errors';
import type { Order } from '../../shared/schemas';
import type { ExchangeClient } from '../exchange/client';
import { InstrumentCache, issueText, type BatchPlan, type PlannedBatch, type PlannedItem } from './batch-plan';
import { loadMarketPrices } from './market-prices';
import type { TextSink } from './output';

export interface RulePlan {
  /** The planner's preview, row for row with `batch.items`. */
  amend: AmendPlan;
  batch: BatchPlan;
}

/**
 * Throws the client's DeskError when the instruments cannot be read (nothing is sent then). The
 * market only feeds a warning, so when the tickers cannot be read the plan goes on without the price
 * band, and says so on stderr.
 */
export async function planRule(
  client: ExchangeClient,
  orders: readonly Order[],
  rule: PlanRule,
  options: { now: number; stderr: TextSink },
): Promise<RulePlan> {
  const targets = orders.map((o) => ({ category: o.category.trim().toUpperCase(), symbol: o.symbol }));
  const instruments = new InstrumentCache(client);
  await instruments.load(targets);
  let market: MarketLookup | undefined;
  if (rule.price && orders.length > 0) {
    try {
      market = await loadMarketPrices(client, targets);
    } catch (e) {
      if (!(e instanceof DeskError)) throw e;
      options.stderr.write(
        `Warning: the market prices could not be read, so the price band is not checked: ${describeError(e.data)}\n`,
      );
    }
  }
  const amend = planAmends({
    orders,
    instruments: (category, symbol) => instruments.get(category, symbol) ?? undefined,
    rule,
    now: options.now,
    ...(market ? { market } : {}),
  });
  return { amend, batch: batchPlanOf(amend.rows, orders) };
}

/** A reason in words, with the code the exchange would answer when there is one. */
export function exclusionText(row: PlanRow): string | undefined {
  const x = row.exclusion;
  if (!x) return undefined;
  return x.code ? `${x.message} (the exchange would answer ${x.code})` : x.message;
}

function batchPlanOf(rows: readonly PlanRow[], orders: readonly Order[]): BatchPlan {
  const items = rows.map((row, i): PlannedItem => {
    const exclusion = exclusionText(row);
    // What is sent when there is a request; for a row left out, what the rule gave (if it got that far).
    const price = row.request ? row.request.price : row.next.price;
    const qty = row.request ? row.request.qty : row.next.qty;
    return {
      item: {
        index: i + 1,
        where: `open order ${i + 1}`,
        orderId: row.orderId,
        ...(row.clientOid ? { clientOid: row.clientOid } : {}),
        ...(price !== undefined ? { price } : {}),
        ...(qty !== undefined ? { qty } : {}),
        ...(row.request?.autoCancel ? { autoCancel: row.request.autoCancel } : {}),
        category: row.category,
        symbol: row.symbol,
        order: orders[i],
      },
      order: orders[i],
      category: row.category,
      symbol: row.symbol,
      errors: exclusion ? [exclusion] : row.errors.map(issueText),
      warnings: row.warnings.map(issueText),
      ...(exclusion ? { exclusion } : {}),
      ...(row.status === 'ready' ? { request: row.request } : {}),
    };
  });
  const byRow = new Map(rows.map((row, i) => [row, items[i] as PlannedItem]));
  const batches = batchesOf(rows).map((b, n): PlannedBatch => {
    const planned = b.rows.map((row) => byRow.get(row) as PlannedItem);
    for (const p of planned) p.batch = n + 1;
    return { number: n + 1, category: b.category, items: planned };
  });
  return { items, batches };
}
