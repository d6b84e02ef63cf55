/**
 * Time as the exchange client sees it. Injected everywhere so the rate limiter, the retry backoff
 * and the skew correction run on a virtual clock in tests.
 */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};
