/** Public endpoints (instruments, server time) and the HTTP envelope for unknown paths and methods. */
import { describe, expect, it } from 'vitest';
import { CATEGORIES, instrumentsResponseSchema, serverTimeResponseSchema } from '../shared/schemas';
import { publicGet, startTestExchange } from './test-support';

type Inst = Record<string, string | null>;
const INSTRUMENTS = '/api/v3/market/instruments';

describe('GET /api/v3/market/instruments', () => {
  it('answers every category with the instruments the app parses, 400+ in all', async () => {
    const ex = await startTestExchange({ rateLimit: false });
    let total = 0;
    for (const category of CATEGORIES) {
      const res = await publicGet<Inst[]>(ex, `${INSTRUMENTS}?category=${category}`);
      expect(res.status).toBe(200);
      const parsed = instrumentsResponseSchema.parse(res.body);
      expect(parsed).toMatchObject({ code: '00000', msg: 'success' });
      expect(parsed.data.every((i) => i.category === category)).toBe(true);
      expect(parsed.data.length).toBeGreaterThan(category === 'COIN-FUTURES' ? 15 : 35);
      total += parsed.data.length;
    }
    expect(total).toBeGreaterThanOrEqual(400);
  });

  it('puts requestTime (a number, the server clock) in the envelope before data', async () => {
    const ex = await startTestExchange({ clockOffsetMs: 5_000 });
    const res = await fetch(`${ex.url}${INSTRUMENTS}?category=SPOT`);
    const text = await res.text();
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(text.startsWith('{"code":"00000","msg":"success","requestTime":')).toBe(true);
    const body = JSON.parse(text) as { requestTime: number };
    expect(body.requestTime - Date.now()).toBeGreaterThan(4_000);
  });

  it('filters to one symbol; an unknown symbol answers an empty list', async () => {
    const ex = await startTestExchange();
    const btc = await publicGet<Inst[]>(ex, `${INSTRUMENTS}?category=USDT-FUTURES&symbol=BTCUSDT`);
    expect(btc.body.data).toHaveLength(1);
    expect(btc.body.data[0]).toMatchObject({
      symbol: 'BTCUSDT',
      pricePrecision: '1',
      priceMultiplier: '0.1',
      quantityPrecision: '4',
      quantityMultiplier: '0.0001',
      minOrderQty: '0.0001',
      maxOrderQty: '1200',
      minOrderAmount: '5',
      maxLeverage: '150',
      makerFeeRate: '0.0002',
      takerFeeRate: '0.0006',
      type: 'perpetual',
    });
    const none = await publicGet<Inst[]>(ex, `${INSTRUMENTS}?category=SPOT&symbol=NOSUCHUSDT`);
    expect(none).toMatchObject({ status: 200, body: { code: '00000', data: [] } });
  });

  it('refuses a missing or unknown category with 400/40017 naming the parameter', async () => {
    const ex = await startTestExchange();
    for (const query of ['', '?symbol=BTCUSDT', '?category=', '?category=spot', '?category=FUTURES']) {
      const res = await publicGet(ex, `${INSTRUMENTS}${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: '40017', data: null, msg: expect.stringMatching(/category/) });
    }
  });

  it('shows status changes made through the control API (no stale cached JSON)', async () => {
    const ex = await startTestExchange();
    const path = `${INSTRUMENTS}?category=SPOT`;
    const status = async (url: string) =>
      (await publicGet<Inst[]>(ex, url)).body.data.find((i) => i.symbol === 'BTCUSDT')?.status;
    expect(await status(path)).toBe('online');
    expect(await status(`${path}&symbol=BTCUSDT`)).toBe('online');
    ex.control.setInstrumentStatus('SPOT', 'BTCUSDT', 'limit_close');
    expect(await status(path)).toBe('limit_close');
    expect(await status(`${path}&symbol=BTCUSDT`)).toBe('limit_close');
  });

  it('carries unknown extra fields and null launch times through unchanged', async () => {
    const ex = await startTestExchange();
    const spot = await publicGet<Inst[]>(ex, `${INSTRUMENTS}?category=SPOT&symbol=PEPEUSDT`);
    expect(spot.body.data[0]?.newFieldExample).toBe('1');
    const margin = await publicGet<Inst[]>(ex, `${INSTRUMENTS}?category=MARGIN`);
    expect(margin.body.data.some((i) => i.launchTime === null)).toBe(true);
  });
});

describe('GET /api/v2/public/time', () => {
  it('answers the server time in ms as a string', async () => {
    const ex = await startTestExchange();
    const res = await publicGet(ex, '/api/v2/public/time');
    const parsed = serverTimeResponseSchema.parse(res.body);
    expect(parsed.data.serverTime).toMatch(/^\d{13}$/);
    expect(Math.abs(Number(parsed.data.serverTime) - Date.now())).toBeLessThan(2_000);
  });
});

describe('HTTP envelope for what is not an endpoint', () => {
  it('answers unknown paths with 404 and the envelope', async () => {
    const ex = await startTestExchange();
    for (const path of ['/', '/api/v3/market/instrument', '/api/v3/trade/modify-order/extra']) {
      const res = await publicGet(ex, path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: '40404', msg: 'Not Found', requestTime: expect.any(Number), data: null });
    }
  });

  it('answers a wrong method on a known path with 405 and the envelope', async () => {
    const ex = await startTestExchange();
    const post = await publicGet(ex, `${INSTRUMENTS}?category=SPOT`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.body).toMatchObject({ msg: 'Method Not Allowed', data: null });
    const get = await publicGet(ex, '/api/v3/trade/modify-order');
    expect(get.status).toBe(405);
  });
});
