import { describe, expect, it } from 'vitest';
import {
  envelopeSchema,
  instrumentSchema,
  instrumentsResponseSchema,
  modifyOrderRequestSchema,
  orderSchema,
} from './schemas';
import { z } from 'zod';

const futuresBtc = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  isRwa: 'NO',
  buyLimitPriceRatio: '0.05',
  makerFeeRate: '0.0002',
  takerFeeRate: '0.0006',
  minOrderQty: '0.0001',
  maxOrderQty: '1200',
  pricePrecision: '1',
  quantityPrecision: '4',
  quotePrecision: '',
  priceMultiplier: '0.1',
  quantityMultiplier: '0.0001',
  type: 'perpetual',
  minOrderAmount: '5',
  status: 'online',
  offTime: '-1',
  limitOpenTime: '-1',
  deliveryTime: '',
  fundInterval: '8',
  minLeverage: '1',
  maxLeverage: '150',
  maxMarketOrderQty: '220',
  symbolType: 'crypto',
};

describe('instrument schema', () => {
  it('accepts the documented futures sample and keeps every value a string', () => {
    const parsed = instrumentSchema.parse(futuresBtc);
    expect(parsed.priceMultiplier).toBe('0.1');
    expect(parsed.quotePrecision).toBe('');
  });

  it('keeps unknown fields a later API version adds', () => {
    const parsed = instrumentSchema.parse({ ...futuresBtc, brandNewField: 'x' });
    expect((parsed as Record<string, unknown>).brandNewField).toBe('x');
  });

  it('accepts a minimal spot pair with optional fields missing and a null launchTime (margin in the wild)', () => {
    const parsed = instrumentSchema.parse({
      category: 'MARGIN',
      symbol: 'ETHUSDT',
      baseCoin: 'ETH',
      quoteCoin: 'USDT',
      status: 'online',
      launchTime: null,
    });
    expect(parsed.launchTime).toBeNull();
    expect(parsed.maxLeverage).toBeUndefined();
  });

  it('rejects numbers where the API promises strings, and unknown categories', () => {
    expect(instrumentSchema.safeParse({ ...futuresBtc, maxLeverage: 150 }).success).toBe(false);
    expect(instrumentSchema.safeParse({ ...futuresBtc, category: 'OPTIONS' }).success).toBe(false);
  });

  it('parses the Get Instruments envelope', () => {
    const env = instrumentsResponseSchema.parse({
      code: '00000',
      msg: 'success',
      requestTime: 1700000000000,
      data: [futuresBtc],
    });
    expect(env.data).toHaveLength(1);
  });
});

describe('envelope', () => {
  it('accepts an error envelope with data null', () => {
    const r = envelopeSchema(z.null()).safeParse({
      code: '40009',
      msg: 'sign signature error',
      requestTime: 1700000000000,
      data: null,
    });
    expect(r.success).toBe(true);
  });
});

describe('modify order request', () => {
  it('accepts the specification parameters and refuses anything else', () => {
    expect(
      modifyOrderRequestSchema.safeParse({ orderId: '1', price: '1.5', autoCancel: 'yes', category: 'SPOT' }).success,
    ).toBe(true);
    expect(modifyOrderRequestSchema.safeParse({ orderId: '1', price: '1.5', secretKey: 'x' }).success).toBe(false);
    expect(modifyOrderRequestSchema.safeParse({ orderId: '1', autoCancel: 'maybe' }).success).toBe(false);
    expect(modifyOrderRequestSchema.safeParse({ orderId: '1', qty: 1 }).success).toBe(false);
  });
});

describe('order schema', () => {
  it('accepts an order-info answer with feeDetail and unknown fields', () => {
    const o = orderSchema.parse({
      orderId: '1',
      clientOid: 'c',
      category: 'SPOT',
      symbol: 'SOLUSDT',
      orderStatus: 'partially_filled',
      feeDetail: [{ feeCoin: 'USDT', fee: '0.01' }],
      somethingNew: 'kept',
    });
    expect((o as Record<string, unknown>).somethingNew).toBe('kept');
  });
});
