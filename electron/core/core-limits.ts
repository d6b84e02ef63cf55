/**
 * How long the core waits before it calls an outcome unknown: its follow of an accepted modification,
 * and a request of the Local demo profile. Production's limits are the defaults here. Only a test
 * sets shorter ones, in the CoreDeps it creates a core with (the e2e harness, per test), so a test
 * of "no answer in time" waits seconds instead of these: no host sets them, and nothing a page or a
 * request sends reaches them.
 */
import { FOLLOW_TIMEOUT_MS } from '../amend/follow';
import { LOCAL_DEMO_TIMEOUT_MS } from '../profiles/builtin-profile';
import type { CoreDeps } from './context';

export interface CoreLimits {
  /** How long main follows an accepted modification before its outcome is unknown. */
  followTimeoutMs: number;
  /** How long a request of the Local demo profile waits for its answer (shown on the profile). */
  localDemoTimeoutMs: number;
}

export const PRODUCTION_LIMITS: Readonly<CoreLimits> = {
  followTimeoutMs: FOLLOW_TIMEOUT_MS,
  localDemoTimeoutMs: LOCAL_DEMO_TIMEOUT_MS,
};

/** The limits a core created with these deps keeps: production's, unless a test set one. */
export function coreLimits(deps: Pick<CoreDeps, keyof CoreLimits>): CoreLimits {
  return {
    followTimeoutMs: deps.followTimeoutMs ?? PRODUCTION_LIMITS.followTimeoutMs,
    localDemoTimeoutMs: deps.localDemoTimeoutMs ?? PRODUCTION_LIMITS.localDemoTimeoutMs,
  };
}
