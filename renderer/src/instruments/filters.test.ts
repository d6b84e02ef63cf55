import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../../shared/schemas';
import { buildDataset } from './dataset';
import { rowFlags } from './row-marks';
import {
  charMask,
  filterIndexes,
  filtersActive,
  narrowingFilter,
  narrows,
  NO_FILTERS,
  searchTokens,
  type InstrumentFilters,
} from './filters';
import { sortIndexes } from './sort-order';

const rows = [
  {
    category: 'SPOT',
    symbol: 'BTCUSDT',
    baseCoin: 'BTC',
    quoteCoin: 'USDT',
    status: 'online',
    symbolType: 'crypto',
    isRwa: 'NO',
    offTime: '-1',
  },
  {
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    baseCoin: 'BTC',
    quoteCoin: 'USDT',
    status: 'limit_open',
    type: 'perpetual',
    maxLeverage: '150',
    limitOpenTime: '1795680000000',
  },
  {
    category: 'USDT-FUTURES',
    symbol: 'ETHUSDT',
    baseCoin: 'ETH',
    quoteCoin: 'USDT',
    status: 'online',
    type: 'delivery',
    maxLeverage: '20',
    maintainTime: '0',
  },
  {
    category: 'SPOT',
    symbol: 'AAPLUSDT',
    baseCoin: 'AAPL',
    quoteCoin: 'USDT',
    status: 'offline',
    symbolType: 'stock',
    isRwa: 'YES',
    offTime: '1796112000000',
  },
  {
    category: 'SPOT',
    symbol: 'ETHBTC',
    baseCoin: 'ETH',
    quoteCoin: 'BTC',
    status: 'online',
    symbolType: 'crypto',
    isRwa: 'NO',
  },
] as unknown as Instrument[];

const ds = buildDataset(rows);
const all = sortIndexes(rows.length, []);
const run = (f: Partial<InstrumentFilters>): string[] =>
  [...filterIndexes(all, ds, { ...NO_FILTERS, ...f })].map((i) => ds.keys[i]!);

describe('dataset', () => {
  it('keys rows by category and symbol (symbols repeat across categories)', () => {
    expect(ds.keys.slice(0, 2)).toEqual(['SPOT:BTCUSDT', 'USDT-FUTURES:BTCUSDT']);
    expect(ds.indexOfKey.get('USDT-FUTURES:ETHUSDT')).toBe(2);
  });
  it('counts statuses and symbol types for the filter menus', () => {
    expect(ds.statusCounts.get('online')).toBe(3);
    expect(ds.symbolTypeCounts.get('stock')).toBe(1);
  });
  it('caches display texts', () => {
    expect(ds.text('maxLeverage', 1)).toBe('150');
    expect(ds.text('maxLeverage', 0)).toBe('—');
    expect(ds.text('offTime', 0)).toBe('—');
  });
  it('keeps what an interrupted warm-up did, and ranks and sorts the same as at once', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      ...rows[i % rows.length]!,
      symbol: `S${(i * 7919) % 5000}`,
    })) as unknown as Instrument[];
    const warm = buildDataset(many);
    let budget = 3;
    expect(warm.warmSort('symbol', () => budget-- > 0)).toBe(false);
    expect(warm.warmSort('symbol', () => false)).toBe(false);
    const cold = buildDataset(many);
    expect(warm.ranks('symbol')).toEqual(cold.ranks('symbol'));
    // Ranked now: the warm-up has nothing left to do, even without time.
    expect(warm.warmSort('symbol', () => false)).toBe(true);
    expect(warm.warmSort('maxLeverage', () => true)).toBe(true);
    expect(warm.ranks('maxLeverage')).toEqual(cold.ranks('maxLeverage'));
    expect(warm.sortedRows([{ id: 'symbol', desc: true }])).toEqual(cold.sortedRows([{ id: 'symbol', desc: true }]));
  });
  it('builds the search haystacks in steps, keeping what an interrupted warm-up did', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      ...rows[i % rows.length]!,
      symbol: `S${i}USDT`,
    })) as unknown as Instrument[];
    const warm = buildDataset(many);
    let budget = 2;
    expect(warm.warmSearch(() => budget-- > 0)).toBe(false);
    const cold = buildDataset(many);
    expect(warm.haystacks).toEqual(cold.haystacks);
    expect(warm.haystackMasks).toEqual(cold.haystackMasks);
    expect(warm.warmSearch(() => false)).toBe(true);
    const last = many[4999]!;
    expect(warm.haystacks[4999]).toBe(`s4999usdt ${last.baseCoin!.toLowerCase()} ${last.quoteCoin!.toLowerCase()}`);
  });
  it('sorts Max leverage descending numerically with unset last', () => {
    const order = sortIndexes(rows.length, [{ ranks: ds.ranks('maxLeverage'), desc: true }]);
    expect([...order].map((i) => rows[i]!.maxLeverage ?? '')).toEqual(['150', '20', '', '', '']);
  });
});

describe('filters', () => {
  it('is inactive by default and returns the same order', () => {
    expect(filtersActive(NO_FILTERS)).toBe(false);
    expect(filterIndexes(all, ds, NO_FILTERS)).toBe(all);
  });
  it('searches symbol, base and quote, every word, case-insensitively', () => {
    expect(run({ search: 'eth' })).toEqual(['USDT-FUTURES:ETHUSDT', 'SPOT:ETHBTC']);
    expect(run({ search: 'usdt btc' })).toEqual(['SPOT:BTCUSDT', 'USDT-FUTURES:BTCUSDT']);
    expect(run({ search: '  AAPL ' })).toEqual(['SPOT:AAPLUSDT']);
    expect(searchTokens('  a  b ')).toEqual(['a', 'b']);
  });
  it('filters by status, or everything not online', () => {
    expect(run({ status: 'offline' })).toEqual(['SPOT:AAPLUSDT']);
    expect(run({ status: 'not-online' })).toEqual(['USDT-FUTURES:BTCUSDT', 'SPOT:AAPLUSDT']);
  });
  it('filters by symbol type, futures type and RWA', () => {
    expect(run({ symbolType: 'stock' })).toEqual(['SPOT:AAPLUSDT']);
    expect(run({ futuresType: 'delivery' })).toEqual(['USDT-FUTURES:ETHUSDT']);
    expect(run({ rwa: 'yes' })).toEqual(['SPOT:AAPLUSDT']);
    expect(run({ rwa: 'no' })).toHaveLength(4);
  });
  it('keeps only pairs with a restriction time set ("", "-1", "0" are unset)', () => {
    expect(run({ restrictedOnly: true })).toEqual(['USDT-FUTURES:BTCUSDT', 'SPOT:AAPLUSDT']);
  });
  it('combines filters', () => {
    expect(run({ restrictedOnly: true, search: 'btc' })).toEqual(['USDT-FUTURES:BTCUSDT']);
  });
  it('keeps watched or changed rows by their flags, and none without flags', () => {
    const rm = {
      marks: new Map([['SPOT:AAPLUSDT', 'new' as const]]),
      watched: new Set(['SPOT:BTCUSDT', 'SPOT:GONEUSDT']),
      toggleWatch: () => {},
      markSeen: () => {},
      error: null,
    };
    const flags = rowFlags(ds, rm);
    const keys = (f: Partial<InstrumentFilters>) =>
      [...filterIndexes(all, ds, { ...NO_FILTERS, ...f }, flags)].map((i) => ds.keys[i]!);
    expect(keys({ watchedOnly: true })).toEqual(['SPOT:BTCUSDT']);
    expect(keys({ changedOnly: true })).toEqual(['SPOT:AAPLUSDT']);
    expect(keys({ changedOnly: true, watchedOnly: true })).toEqual([]);
    expect(filtersActive({ ...NO_FILTERS, watchedOnly: true })).toBe(true);
    expect(run({ watchedOnly: true })).toEqual([]);
  });
});

describe('search prefilter', () => {
  it('gives a text every bit of each of its substrings', () => {
    expect(charMask('')).toBe(0);
    expect(charMask('ab')).toBe(0b11);
    // Digits share six bits; other characters have none.
    expect(charMask('0')).toBe(charMask('6'));
    expect(charMask('-_é/')).toBe(0);
    const text = '1000pepeusdt 1000pepe usdt';
    for (let a = 0; a < text.length; a++)
      for (let b = a; b <= text.length; b++) {
        const part = charMask(text.slice(a, b));
        expect(charMask(text) & part).toBe(part);
      }
  });
  it('finds exactly what includes() finds, for letters, digits, symbols and non-ASCII', () => {
    const many = [
      ...rows,
      { category: 'SPOT', symbol: '1000PEPEUSDT', baseCoin: '1000PEPE', quoteCoin: 'USDT' },
      { category: 'SPOT', symbol: 'BTC-PERP', baseCoin: 'BTC', quoteCoin: 'USD' },
      { category: 'SPOT', symbol: 'ÉTHUSDT', baseCoin: 'ÉTH', quoteCoin: 'USDT' },
      { category: 'SPOT', symbol: '', baseCoin: '', quoteCoin: '' },
    ] as unknown as Instrument[];
    const big = buildDataset(many);
    const order = sortIndexes(many.length, []);
    const queries = [
      'b',
      'z',
      '0',
      '6',
      '10',
      '000p',
      'pepe',
      '-',
      'c-p',
      'é',
      'éth',
      'th',
      'usdt btc',
      'x 1',
      ' ',
      'usd',
    ];
    for (const search of queries) {
      const words = searchTokens(search);
      const naive = [...order].filter((i) => words.every((w) => big.haystacks[i]!.includes(w)));
      expect([...filterIndexes(order, big, { ...NO_FILTERS, search })], search).toEqual(naive);
      expect([...filterIndexes(order, big, { ...NO_FILTERS, search, rwa: 'no' })], search).toEqual(
        naive.filter((i) => big.rwa[i] === 0),
      );
    }
  });
});

describe('filtering on from the last answer while typing', () => {
  it('narrows only when every row of the new filters passed the old ones', () => {
    const f = (patch: Partial<InstrumentFilters>): InstrumentFilters => ({ ...NO_FILTERS, ...patch });
    expect(narrows(f({}), f({ search: 'b' }))).toBe(true);
    expect(narrows(f({ search: 'b' }), f({ search: 'bt' }))).toBe(true);
    expect(narrows(f({ search: 'bt' }), f({ search: 'b' }))).toBe(false);
    expect(narrows(f({ search: 'btc' }), f({ search: 'btc usdt' }))).toBe(true);
    expect(narrows(f({ search: 'tc' }), f({ search: 'btc' }))).toBe(true);
    expect(narrows(f({ search: 'btc usdt' }), f({ search: 'btc' }))).toBe(false);
    expect(narrows(f({ search: 'b' }), f({ search: 'b', status: 'online' }))).toBe(false);
    expect(narrows(f({ status: 'online' }), f({ status: 'online', search: 'x' }))).toBe(true);
  });

  it('gives what filterIndexes gives, over random typing, deleting, filters and sorts', () => {
    const lcg = (seed: number) => () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const rnd = lcg(11);
    const coins = ['BTC', 'ETH', 'BNB', 'B2', 'AB', 'XBT', 'SOL', '1000PEPE'];
    const many = Array.from({ length: 3000 }, (_, i) => ({
      ...rows[i % rows.length]!,
      symbol: `${coins[i % coins.length]}${i % 7}USDT`,
      baseCoin: coins[i % coins.length],
      status: i % 5 ? 'online' : 'offline',
    })) as unknown as Instrument[];
    const big = buildDataset(many);
    const sorts = [
      sortIndexes(many.length, []),
      sortIndexes(many.length, [{ ranks: big.ranks('symbol'), desc: true }]),
    ];
    const rm = { marks: new Map(), watched: new Set(['SPOT:BTC0USDT']), toggleWatch() {}, markSeen() {}, error: null };
    const flags = rowFlags(big, rm);
    const filter = narrowingFilter(big);
    let f: InstrumentFilters = NO_FILTERS;
    let order = sorts[0]!;
    for (let step = 0; step < 400; step++) {
      const r = rnd();
      if (r < 0.45) f = { ...f, search: f.search + 'btc 1ex'[Math.floor(rnd() * 7)]! };
      else if (r < 0.65) f = { ...f, search: f.search.slice(0, -1) };
      else if (r < 0.75) f = { ...f, status: f.status ? '' : 'online' };
      else if (r < 0.8) f = { ...f, watchedOnly: !f.watchedOnly };
      else if (r < 0.85) order = sorts[Math.floor(rnd() * 2)]!;
      else if (r < 0.9) f = { ...f, search: '' };
      const got = [...filter(order, f, flags)];
      expect(got, `step ${step}: ${JSON.stringify(f)}`).toEqual([...filterIndexes(order, big, f, flags)]);
    }
  });
});
