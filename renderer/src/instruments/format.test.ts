import { describe, expect, it } from 'vitest';
import {
  formatDecimal,
  formatLocalDateTime,
  formatMaxQty,
  formatPercent,
  formatRelative,
  formatTime,
  statusDescription,
  statusLabel,
  statusMeaning,
  statusTone,
  UNSET,
} from './format';
import { isPlainDecimalText, isPlainZero, parseDecimalText, shiftPoint } from '../../../shared/decimal-text';

describe('formatPercent', () => {
  it('multiplies exactly by 100', () => {
    expect(formatPercent('0.0002')).toBe('0.02 %');
    expect(formatPercent('0.0006')).toBe('0.06 %');
    expect(formatPercent('0.001')).toBe('0.1 %');
    expect(formatPercent('0.00020')).toBe('0.02 %');
    expect(formatPercent('-0.0001')).toBe('-0.01 %');
    expect(formatPercent('0')).toBe('0 %');
    expect(formatPercent('1')).toBe('100 %');
    expect(formatPercent('12.5')).toBe('1,250 %');
  });
  it('has no float artefacts', () => {
    // 0.07 * 100 is 7.000000000000001 as a float.
    expect(formatPercent('0.07')).toBe('7 %');
    expect(formatPercent('0.000000000000000000012345678901234567890')).toBe('0.000000000000000001234567890123456789 %');
  });
  it('shows unset as a dash and junk as it is', () => {
    expect(formatPercent('')).toBe(UNSET);
    expect(formatPercent(undefined)).toBe(UNSET);
    expect(formatPercent(null)).toBe(UNSET);
    expect(formatPercent('abc')).toBe('abc');
    expect(formatPercent('1e-8')).toBe('0.000001 %');
  });
});

describe('formatDecimal', () => {
  it('keeps the exchange text of plain decimals, integer digits grouped', () => {
    expect(formatDecimal('0.000001')).toBe('0.000001');
    expect(formatDecimal('1200')).toBe('1,200');
    expect(formatDecimal('277777777777')).toBe('277,777,777,777');
    expect(formatDecimal('0.10')).toBe('0.10');
    expect(formatDecimal('-1')).toBe('-1');
    expect(formatDecimal('123456789012345678901234567890')).toBe('123,456,789,012,345,678,901,234,567,890');
    expect(formatDecimal('0.000000000000000000012345678901234567890')).toBe(
      '0.000000000000000000012345678901234567890',
    );
  });
  it('writes exponent forms out and leaves junk alone', () => {
    expect(formatDecimal('1e-8')).toBe('0.00000001');
    expect(formatDecimal('2.5E+3')).toBe('2,500');
    expect(formatDecimal('0x10')).toBe('0x10');
    expect(formatDecimal('')).toBe(UNSET);
    expect(formatDecimal(' ')).toBe(UNSET);
  });
});

describe('formatMaxQty', () => {
  it('shows 0 as no limit', () => {
    expect(formatMaxQty('0')).toBe('no limit');
    expect(formatMaxQty('0.00')).toBe('no limit');
    expect(formatMaxQty('1200')).toBe('1,200');
    expect(formatMaxQty('')).toBe(UNSET);
  });
});

describe('formatTime', () => {
  it('treats "", "-1", "0" and null as unset', () => {
    for (const v of ['', '-1', '0', null, undefined, ' ']) expect(formatTime(v)).toBe(UNSET);
  });
  it('shows local date and time', () => {
    const ms = new Date(2026, 11, 25, 8, 5, 9).getTime();
    expect(formatTime(String(ms))).toBe('2026-12-25 08:05:09');
    expect(formatLocalDateTime(ms)).toBe('2026-12-25 08:05:09');
  });
  it('shows a time that is not a millisecond count as it is', () => {
    expect(formatTime('soon')).toBe('soon');
    expect(formatTime('1e12')).toBe('1e12');
  });
});

describe('formatRelative', () => {
  const now = Date.UTC(2026, 10, 22);
  it('says how far away a time is', () => {
    expect(formatRelative(now + 30_000, now)).toBe('in less than a minute');
    expect(formatRelative(now + 12 * 60_000, now)).toBe('in 12 min');
    expect(formatRelative(now + 3 * 3_600_000 + 5 * 60_000, now)).toBe('in 3 h 5 min');
    expect(formatRelative(now + 3 * 86_400_000 + 4 * 3_600_000, now)).toBe('in 3 d 4 h');
    expect(formatRelative(now - 2 * 3_600_000, now)).toBe('2 h ago');
  });
});

describe('status', () => {
  it('explains every status of the specification', () => {
    expect(statusMeaning('listed')).toMatch(/not yet open/);
    expect(statusMeaning('online')).toMatch(/normal/);
    expect(statusMeaning('limit_open')).toMatch(/opening positions is restricted/);
    expect(statusMeaning('limit_close')).toMatch(/closing positions is restricted/);
    expect(statusMeaning('offline')).toMatch(/delisted or under maintenance/);
    expect(statusMeaning('restrictedAPI')).toMatch(/API is restricted/);
    expect(statusMeaning('halted')).toMatch(/does not know/);
  });
  it('says each status in words, and keeps the exchange code in its description', () => {
    expect(statusLabel('restrictedAPI')).toBe('API restricted');
    expect(statusLabel('limit_close')).toBe('Limit close');
    expect(statusLabel(' online ')).toBe('Online');
    expect(statusLabel('halted')).toBe('halted');
    expect(statusLabel('')).toBe('—');
    expect(statusLabel('constructor')).toBe('constructor');
    expect(statusMeaning('constructor')).toMatch(/does not know/);
    expect(statusDescription('restrictedAPI')).toBe(
      'API restricted: trading through the API is restricted (exchange code: restrictedAPI)',
    );
  });
  it('gives each status a tone', () => {
    expect(statusTone('online')).toBe('ok');
    expect(statusTone('offline')).toBe('danger');
    expect(statusTone('limit_open')).toBe('warn');
    expect(statusTone('listed')).toBe('info');
    expect(statusTone('whatever')).toBe('neutral');
  });
});

describe('the fast decimal paths agree with decimal.js', () => {
  const lcg = (seed: number) => () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const rnd = lcg(42);
  const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(rnd() * 10))).join('');
  const samples = [
    '0',
    '-0',
    '+0',
    '0.0',
    '.5',
    '5.',
    '-.5',
    '00012.3400',
    '0.00020',
    '1',
    '-1',
    '123456789012345678901234567890.5',
    ...Array.from({ length: 2000 }, () => {
      const sign = ['', '-', '+'][Math.floor(rnd() * 3)]!;
      const zeros = '0'.repeat(Math.floor(rnd() * 3));
      const int = zeros + digits(Math.floor(rnd() * 6));
      const frac = rnd() < 0.7 ? `.${digits(Math.floor(rnd() * 12))}${'0'.repeat(Math.floor(rnd() * 3))}` : '';
      return `${sign}${int || (frac.length > 1 ? '' : '0')}${frac}`;
    }),
  ];

  it('shiftPoint(v, 2) is decimal.js times 100, with zero always "0"', () => {
    for (const v of samples) {
      const d = parseDecimalText(v);
      if (!d) continue;
      const expected = d.isZero() ? '0' : d.mul(100).toFixed();
      expect(shiftPoint(v, 2), v).toBe(expected);
    }
  });

  it('isPlainZero is decimal.js isZero on plain decimals, undefined otherwise', () => {
    for (const v of samples) {
      const d = parseDecimalText(v);
      if (d && isPlainDecimalText(v)) expect(isPlainZero(v), v).toBe(d.isZero());
    }
    expect(isPlainZero('1e-8')).toBeUndefined();
    expect(isPlainZero('abc')).toBeUndefined();
    expect(shiftPoint('1e-8', 2)).toBeUndefined();
    expect(shiftPoint('.', 2)).toBeUndefined();
    expect(shiftPoint('', 2)).toBeUndefined();
  });
});
