import { afterEach, describe, expect, it } from 'vitest';
import type { Environment } from '../../shared/profiles';
import { ExchangeClient } from '../exchange/client';
import { RateLimiters } from '../exchange/rate-limiter';
import { NO_RETRY } from '../exchange/retry';
import { ClockSkews } from '../exchange/skew';
import { ok, rejection, startFakeExchange, type FakeExchange } from '../exchange/testing/fake-exchange';
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
