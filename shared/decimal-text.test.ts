import { describe, expect, it } from 'vitest';
import { groupDigits } from './decimal-text';

describe('groupDigits', () => {
  it('groups the integer digits in threes, by moving characters (any length stays exact)', () => {
    expect(groupDigits('277777777777')).toBe('277,777,777,777');
    expect(groupDigits('55555555555')).toBe('55,555,555,555');
    expect(groupDigits('1234')).toBe('1,234');
    expect(groupDigits('123')).toBe('123');
    expect(groupDigits('0')).toBe('0');
    // Past a float's 15-16 significant digits: nothing is rounded.
    expect(groupDigits('123456789012345678901234.000000000000000001')).toBe(
      '123,456,789,012,345,678,901,234.000000000000000001',
    );
  });

  it('leaves the fraction, the sign and trailing zeros as written', () => {
    expect(groupDigits('-1234.5678')).toBe('-1,234.5678');
    expect(groupDigits('+60000.0')).toBe('+60,000.0');
    expect(groupDigits('0.000000001')).toBe('0.000000001');
    expect(groupDigits('60000.10')).toBe('60,000.10');
    expect(groupDigits('.5')).toBe('.5');
  });

  it('returns anything that is not a plain decimal as it came', () => {
    for (const t of ['', '—', 'no limit', '1e-8', '12345e3', '0x1000', '1,234', '12 %', ' 1234 ']) {
      expect(groupDigits(t)).toBe(t);
    }
  });
});
