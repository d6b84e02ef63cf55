/**
 * An Amend many rule: how the price moves (steps or a percentage) and the quantity (a percentage or
 * a value), and whether it can be applied at all, in words for the rule form and the CLI.
 */
import { Dec, isPositiveDecimal, PLAIN_DECIMAL_TEXT } from './decimal';
import { MAX_DECIMAL_LENGTH } from './schemas';

/** n: a whole number of price steps (−2: two steps down). pct: a decimal string (0.5 = +0.5 %). */
export type PriceRule =
  { kind: 'steps'; n: number } | { kind: 'percent'; pct: string } | { kind: 'set'; value: string };
/** pct: the new quantity as a percentage of the current one ("50" halves it). */
export type QtyRule = { kind: 'percent'; pct: string } | { kind: 'set'; value: string };

export interface PlanRule {
  price?: PriceRule;
  qty?: QtyRule;
  autoCancel?: 'yes' | 'no';
}

function isPercent(pct: string): boolean {
  return PLAIN_DECIMAL_TEXT.test(pct.trim());
}

function isValue(v: string): boolean {
  const t = v.trim();
  return isPositiveDecimal(t) && t.length <= MAX_DECIMAL_LENGTH;
}

/** Everything wrong with the rule, in words for the rule form; empty when it can be applied. */
export function validatePlanRule(rule: PlanRule): string[] {
  const problems: string[] = [];
  const { price, qty } = rule;
  if (!price && !qty) problems.push('Choose a price rule, a quantity rule, or both');
  if (price?.kind === 'steps' && (!Number.isSafeInteger(price.n) || price.n === 0)) {
    problems.push('The price shift must be a whole number of steps other than 0, such as 2 or -1');
  }
  if (price?.kind === 'percent') {
    if (!isPercent(price.pct) || new Dec(price.pct.trim()).isZero()) {
      problems.push('The price shift must be a percentage other than 0, such as 0.5 or -1');
    } else if (new Dec(price.pct.trim()).lte(-100)) {
      problems.push('A price shift of -100 % or more would take every price to zero or below');
    }
  }
  if (price?.kind === 'set' && !isValue(price.value)) {
    problems.push('The new price must be a positive decimal number such as 101.25');
  }
  if (qty?.kind === 'percent' && (!isPercent(qty.pct) || new Dec(qty.pct.trim()).lte(0))) {
    problems.push('The quantity scale must be a percentage above 0, such as 50 (half) or 200 (double)');
  }
  if (qty?.kind === 'set' && !isValue(qty.value)) {
    problems.push('The new quantity must be a positive decimal number such as 0.5');
  }
  if (rule.autoCancel !== undefined && rule.autoCancel !== 'yes' && rule.autoCancel !== 'no') {
    problems.push('Auto-cancel must be yes or no');
  }
  return problems;
}
