/**
 * The demo market behind GET /api/v3/market/tickers: a last price per instrument that wanders around
 * its reference price, so an operator sees a live market.
 *
 * The wander is a pure function of (seed, instrument, second): value noise over a few time scales,
 * from seconds to hours. Every reader at one instant therefore sees the same ticker, nothing runs in
 * the background, and the price of a day ago (the 24 h open) costs no more than the current one.
 * The model picks whole numbers of price and quantity steps with binary floating point; every value
 * on the wire is such a whole number times a step whose exact decimal value decimal.js derived
 * once per instrument, written out with integer arithmetic: no float is ever formatted, and a full
 * SPOT answer builds in well under a millisecond (decimal.js per value took several).
 */
import { Dec, isPositiveDecimal } from '../shared/decimal';
import { isFuturesCategory, type Instrument } from '../shared/schemas';
import { referencePrice } from './bundled-data';
import { priceStep, quantityStep, type Step } from './instrument-catalog';

/** The categories with tickers: margin pairs trade on the spot book and have none of their own. */
export const TICKER_CATEGORIES = ['SPOT', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const;
export type TickerCategory = (typeof TICKER_CATEGORIES)[number];
const TICKER_CATEGORY_SET: ReadonlySet<string> = new Set(TICKER_CATEGORIES);

export const isTickerCategory = (c: string): c is TickerCategory => TICKER_CATEGORY_SET.has(c);

/**
 * Every listed instrument has a ticker, whether it trades freely, with limits, on the web only
 * (restrictedAPI) or not yet (listed: the pre-open price). A delisted or maintained pair (offline)
 * has no market to show.
 */
export const hasMarket = (inst: Instrument): boolean => inst.status !== 'offline';

const MARKET_SEED = 0x6d61726b;
/** Prices move once a second: all requests within one second see one market. */
export const PRICE_STEP_MS = 1000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The exchange stops opening positions this long before a delivery starts. */
const DELIVERY_WARNING_MS = 10 * MINUTE_MS;

/** The time scales of the wander and how far each may move the price (together at most 1.44 %). */
const OCTAVES: ReadonlyArray<{ periodMs: number; amplitude: number }> = [
  { periodMs: 10_000, amplitude: 0.0008 },
  { periodMs: 3 * MINUTE_MS, amplitude: 0.0016 },
  { periodMs: HOUR_MS, amplitude: 0.004 },
  { periodMs: 8 * HOUR_MS, amplitude: 0.008 },
];
/** Noise channels beyond the octaves, one per independent quantity. */
const CHANNEL = {
  index: 10,
  spread: 11,
  lastInSpread: 12,
  bidSize: 13,
  askSize: 14,
  funding: 15,
  interest: 16,
  volume: 17,
  scale: 18,
};

function mix(x: number): number {
  let h = x;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1), a pure function of its three integers. */
function uniform(seed: number, channel: number, index: number): number {
  return mix(seed ^ mix(Math.imul(channel + 1, 0x9e3779b9) ^ mix(index))) / 4294967296;
}

/** Smooth value noise in [-1, 1]: random at whole x, eased in between. */
function noise(seed: number, channel: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const a = uniform(seed, channel, i) * 2 - 1;
  const b = uniform(seed, channel, i + 1) * 2 - 1;
  return a + (b - a) * f * f * (3 - 2 * f);
}

/** FNV-1a of the instrument's key: each instrument wanders on its own. */
function seedOf(key: string): number {
  let h = 0x811c9dc5 ^ MARKET_SEED;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The log-deviation from the reference at time t; `from` 1 leaves out the fastest wiggle. */
function wander(seed: number, t: number, from = 0): number {
  let w = 0;
  for (let i = from; i < OCTAVES.length; i++) {
    const o = OCTAVES[i] as (typeof OCTAVES)[number];
    w += o.amplitude * noise(seed, i, t / o.periodMs);
  }
  return w;
}

/** The v2 contract statuses: trading, no new positions in the last minutes, then the delivery itself. */
function deliveryStatus(startMs: number, t: number): string {
  if (t < startMs - DELIVERY_WARNING_MS) return 'delivery_normal';
  return t < startMs ? 'delivery_before' : 'delivery_period';
}

/** A step as a whole number of units of its last decimal place: 0.05 with 2 places is 5 units. */
interface Grid {
  readonly places: number;
  readonly units: number;
  readonly unitsBig: bigint;
  /** The step as a float, for the model only. */
  readonly approx: number;
}

function gridOf({ step, places }: Step): Grid {
  const units = step.mul(new Dec(10).pow(places));
  return { places, units: units.toNumber(), unitsBig: BigInt(units.toFixed()), approx: step.toNumber() };
}

/** An exact integer of 10^-places units as decimal text with `places` decimals ("-5", 3 → "-0.005"). */
function unitsText(units: number | bigint, places: number): string {
  const negative = units < 0;
  const digits = String(negative ? -units : units);
  if (places === 0) return negative ? `-${digits}` : digits;
  const padded = digits.padStart(places + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -places)}.${padded.slice(-places)}`;
}

/** `count` steps, exactly. */
function stepsText(count: number, g: Grid): string {
  const units = count * g.units;
  return unitsText(Number.isSafeInteger(units) ? units : BigInt(count) * g.unitsBig, g.places);
}

/** num / den rounded half away from zero to `places` decimals, exactly (both whole, den > 0). */
function ratioText(num: number, den: number, places: number): string {
  const scaled = BigInt(num) * 10n ** BigInt(places);
  const d = BigInt(den);
  let q = scaled / d;
  const r = scaled - q * d;
  if (2n * (r < 0n ? -r : r) >= d) q += scaled < 0n ? -1n : 1n;
  return unitsText(q, places);
}

/** Everything about an instrument's market that does not change with time. */
interface Profile {
  readonly seed: number;
  readonly price: Grid;
  readonly qty: Grid;
  readonly refTicks: number;
  readonly spreadTicks: number;
  /** A day's turnover in quote coin, around which volume, depth and open interest are drawn. */
  readonly dailyQuote: number;
  readonly futures: boolean;
  readonly delivery?: { startTime: string; time: string; startMs: number };
  /** `{"category":…,"symbol":…` of every ticker row, serialized once. */
  readonly head: string;
  pinnedTicks?: number;
  /** The last row built and the second it is for. */
  row?: { bucket: number; json: string };
  /** The hourly highs and lows of the last day, and the hour they end at. */
  range?: { hour: number; high: number; low: number };
}

function isDigits(s: string | null | undefined): s is string {
  return typeof s === 'string' && /^\d{1,16}$/.test(s);
}

/**
 * Where each instrument's market starts: its bundled reference price; for a state file's own
 * instruments, the price of an order resting on it; else 1.
 */
export function referencePrices(orders: ReadonlyArray<{ category: string; symbol: string; price: string }>) {
  const fromOrders = new Map<string, string>();
  for (const o of orders) {
    const key = `${o.category}:${o.symbol}`;
    if (!fromOrders.has(key)) fromOrders.set(key, o.price);
  }
  return (inst: Instrument): string =>
    referencePrice(inst.category, inst.symbol) ?? fromOrders.get(`${inst.category}:${inst.symbol}`) ?? '1';
}

export class MarketPrices {
  private readonly profiles = new WeakMap<Instrument, Profile>();

  constructor(private readonly referenceOf: (inst: Instrument) => string) {}

  /**
   * The JSON text of a tickers `data` array: one row per instrument given that has a market. Rows
   * are built at most once a second per instrument, so a burst of requests costs one build.
   */
  tickersJson(instruments: Iterable<Instrument>, now: number): string {
    const bucket = Math.floor(now / PRICE_STEP_MS);
    const rows: string[] = [];
    for (const inst of instruments) {
      if (!hasMarket(inst) || !isTickerCategory(inst.category)) continue;
      const p = this.profile(inst);
      let row = p.row;
      if (row?.bucket !== bucket) {
        row = { bucket, json: this.buildRow(p, bucket * PRICE_STEP_MS) };
        p.row = row;
      }
      rows.push(row.json);
    }
    return `[${rows.join(',')}]`;
  }

  /**
   * Holds the instrument's last price at exactly `lastPrice` (on its price step) until reset, so a
   * test can place an order at a known distance from the market. The 24 h figures follow it.
   */
  pin(inst: Instrument, lastPrice: string): void {
    if (!isTickerCategory(inst.category)) throw new Error(`${inst.category} has no market prices of its own`);
    if (!isPositiveDecimal(lastPrice)) throw new Error(`market price "${lastPrice}" is not a positive decimal`);
    const { step } = priceStep(inst);
    const ticks = new Dec(lastPrice).div(step);
    if (!ticks.isInteger()) {
      throw new Error(`market price ${lastPrice} is not a multiple of ${inst.symbol}'s price step ${step.toFixed()}`);
    }
    const p = this.profile(inst);
    p.pinnedTicks = ticks.toNumber();
    p.row = undefined;
  }

  private profile(inst: Instrument): Profile {
    let p = this.profiles.get(inst);
    if (!p) {
      p = this.createProfile(inst);
      this.profiles.set(inst, p);
    }
    return p;
  }

  private createProfile(inst: Instrument): Profile {
    const key = `${inst.category}:${inst.symbol}`;
    const seed = seedOf(key);
    const price = priceStep(inst);
    const refTicks = Math.max(1, new Dec(this.referenceOf(inst)).div(price.step).round().toNumber());
    const delivery =
      inst.type === 'delivery' && isDigits(inst.deliveryStartTime) && isDigits(inst.deliveryTime)
        ? { startTime: inst.deliveryStartTime, time: inst.deliveryTime, startMs: Number(inst.deliveryStartTime) }
        : undefined;
    return {
      seed,
      price: gridOf(price),
      qty: gridOf(quantityStep(inst)),
      refTicks,
      spreadTicks: 1 + Math.floor(uniform(seed, CHANNEL.spread, 0) * 3),
      // Between ten thousand and a hundred million a day, spread evenly over the magnitudes.
      dailyQuote: 10 ** (4 + 4 * uniform(seed, CHANNEL.scale, 0)),
      futures: isFuturesCategory(inst.category),
      delivery,
      head: `{"category":${JSON.stringify(inst.category)},"symbol":${JSON.stringify(inst.symbol)}`,
    };
  }

  private walkTicks(p: Profile, t: number): number {
    return Math.max(1, Math.round(p.refTicks * Math.exp(wander(p.seed, t))));
  }

  /** The highest and lowest hourly price of the day up to t (cached for the hour). */
  private dayRange(p: Profile, t: number): { high: number; low: number } {
    const hour = Math.floor(t / HOUR_MS);
    if (p.range?.hour !== hour) {
      let high = 0;
      let low = Number.POSITIVE_INFINITY;
      for (let h = hour - 23; h <= hour; h++) {
        const ticks = this.walkTicks(p, h * HOUR_MS);
        high = Math.max(high, ticks);
        low = Math.min(low, ticks);
      }
      p.range = { hour, high, low };
    }
    return p.range;
  }

  /** A whole number (at least one) of quantity steps worth about `quote` at `priceTicks`. */
  private lots(p: Profile, quote: number, priceTicks: number): number {
    return Math.max(1, Math.round(quote / (priceTicks * p.price.approx) / p.qty.approx));
  }

  private buildRow(p: Profile, t: number): string {
    const { seed } = p;
    const second = t / PRICE_STEP_MS;
    const last = p.pinnedTicks ?? this.walkTicks(p, t);
    const open = this.walkTicks(p, t - DAY_MS);
    const range = this.dayRange(p, t);
    const high = Math.max(range.high, open, last);
    const low = Math.min(range.low, open, last);
    // The last trade was at the bid or the ask or between them; the book is never crossed.
    const bid = Math.max(1, last - Math.floor(uniform(seed, CHANNEL.lastInSpread, second) * (p.spreadTicks + 1)));
    const ask = bid + p.spreadTicks;
    const depth = p.dailyQuote / 5000;
    const bidSize = this.lots(p, depth * (0.2 + uniform(seed, CHANNEL.bidSize, second)), bid);
    const askSize = this.lots(p, depth * (0.2 + uniform(seed, CHANNEL.askSize, second)), ask);
    const volume = this.lots(p, p.dailyQuote * (1 + 0.25 * noise(seed, CHANNEL.volume, t / HOUR_MS)), last);
    const averageTicks = Math.round((open + high + low + last) / 4);

    // Exact: the quote value of the volume in units of both steps' last places, cut to 4 decimals.
    const turnoverUnits = BigInt(volume) * p.qty.unitsBig * BigInt(averageTicks) * p.price.unitsBig;
    const turnoverPlaces = p.qty.places + p.price.places;
    const turnover =
      turnoverPlaces > 4
        ? unitsText(turnoverUnits / 10n ** BigInt(turnoverPlaces - 4), 4)
        : unitsText(turnoverUnits * 10n ** BigInt(4 - turnoverPlaces), 4);
    let json =
      p.head +
      `,"lastPrice":"${stepsText(last, p.price)}"` +
      `,"openPrice24h":"${stepsText(open, p.price)}"` +
      `,"highPrice24h":"${stepsText(high, p.price)}"` +
      `,"lowPrice24h":"${stepsText(low, p.price)}"` +
      `,"ask1Price":"${stepsText(ask, p.price)}"` +
      `,"bid1Price":"${stepsText(bid, p.price)}"` +
      `,"bid1Size":"${stepsText(bidSize, p.qty)}"` +
      `,"ask1Size":"${stepsText(askSize, p.qty)}"` +
      `,"price24hPcnt":"${ratioText(last - open, open, 4)}"` +
      `,"volume24h":"${stepsText(volume, p.qty)}"` +
      `,"turnover24h":"${turnover}"`;
    if (p.futures) json += this.futuresFields(p, t, last);
    return `${json}}`;
  }

  /** Index, mark, funding, open interest and the delivery fields ("" for perpetuals), as the exchange sends them. */
  private futuresFields(p: Profile, t: number, last: number): string {
    const { seed } = p;
    // The mark is the fair price: the walk without its fastest wiggle (or exactly a pinned price).
    const mark = p.pinnedTicks ?? Math.max(1, Math.round(p.refTicks * Math.exp(wander(seed, t, 1))));
    const index = Math.max(1, Math.round(mark * (1 + 0.0003 * noise(seed, CHANNEL.index, t / MINUTE_MS))));
    const interest = this.lots(p, p.dailyQuote * (0.4 + 0.15 * noise(seed, CHANNEL.interest, t / HOUR_MS)), last);
    // Perpetuals pay funding around +0.01 % per interval, in millionths; a delivery contract pays none.
    const funding = p.delivery
      ? '0'
      : unitsText(Math.round(100 + 150 * noise(seed, CHANNEL.funding, t / (8 * HOUR_MS))), 6);
    const d = p.delivery;
    const status = d ? deliveryStatus(d.startMs, t) : '';
    return (
      `,"indexPrice":"${stepsText(index, p.price)}"` +
      `,"markPrice":"${stepsText(mark, p.price)}"` +
      `,"fundingRate":"${funding}"` +
      `,"openInterest":"${stepsText(interest, p.qty)}"` +
      `,"deliveryStartTime":"${d?.startTime ?? ''}"` +
      `,"deliveryTime":"${d?.time ?? ''}"` +
      `,"deliveryStatus":"${status}"`
    );
  }
}
