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
