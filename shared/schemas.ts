/**
 * Wire schemas of the exchange's v3 REST API. Every value the exchange sends is a string; unknown
 * fields are kept (loose objects) so a new field of a later API version reaches the detail panel
 * instead of being dropped.
 */
import { z } from 'zod';

export const CATEGORIES = ['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const;
export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

export const FUTURES_CATEGORIES: readonly Category[] = ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'];
export const isFuturesCategory = (c: string | undefined): boolean =>
  c !== undefined && (FUTURES_CATEGORIES as readonly string[]).includes(c);

export const INSTRUMENT_STATUSES = [
  'online',
  'limit_open',
  'limit_close',
  'restrictedAPI',
  'listed',
  'offline',
] as const;
export type InstrumentStatus = (typeof INSTRUMENT_STATUSES)[number];
/** Statuses in which the exchange accepts orders (and therefore modifications). */
export const TRADABLE_STATUSES: readonly string[] = ['online', 'limit_open', 'limit_close'];

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.string(),
    msg: z.string(),
    requestTime: z.number(),
    data,
  });
export type Envelope<T> = { code: string; msg: string; requestTime: number; data: T };
export const SUCCESS_CODE = '00000';

const optStr = z.string().optional();

export const instrumentSchema = z.looseObject({
  category: categorySchema,
  symbol: z.string().min(1),
  baseCoin: z.string(),
  quoteCoin: z.string(),
  status: z.string(),
  isRwa: optStr,
  isReality: optStr,
  buyLimitPriceRatio: optStr,
  sellLimitPriceRatio: optStr,
  feeRateUpRatio: optStr,
  openCostUpRatio: optStr,
  minOrderQty: optStr,
  maxOrderQty: optStr,
  minOrderAmount: optStr,
  pricePrecision: optStr,
  quantityPrecision: optStr,
  quotePrecision: optStr,
  priceMultiplier: optStr,
  quantityMultiplier: optStr,
  type: optStr,
  maxSymbolOrderNum: optStr,
  maxProductOrderNum: optStr,
  maxPositionNum: optStr,
  offTime: optStr,
  limitOpenTime: optStr,
  deliveryTime: optStr,
  deliveryStartTime: optStr,
  deliveryPeriod: optStr,
  // Observed as null for margin pairs.
  launchTime: z.string().nullable().optional(),
  fundInterval: optStr,
  minLeverage: optStr,
  maxLeverage: optStr,
  maintainTime: optStr,
  isIsolatedBaseBorrowable: optStr,
  isIsolatedQuotedBorrowable: optStr,
  warningRiskRatio: optStr,
  liquidationRiskRatio: optStr,
  maxCrossedLeverage: optStr,
  maxIsolatedLeverage: optStr,
  userMinBorrow: optStr,
  areaSymbol: optStr,
  makerFeeRate: optStr,
  takerFeeRate: optStr,
  maxMarketOrderQty: optStr,
  symbolType: optStr,
});
export type Instrument = z.infer<typeof instrumentSchema>;
export const instrumentsResponseSchema = envelopeSchema(z.array(instrumentSchema));

export const ORDER_STATUSES = ['live', 'new', 'partially_filled', 'filled', 'cancelled'] as const;

export const orderSchema = z.looseObject({
  orderId: z.string(),
  clientOid: z.string(),
  category: z.string(),
  symbol: z.string(),
  orderType: optStr,
  side: optStr,
  price: optStr,
  qty: optStr,
  amount: optStr,
  cumExecQty: optStr,
  cumExecValue: optStr,
  avgPrice: optStr,
  timeInForce: optStr,
  orderStatus: z.string(),
  posSide: optStr,
  holdMode: optStr,
  tradeSide: optStr,
  reduceOnly: optStr,
  stpMode: optStr,
  feeDetail: z.array(z.looseObject({ feeCoin: optStr, fee: optStr })).optional(),
  cancelReason: optStr,
  execType: optStr,
  createdTime: optStr,
  updatedTime: optStr,
});
export type Order = z.infer<typeof orderSchema>;
export const orderInfoResponseSchema = envelopeSchema(orderSchema);

export const openOrdersPageSchema = z.object({
  list: z.array(orderSchema),
  cursor: z.string().nullable().optional(),
});
export type OpenOrdersPage = z.infer<typeof openOrdersPageSchema>;
export const openOrdersResponseSchema = envelopeSchema(openOrdersPageSchema);

/** Body of POST /api/v3/trade/modify-order, exactly the specification's parameters. */
/**
 * Bounds on what crosses the boundary: well above anything the exchange issues or accepts (order IDs
 * are 19 digits, client order IDs a few dozen characters, prices and quantities a few dozen digits),
 * far below what could bloat the log or an error message.
 */
export const MAX_ID_LENGTH = 64;
export const MAX_DECIMAL_LENGTH = 64;
export const idTextSchema = z.string().min(1).max(MAX_ID_LENGTH);
const decimalText = z.string().min(1).max(MAX_DECIMAL_LENGTH);

export const modifyOrderRequestSchema = z.strictObject({
  orderId: idTextSchema.optional(),
  clientOid: idTextSchema.optional(),
  qty: decimalText.optional(),
  price: decimalText.optional(),
  autoCancel: z.enum(['yes', 'no']).optional(),
  symbol: z.string().min(1).max(MAX_ID_LENGTH).optional(),
  category: categorySchema.optional(),
});
export type ModifyOrderRequest = z.infer<typeof modifyOrderRequestSchema>;

export const modifyOrderResultSchema = z.looseObject({
  orderId: z.string(),
  clientOid: z.string(),
});
export type ModifyOrderResult = z.infer<typeof modifyOrderResultSchema>;
export const modifyOrderResponseSchema = envelopeSchema(modifyOrderResultSchema);

export const serverTimeResponseSchema = envelopeSchema(z.looseObject({ serverTime: z.string() }));
