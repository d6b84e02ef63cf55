import { deskFailure } from '../testing/desk-failure';
import { afterEach, describe, expect, it } from 'vitest';
import { ExchangeClient, type ClientConfig } from './client';
import { RateLimiters } from './rate-limiter';
import { ClockSkews } from './skew';
import {
  closedPort,
  ok,
  rejection,
  startFakeExchange,
  type FakeAnswer,
  type FakeExchange,
  type RecordedRequest,
} from './testing/fake-exchange';

const CREDS = { apiKey: 'bg_key_0123456789abcdef', secretKey: 's3cr3t-Test-Key-9f2a', passphrase: 'pass-phrase-42' };
const ORDER = { orderId: '1', clientOid: 'c1', category: 'SPOT', symbol: 'BTCUSDT', orderStatus: 'live' };

let server: FakeExchange | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(answer: (req: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>): Promise<FakeExchange> {
  server = await startFakeExchange(answer);
  return server;
}

/** A client with its own limiters and skews, instant backoff, and the given overrides. */
function client(url: string, extra: Partial<ClientConfig> = {}): ExchangeClient {
  return new ExchangeClient({
    baseUrl: url,
    credentials: CREDS,
    limiters: new RateLimiters(),
    skews: new ClockSkews(),
    sleep: async () => {},
    timeoutMs: 2000,
    ...extra,
  });
}

describe('headers and signatures', () => {
  it('signs a GET with a non-ASCII query exactly as openssl does, and sends the query in sorted order', async () => {
    const s = await serve(() => ok(ORDER));
    await client(s.url, { now: () => 1_700_000_000_000 }).getOrder({ clientOid: 'ordre-été-№1' });
    const req = s.requests[0];
    expect(req?.params).toEqual([['clientOid', 'ordre-été-№1']]);
    expect(req?.headers['access-key']).toBe(CREDS.apiKey);
    expect(req?.headers['access-passphrase']).toBe(CREDS.passphrase);
    expect(req?.headers['access-timestamp']).toBe('1700000000000');
    expect(req?.headers['access-sign']).toBe('o0LHeyV2rrcBKyG6X0fv3lQdRyWv7JdMVvg0jMVh6G0=');
    expect(req?.headers.locale).toBe('en-US');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers.paptrading).toBeUndefined();
  });

  it('signs the exact POST body bytes that go on the wire', async () => {
    const s = await serve(() => ok({ orderId: '1234567890', clientOid: 'c' }));
    await client(s.url, { now: () => 1_700_000_000_123 }).modifyOrder({
      orderId: '1234567890',
      qty: '0.5',
      price: '25000.1',
      autoCancel: 'no',
    });
    const req = s.requests[0];
    expect(req?.method).toBe('POST');
    expect(req?.body).toBe('{"orderId":"1234567890","qty":"0.5","price":"25000.1","autoCancel":"no"}');
    expect(req?.headers['access-sign']).toBe('i/is2w59cHmaDwzEsrHLceAYxe88ssEB+In3BoGBXfo=');
  });

  it('sorts the query of unfilled-orders as signed', async () => {
    const s = await serve(() => ok({ list: [], cursor: '' }));
    await client(s.url, { now: () => 1_700_000_000_456 }).getOpenOrders({
      symbol: 'BTCUSDT',
      limit: 1,
      category: 'SPOT',
    });
    expect(s.requests[0]?.rawQuery).toBe('category=SPOT&limit=1&symbol=BTCUSDT');
    expect(s.requests[0]?.headers['access-sign']).toBe('k86BfiVJNfjfHc2Y4BkTihiYJOb245h9D4SIPBSE2XQ=');
  });

  it('adds paptrading: 1 for demo trading and the profile locale', async () => {
    const s = await serve(() => ok({ list: [], cursor: '' }));
    await client(s.url, { demoTrading: true, locale: 'zh-CN' }).getOpenOrders({});
    expect(s.requests[0]?.headers.paptrading).toBe('1');
    expect(s.requests[0]?.headers.locale).toBe('zh-CN');
  });

  it('sends public requests without any credential header', async () => {
    const s = await serve(() => ok([]));
    await client(s.url, { demoTrading: true }).getInstruments('SPOT', 'BTCUSDT');
    const h = s.requests[0]?.headers ?? {};
    expect(Object.keys(h).filter((k) => k.startsWith('access-'))).toEqual([]);
    expect(h.paptrading).toBe('1');
    expect(s.requests[0]?.rawQuery).toBe('category=SPOT&symbol=BTCUSDT');
  });

  it('refuses a signed call without credentials, before sending', async () => {
    const s = await serve(() => ok([]));
    const e = await deskFailure(client(s.url, { credentials: undefined }).getOrder({ orderId: '1' }));
    expect(e.kind).toBe('vault');
    expect(s.requests).toHaveLength(0);
  });
});

describe('errors', () => {
  it('reports an exchange rejection with its code, message and explanation, without retrying', async () => {
    const s = await serve(() => rejection('40012', 'apikey/password is incorrect'));
    const e = await deskFailure(client(s.url).getOpenOrders({}));
    expect(e).toMatchObject({
      kind: 'exchange',
      code: '40012',
      exchangeMsg: 'apikey/password is incorrect',
      httpStatus: 400,
      requestTime: 1_700_000_000_000,
      path: '/api/v3/trade/unfilled-orders',
      mayHaveTakenEffect: false,
    });
    expect(e.message).toMatch(/passphrase is incorrect/);
    expect(s.requests).toHaveLength(1);
  });

  it('retries a GET after a 429 and succeeds', async () => {
    let n = 0;
    const s = await serve(() => (++n === 1 ? rejection('429', 'Too Many Requests', 429) : ok([])));
    await expect(client(s.url).getInstruments('SPOT')).resolves.toEqual([]);
    expect(s.requests).toHaveLength(2);
  });

  it('gives up on a GET after two retries of a 5xx, with backoff between them', async () => {
    const delays: number[] = [];
    const s = await serve(() => ({ status: 503, text: '<html>Service Unavailable</html>' }));
    const e = await deskFailure(
      client(s.url, { sleep: async (ms) => void delays.push(ms), random: () => 0.5 }).getInstruments('SPOT'),
    );
    expect(e).toMatchObject({ kind: 'exchange', httpStatus: 503, mayHaveTakenEffect: false });
    expect(s.requests).toHaveLength(3);
    expect(delays).toHaveLength(2);
    expect(delays[1]).toBeGreaterThan(delays[0] ?? Infinity);
  });

  it('reports a 429 that persists as rate-limit', async () => {
    const s = await serve(() => ({ status: 429, text: 'Too Many Requests' }));
    const e = await deskFailure(client(s.url).getInstruments('SPOT'));
    expect(e).toMatchObject({ kind: 'rate-limit', code: '429', httpStatus: 429 });
    expect(s.requests).toHaveLength(3);
  });

  it('reports a refused connection as network, nothing sent', async () => {
    const port = await closedPort();
    const e = await deskFailure(client(`http://127.0.0.1:${port}`).modifyOrder({ orderId: '1', qty: '1' }));
    expect(e.kind).toBe('network');
    expect(e.mayHaveTakenEffect).toBe(false);
    expect(e.message).toMatch(/connection refused/);
  });

  it('times out a GET that gets no answer (and retries it)', async () => {
    const s = await serve(() => 'hang');
    const e = await deskFailure(client(s.url, { timeoutMs: 150 }).getInstruments('SPOT'));
    expect(e).toMatchObject({ kind: 'timeout', mayHaveTakenEffect: false, path: '/api/v3/market/instruments' });
    expect(s.requests).toHaveLength(3);
  });

  it('reports malformed JSON as an unexpected answer', async () => {
    const s = await serve(() => ({ status: 200, text: '{"code":"00000",' }));
    const e = await deskFailure(client(s.url).getInstruments('SPOT'));
    expect(e.kind).toBe('internal');
    expect(e.message).toMatch(/not JSON/);
    expect(s.requests).toHaveLength(1);
  });

  it('reports an answer that does not match the API', async () => {
    const s = await serve(() => ok([{ symbol: 'X' }]));
    const e = await deskFailure(client(s.url).getInstruments('SPOT'));
    expect(e.kind).toBe('internal');
    expect(e.message).toMatch(/does not match the API/);
  });
});

describe('Modify Order is never retried', () => {
  const body = { orderId: '1', price: '100' };

  it('timeout: one request, outcome unknown', async () => {
    const s = await serve(() => 'hang');
    const e = await deskFailure(client(s.url, { timeoutMs: 150 }).modifyOrder(body));
    expect(e).toMatchObject({ kind: 'timeout', mayHaveTakenEffect: true });
    expect(e.message).toMatch(/may or may not have been applied/);
    expect(s.requests).toHaveLength(1);
  });

  it('5xx: one request, outcome unknown', async () => {
    const s = await serve(() => ({ status: 502, text: 'Bad Gateway' }));
    const e = await deskFailure(client(s.url).modifyOrder(body));
    expect(e).toMatchObject({ kind: 'exchange', httpStatus: 502, mayHaveTakenEffect: true });
    expect(s.requests).toHaveLength(1);
  });

  it('connection lost after sending: one request, outcome unknown', async () => {
    const s = await serve(() => 'drop');
    const e = await deskFailure(client(s.url).modifyOrder(body));
    expect(e).toMatchObject({ kind: 'network', mayHaveTakenEffect: true });
    expect(s.requests).toHaveLength(1);
  });

  it('429: one request, reported as rejected by the rate limit (not applied)', async () => {
    const s = await serve(() => rejection('429', 'Too Many Requests', 429));
    const e = await deskFailure(client(s.url).modifyOrder(body));
    expect(e).toMatchObject({ kind: 'rate-limit', code: '429', mayHaveTakenEffect: false });
    expect(e.message).toMatch(/not applied/);
    expect(s.requests).toHaveLength(1);
  });

  it('exchange rejection: one request, not applied', async () => {
    const s = await serve(() => rejection('25204', 'Order does not exist'));
    const e = await deskFailure(client(s.url).modifyOrder(body));
    expect(e).toMatchObject({ kind: 'exchange', code: '25204', mayHaveTakenEffect: false });
    expect(s.requests).toHaveLength(1);
  });
});

describe('clock skew', () => {
  /** A server whose clock is `aheadMs` ahead and which refuses timestamps more than 30 s off. */
  function skewedServer(aheadMs: number) {
    return serve((req) => {
      const serverNow = Date.now() + aheadMs;
      if (req.path === '/api/v2/public/time') return ok({ serverTime: String(serverNow) });
      const ts = Number(req.headers['access-timestamp']);
      if (Math.abs(ts - serverNow) > 30_000) return rejection('40008', 'Request timestamp expired');
      return req.path === '/api/v3/trade/modify-order'
        ? ok({ orderId: '1', clientOid: 'c' })
        : ok({ list: [], cursor: '' });
    });
  }

  it('on 40008 measures the server time, retries once with the corrected timestamp, and remembers the skew', async () => {
    const s = await skewedServer(60_000);
    const skews = new ClockSkews();
    const c = client(s.url, { skews, clockKey: 'profile-1' });
    await c.getOpenOrders({});
    expect(s.requests.map((r) => r.path)).toEqual([
      '/api/v3/trade/unfilled-orders',
      '/api/v2/public/time',
      '/api/v3/trade/unfilled-orders',
    ]);
    const skew = skews.get('profile-1');
    expect(skew).not.toBeNull();
    expect(Math.abs((skew ?? 0) + 60_000)).toBeLessThan(1000);

    // A new client of the same profile signs with the corrected clock straight away.
    await client(s.url, { skews, clockKey: 'profile-1' }).getOpenOrders({});
    expect(s.requests).toHaveLength(4);
  });

  it('resends a modification once after 40008 (it was not processed)', async () => {
    const s = await skewedServer(-45_000);
    await client(s.url).modifyOrder({ orderId: '1', qty: '2' });
    expect(s.requests.map((r) => r.path)).toEqual([
      '/api/v3/trade/modify-order',
      '/api/v2/public/time',
      '/api/v3/trade/modify-order',
    ]);
  });

  it('does not loop when 40008 persists', async () => {
    const s = await serve((req) =>
      req.path === '/api/v2/public/time' ? ok({ serverTime: String(Date.now()) }) : rejection('40008', 'expired'),
    );
    const e = await deskFailure(client(s.url).modifyOrder({ orderId: '1', qty: '2' }));
    expect(e.code).toBe('40008');
    expect(s.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });
});
