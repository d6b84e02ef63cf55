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
import { futuresRow, marginRow, pair, roundedPrice, spotRow, type Pair, type Row } from './instrument-rows';
import { OVERRIDES } from './overrides';

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
