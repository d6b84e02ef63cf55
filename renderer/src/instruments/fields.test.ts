import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../../shared/schemas';
import { fieldRows } from './fields';

describe('fieldRows', () => {
  const instrument = {
    category: 'USDT-FUTURES',
    symbol: 'SUIUSDT',
    baseCoin: 'SUI',
    quoteCoin: 'USDT',
    status: 'online',
    makerFeeRate: '0.0002',
    maxOrderQty: '0',
    launchTime: null,
    offTime: '-1',
    newFieldExample: 'alpha',
    priceLimitMode: 'ratio',
  } as unknown as Instrument;
  const rows = fieldRows(instrument);

  it('lists every field, spec fields first, then the unknown ones marked', () => {
    expect(rows.map((r) => r.field)).toEqual([
      'symbol',
      'category',
      'baseCoin',
      'quoteCoin',
      'status',
      'maxOrderQty',
      'makerFeeRate',
      'launchTime',
      'offTime',
      'newFieldExample',
      'priceLimitMode',
    ]);
    expect(rows.filter((r) => r.unknown).map((r) => r.field)).toEqual(['newFieldExample', 'priceLimitMode']);
  });
  it('formats known fields and keeps the raw text', () => {
    const by = Object.fromEntries(rows.map((r) => [r.field, r]));
    expect(by.makerFeeRate).toMatchObject({ formatted: '0.02 %', rawText: '0.0002' });
    expect(by.maxOrderQty).toMatchObject({ formatted: 'no limit', rawText: '0' });
    expect(by.launchTime).toMatchObject({ formatted: '—', rawText: 'null', raw: null });
    expect(by.offTime).toMatchObject({ formatted: '—', rawText: '-1' });
    expect(by.newFieldExample).toMatchObject({ formatted: 'alpha', rawText: 'alpha', label: 'newFieldExample' });
  });
});

describe('fieldRows with field names that are also names on Object.prototype', () => {
  it('lists constructor, toString and __proto__ as new fields instead of failing', () => {
    const odd = JSON.parse(
      '{"category":"SPOT","symbol":"ODDUSDT","baseCoin":"ODD","quoteCoin":"USDT","status":"online","constructor":"c","toString":"t","__proto__":"p"}',
    ) as Instrument;
    const rows = fieldRows(odd);
    for (const field of ['constructor', 'toString', '__proto__'])
      expect(rows.find((r) => r.field === field)).toMatchObject({ unknown: true, label: field });
  });
});
