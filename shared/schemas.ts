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

/**
 * Bounds on what crosses the boundary: well above anything the exchange issues or accepts (order IDs
 * are 19 digits, client order IDs a few dozen characters, prices and quantities a few dozen digits),
 * far below what could bloat the log or an error message.
 */
export const MAX_ID_LENGTH = 64;
export const MAX_DECIMAL_LENGTH = 64;

/**
 * A lone UTF-16 surrogate (half of an emoji or another character beyond the first 65,536) is a
 * string JavaScript holds but no URL, header or UTF-8 file carries faithfully: encodeURIComponent
 * throws "URI malformed" and the log would store U+FFFD instead. Paired surrogates are one code
 * point under the u flag, so only lone halves match.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;
export const ILL_FORMED_TEXT = 'Contains half of a character (a lone UTF-16 surrogate): type or paste it again';

export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/**
 * Text the contract takes from the renderer: at least `min`, at most `max` UTF-16 units, optionally
 * trimmed, and well-formed. Every bounded string of a request is one of these.
 */
export function boundedText(max: number, options: { min?: number; trim?: boolean } = {}) {
  const base = options.trim ? z.string().trim() : z.string();
  return (
    base
      .min(options.min ?? 1)
      .max(max)
      // Ids and symbols never hold one; refused here, a NUL or CRLF never reaches a message or a URL.
      .regex(/^[^\p{Cc}]*$/u, 'Must not contain control characters (line breaks, NUL)')
      .refine(isWellFormedText, ILL_FORMED_TEXT)
  );
}

export const idTextSchema = boundedText(MAX_ID_LENGTH);
const decimalText = boundedText(MAX_DECIMAL_LENGTH);

/** Modify Order: one modification. The exchange's demo (demo-exchange/) spells its paths itself. */
export const MODIFY_ORDER_PATH = '/api/v3/trade/modify-order';
/** Batch Modify Orders: up to MAX_BATCH_ITEMS modifications of one category. */
export const BATCH_MODIFY_PATH = '/api/v3/trade/batch-modify-order';

/** Body of POST MODIFY_ORDER_PATH (and each item of a batch), exactly the specification's parameters. */
export const modifyOrderRequestSchema = z.strictObject({
  orderId: idTextSchema.optional(),
  clientOid: idTextSchema.optional(),
  qty: decimalText.optional(),
  price: decimalText.optional(),
  autoCancel: z.enum(['yes', 'no']).optional(),
  symbol: idTextSchema.optional(),
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

/** GET /api/v3/market/tickers: MARGIN has no tickers of its own (its pairs trade on the SPOT book). */
export const TICKER_CATEGORIES = ['SPOT', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const;
export const tickerCategorySchema = z.enum(TICKER_CATEGORIES);
export type TickerCategory = z.infer<typeof tickerCategorySchema>;

export const tickerSchema = z.looseObject({
  category: z.string(),
  symbol: z.string().min(1),
  lastPrice: optStr,
  openPrice24h: optStr,
  highPrice24h: optStr,
  lowPrice24h: optStr,
  ask1Price: optStr,
  bid1Price: optStr,
  bid1Size: optStr,
  ask1Size: optStr,
  price24hPcnt: optStr,
  volume24h: optStr,
  turnover24h: optStr,
  indexPrice: optStr,
  markPrice: optStr,
  fundingRate: optStr,
  openInterest: optStr,
});
export type Ticker = z.infer<typeof tickerSchema>;
export const tickersResponseSchema = envelopeSchema(z.array(tickerSchema));

/**
 * One order in a push of the private stream's `order` topic (`{action, arg: {instType: "UTA", topic:
 * "order"}, data: [order…], ts}`): the REST order's fields, all strings, with `category` in lower
 * case ("usdt-futures"); pushed on placement, applied modification, fill and cancel. It requires
 * what REST's orderSchema requires, so that a push, its category upper-cased, is an Order.
 */
export const orderPushSchema = z.looseObject({
  orderId: z.string().min(1),
  clientOid: z.string(),
  category: z.string().min(1),
  symbol: z.string().min(1),
  orderStatus: z.string().min(1),
  price: optStr,
  qty: optStr,
  amount: optStr,
  cumExecQty: optStr,
  cumExecValue: optStr,
  avgPrice: optStr,
  side: optStr,
  orderType: optStr,
  timeInForce: optStr,
  holdMode: optStr,
  holdSide: optStr,
  tradeSide: optStr,
  marginMode: optStr,
  marginCoin: optStr,
  reduceOnly: optStr,
  leverage: optStr,
  totalProfit: optStr,
  stpMode: optStr,
  feeDetail: z.array(z.looseObject({ feeCoin: optStr, fee: optStr })).optional(),
  cancelReason: optStr,
  createdTime: optStr,
  updatedTime: optStr,
});
export type OrderPush = z.infer<typeof orderPushSchema>;

/** POST BATCH_MODIFY_PATH takes at most this many items, all of one category. */
export const MAX_BATCH_ITEMS = 20;

/**
 * One item of the answer. The exchange documents orderId and clientOid; an item it refused carries
 * its own code and msg as well (a batch can partly succeed).
 */
export const batchItemResultSchema = z.looseObject({
  orderId: optStr,
  clientOid: optStr,
  code: z.union([z.string(), z.number()]).optional(),
  msg: optStr,
});
export type BatchItemResult = z.infer<typeof batchItemResultSchema>;
export const batchModifyResponseSchema = envelopeSchema(z.array(batchItemResultSchema));
