/**
 * Resting orders for the amend benches (bench/amend-many.ts, bench/team-write-ahead.ts): `n` buy
 * orders placed straight into the demo exchange (its control API, no request) over `symbols` online
 * instruments with tickers, spread as evenly as can be over the first `categories` of USDT-FUTURES,
 * USDC-FUTURES and SPOT, well below the market so nothing fills them; answered as the modifications
 * that move each up one price step.
 */
import { Dec } from '../shared/decimal';
import type { Instrument, ModifyOrderRequest } from '../shared/schemas';
import { DEMO_ACCOUNT, type DemoExchange } from '../demo-exchange/index';
import type { ExchangeClient } from '../electron/exchange/client';

/** Picked first, so the default four symbols are the original bench's. */
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'];

/** The categories `--categories k` spreads over, in this order. */
const CATEGORY_ORDER = ['USDT-FUTURES', 'USDC-FUTURES', 'SPOT'] as const;

interface Market {
  category: (typeof CATEGORY_ORDER)[number];
  symbol: string;
  step: Dec;
  base: Dec;
  qty: Dec;
  inst: Instrument;
}

/** A step of 10^-precision, for instruments that give no multiplier (spot). */
const stepOf = (multiplier: string | undefined, precision: string | undefined) =>
  multiplier ? new Dec(multiplier) : new Dec(10).pow(-Number(precision ?? '0'));

/**
 * `symbols` online instruments with tickers, as evenly as can be over the first `categories`
 * categories (the four of the original bench first, so `--symbols 4` places what it always did),
 * each with room below the market for its share of resting bids.
 */
async function marketsOf(
  client: ExchangeClient,
  symbols: number,
  categories: number,
  perSymbol: number,
): Promise<Market[]> {
  const cats = CATEGORY_ORDER.slice(0, Math.max(1, Math.min(categories, CATEGORY_ORDER.length)));
  const out: Market[] = [];
  for (const [k, category] of cats.entries()) {
    const want = Math.floor(symbols / cats.length) + (k < symbols % cats.length ? 1 : 0);
    const [instruments, tickers] = await Promise.all([client.getInstruments(category), client.getTickers(category)]);
    const last = new Map(tickers.map((t) => [t.symbol, t.lastPrice]));
    const candidates = instruments
      .filter((i) => i.status === 'online' && last.get(i.symbol))
      .sort((a, b) => rank(a.symbol) - rank(b.symbol));
    for (const inst of candidates) {
      if (out.filter((m) => m.category === category).length >= want) break;
      const step = stepOf(inst.priceMultiplier, inst.pricePrecision);
      const qtyStep = stepOf(inst.quantityMultiplier, inst.quantityPrecision);
      // Resting bids well below the market, ten steps apart: nothing fills them during the run.
      const base = new Dec(last.get(inst.symbol) as string).mul('0.9').div(step).floor().mul(step);
      if (base.lte(step.mul(10 * perSymbol + 10))) continue;
      const minQty = new Dec(inst.minOrderQty || '0');
      let qty = new Dec(inst.minOrderAmount || '5').mul(2).div(base).div(qtyStep).ceil().mul(qtyStep);
      if (qty.lt(minQty)) qty = minQty;
      out.push({ category, symbol: inst.symbol, step, base, qty, inst });
    }
  }
  if (out.length < symbols) throw new Error(`only ${out.length} of ${symbols} symbols found`);
  return out;
}

const rank = (symbol: string) => {
  const i = SYMBOLS.indexOf(symbol);
  return i < 0 ? SYMBOLS.length : i;
};

export async function placeOrders(
  demo: DemoExchange,
  client: ExchangeClient,
  n: number,
  symbols: number,
  categories: number,
): Promise<ModifyOrderRequest[]> {
  const markets = await marketsOf(client, symbols, categories, Math.ceil(n / symbols));
  return Array.from({ length: n }, (_, i) => {
    const m = markets[i % markets.length]!;
    const price = m.base.minus(m.step.mul(10 * Math.floor(i / markets.length)));
    const decimals = Number(m.inst.pricePrecision);
    const o = demo.control.placeOrder({
      uid: DEMO_ACCOUNT.uid,
      category: m.category,
      symbol: m.symbol,
      side: 'buy',
      price: price.toFixed(decimals),
      qty: m.qty.toFixed(Number(m.inst.quantityPrecision)),
    });
    return {
      orderId: o.orderId,
      category: m.category,
      symbol: m.symbol,
      price: price.plus(m.step).toFixed(decimals),
    };
  });
}
