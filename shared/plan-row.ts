/**
 * One row of an Amend many plan: a selected order under the rule, its current → new values, how they
 * were rounded to the instrument's grid, the request that would go out and the single-order rules'
 * verdict, or why it is left out in plain words.
 */
import { knownOrderOf, type RuleIssue } from './amend-draft';
import type { OrderGuard } from './attempts';
import { checkAmend } from './amend-rules';
import { changeText } from './change-text';
import { Dec } from './decimal';
import { EXCHANGE_CODE } from './errors';
import { priceBandWarning } from './price-band';
import { CATEGORIES, type Category, type Instrument, type ModifyOrderRequest, type Order } from './schemas';
import type { PlanRule } from './plan-rule';
import {
  nextPrice,
  nextQty,
  positive,
  refusal,
  type Exclusion,
  type ExclusionReason,
  type FieldOutcome,
  type RoundingNote,
} from './plan-row-values';

/** Statuses of an order that can still be modified (Get Open Orders lists exactly these). */
export const OPEN_ORDER_STATUSES: readonly string[] = ['live', 'new', 'partially_filled'];

export type InstrumentLookup = (category: Category, symbol: string) => Instrument | undefined;
/** A market price to compare against the instrument's price band (last price, or mark for futures). */
export type MarketLookup = (category: Category, symbol: string) => string | undefined;
/**
 * Main's guard on an order (in flight, outcome unknown, locked; on this desk or another of the team
 * store), as listOpenOrders answered it; undefined when main named none.
 */
export type GuardLookup = (order: Order) => OrderGuard | undefined;

export type RowStatus = 'ready' | 'refused' | 'excluded';

export interface PlanValues {
  price?: string;
  qty?: string;
}

export interface PlanRow {
  orderId: string;
  clientOid?: string;
  /** Upper case, as requests carry it (an order pushed by the stream says "usdt-futures"). */
  category: string;
  symbol: string;
  side?: string;
  /**
   * ready: will be sent; refused: a rule says the exchange would refuse it, or main guards the order
   * (see errors); excluded: not sent, see exclusion.
   */
  status: RowStatus;
  current: PlanValues & { filledQty?: string };
  /** The values the rule gives, for the fields it touches (present on excluded rows once computed). */
  next: PlanValues;
  priceRounding?: RoundingNote;
  qtyRounding?: RoundingNote;
  /** "price 60000.0 → 60000.2, qty 0.0100 → 0.0050" (ready and refused rows). */
  change?: string;
  /** The body that would be sent: only the fields that change (ready and refused rows). */
  request?: ModifyOrderRequest;
  errors: RuleIssue[];
  warnings: RuleIssue[];
  exclusion?: Exclusion;
}

function normalizedCategory(c: string): Category | undefined {
  const upper = c.trim().toUpperCase();
  return (CATEGORIES as readonly string[]).includes(upper) ? (upper as Category) : undefined;
}

export function statusWords(s: string): string {
  return s === 'filled' || s === 'cancelled' ? s : `in status "${s}"`;
}

/** What an order shows now, as a row of a plan (Amend many's or Revert's) holds it. */
export function currentValues(order: Pick<Order, 'price' | 'qty' | 'cumExecQty'> | undefined): PlanRow['current'] {
  return {
    ...(order?.price ? { price: order.price } : {}),
    ...(order?.qty ? { qty: order.qty } : {}),
    ...(order?.cumExecQty ? { filledQty: order.cumExecQty } : {}),
  };
}

/** `row`, excluded for `reason` (not sent), in words and with the exchange's code where one is known. */
export function excluded<R extends { status: RowStatus; exclusion?: Exclusion }>(
  row: R,
  reason: ExclusionReason,
  message: string,
  code?: string,
): R {
  return { ...row, status: 'excluded', exclusion: { reason, message, ...(code ? { code } : {}) } };
}

export interface RowContext {
  rule: PlanRule;
  instruments: InstrumentLookup;
  market: MarketLookup | undefined;
  now: number | undefined;
  /** Main's guards on the orders: a guarded order's row is refused in the guard's words. */
  guardOf?: GuardLookup;
}

/** The words of a refusal when main gave none (as main's own refusals say it). */
export const GUARDED_WORDS = 'This order cannot be modified now.';

/**
 * Main's guard as the row's first error: it stands in the way before any rule does, and no value the
 * rule gives cures it. Undefined when the order is free.
 */
export function guardIssue(guard: OrderGuard | undefined): RuleIssue | undefined {
  if (!guard || guard.state === 'free') return undefined;
  return { rule: `order-${guard.state}`, field: 'order', severity: 'error', message: guard.reason || GUARDED_WORDS };
}

/** The id the plan knows the order by: one order selected twice is sent once. */
function orderKey(order: Order): string {
  return order.orderId.trim() || order.clientOid.trim();
}

/** Whether the row can be planned at all: a valid rule, an id to send, not already on an earlier row. */
function selectionRefusal(ruleInvalid: boolean, key: string, seen: ReadonlySet<string>): Exclusion | undefined {
  if (ruleInvalid) return refusal('rule-invalid', 'The rule is not valid yet: fix it above');
  if (!key) return refusal('no-id', 'The order has no Order ID and no Client order ID');
  if (seen.has(key)) return refusal('duplicate', 'The order is selected twice: it is sent once, on its first row');
  return undefined;
}

function statusRefusal(order: Order): Exclusion | undefined {
  if (OPEN_ORDER_STATUSES.includes(order.orderStatus)) return undefined;
  return refusal(
    'not-open',
    `The order is ${statusWords(order.orderStatus)}: only open orders can be modified`,
    EXCHANGE_CODE.notModifiable,
  );
}

/** The instrument whose steps and limits the rule's values must meet, or why there is none. */
function instrumentOf(
  order: Order,
  category: Category | undefined,
  instruments: InstrumentLookup,
): { category: Category; instrument: Instrument } | { refusal: Exclusion } {
  if (!category) {
    return {
      refusal: refusal('unknown-category', `The category "${order.category}" is not one the exchange can modify`),
    };
  }
  const instrument = instruments(category, order.symbol);
  if (instrument) return { category, instrument };
  return {
    refusal: refusal(
      'no-instrument',
      `${category} ${order.symbol} is not among the loaded instruments: its steps and limits are unknown`,
    ),
  };
}

/** The exchange keeps the filled part of an order: a new quantity must leave something to fill. */
function fillRefusal(order: Order, nextQty: string | undefined, instrument: Instrument): Exclusion | undefined {
  const filled = positive(order.cumExecQty);
  if (!filled || nextQty === undefined) return undefined;
  const next = new Dec(nextQty);
  if (next.gt(filled)) return undefined;
  const unit = instrument.baseCoin ? ` ${instrument.baseCoin}` : '';
  return refusal(
    'below-filled',
    next.eq(filled)
      ? `The new quantity ${nextQty}${unit} equals the filled quantity: nothing would be left to fill, and it cannot go below the filled quantity ${filled.toFixed()}${unit}`
      : `The quantity cannot go below the filled quantity ${filled.toFixed()}${unit}: the rule gives ${nextQty}${unit}`,
  );
}

interface Changes {
  price: boolean;
  qty: boolean;
}

/** Only what changes is sent: a value the rule gives that equals the current one stays out of the request. */
function changesOf(order: Order, next: PlanValues): Changes {
  const curPrice = positive(order.price);
  const curQty = positive(order.qty);
  return {
    price: next.price !== undefined && !(curPrice && curPrice.eq(next.price)),
    qty: next.qty !== undefined && !(curQty && curQty.eq(next.qty)),
  };
}

function unchangedRefusal(row: PlanRow, changes: Changes): Exclusion | undefined {
  if (changes.price || changes.qty) return undefined;
  const roundedBack = row.priceRounding?.applied || row.qtyRounding?.applied;
  return refusal(
    'unchanged',
    roundedBack
      ? 'The rule changes nothing for this order: the new value rounds back to the current one'
      : 'The rule changes nothing for this order: the new values are the current ones',
    EXCHANGE_CODE.unchanged,
  );
}

/** The single-order rules' verdict on the request the row would send, with main's guard and the price band. */
function rulesVerdict(
  order: Order,
  row: PlanRow,
  changes: Changes,
  category: Category,
  instrument: Instrument,
  ctx: RowContext,
): Pick<PlanRow, 'status' | 'request' | 'change' | 'errors' | 'warnings'> {
  const orderId = order.orderId.trim();
  const report = checkAmend(
    {
      // The Order ID alone identifies it: sending both only earns an "Order ID wins" warning.
      ...(orderId ? { orderId } : { clientOid: order.clientOid }),
      ...(changes.price ? { price: row.next.price } : {}),
      ...(changes.qty ? { qty: row.next.qty } : {}),
      autoCancel: ctx.rule.autoCancel ?? 'no',
      symbol: order.symbol,
      category,
    },
    { instrument, order: knownOrderOf(order, category), ...(ctx.now !== undefined ? { now: ctx.now } : {}) },
  );
  const warnings = [...report.warnings];
  // Main holds the order (an amend in flight here or on another desk, an unknown outcome, a lock):
  // refused in main's words, with what the rule would do still shown. A run's check decides again.
  const guarded = guardIssue(ctx.guardOf?.(order));
  const errors = guarded ? [guarded, ...report.errors] : report.errors;
  const marketPrice = changes.price ? ctx.market?.(category, order.symbol) : undefined;
  const band =
    marketPrice && row.next.price ? priceBandWarning(row.side, row.next.price, marketPrice, instrument) : undefined;
  if (band) warnings.push(band);
  return {
    status: report.ok && !guarded ? 'ready' : 'refused',
    request: report.request,
    change: changeText(report.request, row.current),
    errors,
    warnings,
  };
}

/** The row before any decision: the order as it is, excluded until a verdict says otherwise. */
function rowOf(order: Order, category: Category | undefined): PlanRow {
  const side = order.side?.trim().toLowerCase() || undefined;
  return {
    orderId: order.orderId,
    ...(order.clientOid ? { clientOid: order.clientOid } : {}),
    category: category ?? order.category,
    symbol: order.symbol,
    ...(side ? { side } : {}),
    status: 'excluded',
    current: currentValues(order),
    next: {},
    errors: [],
    warnings: [],
  };
}

const withPrice = (row: PlanRow, o: FieldOutcome): PlanRow => ({
  ...row,
  ...(o.value !== undefined ? { next: { ...row.next, price: o.value } } : {}),
  ...(o.rounding ? { priceRounding: o.rounding } : {}),
});

const withQty = (row: PlanRow, o: FieldOutcome): PlanRow => ({
  ...row,
  ...(o.value !== undefined ? { next: { ...row.next, qty: o.value } } : {}),
  ...(o.rounding ? { qtyRounding: o.rounding } : {}),
});

const withRefusal = (row: PlanRow, e: Exclusion): PlanRow => excluded(row, e.reason, e.message, e.code);

/**
 * A row names one reason it is left out, the first found: the selection, the order's status, its
 * instrument, each value the rule gives, the fill, what changes; then the rules and main's guard.
 */
export function planRow(order: Order, ctx: RowContext, seen: Set<string>, ruleInvalid: boolean): PlanRow {
  const category = normalizedCategory(order.category);
  let row = rowOf(order, category);
  const key = orderKey(order);
  const selection = selectionRefusal(ruleInvalid, key, seen);
  if (selection) return withRefusal(row, selection);
  seen.add(key);
  const status = statusRefusal(order);
  if (status) return withRefusal(row, status);
  const found = instrumentOf(order, category, ctx.instruments);
  if ('refusal' in found) return withRefusal(row, found.refusal);
  const { instrument } = found;

  if (ctx.rule.price) {
    const price = nextPrice(order, ctx.rule.price, instrument, row.side);
    row = withPrice(row, price);
    if (price.refusal) return withRefusal(row, price.refusal);
  }
  if (ctx.rule.qty) {
    const qty = nextQty(order, ctx.rule.qty, instrument);
    row = withQty(row, qty);
    const qtyRefusal = qty.refusal ?? fillRefusal(order, row.next.qty, instrument);
    if (qtyRefusal) return withRefusal(row, qtyRefusal);
  }

  const changes = changesOf(order, row.next);
  const unchanged = unchangedRefusal(row, changes);
  if (unchanged) return withRefusal(row, unchanged);
  return { ...row, ...rulesVerdict(order, row, changes, found.category, instrument, ctx) };
}
