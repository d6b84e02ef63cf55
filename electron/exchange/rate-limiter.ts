/**
 * Client-side rate limiting: the exchange counts requests per endpoint in a sliding one-second
 * window (per UID for private endpoints, per IP for public ones). Excess calls wait their turn in
 * FIFO order instead of being refused, so a burst is paced rather than rejected.
 */
import { createHash } from 'node:crypto';
import { BATCH_MODIFY_PATH, MODIFY_ORDER_PATH } from '../../shared/schemas';
import { realClock, type Clock } from './clock';

/**
 * At most `limit` requests in any `windowMs`. A slot is held from the moment a request starts
 * until `windowMs` after its answer arrived: the exchange stamps a request on arrival, which lies
 * between the two, so counting from the answer keeps a strict server-side window satisfied however
 * the network delays individual requests.
 */
export class SlidingWindowLimiter {
  private inFlight = 0;
  /** Times at which finished requests got their answer, ascending (the clock is monotonic). */
  private readonly finishedAt: number[] = [];
  private readonly waiting: Array<() => void> = [];
  private pumping = false;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Clock = realClock,
  ) {
    if (!(limit >= 1)) throw new Error('A rate limit must allow at least one request');
  }

  /** Runs task as soon as the window has room; callers are served in the order they arrived. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      void this.pump();
    });
    try {
      return await task();
    } finally {
      this.inFlight -= 1;
      this.finishedAt.push(this.clock.now());
      void this.pump();
    }
  }

  /** Requests currently counted against the window (tests and diagnostics). */
  get used(): number {
    this.forgetExpired();
    return this.inFlight + this.finishedAt.length;
  }

  get queued(): number {
    return this.waiting.length;
  }

  private forgetExpired(): void {
    const now = this.clock.now();
    // Strictly after the window: a server whose window includes both ends is satisfied too.
    while (this.finishedAt.length > 0 && (this.finishedAt[0] as number) + this.windowMs < now) this.finishedAt.shift();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiting.length > 0) {
        this.forgetExpired();
        if (this.inFlight + this.finishedAt.length < this.limit) {
          this.inFlight += 1;
          this.waiting.shift()?.();
          continue;
        }
        // Every slot is in flight: the next answer calls pump again.
        const oldest = this.finishedAt[0];
        if (oldest === undefined) return;
        await this.clock.sleep(oldest + this.windowMs + 1 - this.clock.now());
      }
    } finally {
      this.pumping = false;
    }
  }
}

interface EndpointLimit {
  perSecond: number;
  scope: 'uid' | 'ip';
  /** The endpoint whose budget this one draws from, when the exchange counts them together. */
  shares?: string;
}

/** The exchange's documented limits, requests per second. */
export const ENDPOINT_LIMITS: Readonly<Record<string, EndpointLimit>> = {
  [MODIFY_ORDER_PATH]: { perSecond: 10, scope: 'uid' },
  // A batch is one request against modify's budget, so single and batch modifies are paced together.
  [BATCH_MODIFY_PATH]: { perSecond: 10, scope: 'uid', shares: MODIFY_ORDER_PATH },
  '/api/v3/trade/order-info': { perSecond: 20, scope: 'uid' },
  '/api/v3/trade/unfilled-orders': { perSecond: 20, scope: 'uid' },
  '/api/v3/market/instruments': { perSecond: 20, scope: 'ip' },
  '/api/v3/market/tickers': { perSecond: 20, scope: 'ip' },
  '/api/v2/public/time': { perSecond: 20, scope: 'ip' },
};
const UNLISTED_LIMIT: EndpointLimit = { perSecond: 10, scope: 'uid' };

/**
 * One limiter per (base URL, endpoint, account). Clients are short-lived (one per request or per
 * profile change), so the limiters live here and outlast them: every client of the same account
 * shares the same budget, and public endpoints share one budget per base URL.
 */
export class RateLimiters {
  private readonly byKey = new Map<string, SlidingWindowLimiter>();

  constructor(
    private readonly clock: Clock = realClock,
    private readonly windowMs = 1000,
  ) {}

  forRequest(baseUrl: string, path: string, apiKey: string | undefined): SlidingWindowLimiter {
    const { perSecond, scope, shares } = ENDPOINT_LIMITS[path] ?? UNLISTED_LIMIT;
    // The API key stands for the UID; only a digest of it is kept so no key sits in a map key.
    const account =
      scope === 'uid' && apiKey ? ` ${createHash('sha256').update(apiKey).digest('hex').slice(0, 16)}` : '';
    const key = `${baseUrl} ${shares ?? path}${account}`;
    let limiter = this.byKey.get(key);
    if (!limiter) {
      limiter = new SlidingWindowLimiter(perSecond, this.windowMs, this.clock);
      this.byKey.set(key, limiter);
    }
    return limiter;
  }
}

/** The process-wide limiters every client uses unless a test brings its own. */
export const sharedRateLimiters = new RateLimiters();
