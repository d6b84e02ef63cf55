import { afterEach, describe, expect, it } from 'vitest';
import { ExchangeClient } from './client';
import { RateLimiters, SlidingWindowLimiter } from './rate-limiter';
import { ClockSkews } from './skew';
import { ok, rejection, startFakeExchange, VirtualClock, type FakeExchange } from './testing/fake-exchange';

const CREDS = { apiKey: 'key-A', secretKey: 'secret-A', passphrase: 'pass-A' };

/** A strict sliding window on the server: more than `limit` arrivals in any window → 429. */
class StrictWindow {
  readonly arrivals: number[] = [];
  rejected = 0;
  constructor(
    private readonly limit: number,
    private readonly windowMs = 1000,
  ) {}
  admit(at: number): boolean {
    // Inclusive at both ends: stricter than the exchange needs to be.
    const inWindow = this.arrivals.filter((t) => t >= at - this.windowMs).length;
    this.arrivals.push(at);
    if (inWindow >= this.limit) {
      this.rejected += 1;
      return false;
    }
    return true;
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('SlidingWindowLimiter', () => {
  it('serves waiting callers in FIFO order', async () => {
    const clock = new VirtualClock();
    const limiter = new SlidingWindowLimiter(2, 1000, clock);
    const order: number[] = [];
    await Promise.all(Array.from({ length: 7 }, (_, i) => limiter.run(async () => void order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('counts a slow request against the window until its answer, not its start', async () => {
    const clock = new VirtualClock();
    const limiter = new SlidingWindowLimiter(1, 1000, clock);
    const starts: number[] = [];
    await limiter.run(async () => {
      starts.push(clock.now());
      await clock.sleep(700); // a slow answer
    });
    await limiter.run(async () => void starts.push(clock.now()));
    expect((starts[1] ?? 0) - (starts[0] ?? 0)).toBeGreaterThan(1700);
  });
});

describe('client-side rate limiting', () => {
  it('paces a burst of 100 instrument calls to 20/s: none rejected by a strict server, ≥ 4 s (virtual clock)', async () => {
    const clock = new VirtualClock();
    const limiters = new RateLimiters(clock);
    const window = new StrictWindow(20);
    const fetchImpl = (async () => {
      await clock.sleep(3); // network latency
      const admitted = window.admit(clock.now());
      await clock.sleep(3);
      if (!admitted) return json(429, { code: '429', msg: 'Too Many Requests', requestTime: clock.now() });
      return json(200, { code: '00000', msg: 'success', requestTime: clock.now(), data: [] });
    }) as unknown as typeof fetch;
    const started = clock.now();
    const calls = Array.from({ length: 100 }, () =>
      // A client per call, as the app makes them: the limiter is shared through the registry.
      new ExchangeClient({
        baseUrl: 'https://api.example.test',
        fetch: fetchImpl,
        limiters,
        now: clock.now,
        sleep: clock.sleep,
      }).getInstruments('SPOT'),
    );
    const results = await Promise.allSettled(calls);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(0);
    expect(window.rejected).toBe(0);
    expect(window.arrivals).toHaveLength(100);
    // 20 at once, then 20 per further second: the 81st call cannot start before 4 s.
    expect(clock.now() - started).toBeGreaterThanOrEqual(4000);
    expect(clock.now() - started).toBeLessThan(5000);
  });

  it('paces modify-order to 10/s per account, and accounts do not share a budget', async () => {
    const clock = new VirtualClock();
    const limiters = new RateLimiters(clock);
    const windows = new Map<string, StrictWindow>();
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      const key = (init.headers as Record<string, string>)['ACCESS-KEY'] ?? '';
      const w = windows.get(key) ?? new StrictWindow(10);
      windows.set(key, w);
      await clock.sleep(2);
      if (!w.admit(clock.now())) return json(429, { code: '429', msg: 'Too Many Requests', requestTime: 0 });
      return json(200, { code: '00000', msg: 'success', requestTime: 0, data: { orderId: '1', clientOid: 'c' } });
    }) as unknown as typeof fetch;
    const make = (apiKey: string) =>
      new ExchangeClient({
        baseUrl: 'https://api.example.test',
        credentials: { ...CREDS, apiKey },
        fetch: fetchImpl,
        limiters,
        skews: new ClockSkews(),
        now: clock.now,
        sleep: clock.sleep,
      });
    const started = clock.now();
    const results = await Promise.allSettled([
      ...Array.from({ length: 30 }, () => make('key-A').modifyOrder({ orderId: '1', qty: '1' })),
      ...Array.from({ length: 10 }, () => make('key-B').modifyOrder({ orderId: '2', qty: '1' })),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(0);
    expect(windows.get('key-A')?.arrivals).toHaveLength(30);
    expect(windows.get('key-B')?.arrivals).toHaveLength(10);
    expect(clock.now() - started).toBeGreaterThanOrEqual(2000);
  });
});

describe('which requests share a budget', () => {
  it('counts a batch modify against the same per-account budget as single modifies', () => {
    const limiters = new RateLimiters(new VirtualClock());
    const base = 'https://api.example.test';
    const single = limiters.forRequest(base, '/api/v3/trade/modify-order', 'key-A');
    expect(limiters.forRequest(base, '/api/v3/trade/batch-modify-order', 'key-A')).toBe(single);
    expect(limiters.forRequest(base, '/api/v3/trade/batch-modify-order', 'key-B')).not.toBe(single);
    expect(limiters.forRequest(base, '/api/v3/trade/order-info', 'key-A')).not.toBe(single);
  });

  it('gives tickers their own public budget of 20/s', () => {
    const limiters = new RateLimiters(new VirtualClock());
    const base = 'https://api.example.test';
    const tickers = limiters.forRequest(base, '/api/v3/market/tickers', undefined);
    expect(tickers.limit).toBe(20);
    expect(tickers).not.toBe(limiters.forRequest(base, '/api/v3/market/instruments', undefined));
  });
});

describe('client-side rate limiting in real time', () => {
  let server: FakeExchange | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('keeps 100 concurrent calls under a strict 20/s server window over real HTTP', async () => {
    const window = new StrictWindow(20);
    server = await startFakeExchange(() =>
      window.admit(Date.now()) ? ok([]) : rejection('429', 'Too Many Requests', 429),
    );
    const limiters = new RateLimiters();
    const started = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        new ExchangeClient({
          baseUrl: server?.url ?? '',
          limiters,
          retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 },
        }).getInstruments('SPOT'),
      ),
    );
    const elapsed = Date.now() - started;
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(0);
    expect(window.rejected).toBe(0);
    expect(elapsed).toBeGreaterThanOrEqual(4000);
  }, 15_000);
});
