import { describe, expect, it } from 'vitest';
import {
  buildRanks,
  compareBy,
  decimalKey,
  exactFloat,
  finish,
  MAX_QTY_RULE,
  numericKey,
  NUMERIC_RULE,
  rankJob,
  ROWS_PER_STEP,
  sortStrings,
  STATUS_RULE,
  TEXT_RULE,
  TIME_RULE,
  type SortKeyOf,
  type SortRule,
} from './sort-keys';
import { sortIndexes } from './sort-order';
import type { RawValue } from './values';

const sortBy = (values: RawValue[], keyOf: SortKeyOf, desc = false): RawValue[] =>
  [...values].sort(compareBy(keyOf, desc));

/** The production path: ranks once, then the counting sort. */
const rankSort = (values: RawValue[], rule: SortRule, desc = false): RawValue[] => {
  const ranks = buildRanks(values.length, (i) => values[i], rule);
  return [...sortIndexes(values.length, [{ ranks, desc }])].map((i) => values[i]);
};

describe('decimalKey', () => {
  it('orders by value, not text', () => {
    expect(decimalKey('10')! > decimalKey('9')!).toBe(true);
    expect(decimalKey('0.1')! < decimalKey('0.09')!).toBe(false);
    expect(decimalKey('100.5')! > decimalKey('99.999999')!).toBe(true);
  });
  it('gives equal numbers equal keys', () => {
    expect(decimalKey('0.1')).toBe(decimalKey('0.10'));
    expect(decimalKey('007')).toBe(decimalKey('7.000'));
    expect(decimalKey('0')).toBe(decimalKey('-0'));
    expect(decimalKey('.5')).toBe(decimalKey('0.5'));
  });
  it('orders negatives below zero and by magnitude', () => {
    const values = ['-0.5', '-0.51', '-10', '-9', '0', '0.0001', '-0.0001', '3'];
    expect([...values].sort((a, b) => (decimalKey(a)! < decimalKey(b)! ? -1 : 1))).toEqual([
      '-10',
      '-9',
      '-0.51',
      '-0.5',
      '-0.0001',
      '0',
      '0.0001',
      '3',
    ]);
  });
  it('reads exponent forms exactly', () => {
    expect(decimalKey('1e-8')).toBe(decimalKey('0.00000001'));
    expect(decimalKey('2.5E+3')).toBe(decimalKey('2500'));
    expect(decimalKey('1e-8')! < decimalKey('0.0000001')!).toBe(true);
  });
  it('keeps very long decimals and huge numbers exact', () => {
    const tiny = '0.000000000000000000012345678901234567890';
    const tinier = '0.000000000000000000012345678901234567889';
    expect(decimalKey(tinier)! < decimalKey(tiny)!).toBe(true);
    expect(decimalKey(tiny)).toBe(decimalKey(`${tiny}000`));
    const huge = '123456789012345678901234567890';
    expect(decimalKey(huge)! > decimalKey('123456789012345678901234567889.99999')!).toBe(true);
    // Both are 9007199254740993 and 9007199254740992 as floats: equal. Not here.
    expect(decimalKey('9007199254740993')! > decimalKey('9007199254740992')!).toBe(true);
  });
  it('returns undefined for what is not a number', () => {
    for (const junk of ['', 'abc', '1.2.3', '--1', 'NaN', 'Infinity', '0x10', '1e', 'e5'])
      expect(decimalKey(junk)).toBeUndefined();
  });
});

describe('numeric ordering with empties', () => {
  const values: RawValue[] = ['9', '', '10', undefined, '0.5', null, '150', '20', 'n/a', '1e-8'];
  it('sorts ascending numerically; junk after numbers; unset last', () => {
    // (Array.prototype.sort itself always moves undefined to the end, so compare without it.)
    expect(sortBy(['9', '', '10', '0.5', null, '150', '20', 'n/a', '1e-8'], numericKey)).toEqual([
      '1e-8',
      '0.5',
      '9',
      '10',
      '20',
      '150',
      'n/a',
      '',
      null,
    ]);
  });
  it('keeps unset values last when descending too', () => {
    const desc = sortBy(values, numericKey, true);
    expect(desc.slice(0, 6)).toEqual(['n/a', '150', '20', '10', '9', '0.5']);
    expect(desc.slice(-3).every((v) => v === '' || v === undefined || v === null)).toBe(true);
  });
  it('gives the same order through ranks and the counting sort', () => {
    expect(rankSort(values, NUMERIC_RULE)).toEqual(['1e-8', '0.5', '9', '10', '20', '150', 'n/a', '', undefined, null]);
    expect(rankSort(values, NUMERIC_RULE, true)).toEqual([
      'n/a',
      '150',
      '20',
      '10',
      '9',
      '0.5',
      '1e-8',
      '',
      undefined,
      null,
    ]);
  });
  it('Max leverage descending puts 150 before 20', () => {
    expect(rankSort(['20', '150', '', '125', '5'], NUMERIC_RULE, true)).toEqual(['150', '125', '20', '5', '']);
  });
  it('treats 0.1 and 0.10 as equal (stable: exchange order kept)', () => {
    expect(rankSort(['0.10', '0.2', '0.1'], NUMERIC_RULE)).toEqual(['0.10', '0.1', '0.2']);
    expect(rankSort(['0.10', '0.2', '0.1'], NUMERIC_RULE, true)).toEqual(['0.2', '0.10', '0.1']);
  });
});

describe('time and max quantity keys', () => {
  it('treats "", "-1", "0" and null as unset times', () => {
    expect(rankSort(['1796112000000', '-1', '0', '', null, '1532454360000'], TIME_RULE)).toEqual([
      '1532454360000',
      '1796112000000',
      '-1',
      '0',
      '',
      null,
    ]);
  });
  it('sorts maxOrderQty "0" (no limit) above every limit', () => {
    expect(rankSort(['1200', '0', '5', ''], MAX_QTY_RULE)).toEqual(['5', '1200', '0', '']);
    expect(rankSort(['1200', '0.0', '5', ''], MAX_QTY_RULE, true)).toEqual(['0.0', '1200', '5', '']);
  });
});

describe('status and text keys', () => {
  it('orders statuses from trading normally to not trading', () => {
    const statuses = ['offline', 'listed', 'restrictedAPI', 'limit_close', 'limit_open', 'online', 'halted', ''];
    expect(rankSort(statuses, STATUS_RULE)).toEqual([
      'online',
      'limit_open',
      'limit_close',
      'restrictedAPI',
      'listed',
      'offline',
      'halted',
      '',
    ]);
    expect(rankSort(statuses, STATUS_RULE, true)).toEqual([
      'halted',
      'offline',
      'listed',
      'restrictedAPI',
      'limit_close',
      'limit_open',
      'online',
      '',
    ]);
  });
  it('sorts text case-insensitively with empties last', () => {
    expect(rankSort(['ethusdt', '', 'BTCUSDT', 'AAVEUSDT'], TEXT_RULE)).toEqual(['AAVEUSDT', 'BTCUSDT', 'ethusdt', '']);
    expect(rankSort(['ethusdt', '', 'BTCUSDT', 'AAVEUSDT'], TEXT_RULE, true)).toEqual([
      'ethusdt',
      'BTCUSDT',
      'AAVEUSDT',
      '',
    ]);
  });
});

describe('sortIndexes', () => {
  it('applies a secondary key within ties of the first', () => {
    const status = ['online', 'offline', 'online', 'online', 'offline'];
    const lev = ['20', '50', '150', '', '10'];
    const byStatus = buildRanks(5, (i) => status[i], STATUS_RULE);
    const byLev = buildRanks(5, (i) => lev[i], NUMERIC_RULE);
    const order = [
      ...sortIndexes(5, [
        { ranks: byStatus, desc: false },
        { ranks: byLev, desc: true },
      ]),
    ];
    expect(order.map((i) => `${status[i]}:${lev[i]}`)).toEqual([
      'online:150',
      'online:20',
      'online:',
      'offline:50',
      'offline:10',
    ]);
  });
  it('keeps the exchange order without keys', () => {
    expect([...sortIndexes(4, [])]).toEqual([0, 1, 2, 3]);
  });
  it('sorts 50,000 rows exactly', () => {
    const n = 50_000;
    const values = Array.from({ length: n }, (_, i) =>
      i % 97 === 0 ? '' : `${(i * 7919) % 10007}.${String(i % 1000).padStart(3, '0')}`,
    );
    const ranks = buildRanks(n, (i) => values[i], NUMERIC_RULE);
    const order = sortIndexes(n, [{ ranks, desc: true }]);
    let bad = -1;
    for (let k = 1; k < n && bad < 0; k++) {
      const a = values[order[k - 1]!]!;
      const b = values[order[k]!]!;
      // These values have at most 8 significant digits: floats compare them exactly.
      if (b === '' ? false : a === '' || Number(a) < Number(b)) bad = k;
    }
    expect(bad).toBe(-1);
  });
});

describe('exactFloat (the fast path) agrees with the exact string keys', () => {
  it('accepts up to 15 significant digits only', () => {
    expect(exactFloat('0.0002')).toBe(0.0002);
    expect(exactFloat('123456789012345')).toBe(123456789012345);
    expect(exactFloat('1234567890123456')).toBeUndefined();
    expect(exactFloat('0.000000000000000000012345678901234567890')).toBeUndefined();
    expect(exactFloat('1000000000000000000000')).toBe(1e21);
    expect(exactFloat('1e-8')).toBe(1e-8);
    expect(exactFloat('-0')).toBe(0);
    expect(exactFloat('1e-400')).toBeUndefined();
    expect(exactFloat('abc')).toBeUndefined();
    expect(exactFloat('0x10')).toBeUndefined();
  });

  const tricky = [
    '',
    '-1',
    '0',
    '0.0',
    '0.1',
    '0.10',
    '0.09',
    '9',
    '10',
    '1e-8',
    '0.00000001',
    '2.5E+3',
    '2500',
    '0.000000000000000000012345678901234567890',
    '0.000000000000000000012345678901234567889',
    '123456789012345678901234567890',
    '9007199254740993',
    '9007199254740992',
    '-0.5',
    '-0.51',
    'n/a',
    'NaN',
    '150',
    '20',
    '0.0002',
    '0.00020',
    '1200',
    '99999999999999.9',
    '100000000000000',
  ];
  const shuffled = (seed: number): RawValue[] => {
    const out: RawValue[] = [...tricky, null, undefined];
    let x = seed;
    for (let i = out.length - 1; i > 0; i--) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const j = x % (i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  const reference = (values: RawValue[], keyOf: SortKeyOf, desc: boolean): string[] => {
    // Reference: the exact string keys, comparing only keys (ties are equal, so compare key lists).
    const keys = values.map(keyOf);
    const set = keys.filter((k): k is string => k !== null).sort();
    if (desc) set.reverse();
    return [...set, ...keys.filter((k) => k === null).map(() => 'unset')];
  };
  for (const [name, rule] of [
    ['numeric', NUMERIC_RULE],
    ['time', TIME_RULE],
    ['max qty', MAX_QTY_RULE],
  ] as const) {
    for (const desc of [false, true]) {
      it(`${name} ${desc ? 'descending' : 'ascending'}: same order as the string keys, with or without long decimals`, () => {
        for (const values of [
          shuffled(1),
          shuffled(7).filter(
            (v) => v === undefined || v === null || exactFloat(v) !== undefined || decimalKey(v) === undefined,
          ),
        ]) {
          const got = rankSort(values, rule, desc).map((v) => rule.keyOf(v) ?? 'unset');
          expect(got).toEqual(reference(values, rule.keyOf, desc));
        }
      });
    }
  }
});

describe('ranking in steps (idle-time warm-up)', () => {
  const lcg = (seed: number) => () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;

  it('sortStrings orders like sort(), at any length', () => {
    const rnd = lcg(7);
    const alphabet = ['a', 'B', 'z', '0', '9', '-', 'é', 'Ω', '😀', ''];
    for (const n of [0, 1, 2, ROWS_PER_STEP - 1, ROWS_PER_STEP, ROWS_PER_STEP + 1, 3 * ROWS_PER_STEP + 17, 9000]) {
      const values = Array.from({ length: n }, () =>
        Array.from({ length: Math.floor(rnd() * 6) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join(''),
      );
      expect(finish(sortStrings(values)), `n=${n}`).toEqual([...values].sort());
    }
  });

  it('yields at least once per ROWS_PER_STEP rows, for text and numeric columns alike', () => {
    const n = 10 * ROWS_PER_STEP;
    const symbols = Array.from({ length: n }, (_, i) => `S${(i * 7919) % n}USDT`);
    const amounts = Array.from({ length: n }, (_, i) => String((i * 31) % 1000));
    for (const [values, rule] of [
      [symbols, TEXT_RULE],
      [amounts, NUMERIC_RULE],
    ] as const) {
      const job = rankJob(n, (i) => values[i], rule);
      let steps = 0;
      let r = job.next();
      for (; !r.done; r = job.next()) steps++;
      expect(steps).toBeGreaterThanOrEqual(n / ROWS_PER_STEP);
      expect(r.value).toEqual(buildRanks(n, (i) => values[i], rule));
    }
  });
});
