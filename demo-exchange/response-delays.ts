/**
 * Late answers on demand. The request is processed at once (a modification really is accepted);
 * only its answer is held back, which is how a client sees a timeout for a request that succeeded.
 * A test that holds an answer only while it looks at the client's waiting state releases it then,
 * rather than waiting the delay out.
 */
interface DelayRule {
  pathPrefix: string;
  ms: number;
  remaining: number;
}

interface HeldAnswer {
  path: string;
  send: () => void;
}

export class ResponseDelays {
  private rules: DelayRule[] = [];
  private readonly held = new Map<NodeJS.Timeout, HeldAnswer>();

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

  /** Runs `send` (the answer to a request on `path`) after `ms`, unless release() or clear() comes first. */
  schedule(ms: number, path: string, send: () => void): void {
    const t = setTimeout(() => {
      this.held.delete(t);
      send();
    }, ms);
    this.held.set(t, { path, send });
  }

  /**
   * Sends now, in the order they came, the answers held on paths starting with pathPrefix, and drops
   * the delays not yet used that were set for those paths (a prefix starting with pathPrefix): later
   * answers there are on time. Answers how many held answers were sent.
   */
  release(pathPrefix: string): number {
    this.rules = this.rules.filter((r) => !r.pathPrefix.startsWith(pathPrefix));
    const due = [...this.held].filter(([, h]) => h.path.startsWith(pathPrefix));
    for (const [t, h] of due) {
      clearTimeout(t);
      this.held.delete(t);
      h.send();
    }
    return due.length;
  }

  clear(): void {
    this.rules = [];
    for (const t of this.held.keys()) clearTimeout(t);
    this.held.clear();
  }
}
