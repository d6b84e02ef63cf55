/** The market model behind tickers: deterministic per second, moving over time, exact on the wire. */
import { describe, expect, it } from 'vitest';
import { Dec, isMultipleOf } from '../shared/decimal';
import type { Instrument } from '../shared/schemas';
import { bundledInstruments, referencePrice } from './bundled-data';
import { priceStep, quantityStep } from './instrument-catalog';
import { hasMarket, MarketPrices, PRICE_STEP_MS, referencePrices } from './market-prices';

type Row = Record<string, string>;

const instruments = bundledInstruments();
const of = (category: string) => instruments.filter((i) => i.category === category);
const find = (category: string, symbol: string): Instrument => {
  const inst = instruments.find((i) => i.category === category && i.symbol === symbol);
  if (!inst) throw new Error(`no ${category} ${symbol}`);
  return inst;
};
const market = () => new MarketPrices(referencePrices([]));
const rows = (m: MarketPrices, list: readonly Instrument[], now: number): Row[] =>
  JSON.parse(m.tickersJson(list, now)) as Row[];
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0, 250);

describe('MarketPrices', () => {
  it('is a pure function of instrument and second: two markets agree, within a second and across instances', () => {
    const a = market();
    const b = market();
    const spot = of('SPOT');
    expect(a.tickersJson(spot, T0)).toBe(b.tickersJson(spot, T0 + 700));
    // The same instrument asked alone answers the same row as in the list.
    const btc = find('SPOT', 'BTCUSDT');
    expect(rows(b, [btc], T0)).toEqual(rows(a, spot, T0).filter((r) => r.symbol === 'BTCUSDT'));
  });

  it('moves from second to second, and stays within 1.5 % of the reference price', () => {
    const m = market();
    const spot = of('SPOT').filter(hasMarket);
    const first = rows(m, spot, T0);
    const next = rows(m, spot, T0 + PRICE_STEP_MS);
    const moved = first.filter((r, i) => r.lastPrice !== next[i]?.lastPrice).length;
    // Pairs with few price steps in a percent move less often, as on a real exchange.
    expect(moved).toBeGreaterThan(spot.length / 3);
    for (const t of [T0, T0 + 3_600_000, T0 + 86_400_000 * 30]) {
      for (const r of rows(m, spot, t)) {
        const ref = new Dec(referencePrice('SPOT', r.symbol as string) ?? '0');
        expect(new Dec(r.lastPrice as string).div(ref).minus(1).abs().lt('0.015'), r.symbol).toBe(true);
      }
    }
  });

  it("writes every value exactly on its step, with the instrument's decimals", () => {
    const m = market();
    for (const t of [T0, T0 + 12_345_678]) {
      for (const inst of instruments.filter((i) => i.category !== 'MARGIN' && hasMarket(i))) {
        const [r] = rows(m, [inst], t);
        if (!r) throw new Error(`no ticker for ${inst.symbol}`);
        const price = priceStep(inst);
        const qty = quantityStep(inst);
        for (const f of ['lastPrice', 'openPrice24h', 'highPrice24h', 'lowPrice24h', 'ask1Price', 'bid1Price']) {
          const v = r[f] as string;
          expect(new Dec(v).toFixed(price.places), `${inst.symbol} ${f}`).toBe(v);
          expect(isMultipleOf(v, price.step.toFixed()), `${inst.symbol} ${f} ${v}`).toBe(true);
        }
        for (const f of ['bid1Size', 'ask1Size', 'volume24h']) {
          const v = r[f] as string;
          expect(new Dec(v).toFixed(qty.places), `${inst.symbol} ${f}`).toBe(v);
          expect(isMultipleOf(v, qty.step.toFixed()) && new Dec(v).gt(0), `${inst.symbol} ${f} ${v}`).toBe(true);
        }
        const exact = new Dec(r.lastPrice as string).minus(r.openPrice24h as string).div(r.openPrice24h as string);
        const pcnt = exact.toDecimalPlaces(4, Dec.ROUND_HALF_UP);
        expect(r.price24hPcnt, inst.symbol).toBe((pcnt.isZero() ? new Dec(0) : pcnt).toFixed(4));
      }
    }
  });

  it('pins a price exactly until a new market replaces it, and refuses prices off the step', () => {
    const m = market();
    const btc = find('USDT-FUTURES', 'BTCUSDT');
    const eth = find('SPOT', 'ETHUSDT');
    m.pin(btc, '61234.5');
    m.pin(eth, '2000');
    for (const t of [T0, T0 + 1_000, T0 + 7_200_000]) {
      const [r] = rows(m, [btc], t);
      expect(r).toMatchObject({ lastPrice: '61234.5', markPrice: '61234.5' });
      expect(new Dec(r?.bid1Price as string).lte('61234.5') && new Dec(r?.ask1Price as string).gte('61234.5')).toBe(
        true,
      );
      expect(new Dec(r?.lowPrice24h as string).lte('61234.5')).toBe(true);
      expect(rows(m, [eth], t)[0]?.lastPrice).toBe('2000.0');
    }
    expect(() => m.pin(btc, '61234.55')).toThrow(/step 0.1/);
    expect(() => m.pin(btc, '-1')).toThrow(/positive decimal/);
    expect(() => m.pin(btc, '1e3')).toThrow(/positive decimal/);
    expect(() => m.pin(find('MARGIN', 'BTCUSDT'), '60000.00')).toThrow(/MARGIN/);
    expect(rows(market(), [btc], T0)[0]?.lastPrice).not.toBe('61234.5');
  });

  it("starts a state file's own instruments at the price of an order resting on them", () => {
    const inst: Instrument = { ...find('USDT-FUTURES', 'BTCUSDT'), symbol: 'TESTUSDT' };
    const m = new MarketPrices(referencePrices([{ category: 'USDT-FUTURES', symbol: 'TESTUSDT', price: '100.0' }]));
    const last = new Dec(rows(m, [inst], T0)[0]?.lastPrice as string);
    expect(last.gt(98) && last.lt(102)).toBe(true);
    expect(rows(market(), [inst], T0)[0]?.lastPrice).toMatch(/^[01]\.\d$/);
  });

  it('lists no offline instrument and nothing for MARGIN', () => {
    const m = market();
    const spot = of('SPOT');
    expect(new Set(spot.filter((i) => !hasMarket(i)).map((i) => i.status))).toEqual(new Set(['offline']));
    expect(rows(m, spot, T0)).toHaveLength(spot.filter(hasMarket).length);
    expect(rows(m, of('MARGIN'), T0)).toEqual([]);
  });
});
