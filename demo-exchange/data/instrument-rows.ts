/**
 * One generated instrument of each category (spot, margin, futures) as the wire object, from a pair
 * and its price: precisions, steps and limits a real venue would plausibly set, drawn from a seeded
 * generator so the same seed gives the same rows. Times are relative to REFERENCE_DATE_MS.
 */
import { Dec } from '../../shared/decimal';
import type { Prng } from '../prng';

/** Every absolute time in the data is relative to this date, so the output never depends on "now". */
export const REFERENCE_DATE_MS = Date.UTC(2026, 10, 22);
const MINUTE = 60_000;
const DAY = 86_400_000;
/** Quarterly delivery dates as seen from the reference date. */
const THIS_QUARTER_DELIVERY = Date.UTC(2026, 11, 25, 8);
const NEXT_QUARTER_DELIVERY = Date.UTC(2027, 2, 26, 8);

export type Row = Record<string, string | null>;
export interface Pair {
  base: string;
  quote: string;
  price: Dec;
  symbolType: string;
  rank: number;
}

const ms = (t: number): string => String(t);
const pastLaunch = (rng: Prng): string => ms(REFERENCE_DATE_MS - rng.int(30, 2800) * DAY - rng.int(0, 1439) * MINUTE);
export const futureTime = (days: number, hour = 8): string => ms(REFERENCE_DATE_MS + days * DAY + hour * 3_600_000);

/** "1" for 0 decimals, "0.01" for 2, … */
function unitStep(decimals: number): string {
  return decimals <= 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/** About five significant digits of price, like the venue's tick sizes. */
function pricePrecisionFor(price: Dec): number {
  return clamp(4 - price.e, 0, 10);
}

/** Lot sizes worth roughly a dollar or less. */
function quantityPrecisionFor(price: Dec): number {
  return clamp(price.e + 1, 0, 6);
}

export function pair(prices: Map<string, { price: Dec; rank: number }>, base: string, quote: string): Pair {
  const b = prices.get(base);
  if (!b) throw new Error(`unknown coin ${base}`);
  const quoteUsd = quote === 'USDT' || quote === 'USDC' || quote === 'USD' ? new Dec(1) : prices.get(quote)?.price;
  if (!quoteUsd) throw new Error(`unknown quote coin ${quote}`);
  return { base, quote, price: b.price.div(quoteUsd), symbolType: 'crypto', rank: b.rank };
}

export function roundedPrice(price: Dec, decimals: number): string {
  return price.toDecimalPlaces(decimals, Dec.ROUND_HALF_UP).toFixed(decimals);
}

function maxQtyFor(price: Dec, usdBudget: string): string {
  const q = new Dec(usdBudget).div(price).toDecimalPlaces(0, Dec.ROUND_DOWN);
  return q.lt(1) ? '1' : q.toFixed();
}

// ---------------------------------------------------------------------------------------------- spot

export function spotRow(rng: Prng, p: Pair): Row {
  const pp = clamp(pricePrecisionFor(p.price) + rng.pick([0, 0, 0, 1]), 0, 10);
  const qp = quantityPrecisionFor(p.price);
  const isMajor = p.rank < 10;
  return {
    category: 'SPOT',
    symbol: p.base + p.quote,
    baseCoin: p.base,
    quoteCoin: p.quote,
    isRwa: p.symbolType === 'crypto' ? 'NO' : 'YES',
    minOrderQty: unitStep(qp),
    maxOrderQty: '0',
    // The minimum amount is in quote coin: a BTC- or ETH-quoted pair needs a much smaller figure.
    minOrderAmount: p.quote === 'BTC' ? '0.00005' : p.quote === 'ETH' ? '0.001' : rng.pick(['1', '1', '1', '5', '10']),
    pricePrecision: String(pp),
    quantityPrecision: String(qp),
    quotePrecision: String(Math.min(8, pp + qp)),
    buyLimitPriceRatio: isMajor ? '0.02' : rng.pick(['0.05', '0.1', '0.2']),
    sellLimitPriceRatio: isMajor ? '0.02' : rng.pick(['0.05', '0.1', '0.2']),
    // Spot fees are not marked up; the field is there all the same, as on the exchange.
    feeRateUpRatio: '0',
    makerFeeRate: isMajor ? '0.001' : rng.pick(['0.001', '0.001', '0.0008', '0.002']),
    takerFeeRate: isMajor ? '0.001' : rng.pick(['0.001', '0.001', '0.002']),
    maxSymbolOrderNum: '',
    maxProductOrderNum: '400',
    status: 'online',
    offTime: rng.pick(['', '', '', '-1', '0']),
    limitOpenTime: rng.pick(['', '', '-1']),
    maintainTime: '',
    launchTime: pastLaunch(rng),
    symbolType: p.symbolType,
  };
}

// -------------------------------------------------------------------------------------------- margin

export function marginRow(rng: Prng, p: Pair): Row {
  const pp = pricePrecisionFor(p.price);
  const qp = quantityPrecisionFor(p.price);
  const tier = p.rank < 10 ? 0 : p.rank < 40 ? 1 : 2;
  return {
    category: 'MARGIN',
    symbol: p.base + p.quote,
    baseCoin: p.base,
    quoteCoin: p.quote,
    isRwa: 'NO',
    // Drawn without the generator, so adding these fields left every other value as it was.
    buyLimitPriceRatio: ['0.02', '0.05', '0.1'][tier] ?? '0.1',
    sellLimitPriceRatio: ['0.02', '0.05', '0.1'][tier] ?? '0.1',
    minOrderQty: unitStep(qp),
    maxOrderQty: '0',
    minOrderAmount: '5',
    pricePrecision: String(pp),
    quantityPrecision: String(qp),
    quotePrecision: String(Math.min(8, pp + qp)),
    makerFeeRate: '0.001',
    takerFeeRate: '0.001',
    maxSymbolOrderNum: '',
    maxProductOrderNum: '400',
    status: 'online',
    maintainTime: '',
    // Margin pairs created before launch times were recorded come back as null.
    launchTime: rng.chance(0.15) ? null : pastLaunch(rng),
    isIsolatedBaseBorrowable: tier === 2 && rng.chance(0.4) ? 'NO' : 'YES',
    isIsolatedQuotedBorrowable: 'YES',
    warningRiskRatio: rng.pick(['0.8', '0.8', '0.85']),
    liquidationRiskRatio: '1',
    maxCrossedLeverage: ['5', '3', '3'][tier] ?? '3',
    maxIsolatedLeverage: ['10', '5', rng.pick(['3', '5'])][tier] ?? '3',
    userMinBorrow: unitStep(Math.min(8, qp + 1)),
    symbolType: 'crypto',
  };
}

// ------------------------------------------------------------------------------------------- futures

interface FuturesShape {
  category: 'USDT-FUTURES' | 'COIN-FUTURES' | 'USDC-FUTURES';
  symbol: string;
  quoteCoin: string;
  delivery?: 'this_quarter' | 'next_quarter';
}

export function futuresRow(rng: Prng, p: Pair, shape: FuturesShape): Row {
  const pp = pricePrecisionFor(p.price);
  const qp = quantityPrecisionFor(p.price);
  const priceStep = rng.chance(0.1) ? new Dec(unitStep(pp)).mul(5).toFixed() : unitStep(pp);
  // Some contracts trade in lots coarser than their quantity precision (multiple of 10 units).
  const qtyStep = qp > 0 && rng.chance(0.1) ? unitStep(qp - 1) : unitStep(qp);
  const minQty = new Dec(qtyStep).mul(rng.pick([1, 1, 1, 2, 5, 10])).toFixed();
  const maxQty = rng.chance(0.06) ? '0' : maxQtyFor(p.price, rng.pick(['200000', '500000', '1000000', '5000000']));
  const isRwa = p.symbolType !== 'crypto';
  const maxLeverage = isRwa
    ? p.symbolType === 'stock'
      ? rng.pick(['10', '20'])
      : '50'
    : p.rank < 10
      ? rng.pick(['75', '100', '125'])
      : p.rank < 40
        ? rng.pick(['50', '75'])
        : rng.pick(['20', '25', '50']);
  const maker = rng.pick(['0.0002', '0.0002', '0.0002', '0.00018', '0.0004']);
  const taker = maker === '0.0004' ? '0.0008' : rng.pick(['0.0006', '0.0006', '0.0005']);
  const deliveryTime =
    shape.delivery === 'this_quarter' ? THIS_QUARTER_DELIVERY : shape.delivery ? NEXT_QUARTER_DELIVERY : 0;
  const row: Row = {
    category: shape.category,
    symbol: shape.symbol,
    baseCoin: p.base,
    quoteCoin: shape.quoteCoin,
    isRwa: isRwa ? 'YES' : 'NO',
    buyLimitPriceRatio: rng.pick(['0.05', '0.05', '0.1']),
    sellLimitPriceRatio: rng.pick(['0.05', '0.05', '0.1']),
    feeRateUpRatio: '0.005',
    makerFeeRate: maker,
    takerFeeRate: taker,
    openCostUpRatio: '0.01',
    minOrderQty: minQty,
    maxOrderQty: maxQty,
    maxMarketOrderQty: maxQty === '0' ? '0' : new Dec(maxQty).div(5).toDecimalPlaces(0, Dec.ROUND_DOWN).toFixed(),
    minOrderAmount: shape.category === 'COIN-FUTURES' ? '0' : '5',
    pricePrecision: String(pp),
    quantityPrecision: String(qp),
    quotePrecision: '',
    priceMultiplier: priceStep,
    quantityMultiplier: qtyStep,
    type: shape.delivery ? 'delivery' : 'perpetual',
    maxSymbolOrderNum: rng.pick(['200', '200', '100']),
    maxProductOrderNum: '400',
    maxPositionNum: rng.pick(['150', '150', '100']),
    status: 'online',
    offTime: '-1',
    limitOpenTime: '-1',
    deliveryTime: shape.delivery ? ms(deliveryTime) : '',
    deliveryStartTime: shape.delivery ? ms(deliveryTime - 30 * MINUTE) : '',
    deliveryPeriod: shape.delivery ?? '',
    launchTime: pastLaunch(rng),
    fundInterval: shape.delivery ? '' : rng.chance(0.15) ? '1' : '8',
    minLeverage: '1',
    maxLeverage: shape.delivery ? rng.pick(['25', '50']) : maxLeverage,
    maintainTime: rng.pick(['', '', '0']),
    symbolType: p.symbolType,
  };
  if (p.symbolType === 'stock') row.isReality = p.rank % 2 === 0 ? 'yes' : 'no';
  return row;
}
