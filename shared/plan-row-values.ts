/**
 * What an Amend many rule gives one field of an order: the new price or quantity on the instrument's
 * grid, how it was rounded, or why the rule cannot give one. Kept apart from the row's refusals
 * (shared/plan-row.ts) because these are the only steps that do arithmetic on the order's values.
 */
import { Dec, toDec } from './decimal';
import type { Instrument, Order } from './schemas';
import { moveBySteps, priceStep, quantityStep, scaleToPercent, shiftByPercent, type Grid, type Toward } from './steps';
import type { PriceRule, QtyRule } from './plan-rule';

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

/**
 * A field's new value and its rounding, each present once computed: a refusal found after the value
 * (a price at or below zero) still shows the value that earned it.
 */
export interface FieldOutcome {
  value?: string;
  rounding?: RoundingNote;
  refusal?: Exclusion;
}

export const positive = (s: string | undefined): Dec | undefined => {
  const d = toDec(s);
  return d && d.gt(0) ? d : undefined;
};

export function refusal(reason: ExclusionReason, message: string, code?: string): Exclusion {
  return { reason, message, ...(code ? { code } : {}) };
}

const refused = (reason: ExclusionReason, message: string): FieldOutcome => ({ refusal: refusal(reason, message) });

function roundingNote(field: 'price' | 'qty', grid: Grid, toward: Toward, applied: boolean, why: string): RoundingNote {
  const name = field === 'price' ? 'price step' : 'quantity step';
  return {
    toward,
    applied,
    text: applied ? `rounded ${toward} to the ${name} ${grid.step}: ${why}` : `exact: on the ${name} ${grid.step}`,
  };
}

function priceBySteps(order: Order, current: Dec, grid: Grid, n: number): FieldOutcome {
  const moved = moveBySteps(current.toFixed(), grid, n);
  if (!moved) return refused('no-step', 'The price could not be shifted');
  if (!moved.rounded) return { value: moved.value };
  const toward: Toward = n > 0 ? 'up' : 'down';
  return {
    value: moved.value,
    rounding: {
      toward,
      applied: true,
      text: `the current price ${order.price} is off the price step ${grid.step}: moving ${toward} onto the step counts as the first step`,
    },
  };
}

function priceByPercent(current: Dec, grid: Grid, pct: string, side: string | undefined): FieldOutcome {
  if (side !== 'buy' && side !== 'sell') {
    return refused('no-side', "The order's side is not known: the rounding toward your side cannot be chosen");
  }
  // The operator's side: a buy never pays more than asked, a sell never sells for less.
  const toward: Toward = side === 'buy' ? 'down' : 'up';
  const shifted = shiftByPercent(current.toFixed(), pct.trim(), grid, toward);
  if (!shifted) return refused('no-step', 'The price could not be shifted');
  const why = side === 'buy' ? 'a buy never pays more than asked' : 'a sell never sells for less than asked';
  return { value: shifted.value, rounding: roundingNote('price', grid, toward, shifted.rounded, why) };
}

/** The price `rule` gives `order` (side: lower case, undefined when unknown). */
export function nextPrice(
  order: Order,
  rule: PriceRule,
  instrument: Instrument,
  side: string | undefined,
): FieldOutcome {
  if (rule.kind === 'set') return { value: rule.value.trim() };
  const current = positive(order.price);
  if (!current) {
    return refused('no-price', 'The order has no limit price to shift (a market order cannot be re-priced)');
  }
  const grid = priceStep(instrument);
  if (!grid) return refused('no-step', `${order.symbol} gives no price precision or step: the price cannot be shifted`);
  const outcome =
    rule.kind === 'steps' ? priceBySteps(order, current, grid, rule.n) : priceByPercent(current, grid, rule.pct, side);
  if (outcome.refusal || outcome.value === undefined || new Dec(outcome.value).gt(0)) return outcome;
  return {
    ...outcome,
    refusal: refusal(
      'price-not-positive',
      `The rule takes the price ${order.price} to ${outcome.value}: a price must stay above zero`,
    ),
  };
}

/** The quantity `rule` gives `order`. */
export function nextQty(order: Order, rule: QtyRule, instrument: Instrument): FieldOutcome {
  if (rule.kind === 'set') return { value: rule.value.trim() };
  const current = positive(order.qty);
  if (!current) return refused('no-qty', 'The order has no quantity to scale');
  const grid = quantityStep(instrument);
  if (!grid) {
    return refused('no-step', `${order.symbol} gives no quantity precision or step: the quantity cannot be scaled`);
  }
  const pct = rule.pct.trim();
  const scaled = scaleToPercent(current.toFixed(), pct, grid, 'down');
  if (!scaled) return refused('no-step', 'The quantity could not be scaled');
  const outcome: FieldOutcome = {
    value: scaled.value,
    rounding: roundingNote('qty', grid, 'down', scaled.rounded, 'never more than asked'),
  };
  if (new Dec(scaled.value).gt(0)) return outcome;
  return {
    ...outcome,
    refusal: refusal(
      'qty-not-positive',
      `${pct} % of ${order.qty} ${instrument.baseCoin} rounds down to zero at the quantity step ${grid.step}`,
    ),
  };
}
