/**
 * Late answers on demand. The request is processed at once (a modification really is accepted);
 * only its answer is held back, which is how a client sees a timeout for a request that succeeded.
 */
interface DelayRule {
  pathPrefix: string;
  ms: number;
  remaining: number;
}

export class ResponseDelays {
  private rules: DelayRule[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  add(pathPrefix: string, ms: number, count = 1): void {
    if (!(ms >= 0) || !(count >= 1)) throw new Error('delayResponses needs ms >= 0 and count >= 1');
    this.rules.push({ pathPrefix, ms, remaining: count });
  }

  /** Consumes one use of the first rule matching the path; 0 when the answer is not delayed. */
  take(path: string): number {
    const rule = this.rules.find((r) => path.startsWith(r.pathPrefix));
    if (!rule) return 0;
    if (--rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    return rule.ms;
  }

  /** Runs `send` after `ms`, unless clear() comes first. */
  schedule(ms: number, send: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      send();
    }, ms);
    this.timers.add(t);
  }

  clear(): void {
    this.rules = [];
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
