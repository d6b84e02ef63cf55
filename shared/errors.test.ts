import { describe, expect, it } from 'vitest';
import { describeError, EXCHANGE_CODE, EXCHANGE_CODE_EXPLANATIONS, explainCode } from './errors';

describe('exchange codes', () => {
  it('gives every code one name, and every named code an explanation', () => {
    const codes = Object.values(EXCHANGE_CODE);
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(EXCHANGE_CODE_EXPLANATIONS).sort()).toEqual([...codes].sort());
  });

  it('explains a code, and nothing for an unknown or absent one', () => {
    expect(explainCode(EXCHANGE_CODE.cancelledByAutoCancel)).toMatch(/can no longer be modified/);
    expect(explainCode('99999')).toBeUndefined();
    expect(explainCode(undefined)).toBeUndefined();
  });

  it('describes an exchange error by its explanation and code', () => {
    expect(
      describeError({
        kind: 'exchange',
        message: 'x',
        code: EXCHANGE_CODE.orderNotFound,
        exchangeMsg: 'Order does not exist',
        mayHaveTakenEffect: false,
      }),
    ).toBe('The order does not exist (or belongs to another account) (code 25204)');
    expect(
      describeError({
        kind: 'exchange',
        message: 'x',
        code: EXCHANGE_CODE.orderNotFound,
        exchangeMsg: 'Order belongs to a sub-account',
        mayHaveTakenEffect: false,
      }),
    ).toBe('The order does not exist (or belongs to another account) (code 25204: Order belongs to a sub-account)');
  });
});

describe('an exchange error in one sentence, said once', () => {
  const exchange = (code: string, exchangeMsg?: string) =>
    describeError({ kind: 'exchange', message: 'x', code, exchangeMsg, mayHaveTakenEffect: false });

  it("leaves out the exchange's msg when it says what the explanation already says", () => {
    // The demo exchange's words for 25102 and 25101 repeat the explanation with another article.
    expect(exchange(EXCHANGE_CODE.pairMaintenance, 'The trading pair is closed for maintenance')).toBe(
      'This trading pair is closed for maintenance (code 25102)',
    );
    expect(exchange(EXCHANGE_CODE.pairNotTrading, 'the trading pair is not open for trading.')).toBe(
      'This trading pair is not open for trading (code 25101)',
    );
    // A msg that is the start of the explanation adds nothing either.
    expect(exchange(EXCHANGE_CODE.orderNotFound, 'The order does not exist')).toBe(
      'The order does not exist (or belongs to another account) (code 25204)',
    );
  });

  it("keeps the exchange's msg when it tells more, and uses it when the code is not known here", () => {
    expect(
      exchange(EXCHANGE_CODE.tooManyDecimals, 'The quantity exceeds the allowed precision of 4 decimal places'),
    ).toBe(
      'Too many decimal places for the price or the quantity (code 25610: The quantity exceeds the allowed precision of 4 decimal places)',
    );
    expect(exchange('99999', 'Something new')).toBe('Something new (code 99999)');
  });

  it('never says a sentence twice', () => {
    for (const [code, explanation] of Object.entries(EXCHANGE_CODE_EXPLANATIONS)) {
      const words = exchange(code, explanation);
      const sentence = explanation.replace(/\.$/, '');
      expect(words.split(sentence).length - 1, code).toBe(1);
    }
  });
});
