import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  EXCHANGE_DECIMAL,
  EXPONENT_DECIMAL_TEXT,
  isMultipleOf,
  isPositiveDecimal,
  multiply,
  NEGATIVE_DECIMAL_TEXT,
  normalizeDecimal,
  PLAIN_DECIMAL_PARTS,
  PLAIN_DECIMAL_TEXT,
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

describe('decimal text patterns', () => {
  const SAMPLES = [
    '0',
    '12',
    '0.5',
    '00012.50',
    '.5',
    '5.',
    '+1',
    '-1',
    '-0',
    '-.5',
    '+.5',
    '-5.',
    '1e-8',
    '2.5E+3',
    '-1e-8',
    '-.5e3',
    '1e',
    'e5',
    '.',
    '-',
    '+',
    '',
    ' 1',
    '1 ',
    '1,5',
    '1.2.3',
    '--1',
    '0x10',
    'NaN',
    'Infinity',
    '-Infinity',
  ];
  const matching = (re: RegExp) => SAMPLES.filter((s) => re.test(s));

  it('tells the exchange’s strict form from the looser forms seen in the wild', () => {
    expect(matching(EXCHANGE_DECIMAL)).toEqual(['0', '12', '0.5', '00012.50']);
    expect(matching(PLAIN_DECIMAL_TEXT)).toEqual([
      '0',
      '12',
      '0.5',
      '00012.50',
      '.5',
      '5.',
      '+1',
      '-1',
      '-0',
      '-.5',
      '+.5',
      '-5.',
    ]);
    expect(matching(EXPONENT_DECIMAL_TEXT)).toEqual(['1e-8', '2.5E+3', '-1e-8', '-.5e3']);
    expect(matching(NEGATIVE_DECIMAL_TEXT)).toEqual(['-1', '-0', '-.5', '-5.', '-1e-8', '-.5e3']);
  });

  it('splits a plain decimal into sign, integer and fraction digits', () => {
    expect(PLAIN_DECIMAL_PARTS.exec('-012.340')?.slice(1)).toEqual(['-', '012', '340']);
    expect(PLAIN_DECIMAL_PARTS.exec('7')?.slice(1)).toEqual(['', '7', undefined]);
    expect(PLAIN_DECIMAL_PARTS.exec('+.5')?.slice(1)).toEqual(['+', '', '5']);
    // Matches with no digits at all: callers check that one group has some.
    expect(PLAIN_DECIMAL_PARTS.exec('.')?.slice(1)).toEqual(['', '', '']);
    expect(PLAIN_DECIMAL_PARTS.exec('1e-8')).toBeNull();
    // Every plain decimal text splits.
    for (const s of matching(PLAIN_DECIMAL_TEXT)) expect(PLAIN_DECIMAL_PARTS.test(s), s).toBe(true);
  });
});
