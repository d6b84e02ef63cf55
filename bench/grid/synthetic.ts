/**
 * Deterministic synthetic instruments for the grid benchmark: the exchange's shapes and value
 * styles (decimal strings, "" and "-1" times, restrictions, unknown fields) at any row count.
 */
import { CATEGORIES, INSTRUMENT_STATUSES, type Instrument } from '../../shared/schemas';

const COINS = [
  'BTC',
  'ETH',
  'SOL',
  'XRP',
  'BNB',
  'DOGE',
  'ADA',
  'TRX',
  'AVAX',
  'LINK',
  'DOT',
  'TON',
  'SHIB',
  'LTC',
  'BCH',
  'UNI',
  'NEAR',
  'APT',
  'ICP',
  'ETC',
];
const STEPS = ['0.000001', '0.0001', '0.001', '0.01', '0.1', '1', '10'];
const LEVERAGES = ['10', '20', '25', '50', '75', '100', '125', '150'];
const FEES = ['0.0002', '0.0006', '0.001', '0.0008', '0.00015', '-0.0001', '0.0004'];
/** Mostly online: eight in thirteen, then one of each other status. */
const STATUSES: readonly string[] = [...Array<string>(7).fill('online'), ...INSTRUMENT_STATUSES];
const SYMBOL_TYPES = ['crypto', 'crypto', 'crypto', 'crypto', 'stock', 'metal', 'commodity'];

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 4294967296;
  };
}

export function syntheticInstruments(n: number, now = Date.UTC(2026, 10, 22), seed = 0x5eed): Instrument[] {
  const rnd = lcg(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const out: Instrument[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const futures = category.endsWith('FUTURES');
    const base = `${COINS[i % COINS.length]}${i >= COINS.length ? Math.floor(i / COINS.length) : ''}`;
    const quote = category === 'COIN-FUTURES' ? 'USD' : category === 'USDC-FUTURES' ? 'USDC' : 'USDT';
    const status = pick(STATUSES);
    const delivery = futures && rnd() < 0.15;
    const restriction = rnd() < 0.04 ? String(now + Math.floor(rnd() * 60) * 86_400_000) : pick(['', '-1', '0']);
    const row: Record<string, string | null> = {
      category,
      symbol: `${base}${quote}`,
      baseCoin: base,
      quoteCoin: quote,
      isRwa: rnd() < 0.05 ? 'YES' : 'NO',
      status,
      symbolType: pick(SYMBOL_TYPES),
      minOrderQty: pick(STEPS),
      maxOrderQty: rnd() < 0.3 ? '0' : String(Math.floor(rnd() * 1_000_000)),
      minOrderAmount: (rnd() * 100).toFixed(Math.floor(rnd() * 4)),
      pricePrecision: String(Math.floor(rnd() * 8)),
      quantityPrecision: String(Math.floor(rnd() * 6)),
      quotePrecision: rnd() < 0.2 ? '' : String(Math.floor(rnd() * 8)),
      makerFeeRate: pick(FEES),
      takerFeeRate: pick(FEES),
      buyLimitPriceRatio: pick(['0.02', '0.05', '0.1']),
      sellLimitPriceRatio: pick(['0.02', '0.05', '0.1']),
      maxSymbolOrderNum: rnd() < 0.5 ? '' : String(50 + Math.floor(rnd() * 400)),
      maxProductOrderNum: '400',
      offTime: restriction,
      limitOpenTime: rnd() < 0.02 ? String(now + Math.floor(rnd() * 30) * 86_400_000) : '',
      launchTime: rnd() < 0.02 ? null : String(now - Math.floor(rnd() * 2000) * 86_400_000),
    };
    if (futures) {
      Object.assign(row, {
        type: delivery ? 'delivery' : 'perpetual',
        maxLeverage: pick(LEVERAGES),
        minLeverage: '1',
        maxMarketOrderQty: String(Math.floor(rnd() * 100_000)),
        feeRateUpRatio: '0.005',
        openCostUpRatio: '0.01',
        priceMultiplier: pick(STEPS),
        quantityMultiplier: pick(STEPS),
        maxPositionNum: String(100 + Math.floor(rnd() * 900)),
        fundInterval: pick(['1', '8']),
        maintainTime: rnd() < 0.02 ? String(now + 86_400_000) : '',
        deliveryTime: delivery ? String(now + 33 * 86_400_000) : '',
      });
    }
    if (category === 'MARGIN')
      Object.assign(row, { maxCrossedLeverage: pick(['3', '5', '10']), maxIsolatedLeverage: pick(['5', '10', '20']) });
    if (i % 997 === 0) row.newFieldExample = `v${i}`;
    out[i] = row as unknown as Instrument;
  }
  return out;
}
