import { describe, expect, it } from 'vitest';
import { isMultipleOf } from './decimal';
import type { Instrument } from './schemas';
import {
  distanceFromMarket,
  gridOf,
  gridRules,
  moveBySteps,
  nudge,
  priceStep,
  quantityStep,
  roundToStep,
  scaleToPercent,
  shiftByPercent,
  stepsBetween,
  stepText,
} from './steps';

const BTC_PERP: Instrument = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  status: 'online',
  pricePrecision: '1',
  quantityPrecision: '4',
  priceMultiplier: '0.1',
  quantityMultiplier: '0.0001',
};

const SOL_SPOT: Instrument = {
  category: 'SPOT',
  symbol: 'SOLUSDT',
  baseCoin: 'SOL',
  quoteCoin: 'USDT',
  status: 'online',
  pricePrecision: '2',
  quantityPrecision: '4',
  // Futures-only fields: a spot pair's step comes from its precision alone.
  priceMultiplier: '0.5',
  quantityMultiplier: '0.5',
};

describe('the steps of an instrument', () => {
  it('takes the multipliers of a futures instrument, written with its precision', () => {
    expect(priceStep(BTC_PERP)).toEqual({ step: '0.1', places: 1 });
    expect(quantityStep(BTC_PERP)).toEqual({ step: '0.0001', places: 4 });
    expect(priceStep({ ...BTC_PERP, pricePrecision: '2', priceMultiplier: '0.50' })).toEqual({
      step: '0.5',
      places: 2,
    });
    expect(quantityStep({ ...BTC_PERP, quantityMultiplier: '0.0005' })).toEqual({ step: '0.0005', places: 4 });
  });

  it('takes 10^-precision for spot and margin, whatever multipliers they carry', () => {
    expect(priceStep(SOL_SPOT)).toEqual({ step: '0.01', places: 2 });
    expect(quantityStep(SOL_SPOT)).toEqual({ step: '0.0001', places: 4 });
    expect(priceStep({ ...SOL_SPOT, category: 'MARGIN', pricePrecision: '8' })).toEqual({
      step: '0.00000001',
      places: 8,
    });
    expect(priceStep({ ...SOL_SPOT, pricePrecision: '0' })).toEqual({ step: '1', places: 0 });
    expect(gridRules(SOL_SPOT, 'price')).toEqual({ places: 2 });
  });

  it('falls back to precision when a futures multiplier is missing, empty or zero', () => {
    for (const priceMultiplier of [undefined, '', '0']) {
      expect(priceStep({ ...BTC_PERP, priceMultiplier })).toEqual({ step: '0.1', places: 1 });
    }
    expect(gridRules({ ...BTC_PERP, priceMultiplier: '' }, 'price')).toEqual({ places: 1 });
  });

  it('has no step when neither precision nor multiplier says one', () => {
    expect(priceStep({ ...SOL_SPOT, pricePrecision: '' })).toBeUndefined();
    expect(priceStep({ ...SOL_SPOT, pricePrecision: '-1' })).toBeUndefined();
    expect(priceStep({ ...BTC_PERP, pricePrecision: undefined })).toEqual({ step: '0.1', places: 1 });
  });

  it('takes the least common multiple when precision and multiplier disagree', () => {
    // 0.05 cannot be written with 1 decimal: only multiples of 0.1 obey both rules.
    expect(gridOf({ places: 1, multiple: '0.05' })).toEqual({ step: '0.1', places: 1 });
    expect(gridOf({ places: 2, multiple: '0.25' })).toEqual({ step: '0.25', places: 2 });
    expect(gridOf({ places: 1, multiple: '0.25' })).toEqual({ step: '0.5', places: 1 });
    expect(gridOf({})).toBeUndefined();
  });
});

describe('stepText: the step every screen and the CLI show', () => {
  // The samples of the specification (exchange-facts.md, "Sample instrument objects"): spot sends
  // precision only; a contract sends multipliers written with its precision.
  const spot: Instrument = {
    category: 'SPOT',
    symbol: 'BTCUSDT',
    baseCoin: 'BTC',
    quoteCoin: 'USDT',
    status: 'online',
    pricePrecision: '2',
    quantityPrecision: '6',
    quotePrecision: '8',
    minOrderQty: '0.000001',
  };
  const perp: Instrument = { ...BTC_PERP, quotePrecision: '' };

  it('spot and margin: 10^-precision (they send no multiplier, or one that does not apply)', () => {
    expect(stepText(spot, 'price')).toBe('0.01');
    expect(stepText(spot, 'qty')).toBe('0.000001');
    expect(stepText({ ...spot, category: 'MARGIN' }, 'price')).toBe('0.01');
    expect(stepText({ ...spot, priceMultiplier: '', quantityMultiplier: '' }, 'price')).toBe('0.01');
    expect(stepText({ ...spot, priceMultiplier: '0.5' }, 'price')).toBe('0.01');
    expect(stepText({ ...spot, pricePrecision: '0' }, 'price')).toBe('1');
  });

  it('every futures category: the multiplier, written with its precision', () => {
    for (const category of ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const) {
      expect(stepText({ ...perp, category }, 'price'), category).toBe('0.1');
      expect(stepText({ ...perp, category }, 'qty'), category).toBe('0.0001');
    }
    // COIN-FUTURES BTCUSD of the demo: a price step coarser than its precision.
    expect(stepText({ ...perp, category: 'COIN-FUTURES', priceMultiplier: '0.5' }, 'price')).toBe('0.5');
    expect(stepText({ ...perp, pricePrecision: '2', priceMultiplier: '0.50' }, 'price')).toBe('0.5');
  });

  it('a contract without a multiplier falls back to its precision; nothing at all gives no step', () => {
    expect(stepText({ ...perp, pricePrecision: '9', priceMultiplier: '' }, 'price')).toBe('0.000000001');
    expect(stepText({ ...perp, quantityPrecision: '0', quantityMultiplier: '' }, 'qty')).toBe('1');
    expect(stepText({ ...spot, pricePrecision: '' }, 'price')).toBeUndefined();
  });

  it('is the step the desk nudges by and the amend rules check', () => {
    for (const ins of [spot, perp, { ...perp, category: 'COIN-FUTURES' as const, priceMultiplier: '0.5' }]) {
      expect(stepText(ins, 'price')).toBe(priceStep(ins)?.step);
      expect(stepText(ins, 'qty')).toBe(quantityStep(ins)?.step);
    }
  });
});

describe('nudge (↑/↓ in the Price and Quantity fields)', () => {
  const price = priceStep(BTC_PERP)!;

  it('moves by one step, Shift by ten, with exact decimals', () => {
    expect(nudge('60000.0', price, 1)).toBe('60000.1');
    expect(nudge('60000.0', price, -1)).toBe('59999.9');
    expect(nudge('60000.0', price, 10)).toBe('60001.0');
    expect(nudge('60000.0', price, -10)).toBe('59999.0');
    // Floats would say 0.30000000000000004.
    expect(nudge('0.2', '0.1', 1)).toBe('0.3');
  });

  it('writes the result with the instrument precision', () => {
    expect(nudge('60000', price, 1)).toBe('60000.1');
    expect(nudge('150', priceStep(SOL_SPOT)!, 1)).toBe('150.01');
    expect(nudge('150.1', priceStep(SOL_SPOT)!, -1)).toBe('150.09');
    expect(nudge('1', { step: '0.5', places: 2 }, 1)).toBe('1.50');
  });

  it('snaps an off-grid value onto the grid in the direction of travel, as the first step', () => {
    const q = { step: '0.0005', places: 4 };
    expect(nudge('0.0102', q, 1)).toBe('0.0105');
    expect(nudge('0.0102', q, -1)).toBe('0.0100');
    expect(nudge('0.0102', q, 10)).toBe('0.0150');
    expect(nudge('0.0102', q, -10)).toBe('0.0055');
    expect(moveBySteps('60000.05', price, 2)).toEqual({ value: '60000.2', rounded: true });
    expect(moveBySteps('60000.0', price, 2)).toEqual({ value: '60000.2', rounded: false });
  });

  it('never leaves the step', () => {
    const steps = ['0.1', '0.0005', '0.00000001', '0.25', '5'];
    const values = ['0.00000003', '0.0102', '1', '3.14159265', '60000.05', '99999.99999999'];
    for (const step of steps) {
      for (const value of values) {
        for (const n of [-10, -1, 1, 10]) {
          const out = nudge(value, step, n)!;
          expect(isMultipleOf(out, step), `${value} ${n} × ${step} → ${out}`).toBe(true);
        }
      }
    }
  });

  it('never goes to zero or below: it stops at one step', () => {
    expect(nudge('0.1', price, -1)).toBe('0.1');
    expect(nudge('0.3', price, -10)).toBe('0.1');
    expect(nudge('0.05', price, -1)).toBe('0.1');
    expect(nudge('0', price, -1)).toBe('0.1');
    expect(nudge('0', price, 1)).toBe('0.1');
    expect(nudge('0.00000001', '0.00000001', -1)).toBe('0.00000001');
    // moveBySteps reports the raw result: the planner excludes such an order rather than clamp it.
    expect(moveBySteps('0.2', price, -3)?.value).toBe('-0.1');
  });

  it('handles tiny steps and 30-digit values exactly', () => {
    expect(nudge('1.23456789', '0.00000001', 1)).toBe('1.23456790');
    expect(nudge('123456789012345678901234567890.5', price, 1)).toBe('123456789012345678901234567890.6');
    expect(nudge('123456789012345678901234567890.5', price, 10)).toBe('123456789012345678901234567891.5');
    expect(nudge('123456789012345678901234567890.55', price, -1)).toBe('123456789012345678901234567890.5');
  });

  it('snaps to the nearest with n = 0 and rejects a fractional count', () => {
    expect(moveBySteps('60000.04', price, 0)).toEqual({ value: '60000.0', rounded: true });
    expect(moveBySteps('60000.05', price, 0)).toEqual({ value: '60000.1', rounded: true });
    expect(() => nudge('1', price, 1.5)).toThrow(RangeError);
  });

  it('gives nothing for a value or step that is not a number', () => {
    expect(nudge('', price, 1)).toBeUndefined();
    expect(nudge('abc', price, 1)).toBeUndefined();
    expect(nudge('1', '0', 1)).toBeUndefined();
    expect(nudge('1', '-0.1', 1)).toBeUndefined();
  });
});

describe('percent shifts, rounded toward a side', () => {
  const price = priceStep(BTC_PERP)!;

  it('rounds down or up to the step, and says whether it rounded', () => {
    // 60000.0 × 1.001234 = 60074.04
    expect(shiftByPercent('60000.0', '0.1234', price, 'down')).toEqual({ value: '60074.0', rounded: true });
    expect(shiftByPercent('60000.0', '0.1234', price, 'up')).toEqual({ value: '60074.1', rounded: true });
    // 60000.0 × 0.998766 = 59925.96
    expect(shiftByPercent('60000.0', '-0.1234', price, 'down')).toEqual({ value: '59925.9', rounded: true });
    expect(shiftByPercent('60000.0', '-0.1234', price, 'up')).toEqual({ value: '59926.0', rounded: true });
    expect(shiftByPercent('60000.0', '0.5', price, 'down')).toEqual({ value: '60300.0', rounded: false });
  });

  it('scales a quantity to a percentage of itself', () => {
    const q = { step: '0.0005', places: 4 };
    expect(scaleToPercent('0.0105', '50', q, 'down')).toEqual({ value: '0.0050', rounded: true });
    expect(scaleToPercent('0.0100', '50', q, 'down')).toEqual({ value: '0.0050', rounded: false });
    expect(scaleToPercent('0.0100', '200', q, 'down')).toEqual({ value: '0.0200', rounded: false });
    expect(scaleToPercent('0.0005', '50', q, 'down')).toEqual({ value: '0.0000', rounded: true });
  });

  it('rounds a value onto the step', () => {
    expect(roundToStep('0.00000001234', '0.00000001', 'down')).toEqual({ value: '0.00000001', rounded: true });
    expect(roundToStep('0.00000001234', '0.00000001', 'up')).toEqual({ value: '0.00000002', rounded: true });
    expect(roundToStep('x', '0.1', 'up')).toBeUndefined();
    expect(shiftByPercent('1', 'x', '0.1', 'up')).toBeUndefined();
  });
});

describe('distances in steps and from the market', () => {
  it('counts steps between two prices, signed, two decimals at most', () => {
    expect(stepsBetween('60000.0', '60002.5', '0.1')).toBe('25');
    expect(stepsBetween('60002.5', '60000.0', '0.1')).toBe('-25');
    expect(stepsBetween('100', '100.05', '0.1')).toBe('0.5');
    expect(stepsBetween('0', '1', '0.3')).toBe('3.33');
    expect(stepsBetween('1', '1.000', '0.1')).toBe('0');
    expect(stepsBetween('1', 'x', '0.1')).toBeUndefined();
  });

  it('gives the distance from the market in % and in steps', () => {
    const price = priceStep(BTC_PERP)!;
    expect(distanceFromMarket('60300.0', '60000.0', price)).toEqual({ pct: '0.50', steps: '3000' });
    expect(distanceFromMarket('57000', '60000.0', price)).toEqual({ pct: '-5.00', steps: '-30000' });
    // One tick at 60000 is 0.00017 %: the steps say what the percentage cannot.
    expect(distanceFromMarket('59999.9', '60000.0', price)).toEqual({ pct: '0.00', steps: '-1' });
    expect(distanceFromMarket('1', '0', price)).toBeUndefined();
    expect(distanceFromMarket('1', '', price)).toBeUndefined();
  });
});
