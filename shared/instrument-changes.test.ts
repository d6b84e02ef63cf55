import { describe, expect, it } from 'vitest';
import { compareSnapshots, diffInstruments, isSetTime, MAX_CHANGE_TEXT, type DiffMeta } from './instrument-changes';
import type { Instrument } from './schemas';

const meta: DiffMeta = { profileId: 'local-demo', category: 'USDT-FUTURES', fetchId: 'f1', at: 1_700_000_000_000 };

function row(symbol: string, patch: Record<string, unknown> = {}): Instrument {
  return {
    category: 'USDT-FUTURES',
    symbol,
    baseCoin: symbol.replace(/USDT$/, ''),
    quoteCoin: 'USDT',
    status: 'online',
    makerFeeRate: '0.0002',
    takerFeeRate: '0.0006',
    minOrderQty: '0.001',
    maxLeverage: '125',
    offTime: '-1',
    limitOpenTime: '-1',
    maintainTime: '0',
    deliveryTime: '',
    deliveryStartTime: '',
    ...patch,
  } as Instrument;
}

/** The events without the fields every event of one fetch shares. */
function changes(previous: Instrument[] | undefined, current: Instrument[]) {
  return diffInstruments(previous, current, meta).map(({ symbol, kind, field, old, new: now }) => ({
    symbol,
    kind,
    ...(field !== undefined ? { field } : {}),
    ...(old !== undefined ? { old } : {}),
    ...(now !== undefined ? { new: now } : {}),
  }));
}

describe('diffInstruments', () => {
  it('treats the first snapshot as the baseline: no events, not one "listed" per symbol', () => {
    expect(diffInstruments(undefined, [row('BTCUSDT'), row('ETHUSDT')], meta)).toEqual([]);
  });

  it('reports nothing for an identical snapshot, whatever the order of rows or keys', () => {
    const before = [row('BTCUSDT'), row('ETHUSDT')];
    const reordered = [Object.fromEntries(Object.entries(row('ETHUSDT')).reverse()) as Instrument, row('BTCUSDT')];
    expect(changes(before, reordered)).toEqual([]);
  });

  it('reports a listing with its status and a delisting with its last status', () => {
    const before = [row('BTCUSDT'), row('OLDUSDT', { status: 'limit_open' })];
    const after = [row('BTCUSDT'), row('NEWUSDT', { status: 'listed' })];
    expect(changes(before, after)).toEqual([
      { symbol: 'NEWUSDT', kind: 'listed', new: 'listed' },
      { symbol: 'OLDUSDT', kind: 'delisted', old: 'limit_open' },
    ]);
  });

  it('tells a status change from a field change', () => {
    const after = [row('BTCUSDT', { status: 'restrictedAPI', takerFeeRate: '0.0005' })];
    expect(changes([row('BTCUSDT')], after)).toEqual([
      { symbol: 'BTCUSDT', kind: 'status', field: 'status', old: 'online', new: 'restrictedAPI' },
      { symbol: 'BTCUSDT', kind: 'field', field: 'takerFeeRate', old: '0.0006', new: '0.0005' },
    ]);
  });

  it('compares decimals as decimals: "0.10" → "0.1" and "125" → "125.0" are no change', () => {
    const before = [row('BTCUSDT', { makerFeeRate: '0.10', maxLeverage: '125', minOrderQty: '1e-3' })];
    const after = [row('BTCUSDT', { makerFeeRate: '0.1', maxLeverage: '125.0', minOrderQty: '0.001' })];
    expect(changes(before, after)).toEqual([]);
    expect(compareSnapshots(before, after, meta).identical).toBe(false);
  });

  it('compares other values as text', () => {
    const before = [row('BTCUSDT', { symbolType: 'crypto', isRwa: 'NO' })];
    const after = [row('BTCUSDT', { symbolType: 'Crypto', isRwa: 'NO' })];
    expect(changes(before, after)).toEqual([
      { symbol: 'BTCUSDT', kind: 'field', field: 'symbolType', old: 'crypto', new: 'Crypto' },
    ]);
    // "1" and "1.0x" are not both decimals: text.
    expect(changes([row('A', { ratio: '1' })], [row('A', { ratio: '1.0x' })])).toEqual([
      { symbol: 'A', kind: 'field', field: 'ratio', old: '1', new: '1.0x' },
    ]);
  });

  it('reports a field that appears or disappears, unknown fields included', () => {
    const before = [row('BTCUSDT', { fundInterval: '8' })];
    const after = [row('BTCUSDT', { newRiskTier: '3', nested: { a: 1 } })];
    expect(changes(before, after)).toEqual([
      { symbol: 'BTCUSDT', kind: 'field', field: 'newRiskTier', new: '3' },
      { symbol: 'BTCUSDT', kind: 'field', field: 'nested', new: '{"a":1}' },
      { symbol: 'BTCUSDT', kind: 'field', field: 'fundInterval', old: '8' },
    ]);
  });

  it('diffs an unknown field that changes, and counts null as absent', () => {
    const before = [row('BTCUSDT', { riskTier: '2', launchTime: null })];
    const after = [row('BTCUSDT', { riskTier: '4' })];
    expect(changes(before, after)).toEqual([
      { symbol: 'BTCUSDT', kind: 'field', field: 'riskTier', old: '2', new: '4' },
    ]);
  });

  it('reports restrictions scheduled, rescheduled and cleared', () => {
    const before = [
      row('A'),
      row('B', { offTime: '1800000000000' }),
      row('C', { limitOpenTime: '1800000000000' }),
      row('D', { deliveryTime: '1800000000000' }),
    ];
    const after = [
      row('A', { maintainTime: '1750000000000', deliveryStartTime: '1760000000000' }),
      row('B', { offTime: '1810000000000' }),
      row('C', { limitOpenTime: '-1' }),
      row('D', { deliveryTime: '' }),
    ];
    expect(changes(before, after)).toEqual([
      { symbol: 'A', kind: 'restriction-scheduled', field: 'maintainTime', new: '1750000000000' },
      { symbol: 'A', kind: 'restriction-scheduled', field: 'deliveryStartTime', new: '1760000000000' },
      { symbol: 'B', kind: 'restriction-scheduled', field: 'offTime', old: '1800000000000', new: '1810000000000' },
      { symbol: 'C', kind: 'restriction-cleared', field: 'limitOpenTime', old: '1800000000000' },
      { symbol: 'D', kind: 'restriction-cleared', field: 'deliveryTime', old: '1800000000000' },
    ]);
  });

  it('ignores one unset time written another way, and a restriction field that appears unset', () => {
    const before = [row('A', { offTime: '', limitOpenTime: '0' }), row('B', { offTime: undefined })];
    const after = [row('A', { offTime: '-1', limitOpenTime: '' }), row('B', { offTime: '0' })];
    expect(changes(before, after)).toEqual([]);
    // A restriction time that appears set is scheduled; one that disappears is cleared.
    const { offTime: _drop, ...withoutOffTime } = row('C', { offTime: '1800000000000' });
    expect(changes([row('C', { offTime: '1800000000000' })], [withoutOffTime as Instrument])).toEqual([
      { symbol: 'C', kind: 'restriction-cleared', field: 'offTime', old: '1800000000000' },
    ]);
  });

  it('reads "", "-1", "0" and anything not above zero as an unset time', () => {
    for (const unset of [undefined, '', ' ', '-1', '0', '0.0', '-1.0']) expect(isSetTime(unset)).toBe(false);
    for (const set of ['1800000000000', '2025-06-01T00:00:00Z', '1']) expect(isSetTime(set)).toBe(true);
  });

  it('lets the last of duplicate symbols win, without spurious listings or changes', () => {
    const before = [row('BTCUSDT'), row('ETHUSDT')];
    // A stale copy first, the current row last: the current one counts, once.
    const after = [row('BTCUSDT', { status: 'offline' }), row('ETHUSDT'), row('BTCUSDT')];
    expect(changes(before, after)).toEqual([]);
    const { rows, identical } = compareSnapshots(before, after, meta);
    expect([...rows.keys()]).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(identical).toBe(true);
    // Duplicates in the earlier snapshot: its last row is what the current one is compared with.
    expect(changes([row('XUSDT', { status: 'offline' }), row('XUSDT')], [row('XUSDT')])).toEqual([]);
    // A new symbol listed twice is one listing.
    expect(changes([row('A')], [row('A'), row('NEW'), row('NEW', { status: 'listed' })])).toEqual([
      { symbol: 'NEW', kind: 'listed', new: 'listed' },
    ]);
  });

  it('skips rows without a symbol instead of tracking them', () => {
    const junk = { status: 'online' } as unknown as Instrument;
    expect(changes([row('A')], [row('A'), junk])).toEqual([]);
  });

  it('stamps every event with the fetch, profile, category and a stable id', () => {
    const events = diffInstruments([row('A'), row('B')], [row('A', { status: 'offline' }), row('C')], meta);
    expect(events).toHaveLength(3);
    expect(events.map((e) => e.id)).toEqual(['f1:0', 'f1:1', 'f1:2']);
    for (const e of events) {
      expect(e).toMatchObject({ at: meta.at, fetchId: 'f1', profileId: 'local-demo', category: 'USDT-FUTURES' });
    }
    expect(diffInstruments([row('A'), row('B')], [row('A', { status: 'offline' }), row('C')], meta)).toEqual(events);
  });

  it('cuts long texts so that one event stays one small line', () => {
    const long = 'x'.repeat(5000);
    const [e] = diffInstruments([row('A')], [row('A', { blob: long })], meta);
    expect(e?.new).toHaveLength(MAX_CHANGE_TEXT);
    expect(e?.new?.endsWith('…')).toBe(true);
  });

  it('accepts the rows of an earlier comparison as the previous snapshot', () => {
    const first = compareSnapshots(undefined, [row('A'), row('B')], meta);
    const second = compareSnapshots(first.rows, [row('A', { maxLeverage: '100' })], meta);
    expect(second.events.map((e) => [e.symbol, e.kind, e.field])).toEqual([
      ['A', 'field', 'maxLeverage'],
      ['B', 'delisted', undefined],
    ]);
  });

  it('handles 50,000 instruments against 50,000 with a few hundred changes', () => {
    const wide = (i: number, patch: Record<string, unknown> = {}) => {
      const extra: Record<string, string> = {};
      for (let f = 0; f < 25; f++) extra[`field${f}`] = `${(i * 7 + f) % 1000}.${f}0`;
      return row(`S${i}USDT`, { ...extra, ...patch });
    };
    const before = Array.from({ length: 50_000 }, (_, i) => wide(i));
    const after = before.map((r, i) => {
      if (i % 500 === 0) return wide(i, { status: 'limit_open' });
      if (i % 500 === 1) return wide(i, { makerFeeRate: '0.00020' }); // decimal-equal: no event
      if (i % 500 === 2) return wide(i, { takerFeeRate: '0.0004' });
      return { ...r };
    });
    after.splice(10, 1); // a delisting
    after.push(wide(99_999)); // a listing
    const events = diffInstruments(before, after, meta);
    const count = (kind: string) => events.filter((e) => e.kind === kind).length;
    expect(count('status')).toBe(100);
    expect(count('field')).toBe(100);
    expect(count('delisted')).toBe(1);
    expect(count('listed')).toBe(1);
    expect(events).toHaveLength(202);
  });
});
