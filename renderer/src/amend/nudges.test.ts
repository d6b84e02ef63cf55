import { describe, expect, it } from 'vitest';
import { nudgedValue, nudgeSteps, parsePercent, parseTicks, roundingHint, shiftedPrice } from './nudges';

const PRICE = { step: '0.1', places: 1 };
const key = (k: string, mods: Partial<Record<'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey', boolean>> = {}) => ({
  key: k,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('nudge keys', () => {
  it('are ↑/↓ for one step and Shift for ten; other keys and modified arrows are not nudges', () => {
    expect(nudgeSteps(key('ArrowUp'))).toBe(1);
    expect(nudgeSteps(key('ArrowDown'))).toBe(-1);
    expect(nudgeSteps(key('ArrowUp', { shiftKey: true }))).toBe(10);
    expect(nudgeSteps(key('ArrowDown', { shiftKey: true }))).toBe(-10);
    expect(nudgeSteps(key('ArrowLeft'))).toBeUndefined();
    expect(nudgeSteps(key('ArrowUp', { ctrlKey: true }))).toBeUndefined();
    expect(nudgeSteps(key('ArrowUp', { altKey: true }))).toBeUndefined();
    expect(nudgeSteps(key('ArrowUp', { metaKey: true }))).toBeUndefined();
  });
});

describe('nudged values', () => {
  it('start from the typed value, else from the order’s current one', () => {
    expect(nudgedValue('60010.0', '60000.0', PRICE, 1)).toBe('60010.1');
    expect(nudgedValue('', '60000.0', PRICE, 1)).toBe('60000.1');
    expect(nudgedValue('  ', '60000.0', PRICE, -10)).toBe('59999.0');
  });

  it('stay on the step, exactly, and never reach zero', () => {
    expect(nudgedValue('60000.05', undefined, PRICE, 1)).toBe('60000.1');
    expect(nudgedValue('0.1', undefined, PRICE, -1)).toBe('0.1');
    expect(nudgedValue('0.3', undefined, { step: '0.1', places: 1 }, -1)).toBe('0.2');
  });

  it('do nothing without a step, a value or a number', () => {
    expect(nudgedValue('', undefined, PRICE, 1)).toBeUndefined();
    expect(nudgedValue('60000', '60000', undefined, 1)).toBeUndefined();
    expect(nudgedValue('abc', '60000', PRICE, 1)).toBeUndefined();
  });
});

describe('percent shifts', () => {
  it('round toward the operator’s side: down for a buy, up for a sell', () => {
    // 60000.0 × 1.01 = 60600 exactly; 60000.3 × 1.01 = 60600.303 → 60600.3 (buy) / 60600.4 (sell); × 0.99 = 59400.297.
    expect(shiftedPrice('', '60000.0', PRICE, '1', 'buy')).toBe('60600.0');
    expect(shiftedPrice('60000.3', undefined, PRICE, '1', 'buy')).toBe('60600.3');
    expect(shiftedPrice('60000.3', undefined, PRICE, '1', 'sell')).toBe('60600.4');
    expect(shiftedPrice('60000.3', undefined, PRICE, '-1', 'buy')).toBe('59400.2');
    expect(shiftedPrice('60000.3', undefined, PRICE, '-1', 'sell')).toBe('59400.3');
  });

  it('need a side and give nothing at zero or below', () => {
    expect(shiftedPrice('60000.0', undefined, PRICE, '1', undefined)).toBeUndefined();
    expect(shiftedPrice('0.1', undefined, PRICE, '-99.9', 'buy')).toBeUndefined();
  });

  it('say which way they round', () => {
    expect(roundingHint('buy', PRICE)).toBe('% rounds down to 0.1 for a buy');
    expect(roundingHint('sell', PRICE)).toBe('% rounds up to 0.1 for a sell');
    expect(roundingHint(undefined, PRICE)).toMatch(/^Load the order/);
    expect(roundingHint('buy', undefined)).toMatch(/instrument/);
  });
});

describe('helper inputs', () => {
  it('take whole ticks from 1 to 1000 and a percent below 100', () => {
    expect(parseTicks(' 5 ')).toBe(5);
    expect([parseTicks('0'), parseTicks('1.5'), parseTicks('1001'), parseTicks('-1')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(parsePercent('0.25')).toBe('0.25');
    expect([parsePercent('0'), parsePercent('100'), parsePercent('-1'), parsePercent('1e2')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
