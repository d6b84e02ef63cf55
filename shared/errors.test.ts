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
    ).toBe('The order does not exist (or belongs to another account). (code 25204: Order does not exist)');
  });
});
