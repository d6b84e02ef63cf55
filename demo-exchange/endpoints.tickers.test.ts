/** GET /api/v3/market/tickers over HTTP: validation, the shape and invariants of every row, a moving market, pins. */
import { describe, expect, it } from 'vitest';
import { Dec, isMultipleOf, significantDecimals } from '../shared/decimal';
import type { Instrument } from '../shared/schemas';
import { priceStep, quantityStep } from './instrument-catalog';
import { fixtureState } from './rule-test-state';
import { getFrom, publicGet, startTestExchange } from './test-support';

type Ticker = Record<string, unknown>;
const TICKERS = '/api/v3/market/tickers';
const BASE_FIELDS = [
  'category',
  'symbol',
  'lastPrice',
  'openPrice24h',
  'highPrice24h',
  'lowPrice24h',
  'ask1Price',
  'bid1Price',
  'bid1Size',
  'ask1Size',
  'price24hPcnt',
  'volume24h',
  'turnover24h',
];
const FUTURES_FIELDS = [
  'indexPrice',
  'markPrice',
  'fundingRate',
  'openInterest',
  'deliveryStartTime',
  'deliveryTime',
  'deliveryStatus',
];
const PRICE_FIELDS = ['lastPrice', 'openPrice24h', 'highPrice24h', 'lowPrice24h', 'ask1Price', 'bid1Price'];
const DECIMAL = /^\d+(\.\d+)?$/;

type Exchange = Awaited<ReturnType<typeof startTestExchange>>;

async function tickers(ex: Exchange, query: string): Promise<{ requestTime: number; data: Ticker[] }> {
  const res = await publicGet<Ticker[]>(ex, `${TICKERS}${query}`);
  expect(res.status, query).toBe(200);
  expect(res.body).toMatchObject({ code: '00000', msg: 'success' });
  return { requestTime: res.body.requestTime, data: res.body.data };
}

async function one(ex: Exchange, category: string, symbol: string): Promise<Record<string, string>> {
  const { data } = await tickers(ex, `?category=${category}&symbol=${symbol}`);
  expect(data).toHaveLength(1);
  return data[0] as Record<string, string>;
}

/** The invariants of one row against its instrument. */
function checkRow(t: Ticker, inst: Instrument): void {
  const where = `${inst.category} ${inst.symbol}`;
  const futures = inst.category !== 'SPOT';
  expect(Object.keys(t), where).toEqual(futures ? [...BASE_FIELDS, ...FUTURES_FIELDS] : BASE_FIELDS);
  for (const [k, v] of Object.entries(t)) expect(typeof v, `${where} ${k}`).toBe('string');
  const r = t as Record<string, string>;
  expect(r.category).toBe(inst.category);
  const price = priceStep(inst);
  const priceFields = futures ? [...PRICE_FIELDS, 'indexPrice', 'markPrice'] : PRICE_FIELDS;
  for (const f of priceFields) {
    const v = r[f] as string;
    expect(v, `${where} ${f}`).toMatch(DECIMAL);
    expect(significantDecimals(v), `${where} ${f} ${v}`).toBeLessThanOrEqual(Number(inst.pricePrecision || '0'));
    expect(isMultipleOf(v, price.step.toFixed()) && new Dec(v).gt(0), `${where} ${f} ${v}`).toBe(true);
  }
  const qty = quantityStep(inst);
  for (const f of futures
    ? ['bid1Size', 'ask1Size', 'volume24h', 'openInterest']
    : ['bid1Size', 'ask1Size', 'volume24h']) {
    const v = r[f] as string;
    expect(v, `${where} ${f}`).toMatch(DECIMAL);
    expect(isMultipleOf(v, qty.step.toFixed()) && new Dec(v).gt(0), `${where} ${f} ${v}`).toBe(true);
  }
  const d = (f: string) => new Dec(r[f] as string);
  expect(d('bid1Price').lt(d('ask1Price')), `${where} bid < ask`).toBe(true);
  expect(d('bid1Price').lte(d('lastPrice')) && d('lastPrice').lte(d('ask1Price')), `${where} last in the spread`).toBe(
    true,
  );
  expect(d('lowPrice24h').lte(Dec.min(d('lastPrice'), d('openPrice24h'))), `${where} low`).toBe(true);
  expect(d('highPrice24h').gte(Dec.max(d('lastPrice'), d('openPrice24h'))), `${where} high`).toBe(true);
  const pcnt = d('lastPrice').minus(d('openPrice24h')).div(d('openPrice24h')).toDecimalPlaces(4, Dec.ROUND_HALF_UP);
  expect(r.price24hPcnt, `${where} price24hPcnt`).toBe((pcnt.isZero() ? new Dec(0) : pcnt).toFixed(4));
  expect(r.turnover24h, where).toMatch(/^\d+\.\d{4}$/);
  if (!futures) return;
  expect(r.fundingRate, where).toMatch(/^-?\d+(\.\d+)?$/);
  if (inst.type === 'delivery') {
    expect(r).toMatchObject({
      fundingRate: '0',
      deliveryStartTime: inst.deliveryStartTime,
      deliveryTime: inst.deliveryTime,
      deliveryStatus: expect.stringMatching(/^delivery_(normal|before|period)$/),
    });
  } else {
    expect(r).toMatchObject({ deliveryStartTime: '', deliveryTime: '', deliveryStatus: '' });
  }
}

describe('GET /api/v3/market/tickers: parameters', () => {
  it('refuses a missing, unknown or MARGIN category with 400/40017 naming the parameter', async () => {
    const ex = await startTestExchange();
    for (const query of [
      '',
      '?symbol=BTCUSDT',
      '?category=',
      '?category=spot',
      '?category=FUTURES',
      '?category=MARGIN',
    ]) {
      const res = await publicGet(ex, `${TICKERS}${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ code: '40017', data: null, msg: expect.stringMatching(/category/) });
    }
    const margin = await publicGet(ex, `${TICKERS}?category=MARGIN&symbol=BTCUSDT`);
    expect(margin.body.msg).toMatch(/SPOT, USDT-FUTURES, COIN-FUTURES, USDC-FUTURES$/);
  });

  it('filters to one symbol; an unknown or offline symbol answers an empty list', async () => {
    const ex = await startTestExchange();
    expect((await one(ex, 'USDT-FUTURES', 'BTCUSDT')).symbol).toBe('BTCUSDT');
    expect((await one(ex, 'SPOT', 'BTCUSDT')).category).toBe('SPOT');
    // Listed but not open yet: the pre-open market.
    expect((await one(ex, 'SPOT', 'KAITOUSDT')).symbol).toBe('KAITOUSDT');
    // Offline (USTCUSDT, LOOMUSDT): delisted or in maintenance, no market.
    for (const symbol of ['NOSUCHUSDT', 'USTCUSDT', 'LOOMUSDT', 'btcusdt']) {
      expect((await tickers(ex, `?category=SPOT&symbol=${symbol}`)).data, symbol).toEqual([]);
    }
    // A symbol of another category is unknown in this one.
    expect((await tickers(ex, '?category=COIN-FUTURES&symbol=BTCUSDT')).data).toEqual([]);
  });

  it('follows status changes made through the control API', async () => {
    const ex = await startTestExchange();
    ex.control.setInstrumentStatus('SPOT', 'BTCUSDT', 'offline');
    expect((await tickers(ex, '?category=SPOT&symbol=BTCUSDT')).data).toEqual([]);
    ex.control.setInstrumentStatus('SPOT', 'BTCUSDT', 'restrictedAPI');
    expect((await one(ex, 'SPOT', 'BTCUSDT')).symbol).toBe('BTCUSDT');
  });

  it('limits to 20 per second per client IP, on a counter of its own', async () => {
    const ex = await startTestExchange();
    const path = `${TICKERS}?category=SPOT&symbol=BTCUSDT`;
    const burst = await Promise.all(Array.from({ length: 21 }, () => publicGet(ex, path)));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(20);
    expect(burst.filter((r) => r.status === 429 && r.body.code === '429')).toHaveLength(1);
    expect((await getFrom('127.0.0.2', `${ex.url}${path}`)).status).toBe(200);
    expect((await publicGet(ex, '/api/v3/market/instruments?category=SPOT&symbol=BTCUSDT')).status).toBe(200);
    expect(
      ex.control
        .requestLog()
        .filter((e) => e.path === TICKERS)
        .map((e) => e.status),
    ).toContain(429);
  });
});

describe('GET /api/v3/market/tickers: the rows', () => {
  it('answers one row per instrument with a market, every value a string on its step, futures fields for futures only', async () => {
    const ex = await startTestExchange({ rateLimit: false });
    let deliveries = 0;
    for (const category of ['SPOT', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES']) {
      const instruments = (await publicGet<Instrument[]>(ex, `/api/v3/market/instruments?category=${category}`)).body
        .data;
      const withMarket = instruments.filter((i) => i.status !== 'offline');
      const { data } = await tickers(ex, `?category=${category}`);
      expect(data.map((t) => t.symbol)).toEqual(withMarket.map((i) => i.symbol));
      data.forEach((t, i) => checkRow(t, withMarket[i] as Instrument));
      deliveries += withMarket.filter((i) => i.type === 'delivery').length;
    }
    expect(deliveries).toBeGreaterThan(0);
  });

  it("gives a state file's own instruments a market near the orders resting on them", async () => {
    const ex = await startTestExchange({ state: fixtureState() });
    const t = await one(ex, 'USDT-FUTURES', 'TESTUSDT');
    expect(new Dec(t.lastPrice as string).minus(100).abs().lt(2)).toBe(true);
    expect((await one(ex, 'SPOT', 'TESTUSDT')).lastPrice).toMatch(/^\d+\.\d{2}$/);
  });

  it('shows every reader the same market at one instant, and a moving one over time', async () => {
    const ex = await startTestExchange({ rateLimit: false });
    // Two readers at once: equal whenever both were answered within the same second.
    for (let tries = 0; ; tries++) {
      const [a, b] = await Promise.all([tickers(ex, '?category=SPOT'), tickers(ex, '?category=SPOT')]);
      if (Math.floor(a.requestTime / 1000) !== Math.floor(b.requestTime / 1000) && tries < 5) continue;
      expect(a.data).toEqual(b.data);
      break;
    }
    const before = (await tickers(ex, '?category=SPOT')).data;
    ex.control.setClockOffset(5_000);
    const later = (await tickers(ex, '?category=SPOT')).data;
    const moved = before.filter((t, i) => t.lastPrice !== later[i]?.lastPrice);
    expect(moved.length).toBeGreaterThan(before.length / 3);
    ex.control.setClockOffset(6 * 3_600_000);
    const hoursLater = (await tickers(ex, '?category=SPOT')).data;
    expect(hoursLater.filter((t, i) => t.openPrice24h !== before[i]?.openPrice24h).length).toBeGreaterThan(
      before.length / 2,
    );
  });
});

describe('setMarketPrice', () => {
  it('holds the last (and mark) price exactly where it is put until reset()', async () => {
    const ex = await startTestExchange();
    ex.control.setMarketPrice('USDT-FUTURES', 'BTCUSDT', '61234.5');
    ex.control.setMarketPrice('SPOT', 'ETHUSDT', '2000');
    const pinned = await one(ex, 'USDT-FUTURES', 'BTCUSDT');
    expect(pinned).toMatchObject({ lastPrice: '61234.5', markPrice: '61234.5' });
    expect(new Dec(pinned.bid1Price as string).lte('61234.5')).toBe(true);
    expect(new Dec(pinned.ask1Price as string).gte('61234.5')).toBe(true);
    expect((await one(ex, 'SPOT', 'ETHUSDT')).lastPrice).toBe('2000.0');
    // Time passes; the pinned price stays, the rest of the market moves on.
    ex.control.setClockOffset(3_600_000);
    expect((await one(ex, 'USDT-FUTURES', 'BTCUSDT')).lastPrice).toBe('61234.5');
    ex.control.reset();
    ex.control.setClockOffset(0);
    const free = new Dec((await one(ex, 'USDT-FUTURES', 'BTCUSDT')).lastPrice as string);
    expect(free.gt(90_000) && free.lt(100_000)).toBe(true);
  });

  it('refuses a price off the step, a MARGIN pair and an unknown instrument', async () => {
    const ex = await startTestExchange();
    expect(() => ex.control.setMarketPrice('USDT-FUTURES', 'BTCUSDT', '61234.55')).toThrow(/step/);
    expect(() => ex.control.setMarketPrice('USDT-FUTURES', 'BTCUSDT', 'abc')).toThrow(/decimal/);
    expect(() => ex.control.setMarketPrice('MARGIN', 'BTCUSDT', '60000.00')).toThrow(/MARGIN/);
    expect(() => ex.control.setMarketPrice('SPOT', 'NOSUCHUSDT', '1')).toThrow(/unknown instrument/);
  });
});
