/**
 * What the desk shows of a broken amend: one problem per field (the most fundamental of its errors,
 * with the exchange's code of the first check it would fail) and, for quantity and price, the
 * nearest values either side that pass every rule of the field.
 */
import { compareDecimal, isPositiveDecimal, toDec } from './decimal';
import { isFuturesCategory } from './schemas';
import { moveBySteps, priceStep, quantityStep, roundToStep } from './steps';
import { clean, type AmendContext, type AmendDraft, type AmendField, type RuleIssue } from './amend-draft';
/**
 * Which of a field's errors is said: the one no rounding can cure comes first (a bad format, a
 * quantity at or below the filled one, below the minimum, an order value too small, above the
 * maximum), then the step, which says more than the decimals it implies.
 */
const RULE_RANK: Readonly<Record<string, number>> = {
  'qty-format': 0,
  'price-format': 0,
  'qty-above-filled': 1,
  'qty-min': 2,
  'min-amount': 3,
  'qty-max': 4,
  'qty-step': 5,
  'price-step': 5,
  'qty-precision': 6,
  'price-precision': 6,
};
const rank = (i: RuleIssue): number => RULE_RANK[i.rule] ?? 0;

/** Rules a nearby value cures: a fix is offered for them. */
const FIXABLE = new Set([
  'qty-above-filled',
  'qty-min',
  'min-amount',
  'qty-max',
  'qty-step',
  'price-step',
  'qty-precision',
  'price-precision',
]);

/** Runs every rule on a draft (checkRules in amend-rules.ts): a fix is a value that passes them. */
export type RuleCheck = (draft: AmendDraft, ctx: AmendContext) => { errors: RuleIssue[] };

export function oneProblemPerField(
  errors: RuleIssue[],
  draft: AmendDraft,
  ctx: AmendContext,
  check: RuleCheck,
): RuleIssue[] {
  const fields: AmendField[] = [];
  for (const e of errors) if (!fields.includes(e.field)) fields.push(e.field);
  return fields.map((field) => {
    const mine = errors.filter((e) => e.field === field);
    const said = mine.reduce((a, b) => (rank(b) < rank(a) ? b : a));
    // The code is the first check the exchange would answer at request time: the rules run in its order.
    const code = mine.find((e) => e.code)?.code;
    const fixes =
      (field === 'qty' || field === 'price') && FIXABLE.has(said.rule) ? nearestValid(field, draft, ctx, check) : [];
    return { ...said, ...(code ? { code } : {}), ...(fixes.length ? { fixes } : {}) };
  });
}

/**
 * The values of `field` nearest the one typed, below and above, that pass every rule of that field
 * (checked by the rules themselves): the grid values either side, and the bounds put on the grid (the minimum, the
 * least value above the filled quantity, the least making the order value, the maximum).
 */
function nearestValid(field: 'qty' | 'price', draft: AmendDraft, ctx: AmendContext, check: RuleCheck): string[] {
  const ins = ctx.instrument;
  const typed = clean(draft[field]);
  const grid = ins ? (field === 'price' ? priceStep(ins) : quantityStep(ins)) : undefined;
  if (!ins || !grid || !typed || !isPositiveDecimal(typed)) return [];
  const up = (v: string | undefined) => (v && isPositiveDecimal(v) ? roundToStep(v, grid, 'up')?.value : undefined);
  const candidates = [roundToStep(typed, grid, 'down')?.value, roundToStep(typed, grid, 'up')?.value];
  const minAmount = toDec(ins.minOrderAmount);
  const other = field === 'qty' ? (clean(draft.price) ?? ctx.order?.price) : (clean(draft.qty) ?? ctx.order?.qty);
  if (minAmount?.gt(0) && other && isPositiveDecimal(other)) {
    candidates.push(up(minAmount.div(other).toFixed()));
  }
  if (field === 'qty') {
    if (isFuturesCategory(ins.category)) {
      candidates.push(up(ins.minOrderQty));
      const max = toDec(ins.maxOrderQty);
      if (max?.gt(0)) candidates.push(roundToStep(max.toFixed(), grid, 'down')?.value);
    }
    const filled = toDec(ctx.order?.cumExecQty);
    if (filled?.gt(0)) candidates.push(moveBySteps(filled.toFixed(), grid, 1)?.value);
  }
  const passes = (v: string) =>
    isPositiveDecimal(v) && !check({ ...draft, [field]: v }, ctx).errors.some((e) => e.field === field);
  const valid = [...new Set(candidates.filter((v): v is string => v !== undefined))].filter(passes);
  // The nearest below and the nearest above: a value far off is no fix for a slip.
  const below = valid
    .filter((v) => compareDecimal(v, typed) < 0)
    .sort(compareDecimal)
    .pop();
  const above = valid.filter((v) => compareDecimal(v, typed) >= 0).sort(compareDecimal)[0];
  return [below, above].filter((v): v is string => v !== undefined);
}
