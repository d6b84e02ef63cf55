/**
 * Bounded retries with exponential backoff and jitter, for reads only: a read repeated is harmless,
 * a Modify Order repeated may change the order twice, so the client never passes a POST here.
 */
import type { DeskError } from '../../shared/errors';

export interface RetryPolicy {
  /** Further attempts after the first. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 250, maxDelayMs: 4000 };
export const NO_RETRY: RetryPolicy = { retries: 0, baseDelayMs: 0, maxDelayMs: 0 };

/**
 * Delay before retry number `attempt` (0 = first retry): base · 2^attempt, capped, with the upper
 * half jittered so clients that failed together do not come back together.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Failures worth another try: the exchange or the network was briefly unable, not a rejection. */
export function isTransient(error: DeskError): boolean {
  const { kind, httpStatus } = error.data;
  if (kind === 'rate-limit' || kind === 'timeout' || kind === 'network') return true;
  return httpStatus !== undefined && httpStatus >= 500;
}
