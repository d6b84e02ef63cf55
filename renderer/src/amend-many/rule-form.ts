/**
 * The rule form's state as the operator types it, and the PlanRule the planner reads. The planner
 * (shared/amend-plan.ts) judges the rule; this only turns text into its shape.
 */
import type { PlanRule, PriceRule, QtyRule } from '../../../shared/plan-rule';

export type PriceMode = 'none' | 'steps' | 'percent' | 'set';
export type QtyMode = 'none' | 'percent' | 'set';

export interface RuleForm {
  priceMode: PriceMode;
  priceValue: string;
  qtyMode: QtyMode;
  qtyValue: string;
  autoCancel: boolean;
}

export const EMPTY_RULE: RuleForm = {
  priceMode: 'steps',
  priceValue: '',
  qtyMode: 'none',
  qtyValue: '',
  autoCancel: false,
};

/** Placeholders fit the value's box (84 px, .am-rule-grid in amend-many.css): no room for "e.g.". */
export const PRICE_MODES: { mode: PriceMode; label: string; field: string; placeholder: string }[] = [
  { mode: 'none', label: 'Unchanged', field: '', placeholder: '' },
  { mode: 'steps', label: 'Shift by steps', field: 'Price steps', placeholder: '2 or -1' },
  { mode: 'percent', label: 'Shift by %', field: 'Price shift %', placeholder: '0.5 or -1' },
  { mode: 'set', label: 'Set to', field: 'New price', placeholder: '101.25' },
];

export const QTY_MODES: { mode: QtyMode; label: string; field: string; placeholder: string }[] = [
  { mode: 'none', label: 'Unchanged', field: '', placeholder: '' },
  { mode: 'percent', label: 'Scale to %', field: 'Quantity %', placeholder: '50 = half' },
  { mode: 'set', label: 'Set to', field: 'New quantity', placeholder: '0.5' },
];

/** A whole number as typed ("+2", "-1"); anything else is NaN, which the planner reports. */
function stepsOf(text: string): number {
  const t = text.trim();
  return /^[+-]?\d{1,15}$/.test(t) ? Number(t) : Number.NaN;
}

function priceRule(f: RuleForm): PriceRule | undefined {
  switch (f.priceMode) {
    case 'steps':
      return { kind: 'steps', n: stepsOf(f.priceValue) };
    case 'percent':
      return { kind: 'percent', pct: f.priceValue };
    case 'set':
      return { kind: 'set', value: f.priceValue };
    default:
      return undefined;
  }
}

function qtyRule(f: RuleForm): QtyRule | undefined {
  if (f.qtyMode === 'percent') return { kind: 'percent', pct: f.qtyValue };
  if (f.qtyMode === 'set') return { kind: 'set', value: f.qtyValue };
  return undefined;
}

export function planRuleOf(f: RuleForm): PlanRule {
  const price = priceRule(f);
  const qty = qtyRule(f);
  return { ...(price ? { price } : {}), ...(qty ? { qty } : {}), autoCancel: f.autoCancel ? 'yes' : 'no' };
}

/** How the new values are put on the instrument's steps, in the operator's words. */
export function roundingWords(f: RuleForm): string[] {
  const words: string[] = [];
  if (f.priceMode === 'steps') {
    words.push('Exact: whole price steps from the current price (a price off the step moves onto it first).');
  } else if (f.priceMode === 'percent') {
    words.push(
      'Buys round down, sells round up, to the price step: a buy never pays more, a sell never sells for less than the shift asks.',
    );
  } else if (f.priceMode === 'set') {
    words.push('The same price for every selected order: a price off an instrument’s step is refused, not rounded.');
  }
  if (f.qtyMode === 'percent') {
    words.push('Quantities round down to the quantity step, and never below what is already filled.');
  } else if (f.qtyMode === 'set') {
    words.push('The same quantity for every selected order, never below what is already filled.');
  }
  return words;
}
