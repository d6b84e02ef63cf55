import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../../shared/schemas';
import { hasRestriction, isFutureTime, isUnsetTime, isYes, rawField, timeMs, upcomingRestrictions } from './values';

const base = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  status: 'online',
} as Instrument;
const now = Date.UTC(2026, 10, 22);

describe('unset times', () => {
  it('treats "", "-1", "0", null and missing as unset', () => {
    for (const v of ['', '-1', '0', null, undefined, '  ']) expect(isUnsetTime(v)).toBe(true);
    expect(isUnsetTime('1796112000000')).toBe(false);
    expect(timeMs('1796112000000')).toBe(1796112000000);
    expect(timeMs('-1')).toBeUndefined();
    expect(timeMs('soon')).toBeUndefined();
  });
});

describe('hasRestriction', () => {
  it('is false when offTime, limitOpenTime and maintainTime are all unset', () => {
    expect(hasRestriction(base)).toBe(false);
    expect(hasRestriction({ ...base, offTime: '', limitOpenTime: '-1', maintainTime: '0' })).toBe(false);
  });
  it('is true when any of them is set, past or future', () => {
    expect(hasRestriction({ ...base, offTime: '1796112000000' })).toBe(true);
    expect(hasRestriction({ ...base, limitOpenTime: '1600000000000' })).toBe(true);
    expect(hasRestriction({ ...base, maintainTime: '1795813200000' })).toBe(true);
  });
  it('lists only future restrictions, earliest first', () => {
    const i = { ...base, offTime: '1796112000000', limitOpenTime: '1795680000000', maintainTime: '1600000000000' };
    expect(upcomingRestrictions(i, now).map((u) => u.field)).toEqual(['limitOpenTime', 'offTime']);
    expect(isFutureTime('1600000000000', now)).toBe(false);
    expect(isFutureTime('', now)).toBe(false);
  });
});

describe('rawField and isYes', () => {
  it('reads unknown fields and nulls', () => {
    const i = { ...base, launchTime: null, newFieldExample: 'alpha', nested: { a: 1 } } as unknown as Instrument;
    expect(rawField(i, 'newFieldExample')).toBe('alpha');
    expect(rawField(i, 'launchTime')).toBeNull();
    expect(rawField(i, 'missing')).toBeUndefined();
    expect(rawField(i, 'nested')).toBe('{"a":1}');
  });
  it('reads YES/yes/true', () => {
    expect(isYes('YES')).toBe(true);
    expect(isYes('yes')).toBe(true);
    expect(isYes('NO')).toBe(false);
    expect(isYes(undefined)).toBe(false);
  });
});
