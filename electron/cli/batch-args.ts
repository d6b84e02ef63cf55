/**
 * `modify-batch`'s source of modifications: --file PATH, or one rule (price and/or quantity) over a
 * selection of the open orders. The rule's own checks are the planner's (validatePlanRule).
 */
import { validatePlanRule, type PlanRule, type PriceRule, type QtyRule } from '../../shared/plan-rule';
import type { Category } from '../../shared/schemas';
import { RULE_OPTIONS, SELECTION_OPTIONS, type OptionName, type ParsedValues } from './cli-options';
import { categoryOption, decimalOption, flags, textOption } from './option-values';
import { UsageError } from './usage-error';

/** Where `modify-batch` gets its modifications: a file of items, or one rule over the open orders. */
export type BatchSource = { kind: 'file'; file: string } | { kind: 'rule'; rule: PlanRule; selection: OrderSelection };

/** Which open orders a rule applies to; filters combine (AND). */
export interface OrderSelection {
  category?: Category;
  symbol?: string;
  side?: 'buy' | 'sell';
  /** Said explicitly when no --category or --symbol scopes the selection. */
  all: boolean;
}

export function batchSource(values: ParsedValues): BatchSource {
  const given = (names: readonly OptionName[]) => names.filter((n) => values[n] !== undefined);
  const file = textOption('--file', values.file);
  if (file !== undefined) {
    const mixed = given([...RULE_OPTIONS, ...SELECTION_OPTIONS]);
    if (mixed.length > 0)
      throw new UsageError(
        `--file and a rule over the open orders are exclusive: leave out ${flags(mixed)}, or --file. Nothing was sent.`,
      );
    return { kind: 'file', file };
  }
  if (given(RULE_OPTIONS).length === 0)
    throw new UsageError(
      'modify-batch needs --file PATH (a CSV or JSON file of modifications), or a rule over the open orders: ' +
        '--price-steps N, --price-pct X or --price P, and/or --qty-pct X or --qty Q.',
    );
  const rule = ruleOf(values);
  const problems = validatePlanRule(rule);
  if (problems.length > 0) throw new UsageError(`The rule cannot be applied: ${problems.join('; ')}.`);
  const selection = orderSelection(values);
  // One price or quantity for several instruments is a slip: their steps and units differ.
  const setValue = given(['price', 'qty']);
  if (setValue.length > 0 && !selection.symbol)
    throw new UsageError(`${flags(setValue)} sets one value for every selected order: give --symbol S as well.`);
  return { kind: 'rule', rule, selection };
}

function ruleOf(values: ParsedValues): PlanRule {
  const prices = (['price-steps', 'price-pct', 'price'] as const).filter((n) => values[n] !== undefined);
  if (prices.length > 1) throw new UsageError(`Give one price rule: ${flags(prices)} are exclusive.`);
  const qtys = (['qty-pct', 'qty'] as const).filter((n) => values[n] !== undefined);
  if (qtys.length > 1) throw new UsageError(`Give one quantity rule: ${flags(qtys)} are exclusive.`);
  let price: PriceRule | undefined;
  const steps = decimalOption('--price-steps', values['price-steps']);
  const pricePct = decimalOption('--price-pct', values['price-pct']);
  const priceSet = decimalOption('--price', values.price);
  if (steps !== undefined) {
    if (!/^[+-]?\d{1,15}$/.test(steps))
      throw new UsageError('--price-steps must be a whole number of steps, such as 2 or -1.');
    price = { kind: 'steps', n: Number(steps) };
  } else if (pricePct !== undefined) price = { kind: 'percent', pct: pricePct };
  else if (priceSet !== undefined) price = { kind: 'set', value: priceSet };
  let qty: QtyRule | undefined;
  const qtyPct = decimalOption('--qty-pct', values['qty-pct']);
  const qtySet = decimalOption('--qty', values.qty);
  if (qtyPct !== undefined) qty = { kind: 'percent', pct: qtyPct };
  else if (qtySet !== undefined) qty = { kind: 'set', value: qtySet };
  const autoCancel = values['auto-cancel']?.trim().toLowerCase();
  return {
    ...(price ? { price } : {}),
    ...(qty ? { qty } : {}),
    ...(autoCancel === 'yes' || autoCancel === 'no' ? { autoCancel } : {}),
  };
}

function orderSelection(values: ParsedValues): OrderSelection {
  const side = textOption('--side', values.side)?.toLowerCase();
  if (side !== undefined && side !== 'buy' && side !== 'sell') throw new UsageError('--side must be buy or sell.');
  const selection: OrderSelection = {
    ...(values.category !== undefined ? { category: categoryOption(values.category) } : {}),
    ...(values.symbol !== undefined ? { symbol: textOption('--symbol', values.symbol)?.toUpperCase() } : {}),
    ...(side ? { side } : {}),
    all: values.all ?? false,
  };
  // --side alone still spans every market of the account: amending all of it takes saying so.
  if (!selection.category && !selection.symbol && !selection.all)
    throw new UsageError(
      'Say which open orders the rule applies to: --category C and/or --symbol S (--side buy|sell narrows ' +
        'further), or --all for every open order of the account.',
    );
  return selection;
}
