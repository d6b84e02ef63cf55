/**
 * One row of an Amend many plan: a selected order under the rule, its current → new values, how they
 * were rounded to the instrument's grid, the request that would go out and the single-order rules'
 * verdict, or why it is left out in plain words.
 */
import { knownOrderOf, type RuleIssue } from './amend-draft';
import type { OrderGuard } from './attempts';
import { checkAmend } from './amend-rules';
import { changeText } from './change-text';
import { Dec, toDec } from './decimal';
import { EXCHANGE_CODE } from './errors';
import { priceBandWarning } from './price-band';
import { CATEGORIES, type Category, type Instrument, type ModifyOrderRequest, type Order } from './schemas';
import { moveBySteps, priceStep, quantityStep, scaleToPercent, shiftByPercent, type Grid, type Toward } from './steps';
import type { PlanRule } from './plan-rule';

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

export type ExclusionReason =
  | 'rule-invalid'
  | 'no-id'
  | 'duplicate'
  | 'not-open'
  | 'unknown-category'
  | 'no-instrument'
  | 'no-price'
  | 'no-qty'
  | 'no-side'
  | 'no-step'
  | 'price-not-positive'
  | 'qty-not-positive'
  | 'below-filled'
  | 'unchanged'
  // a revert's (shared/revert-rules.ts): what an undo of an earlier amend finds
  | 'not-applied'
  | 'unreadable'
  | 'modified-since';

export interface Exclusion {
  reason: ExclusionReason;
  message: string;
  /** The exchange code it would have answered, where one is known. */
  code?: string;
}

export interface RoundingNote {
  toward: Toward;
  /** False when the exact result was on the step already. */
  applied: boolean;
  /** For the preview: "rounded down to the price step 0.1: a buy never pays more than asked". */
  text: string;
}

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

const positive = (s: string | undefined): Dec | undefined => {
  const d = toDec(s);
  return d && d.gt(0) ? d : undefined;
};

function roundingNote(field: 'price' | 'qty', grid: Grid, toward: Toward, applied: boolean, why: string): RoundingNote {
  const name = field === 'price' ? 'price step' : 'quantity step';
  return {
    toward,
    applied,
    text: applied ? `rounded ${toward} to the ${name} ${grid.step}: ${why}` : `exact: on the ${name} ${grid.step}`,
  };
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

export function planRow(order: Order, ctx: RowContext, seen: Set<string>, ruleInvalid: boolean): PlanRow {
  const category = normalizedCategory(order.category);
  const side = order.side?.trim().toLowerCase() || undefined;
  const row: PlanRow = {
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
  const exclude = (reason: ExclusionReason, message: string, code?: string): PlanRow =>
    excluded(row, reason, message, code);

  if (ruleInvalid) return exclude('rule-invalid', 'The rule is not valid yet: fix it above');
  const id = order.orderId.trim() || order.clientOid.trim();
  if (!id) return exclude('no-id', 'The order has no Order ID and no Client order ID');
  if (seen.has(id)) return exclude('duplicate', 'The order is selected twice: it is sent once, on its first row');
  seen.add(id);
  if (!OPEN_ORDER_STATUSES.includes(order.orderStatus)) {
    return exclude(
      'not-open',
      `The order is ${statusWords(order.orderStatus)}: only open orders can be modified`,
      EXCHANGE_CODE.notModifiable,
    );
  }
  if (!category) {
    return exclude('unknown-category', `The category "${order.category}" is not one the exchange can modify`);
  }
  const instrument = ctx.instruments(category, order.symbol);
  if (!instrument) {
    return exclude(
      'no-instrument',
      `${category} ${order.symbol} is not among the loaded instruments: its steps and limits are unknown`,
    );
  }

  const { rule } = ctx;
  const curPrice = positive(order.price);
  const curQty = positive(order.qty);

  // --- the new price ---
  if (rule.price) {
    const p = rule.price;
    if (p.kind === 'set') {
      row.next.price = p.value.trim();
    } else {
      if (!curPrice) {
        return exclude('no-price', 'The order has no limit price to shift (a market order cannot be re-priced)');
      }
      const grid = priceStep(instrument);
      if (!grid)
        return exclude('no-step', `${order.symbol} gives no price precision or step: the price cannot be shifted`);
      if (p.kind === 'steps') {
        const moved = moveBySteps(curPrice.toFixed(), grid, p.n);
        if (!moved) return exclude('no-step', 'The price could not be shifted');
        row.next.price = moved.value;
        if (moved.rounded) {
          const toward: Toward = p.n > 0 ? 'up' : 'down';
          row.priceRounding = {
            toward,
            applied: true,
            text: `the current price ${order.price} is off the price step ${grid.step}: moving ${toward} onto the step counts as the first step`,
          };
        }
      } else {
        if (side !== 'buy' && side !== 'sell') {
          return exclude('no-side', "The order's side is not known: the rounding toward your side cannot be chosen");
        }
        // The operator's side: a buy never pays more than asked, a sell never sells for less.
        const toward: Toward = side === 'buy' ? 'down' : 'up';
        const shifted = shiftByPercent(curPrice.toFixed(), p.pct.trim(), grid, toward);
        if (!shifted) return exclude('no-step', 'The price could not be shifted');
        row.next.price = shifted.value;
        const why = side === 'buy' ? 'a buy never pays more than asked' : 'a sell never sells for less than asked';
        row.priceRounding = roundingNote('price', grid, toward, shifted.rounded, why);
      }
      if (new Dec(row.next.price).lte(0)) {
        return exclude(
          'price-not-positive',
          `The rule takes the price ${order.price} to ${row.next.price}: a price must stay above zero`,
        );
      }
    }
  }

  // --- the new quantity ---
  if (rule.qty) {
    const q = rule.qty;
    if (q.kind === 'set') {
      row.next.qty = q.value.trim();
    } else {
      if (!curQty) return exclude('no-qty', 'The order has no quantity to scale');
      const grid = quantityStep(instrument);
      if (!grid) {
        return exclude('no-step', `${order.symbol} gives no quantity precision or step: the quantity cannot be scaled`);
      }
      const pct = q.pct.trim();
      const scaled = scaleToPercent(curQty.toFixed(), pct, grid, 'down');
      if (!scaled) return exclude('no-step', 'The quantity could not be scaled');
      row.next.qty = scaled.value;
      row.qtyRounding = roundingNote('qty', grid, 'down', scaled.rounded, 'never more than asked');
      if (new Dec(scaled.value).lte(0)) {
        return exclude(
          'qty-not-positive',
          `${pct} % of ${order.qty} ${instrument.baseCoin} rounds down to zero at the quantity step ${grid.step}`,
        );
      }
    }
    const filled = positive(order.cumExecQty);
    const nextQty = new Dec(row.next.qty);
    if (filled && nextQty.lte(filled)) {
      const unit = instrument.baseCoin ? ` ${instrument.baseCoin}` : '';
      return exclude(
        'below-filled',
        nextQty.eq(filled)
          ? `The new quantity ${row.next.qty}${unit} equals the filled quantity: nothing would be left to fill, and it cannot go below the filled quantity ${filled.toFixed()}${unit}`
          : `The quantity cannot go below the filled quantity ${filled.toFixed()}${unit}: the rule gives ${row.next.qty}${unit}`,
      );
    }
  }

  // --- only what changes is sent ---
  const priceChanges = row.next.price !== undefined && !(curPrice && curPrice.eq(row.next.price));
  const qtyChanges = row.next.qty !== undefined && !(curQty && curQty.eq(row.next.qty));
  if (!priceChanges && !qtyChanges) {
    const roundedBack = row.priceRounding?.applied || row.qtyRounding?.applied;
    return exclude(
      'unchanged',
      roundedBack
        ? 'The rule changes nothing for this order: the new value rounds back to the current one'
        : 'The rule changes nothing for this order: the new values are the current ones',
      EXCHANGE_CODE.unchanged,
    );
  }

  const orderId = order.orderId.trim();
  const known = knownOrderOf(order, category);
  const report = checkAmend(
    {
      // The Order ID alone identifies it: sending both only earns an "Order ID wins" warning.
      ...(orderId ? { orderId } : { clientOid: order.clientOid }),
      ...(priceChanges ? { price: row.next.price } : {}),
      ...(qtyChanges ? { qty: row.next.qty } : {}),
      autoCancel: rule.autoCancel ?? 'no',
      symbol: order.symbol,
      category,
    },
    { instrument, order: known, ...(ctx.now !== undefined ? { now: ctx.now } : {}) },
  );
  const warnings = [...report.warnings];
  // Main holds the order (an amend in flight here or on another desk, an unknown outcome, a lock):
  // refused in main's words, with what the rule would do still shown. A run's check decides again.
  const guarded = guardIssue(ctx.guardOf?.(order));
  const errors = guarded ? [guarded, ...report.errors] : report.errors;
  const marketPrice = priceChanges ? ctx.market?.(category, order.symbol) : undefined;
  const band =
    marketPrice && row.next.price ? priceBandWarning(side, row.next.price, marketPrice, instrument) : undefined;
  if (band) warnings.push(band);
  return {
    ...row,
    status: report.ok && !guarded ? 'ready' : 'refused',
    request: report.request,
    change: changeText(report.request, row.current),
    errors,
    warnings,
  };
}
