import { describe, expect, it } from 'vitest';
import { EMPTY_RULE, planRuleOf, roundingWords } from './rule-form';

describe('rule form', () => {
  it('turns the typed rule into the planner rule', () => {
    expect(planRuleOf({ ...EMPTY_RULE, priceValue: '+2' })).toEqual({
      price: { kind: 'steps', n: 2 },
      autoCancel: 'no',
    });
    expect(planRuleOf({ ...EMPTY_RULE, priceValue: '1.5' }).price).toEqual({ kind: 'steps', n: Number.NaN });
    expect(
      planRuleOf({ priceMode: 'percent', priceValue: '-1', qtyMode: 'percent', qtyValue: '50', autoCancel: true }),
    ).toEqual({ price: { kind: 'percent', pct: '-1' }, qty: { kind: 'percent', pct: '50' }, autoCancel: 'yes' });
    expect(planRuleOf({ ...EMPTY_RULE, priceMode: 'none', qtyMode: 'set', qtyValue: '0.5' })).toEqual({
      qty: { kind: 'set', value: '0.5' },
      autoCancel: 'no',
    });
  });

  it('states the rounding direction in words', () => {
    expect(roundingWords({ ...EMPTY_RULE, priceMode: 'percent' })[0]).toMatch(
      /^Buys round down, sells round up, to the price step/,
    );
    expect(roundingWords({ ...EMPTY_RULE, priceMode: 'none', qtyMode: 'percent' })[0]).toMatch(
      /round down to the quantity step, and never below what is already filled/,
    );
  });
});
