/** The bundled instruments: realistic, every edge case clients must handle, fields by category. */
import { describe, expect, it } from 'vitest';
import { FUTURES_CATEGORIES, type Instrument } from '../shared/schemas';
import { bundledInstruments } from './bundled-data';

const instruments = bundledInstruments();
const find = (category: string, symbol: string): Instrument | undefined =>
  instruments.find((i) => i.category === category && i.symbol === symbol);

describe('bundled instruments', () => {
  it('cover all five categories with realistic counts', () => {
    const count = (c: string) => instruments.filter((i) => i.category === c).length;
    expect(instruments.length).toBeGreaterThanOrEqual(400);
    expect(count('SPOT')).toBeGreaterThanOrEqual(200);
    expect(count('MARGIN')).toBeGreaterThanOrEqual(60);
    expect(count('USDT-FUTURES')).toBeGreaterThanOrEqual(120);
    expect(count('COIN-FUTURES')).toBeGreaterThanOrEqual(15);
    expect(count('USDC-FUTURES')).toBeGreaterThanOrEqual(30);
    const keys = instruments.map((i) => `${i.category}:${i.symbol}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('match the documented samples', () => {
    expect(find('SPOT', 'BTCUSDT')).toMatchObject({
      pricePrecision: '2',
      quantityPrecision: '6',
      quotePrecision: '8',
      minOrderQty: '0.000001',
      maxOrderQty: '0',
      minOrderAmount: '1',
      maxSymbolOrderNum: '',
      maxProductOrderNum: '400',
      status: 'online',
      symbolType: 'crypto',
      launchTime: '1532454360000',
    });
    expect(find('USDT-FUTURES', 'ETHUSDT')).toMatchObject({
      pricePrecision: '2',
      quantityPrecision: '2',
      minOrderQty: '0.01',
      maxLeverage: '100',
    });
    expect(find('COIN-FUTURES', 'BTCUSD')).toMatchObject({ quoteCoin: 'USD' });
    expect(find('SPOT', 'BTCUSDT')).toMatchObject({ feeRateUpRatio: '0', maintainTime: '' });
    expect(find('MARGIN', 'BTCUSDT')).toMatchObject({
      buyLimitPriceRatio: '0.02',
      sellLimitPriceRatio: '0.02',
      maxSymbolOrderNum: '',
      maxProductOrderNum: '400',
      maintainTime: '',
    });
  });

  it('include every edge case clients must handle', () => {
    const statuses = new Set(instruments.map((i) => i.status));
    expect([...statuses].sort()).toEqual(['limit_close', 'limit_open', 'listed', 'offline', 'online', 'restrictedAPI']);
    const deliveries = instruments.filter((i) => i.type === 'delivery');
    expect(new Set(deliveries.map((i) => i.category))).toEqual(new Set(['USDT-FUTURES', 'COIN-FUTURES']));
    expect(new Set(deliveries.map((i) => i.deliveryPeriod))).toEqual(new Set(['this_quarter', 'next_quarter']));
    expect(
      deliveries.every((i) => /^\d{13}$/.test(i.deliveryTime ?? '') && /^\d{13}$/.test(i.deliveryStartTime ?? '')),
    ).toBe(true);
    const rwa = instruments.filter((i) => i.isRwa === 'YES');
    expect(new Set(rwa.map((i) => i.symbolType))).toEqual(new Set(['stock', 'metal', 'commodity']));
    expect(find('USDT-FUTURES', 'AAPLUSDT')?.symbolType).toBe('stock');
    expect(find('USDT-FUTURES', 'XAUUSDT')?.symbolType).toBe('metal');
    expect(instruments.some((i) => i.category === 'MARGIN' && i.launchTime === null)).toBe(true);
    expect(instruments.filter((i) => i.areaSymbol === 'YES').every((i) => i.category === 'SPOT')).toBe(true);
    expect(instruments.filter((i) => 'newFieldExample' in i).length).toBeGreaterThanOrEqual(1);
    const refDate = Date.UTC(2026, 10, 22);
    const future = (v: string | null | undefined) =>
      v !== undefined && v !== null && /^\d{13}$/.test(v) && Number(v) > refDate;
    expect(instruments.some((i) => future(i.offTime))).toBe(true);
    expect(instruments.some((i) => future(i.limitOpenTime))).toBe(true);
    expect(instruments.some((i) => future(i.maintainTime))).toBe(true);
    expect(instruments.some((i) => i.offTime === '-1')).toBe(true);
    expect(instruments.some((i) => i.maintainTime === '0')).toBe(true);
    expect(instruments.some((i) => i.priceMultiplier === '')).toBe(true);
  });

  it('give field sets by category like the real exchange', () => {
    for (const i of instruments) {
      const futures = FUTURES_CATEGORIES.includes(i.category);
      expect('maxLeverage' in i, `${i.category} ${i.symbol}`).toBe(futures);
      expect('priceMultiplier' in i).toBe(futures);
      expect('fundInterval' in i).toBe(futures);
      expect('maxCrossedLeverage' in i).toBe(i.category === 'MARGIN');
      expect('isIsolatedBaseBorrowable' in i).toBe(i.category === 'MARGIN');
      // Fields every category has in the documented samples (empty when unset).
      for (const f of ['maintainTime', 'buyLimitPriceRatio', 'sellLimitPriceRatio', 'maxProductOrderNum']) {
        expect(i[f], `${i.category} ${i.symbol}.${f}`).toEqual(expect.any(String));
      }
      expect('maxSymbolOrderNum' in i, `${i.category} ${i.symbol}`).toBe(true);
      expect('feeRateUpRatio' in i).toBe(i.category !== 'MARGIN');
      if (i.areaSymbol !== undefined) expect(i.category).toBe('SPOT');
      for (const [k, v] of Object.entries(i)) if (v !== null) expect(typeof v, `${i.symbol}.${k}`).toBe('string');
    }
  });
});
