import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  isMultipleOf,
  isPositiveDecimal,
  multiply,
  normalizeDecimal,
  relativeDistance,
  significantDecimals,
  toDec,
} from './decimal';

describe('decimal helpers', () => {
  it('accepts only plain positive decimals as prices and quantities', () => {
    for (const ok of ['1', '0.5', '60000.0', '0.0001', '00012.50', '123456789012345678901234567890.123456789']) {
      expect(isPositiveDecimal(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      '0',
      '0.000',
      '-1',
      '+1',
      '1e-8',
      '1E3',
      '.5',
      '5.',
      ' 1',
      '1 ',
      '1,5',
      'NaN',
      'Infinity',
      '0x10',
    ]) {
      expect(isPositiveDecimal(bad), bad).toBe(false);
    }
  });

  it('counts decimal places that matter, ignoring trailing zeros', () => {
    expect(significantDecimals('1')).toBe(0);
    expect(significantDecimals('1.500')).toBe(1);
    expect(significantDecimals('0.0001')).toBe(4);
    expect(significantDecimals('2.000')).toBe(0);
  });

  it('checks steps exactly where binary floats would fail', () => {
    expect(0.3 % 0.1).not.toBe(0); // the reason for all of this
    expect(isMultipleOf('0.3', '0.1')).toBe(true);
    expect(isMultipleOf('60000.1', '0.1')).toBe(true);
    expect(isMultipleOf('60000.15', '0.1')).toBe(false);
    expect(isMultipleOf('0.0003', '0.0001')).toBe(true);
    expect(isMultipleOf('1.25', '0.5')).toBe(false);
    expect(isMultipleOf('1.5', '')).toBe(true);
    expect(isMultipleOf('1.5', undefined)).toBe(true);
    expect(isMultipleOf('1.5', '0')).toBe(true);
  });

  it('compares, multiplies and normalizes without rounding', () => {
    expect(compareDecimal('10', '9')).toBe(1);
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(multiply('0.1', '0.2')).toBe('0.02');
    expect(multiply('123456789.123456789', '987654321.987654321')).toBe('121932631356500531.347203169112635269');
    expect(normalizeDecimal('007.500')).toBe('7.5');
    expect(normalizeDecimal('junk')).toBe('junk');
  });

  it('parses loosely for display and measures relative distance', () => {
    expect(toDec('')).toBeUndefined();
    expect(toDec(null)).toBeUndefined();
    expect(toDec('abc')).toBeUndefined();
    expect(toDec('1e-8')?.toFixed()).toBe('0.00000001');
    expect(relativeDistance('66000', '60000')?.toFixed()).toBe('0.1');
    expect(relativeDistance('1', '0')).toBeUndefined();
  });
});
