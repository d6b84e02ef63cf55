/**
 * Sliding-window rate limiter: a key may make `limit` requests within any `windowMs` span.
 * It keeps the times of recent admitted requests rather than counting per clock-aligned bucket,
 * so a burst at the end of one second cannot be followed by a second burst right after the boundary.
 */
export class SlidingWindowLimiter {
  private readonly recent = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs = 1000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Records the request and answers true when admitted; a refused request is not recorded. */
  tryAcquire(key: string): boolean {
    const t = this.now();
    let times = this.recent.get(key);
    if (!times) {
      if (this.recent.size >= 10_000) this.sweep(t);
      times = [];
      this.recent.set(key, times);
    }
    const horizon = t - this.windowMs;
    while (times.length > 0 && (times[0] as number) <= horizon) times.shift();
    if (times.length >= this.limit) return false;
    times.push(t);
    return true;
  }

  clear(): void {
    this.recent.clear();
  }

  /** Forgets keys idle for a whole window (bounds memory when many client IPs come and go). */
  private sweep(t: number): void {
    for (const [key, times] of this.recent) {
      const last = times[times.length - 1];
      if (last === undefined || last <= t - this.windowMs) this.recent.delete(key);
    }
  }
}
