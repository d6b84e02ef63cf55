/**
 * Deterministic generator of the bundled instrument set.
 *
 *   npx tsx demo-exchange/data/generate.ts
 *
 * Writes instruments.json (the wire objects of GET /api/v3/market/instruments, one per line) and
 * reference-prices.json (a plausible market price per instrument, used to seed the default orders;
 * never sent on the wire). Same seed, same bytes: the JSON files are committed and reviewed as data.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Dec } from '../../shared/decimal';
import { Prng } from '../prng';
import { MAJOR_COINS, OTHER_COINS, RWA_ASSETS } from './coins';

/** Every absolute time in the data is relative to this date, so the output never depends on "now". */
export const REFERENCE_DATE_MS = Date.UTC(2026, 10, 22);
const MINUTE = 60_000;
const DAY = 86_400_000;
/** Quarterly delivery dates as seen from the reference date. */
const THIS_QUARTER_DELIVERY = Date.UTC(2026, 11, 25, 8);
const NEXT_QUARTER_DELIVERY = Date.UTC(2027, 2, 26, 8);

type Row = Record<string, string | null>;
interface Pair {
  base: string;
  quote: string;
  price: Dec;
  symbolType: string;
  rank: number;
}

const ms = (t: number): string => String(t);
const pastLaunch = (rng: Prng): string => ms(REFERENCE_DATE_MS - rng.int(30, 2800) * DAY - rng.int(0, 1439) * MINUTE);
const futureTime = (days: number, hour = 8): string => ms(REFERENCE_DATE_MS + days * DAY + hour * 3_600_000);

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

function drawPrice(rng: Prng): Dec {
  const mantissa = new Dec(rng.int(10, 99)).div(10);
  const exponent = rng.pick([-5, -4, -3, -2, -2, -1, -1, -1, 0, 0, 0, 1, 1, 2]);
  return mantissa.mul(new Dec(10).pow(exponent));
}

function coinPrices(): Map<string, { price: Dec; rank: number }> {
  const rng = new Prng(0x5eed_c011);
  const prices = new Map<string, { price: Dec; rank: number }>();
  MAJOR_COINS.forEach(([coin, usd], rank) => prices.set(coin, { price: new Dec(usd), rank }));
  OTHER_COINS.forEach((coin, i) => prices.set(coin, { price: drawPrice(rng), rank: MAJOR_COINS.length + i }));
  return prices;
}

function pair(prices: Map<string, { price: Dec; rank: number }>, base: string, quote: string): Pair {
  const b = prices.get(base);
  if (!b) throw new Error(`unknown coin ${base}`);
  const quoteUsd = quote === 'USDT' || quote === 'USDC' || quote === 'USD' ? new Dec(1) : prices.get(quote)?.price;
  if (!quoteUsd) throw new Error(`unknown quote coin ${quote}`);
  return { base, quote, price: b.price.div(quoteUsd), symbolType: 'crypto', rank: b.rank };
}

function roundedPrice(price: Dec, decimals: number): string {
  return price.toDecimalPlaces(decimals, Dec.ROUND_HALF_UP).toFixed(decimals);
}

function maxQtyFor(price: Dec, usdBudget: string): string {
  const q = new Dec(usdBudget).div(price).toDecimalPlaces(0, Dec.ROUND_DOWN);
  return q.lt(1) ? '1' : q.toFixed();
}

// ---------------------------------------------------------------------------------------------- spot

function spotRow(rng: Prng, p: Pair): Row {
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

function marginRow(rng: Prng, p: Pair): Row {
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

function futuresRow(rng: Prng, p: Pair, shape: FuturesShape): Row {
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

// --------------------------------------------------------------------------------- edge-case overrides

/** Exact values the documentation samples show, and the statuses/times the UI and tests rely on. */
const OVERRIDES: Record<string, Row> = {
  'SPOT:BTCUSDT': {
    pricePrecision: '2',
    quantityPrecision: '6',
    quotePrecision: '8',
    minOrderQty: '0.000001',
    maxOrderQty: '0',
    minOrderAmount: '1',
    buyLimitPriceRatio: '0.02',
    maxSymbolOrderNum: '',
    maxProductOrderNum: '400',
    status: 'online',
    symbolType: 'crypto',
    launchTime: '1532454360000',
  },
  'SPOT:SOLUSDT': { pricePrecision: '2', quantityPrecision: '4', minOrderQty: '0.0001', minOrderAmount: '1' },
  'SPOT:USTCUSDT': { status: 'offline', offTime: futureTime(-40) },
  'SPOT:LOOMUSDT': { status: 'offline' },
  'SPOT:KAITOUSDT': { status: 'listed', launchTime: futureTime(3, 10) },
  'SPOT:MONUSDT': { status: 'listed', launchTime: futureTime(12, 12) },
  'SPOT:SLPUSDT': { status: 'limit_open' },
  'SPOT:WAVESUSDT': { status: 'limit_close', offTime: futureTime(9) },
  'SPOT:REEFUSDT': { status: 'restrictedAPI' },
  'SPOT:LINAUSDT': { offTime: futureTime(5), limitOpenTime: futureTime(4) },
  'SPOT:WLDUSDT': { areaSymbol: 'YES' },
  'SPOT:PEOPLEUSDT': { areaSymbol: 'YES' },
  'SPOT:JASMYUSDT': { areaSymbol: 'YES' },
  // Fields a later API version might add: clients must carry them without choking.
  'SPOT:PEPEUSDT': { newFieldExample: '1' },
  'MARGIN:EOSUSDT': { status: 'offline' },
  'MARGIN:ZECUSDT': { status: 'limit_close' },
  'MARGIN:BTCUSDT': { pricePrecision: '2', quantityPrecision: '6', minOrderQty: '0.000001', maxCrossedLeverage: '10' },
  'USDT-FUTURES:BTCUSDT': {
    isRwa: 'NO',
    buyLimitPriceRatio: '0.05',
    sellLimitPriceRatio: '0.05',
    feeRateUpRatio: '0.005',
    makerFeeRate: '0.0002',
    takerFeeRate: '0.0006',
    openCostUpRatio: '0.01',
    minOrderQty: '0.0001',
    maxOrderQty: '1200',
    maxMarketOrderQty: '220',
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
    symbolType: 'crypto',
  },
  'USDT-FUTURES:ETHUSDT': {
    pricePrecision: '2',
    priceMultiplier: '0.01',
    quantityPrecision: '2',
    quantityMultiplier: '0.01',
    minOrderQty: '0.01',
    maxOrderQty: '5000',
    maxMarketOrderQty: '1000',
    maxLeverage: '100',
    makerFeeRate: '0.0002',
    takerFeeRate: '0.0006',
    fundInterval: '8',
  },
  'USDT-FUTURES:SOLUSDT': {
    pricePrecision: '3',
    priceMultiplier: '0.001',
    quantityPrecision: '1',
    quantityMultiplier: '0.1',
    minOrderQty: '0.1',
  },
  'USDT-FUTURES:XRPUSDT': {
    pricePrecision: '4',
    priceMultiplier: '0.0001',
    quantityPrecision: '0',
    quantityMultiplier: '1',
    minOrderQty: '1',
  },
  'USDT-FUTURES:AGIXUSDT': { status: 'offline', offTime: futureTime(-20) },
  'USDT-FUTURES:OCEANUSDT': { status: 'limit_open', limitOpenTime: futureTime(2) },
  'USDT-FUTURES:EOSUSDT': { status: 'limit_close' },
  'USDT-FUTURES:ZILUSDT': { status: 'restrictedAPI' },
  'USDT-FUTURES:HYPEUSDT': { status: 'listed', launchTime: futureTime(6, 9) },
  'USDT-FUTURES:WAVESUSDT': { offTime: futureTime(14) },
  'USDT-FUTURES:GALAUSDT': { limitOpenTime: futureTime(7) },
  'USDT-FUTURES:XAUUSDT': { maintainTime: futureTime(6, 21) },
  'USDT-FUTURES:TSLAUSDT': { maintainTime: futureTime(5, 21) },
  // No step at all: only precision constrains these.
  'USDT-FUTURES:PEPEUSDT': { priceMultiplier: '', quantityMultiplier: '' },
  'USDT-FUTURES:SUIUSDT': { newFieldExample: 'alpha', priceLimitMode: 'ratio' },
  'COIN-FUTURES:BTCUSD': {
    pricePrecision: '1',
    priceMultiplier: '0.5',
    quantityPrecision: '3',
    quantityMultiplier: '0.001',
    minOrderQty: '0.001',
    maxOrderQty: '500',
    maxMarketOrderQty: '100',
    maxLeverage: '125',
  },
  'COIN-FUTURES:EOSUSD': { status: 'offline' },
  'USDC-FUTURES:APTPERP': { status: 'limit_open' },
  'USDC-FUTURES:DOGEPERP': { priceMultiplier: '' },
};

function quarterCode(delivery: 'this_quarter' | 'next_quarter'): string {
  return delivery === 'this_quarter' ? 'Z26' : 'H27';
}

export interface GeneratedData {
  instruments: Row[];
  referencePrices: Record<string, string>;
}

export function generate(): GeneratedData {
  const prices = coinPrices();
  const majors = MAJOR_COINS.map(([c]) => c);
  const instruments: Row[] = [];
  const referencePrices: Record<string, string> = {};
  const add = (row: Row, price: Dec): void => {
    const key = `${row.category}:${row.symbol}`;
    const pp = Number(row.pricePrecision ?? '0');
    instruments.push(row);
    referencePrices[key] = roundedPrice(price, pp);
  };
  for (const [coin, usd] of RWA_ASSETS) prices.set(coin, { price: new Dec(usd), rank: 1000 });
  const rwaType = new Map(RWA_ASSETS.map(([c, , t]) => [c, t]));
  const withType = (p: Pair): Pair => ({ ...p, symbolType: rwaType.get(p.base) ?? 'crypto' });
  // Listings announced but not yet open are extra coins beyond the regular set.
  const spotBases = [...majors, ...OTHER_COINS.slice(0, 160), 'KAITO', 'MON'];

  const spotRng = new Prng(101);
  for (const base of spotBases) {
    const p = pair(prices, base, 'USDT');
    add(spotRow(spotRng, p), p.price);
  }
  for (const base of majors.slice(0, 10)) {
    const p = pair(prices, base, 'USDC');
    add(spotRow(spotRng, p), p.price);
  }
  for (const base of ['ETH', 'SOL', 'XRP', 'LINK', 'LTC', 'DOT']) {
    const p = pair(prices, base, 'BTC');
    add(spotRow(spotRng, p), p.price);
  }
  for (const base of ['SOL', 'LINK', 'UNI', 'AAVE']) {
    const p = pair(prices, base, 'ETH');
    add(spotRow(spotRng, p), p.price);
  }
  for (const base of ['AAPL', 'TSLA', 'NVDA', 'XAU']) {
    const p = withType(pair(prices, base, 'USDT'));
    add(spotRow(spotRng, p), p.price);
  }

  const marginRng = new Prng(202);
  for (const base of [...majors, ...OTHER_COINS.slice(0, 40)]) {
    const p = pair(prices, base, 'USDT');
    add(marginRow(marginRng, p), p.price);
  }

  const usdtRng = new Prng(303);
  for (const base of [...majors, ...OTHER_COINS.slice(0, 95), 'HYPE']) {
    const p = pair(prices, base, 'USDT');
    add(futuresRow(usdtRng, p, { category: 'USDT-FUTURES', symbol: `${base}USDT`, quoteCoin: 'USDT' }), p.price);
  }
  for (const [base] of RWA_ASSETS) {
    const p = withType(pair(prices, base, 'USDT'));
    add(futuresRow(usdtRng, p, { category: 'USDT-FUTURES', symbol: `${base}USDT`, quoteCoin: 'USDT' }), p.price);
  }
  for (const [base, delivery] of [
    ['BTC', 'this_quarter'],
    ['BTC', 'next_quarter'],
    ['ETH', 'this_quarter'],
  ] as const) {
    const p = pair(prices, base, 'USDT');
    const symbol = `${base}USDT${quarterCode(delivery)}`;
    add(futuresRow(usdtRng, p, { category: 'USDT-FUTURES', symbol, quoteCoin: 'USDT', delivery }), p.price);
  }

  const coinRng = new Prng(404);
  const coinBases = [
    'BTC',
    'ETH',
    'XRP',
    'SOL',
    'ADA',
    'DOGE',
    'LTC',
    'DOT',
    'LINK',
    'BCH',
    'EOS',
    'TRX',
    'AVAX',
    'BNB',
    'ETC',
    'FIL',
  ];
  for (const base of coinBases) {
    const p = pair(prices, base, 'USD');
    add(futuresRow(coinRng, p, { category: 'COIN-FUTURES', symbol: `${base}USD`, quoteCoin: 'USD' }), p.price);
  }
  for (const [base, delivery] of [
    ['BTC', 'this_quarter'],
    ['BTC', 'next_quarter'],
    ['ETH', 'this_quarter'],
    ['ETH', 'next_quarter'],
  ] as const) {
    const p = pair(prices, base, 'USD');
    const symbol = `${base}USD${quarterCode(delivery)}`;
    add(futuresRow(coinRng, p, { category: 'COIN-FUTURES', symbol, quoteCoin: 'USD', delivery }), p.price);
  }

  const usdcRng = new Prng(505);
  for (const base of majors) {
    const p = pair(prices, base, 'USDC');
    add(futuresRow(usdcRng, p, { category: 'USDC-FUTURES', symbol: `${base}PERP`, quoteCoin: 'USDC' }), p.price);
  }

  const byKey = new Map(instruments.map((row) => [`${row.category}:${row.symbol}`, row]));
  for (const [key, patch] of Object.entries(OVERRIDES)) {
    const row = byKey.get(key);
    if (!row) throw new Error(`override for ${key}, which the generator does not produce`);
    Object.assign(row, patch);
    const price = new Dec(referencePrices[key] ?? '0');
    referencePrices[key] = roundedPrice(price, Number(row.pricePrecision ?? '0'));
  }
  return { instruments, referencePrices };
}

function main(): void {
  const { instruments, referencePrices } = generate();
  const dir = dirname(fileURLToPath(import.meta.url));
  // One instrument per line: diffs of the committed data stay readable.
  writeFileSync(join(dir, 'instruments.json'), `[\n${instruments.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
  writeFileSync(join(dir, 'reference-prices.json'), `${JSON.stringify(referencePrices, null, 1)}\n`);
  const counts: Record<string, number> = {};
  for (const row of instruments) counts[String(row.category)] = (counts[String(row.category)] ?? 0) + 1;
  console.log(`wrote ${instruments.length} instruments`, counts);
}

// Importing generate() (the determinism test does) must not rewrite the committed files.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
