import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../../shared/schemas';
import { fieldGroups, fieldRows } from './fields';

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

  it('lists every field as an operator reads them: limits, fees, status and times, the pair, then the unknown', () => {
    expect(rows.map((r) => r.field)).toEqual([
      'maxOrderQty',
      'makerFeeRate',
      'status',
      'launchTime',
      'offTime',
      'symbol',
      'category',
      'baseCoin',
      'quoteCoin',
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

describe('fieldRows: the steps', () => {
  const base = { symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', status: 'online' };

  it('a spot pair (no multiplier sent) shows its price and quantity steps from its precision', () => {
    const rows = fieldRows({
      ...base,
      category: 'SPOT',
      pricePrecision: '2',
      quantityPrecision: '6',
      quotePrecision: '8',
    });
    expect(rows.map((r) => r.field)).toEqual([
      'priceStep',
      'quantityStep',
      'pricePrecision',
      'quantityPrecision',
      'quotePrecision',
      'status',
      'symbol',
      'category',
      'baseCoin',
      'quoteCoin',
    ]);
    const by = Object.fromEntries(rows.map((r) => [r.field, r]));
    expect(by.priceStep).toMatchObject({ label: 'Price step', formatted: '0.01', derivedFrom: '10^-pricePrecision' });
    expect(by.quantityStep).toMatchObject({ formatted: '0.000001', derivedFrom: '10^-quantityPrecision' });
  });

  it('a contract shows its multipliers as the steps, first, before the raw fields', () => {
    const rows = fieldRows({
      ...base,
      category: 'USDT-FUTURES',
      pricePrecision: '1',
      quantityPrecision: '4',
      priceMultiplier: '0.1',
      quantityMultiplier: '0.0001',
      buyLimitPriceRatio: '0.05',
    });
    expect(rows.map((r) => r.field).slice(0, 7)).toEqual([
      'priceStep',
      'quantityStep',
      'pricePrecision',
      'quantityPrecision',
      'priceMultiplier',
      'quantityMultiplier',
      'buyLimitPriceRatio',
    ]);
    expect(rows.find((r) => r.field === 'priceStep')).toMatchObject({
      formatted: '0.1',
      derivedFrom: 'priceMultiplier',
    });
  });
});

describe('fieldGroups', () => {
  it('heads the groups in reading order, steps first and the pair last, and leaves out empty ones', () => {
    const groups = fieldGroups({
      symbol: 'BTCUSDT',
      baseCoin: 'BTC',
      quoteCoin: 'USDT',
      status: 'online',
      category: 'USDT-FUTURES',
      pricePrecision: '1',
      quantityPrecision: '4',
      priceMultiplier: '0.1',
      quantityMultiplier: '0.0001',
      minOrderQty: '0.0001',
      makerFeeRate: '0.0002',
      takerFeeRate: '0.0006',
      maxLeverage: '125',
      launchTime: '1700000000000',
      brandNew: 'x',
    } as unknown as Instrument);
    expect(groups.map((g) => [g.heading, g.rows.length])).toEqual([
      ['Steps and precision', 6],
      ['Order limits', 1],
      ['Fees', 2],
      ['Leverage', 1],
      ['Status and times', 2],
      ['Instrument', 4],
      ['Not in the specification', 1],
    ]);
    expect(groups[0]!.rows[0]).toMatchObject({ label: 'Price step', formatted: '0.1' });
  });
});
