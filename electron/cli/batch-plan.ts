/**
 * The planner of `modify-batch`: looks every item's order and instrument up, runs the amend rules on
 * each (the same check as `modify`), and groups what passes into the requests to send: one product
 * type per request (the exchange refuses mixed batches), at most 20 items each, file order kept.
 * Nothing here sends a modification; a dry run prints the plan as it is.
 */
import { checkAmend, type RuleIssue } from '../../shared/amend-rules';
import { describeError } from '../../shared/errors';
import {
  CATEGORIES,
  MAX_BATCH_ITEMS,
  type Category,
  type Instrument,
  type ModifyOrderRequest,
  type Order,
} from '../../shared/schemas';
import type { ExchangeClient } from '../exchange/client';
import { UsageError } from './args';
import type { BatchItem } from './batch-item';
import { lookUpOrders } from './order-lookup';

export interface PlannedItem {
  item: BatchItem;
  /** The order as read before sending (absent when the exchange does not know it). */
  order?: Order;
  /** The product type the item is sent under: the order's. */
  category?: string;
  symbol?: string;
  /** Why it is not sent; empty when it passes every rule. */
  errors: string[];
  /** Set when a rule over the open orders left the order out (its reason); errors then repeat it. */
  exclusion?: string;
  warnings: string[];
  /** The body item to send, when it passes. */
  request?: ModifyOrderRequest;
  /** 1-based request it goes in, when it passes. */
  batch?: number;
}

export interface PlannedBatch {
  number: number;
  category: string;
  items: PlannedItem[];
}

export interface BatchPlan {
  items: PlannedItem[];
  batches: PlannedBatch[];
}

export interface PlanOptions {
  /** autoCancel for items that do not give one. */
  autoCancel?: string;
  now: number;
  /** Instruments a producer of items already read (to compute new prices on their steps). */
  instruments?: InstrumentCache;
}

/**
 * Throws a DeskError when a lookup fails for a reason other than the order not existing (nothing is
 * sent then), and a UsageError when two items turn out to name the same order.
 */
export async function planBatch(
  client: ExchangeClient,
  items: readonly BatchItem[],
  options: PlanOptions,
): Promise<BatchPlan> {
  const toRead = items.filter((i) => !i.order);
  const read = await lookUpOrders(client, toRead);
  const lookups = new Map(toRead.map((item, n) => [item, read[n]]));
  const targets = items.map((item) => {
    const lookup = lookups.get(item);
    const known = item.order ?? (lookup?.kind === 'found' ? lookup.order : undefined);
    // Like `modify`: the instrument the operator named, else the order's.
    return { item, known, category: item.category ?? known?.category, symbol: item.symbol ?? known?.symbol };
  });
  refuseSameOrderTwice(targets);
  const instruments = options.instruments ?? new InstrumentCache(client);
  await instruments.load(targets.filter((t) => t.known));

  const planned = targets.map(({ item, known, category, symbol }): PlannedItem => {
    if (!known) {
      const lookup = lookups.get(item);
      const why = lookup?.kind === 'missing' ? describeError(lookup.error.data) : 'The order could not be read';
      return { item, category: item.category, symbol: item.symbol, errors: [why], warnings: [] };
    }
    const instrument = category && symbol ? instruments.get(category, symbol) : undefined;
    const report = checkAmend(
      { ...item, autoCancel: item.autoCancel ?? options.autoCancel },
      {
        order: known,
        instrument: instrument ?? undefined,
        instrumentNotFound: instrument === null,
        now: options.now,
      },
    );
    return {
      item,
      order: known,
      category: known.category,
      symbol: known.symbol,
      errors: report.errors.map(issueText),
      warnings: report.warnings.map(issueText),
      request: report.ok ? report.request : undefined,
    };
  });
  return { items: planned, batches: batchesOf(planned) };
}

/** A rule's finding in words, with the code the exchange would answer for an error. */
export function issueText(issue: RuleIssue): string {
  return issue.code && issue.severity === 'error'
    ? `${issue.message} (the exchange would answer ${issue.code})`
    : issue.message;
}

/** Named once by orderId and once by clientOid, say: sending both would race with itself. */
function refuseSameOrderTwice(targets: ReadonlyArray<{ item: BatchItem; known?: Order }>): void {
  const first = new Map<string, BatchItem>();
  const problems: string[] = [];
  for (const { item, known: o } of targets) {
    if (!o) continue;
    const earlier = first.get(o.orderId);
    if (earlier) problems.push(`  ${item.where} names order ${o.orderId}, like ${earlier.where}`);
    else first.set(o.orderId, item);
  }
  if (problems.length > 0)
    throw new UsageError(
      `The same order is named twice (once by orderId, once by clientOid); give each order once. Nothing was sent.\n${problems.join('\n')}`,
    );
}

/** Items that pass, by product type in order of first appearance, in requests of at most 20. */
function batchesOf(items: PlannedItem[]): PlannedBatch[] {
  const byCategory = new Map<string, PlannedItem[]>();
  for (const p of items) {
    if (!p.request) continue;
    const key = p.category ?? '';
    byCategory.set(key, [...(byCategory.get(key) ?? []), p]);
  }
  const batches: PlannedBatch[] = [];
  for (const [category, list] of byCategory) {
    for (let i = 0; i < list.length; i += MAX_BATCH_ITEMS) {
      const batch = { number: batches.length + 1, category, items: list.slice(i, i + MAX_BATCH_ITEMS) };
      for (const p of batch.items) p.batch = batch.number;
      batches.push(batch);
    }
  }
  return batches;
}

/**
 * Instruments read once per product type and symbol, or once per product type when several of its
 * symbols are needed (one listing instead of one read each). `null`: the exchange does not list it.
 */
export class InstrumentCache {
  private readonly known = new Map<string, Instrument | null>();

  constructor(private readonly client: ExchangeClient) {}

  async load(targets: ReadonlyArray<{ category?: string; symbol?: string }>): Promise<void> {
    const symbols = new Map<Category, Set<string>>();
    for (const { category, symbol } of targets) {
      if (!category || !symbol || !isCategory(category) || this.known.has(key(category, symbol))) continue;
      symbols.set(category, (symbols.get(category) ?? new Set()).add(symbol));
    }
    for (const [category, wanted] of symbols) {
      const one = wanted.size === 1 ? [...wanted][0] : undefined;
      const listed = await this.client.getInstruments(category, one);
      for (const s of wanted) this.known.set(key(category, s), listed.find((i) => i.symbol === s) ?? null);
    }
  }

  /** undefined: not loaded (or not a product type the exchange has); null: not listed. */
  get(category: string, symbol: string): Instrument | null | undefined {
    return this.known.get(key(category, symbol));
  }
}

function isCategory(c: string): c is Category {
  return (CATEGORIES as readonly string[]).includes(c);
}

function key(category: string, symbol: string): string {
  return `${category} ${symbol}`;
}
