import { afterEach, describe, expect, it } from 'vitest';
import type { Environment } from '../../shared/profiles';
import { ExchangeClient } from '../exchange/client';
import { RateLimiters } from '../exchange/rate-limiter';
import { NO_RETRY } from '../exchange/retry';
import { ClockSkews } from '../exchange/skew';
import { closedPort, ok, rejection, startFakeExchange, type FakeExchange } from '../exchange/testing/fake-exchange';
import { runConnectionTest } from './connection-test';

let server: FakeExchange | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose time endpoint works and whose signed read answers `code`. */
async function answering(code: string, msg: string) {
  server = await startFakeExchange((req) =>
    req.path === '/api/v2/public/time' ? ok({ serverTime: String(Date.now()) }) : rejection(code, msg),
  );
  return server;
}

async function test(url: string, environment: Environment = 'custom') {
  const client = new ExchangeClient({
    baseUrl: url,
    credentials: { apiKey: 'k', secretKey: 's', passphrase: 'p' },
    demoTrading: environment === 'demo-trading',
    limiters: new RateLimiters(),
    skews: new ClockSkews(),
    retry: NO_RETRY,
    timeoutMs: 2000,
  });
  return runConnectionTest(client, { environment, baseUrl: url, timeoutMs: 2000, hasCredentials: true });
}

describe('connection test explanations', () => {
  it.each([
    [
      '40099',
      'exchange environment is incorrect',
      'demo-trading',
      /this is a live key, but the profile is set to Demo trading/,
    ],
    ['40099', 'exchange environment is incorrect', 'live', /looks like a demo-trading key/],
    ['40084', 'classic account', 'live', /classic account.*unified trading account/],
    ['40014', 'Incorrect permissions', 'live', /permission.*IP whitelist/],
    ['40008', 'Request timestamp expired', 'custom', /clock/],
  ] as const)('%s (%s) on %s', async (code, msg, environment, words) => {
    const s = await answering(code, msg);
    const t = await test(s.url, environment);
    expect(t.ok).toBe(false);
    expect(t.message).toMatch(words);
    expect(t.message).toContain(`code ${code}`);
    expect(typeof t.skewMs).toBe('number');
  });

  it('sends the demo-trading header on both requests of the test', async () => {
    server = await startFakeExchange((req) =>
      req.path === '/api/v2/public/time' ? ok({ serverTime: String(Date.now()) }) : ok({ list: [], cursor: '' }),
    );
    const t = await test(server.url, 'demo-trading');
    expect(t.ok).toBe(true);
    expect(server.requests.map((r) => r.headers.paptrading)).toEqual(['1', '1']);
    expect(server.requests[1]?.rawQuery).toBe('limit=1');
  });

  it('mentions a large clock skew in the success message', async () => {
    server = await startFakeExchange((req) =>
      req.path === '/api/v2/public/time' ? ok({ serverTime: String(Date.now() - 5000) }) : ok({ list: [], cursor: '' }),
    );
    const t = await test(server.url);
    expect(t.ok).toBe(true);
    expect(t.message).toMatch(/clock is 5\.\d s ahead of the exchange/);
  });

  it('explains an answer that is not the exchange', async () => {
    server = await startFakeExchange(() => ({ status: 404, text: '<html>Not Found</html>' }));
    const t = await test(server.url);
    expect(t.ok).toBe(false);
    expect(t.message).toMatch(/HTTP 404/);
  });
});

describe('connection test words and numbers', () => {
  it('names a custom profile\'s exchange by its host, never "Custom" as if it were a venue', async () => {
    const s = await answering('40006', 'Invalid ACCESS-KEY');
    const host = new URL(s.url).host;
    const t = await test(s.url, 'custom');
    expect(t.message).toBe(
      `The exchange does not know this API key (code 40006). Check that it was copied completely and that it was created for the exchange at ${host}.`,
    );
    expect(t.headline).toBe('API key not known (40006)');
  });

  it('names the environment a demo-trading or live key must be made for', async () => {
    const s = await answering('40006', 'Invalid ACCESS-KEY');
    expect((await test(s.url, 'demo-trading')).message).toMatch(/created for demo trading\.$/);
    expect((await test(s.url, 'live')).message).toMatch(/created for live trading\.$/);
  });

  it('says "Connected to <host>" for a custom profile without calling it Custom', async () => {
    server = await startFakeExchange((req) =>
      req.path === '/api/v2/public/time' ? ok({ serverTime: String(Date.now()) }) : ok({ list: [], cursor: '' }),
    );
    const t = await test(server.url, 'custom');
    expect(t.ok).toBe(true);
    expect(t.message).toMatch(new RegExp(`^Connected to ${new URL(server.url).host}: the API key`));
    expect(t.message).not.toContain('Custom');
    expect(t.headline).toBe('Connection OK');
    expect(t.latencyMs).toEqual(expect.any(Number));
  });

  it('reports a latency when the exchange answered, even with a refusal', async () => {
    const s = await answering('40012', 'Incorrect passphrase');
    const t = await test(s.url);
    expect(t.ok).toBe(false);
    expect(t.latencyMs).toEqual(expect.any(Number));
    expect(t.headline).toBe('wrong passphrase (40012)');
  });

  it('reports no latency (null, not 0) when no request completed', async () => {
    const port = await closedPort();
    const t = await test(`http://127.0.0.1:${port}`);
    expect(t.ok).toBe(false);
    expect(t.latencyMs).toBeNull();
    expect(t.headline).toBe(`127.0.0.1:${port} not reachable`);
  });
});
