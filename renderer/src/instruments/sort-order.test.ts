import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../../shared/schemas';
import { SORT_RULE_OF_KIND, SPEC_BY_ID } from './columns';
import { buildDataset } from './dataset';
import { buildRanks, compareBy, finish, NUMERIC_RULE, ROWS_PER_STEP } from './sort-keys';
import { ascendingJob, descendingOf, sortIndexes } from './sort-order';
import { rawField } from './values';

const lcg = (seed: number) => () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;

/**
 * Values that a float would confuse: decimals with more than 17 significant digits that differ
 * only past the 17th, equal decimals written differently, empties and junk.
 */
const TRICKY = [
  '0.1',
  '0.10',
  '0.1000000000000000001',
  '0.10000000000000000009',
  '0.0999999999999999999',
  '123456789012345678901234567890',
  '123456789012345678901234567891',
  '-0.5',
  '-0.50000000000000000001',
  '1e-8',
  '0.00000001',
  '0',
  '',
  'n/a',
];

function randomRows(n: number, seed: number): Instrument[] {
  const rnd = lcg(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  return Array.from({ length: n }, () => ({
    category: pick(['SPOT', 'USDT-FUTURES', 'COIN-FUTURES']),
    symbol: pick(['BTCUSDT', 'ethusdt', 'ETHUSDT', 'SOLUSDC', 'A', '']),
    status: pick(['online', 'offline', 'gray', 'listed', 'limit_open', 'weird', '']),
    minOrderAmount: rnd() < 0.5 ? pick(TRICKY) : (rnd() * 100).toFixed(Math.floor(rnd() * 4)),
    maxOrderQty: pick(['0', '10', '1000', '', '5.5']),
    // Short values only: the numeric fast path (doubles) ranks this column, never the string keys.
    minOrderQty: pick(SHORT),
    maxLeverage: pick(['10', '20', '125', '', null]),
    offTime: pick(['', '-1', '0', '1767225600000', '1767225600001', null]),
  })) as unknown as Instrument[];
}

/** Short decimals written every way a plain decimal may be, and a few that are not plain. */
const SHORT = [
  '-0',
  '0',
  '+5',
  '.5',
  '5.',
  '0.10',
  '0.1',
  '007',
  '7',
  ' 3 ',
  'n/a',
  '',
  '99999999999999',
  '1e-14',
  '0.00000000000001',
  '-2.5',
];

const COLUMNS = [
  'symbol',
  'status',
  'category',
  'minOrderAmount',
  'minOrderQty',
  'maxOrderQty',
  'maxLeverage',
  'offTime',
];

/** The reference: a stable comparison sort on the exact string keys, key after key. */
function referenceOrder(rows: readonly Instrument[], sorting: ReadonlyArray<{ id: string; desc: boolean }>): number[] {
  const comparators = sorting.map(({ id, desc }) => {
    const cmp = compareBy(SORT_RULE_OF_KIND[SPEC_BY_ID.get(id)!.kind].keyOf, desc);
    return (a: number, b: number) => cmp(rawField(rows[a]!, id), rawField(rows[b]!, id));
  });
  return rows
    .map((_, i) => i)
    .sort((a, b) => {
      for (const c of comparators) {
        const r = c(a, b);
        if (r !== 0) return r;
      }
      return a - b;
    });
}

describe('stored sort orders (Dataset.sortedRows)', () => {
  it('equal the counting sort of the ranks and a stable sort on the exact keys, on random data', () => {
    const rnd = lcg(42);
    for (const n of [0, 1, 2, 7, 300, ROWS_PER_STEP + 5, 3000]) {
      const rows = randomRows(n, n + 1);
      const ds = buildDataset(rows);
      for (let trial = 0; trial < 12; trial++) {
        const ids = [...COLUMNS].sort(() => rnd() - 0.5).slice(0, 1 + Math.floor(rnd() * 3));
        const sorting = ids.map((id) => ({ id, desc: rnd() < 0.5 }));
        const stored = [...ds.sortedRows(sorting)];
        const counted = [
          ...sortIndexes(
            n,
            sorting.map(({ id, desc }) => ({ ranks: ds.ranks(id), desc })),
          ),
        ];
        expect(stored, `n=${n} ${JSON.stringify(sorting)}`).toEqual(counted);
        expect(stored, `n=${n} ${JSON.stringify(sorting)}`).toEqual(referenceOrder(rows, sorting));
      }
    }
  });

  it('returns the same stored order for a repeated single-column sort, and the exchange order without one', () => {
    const ds = buildDataset(randomRows(500, 3));
    const asc = ds.sortedRows([{ id: 'minOrderAmount', desc: false }]);
    expect(ds.sortedRows([{ id: 'minOrderAmount', desc: false }])).toBe(asc);
    const desc = ds.sortedRows([{ id: 'minOrderAmount', desc: true }]);
    expect(ds.sortedRows([{ id: 'minOrderAmount', desc: true }])).toBe(desc);
    expect([...ds.sortedRows([])]).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });

  it('compares decimals exactly, not as floats, and keeps ties in the exchange order', () => {
    const values = [
      '0.1000000000000000001',
      '0.1',
      '',
      '0.10000000000000000009',
      '0.10',
      '0.0999999999999999999',
      '1e-8',
      '0.00000001',
    ];
    const rows = values.map((v, i) => ({
      category: 'SPOT',
      symbol: `S${i}`,
      minOrderAmount: v,
    })) as unknown as Instrument[];
    const ds = buildDataset(rows);
    const shown = (desc: boolean) => [...ds.sortedRows([{ id: 'minOrderAmount', desc }])].map((i) => values[i]);
    expect(shown(false)).toEqual([
      '1e-8',
      '0.00000001',
      '0.0999999999999999999',
      '0.1',
      '0.10',
      '0.10000000000000000009',
      '0.1000000000000000001',
      '',
    ]);
    // Descending: the runs of equal values reversed, each still in the exchange's order; unset last.
    expect(shown(true)).toEqual([
      '0.1000000000000000001',
      '0.10000000000000000009',
      '0.1',
      '0.10',
      '0.0999999999999999999',
      '1e-8',
      '0.00000001',
      '',
    ]);
  });
});

describe('ascendingJob and descendingOf', () => {
  it('yield at least once per ROWS_PER_STEP rows and agree with the counting sort', () => {
    const n = 5 * ROWS_PER_STEP + 3;
    const values = Array.from({ length: n }, (_, i) => (i % 11 === 0 ? '' : String((i * 7919) % 101)));
    const ranks = buildRanks(n, (i) => values[i], NUMERIC_RULE);
    const job = ascendingJob(ranks);
    let steps = 0;
    let r = job.next();
    for (; !r.done; r = job.next()) steps++;
    expect(steps).toBeGreaterThanOrEqual(n / ROWS_PER_STEP);
    expect([...r.value]).toEqual([...sortIndexes(n, [{ ranks, desc: false }])]);
    expect([...descendingOf(r.value, ranks)]).toEqual([...sortIndexes(n, [{ ranks, desc: true }])]);
  });

  it('handle a column with every value unset', () => {
    const ranks = buildRanks(4, () => '', NUMERIC_RULE);
    const asc = finish(ascendingJob(ranks));
    expect([...asc]).toEqual([0, 1, 2, 3]);
    expect([...descendingOf(asc, ranks)]).toEqual([0, 1, 2, 3]);
  });
});
