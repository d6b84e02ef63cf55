/**
 * The core's time limits: production's unless a test sets shorter ones when it creates the core
 * (the e2e harness does, per test), and a shorter one really is what the core waits.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttemptWithGuard } from '../../shared/attempts';
import { contract } from '../../shared/contract';
import type { ProfileSummary } from '../../shared/profiles';
import { startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { createDispatch } from '../ipc/dispatch';
import { testSecretBox } from '../profiles/testing/test-secret-box';
import { coreLimits, PRODUCTION_LIMITS, type CoreLimits } from './core-limits';
import { createCore, type Core } from './create-core';

const MODIFY = '/api/v3/trade/modify-order';
const open: Array<{ core: Core; demo: DemoExchange; dir: string }> = [];

afterEach(async () => {
  for (const { core, demo, dir } of open.splice(0)) {
    await core.close();
    await demo.close();
    await rm(dir, { recursive: true, force: true });
  }
});

async function desk(limits: Partial<CoreLimits>) {
  const demo = await startDemoExchange({ engineLatencyMs: 100, cancelLatencyMs: 40 });
  const dir = await mkdtemp(join(tmpdir(), 'core-limits-'));
  const core = createCore({
    host: 'desktop',
    userDataDir: dir,
    secretBox: testSecretBox(),
    version: '0.0.0-test',
    localDemo: { externalUrl: demo.url },
    ...limits,
  });
  open.push({ core, demo, dir });
  const dispatch = createDispatch(core.handlers);
  const call = async (method: keyof typeof contract, payload: unknown) => {
    const r = await dispatch(contract[method].channel, payload);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.data;
  };
  const refusal = async (method: keyof typeof contract, payload: unknown) => {
    const r = await dispatch(contract[method].channel, payload);
    return r.ok ? undefined : r.error.message;
  };
  const localDemo = async () => {
    const { profiles } = (await call('listProfiles', {})) as { profiles: ProfileSummary[] };
    return profiles.find((p) => p.builtin);
  };
  /** Sends a modification and reads its attempt until it is no longer sending or following. */
  const amend = async (request: Record<string, string>): Promise<{ attempt: AttemptWithGuard; ms: number }> => {
    const t0 = performance.now();
    let attempt = (await call('sendModification', { request })) as AttemptWithGuard;
    while (attempt.status === 'sending' || attempt.status === 'following') {
      await new Promise((r) => setTimeout(r, 50));
      attempt = (await call('getAttempt', { id: attempt.id })) as AttemptWithGuard;
    }
    return { attempt, ms: performance.now() - t0 };
  };
  return { demo, localDemo, amend, refusal };
}

describe('the core’s time limits', () => {
  it('are production’s unless a test sets them: a 10 s follow, a 10 s Local demo request', () => {
    expect(PRODUCTION_LIMITS).toEqual({ followTimeoutMs: 10_000, localDemoTimeoutMs: 10_000 });
    expect(coreLimits({})).toEqual({ followTimeoutMs: 10_000, localDemoTimeoutMs: 10_000 });
    expect(coreLimits({ followTimeoutMs: 2000 })).toEqual({ followTimeoutMs: 2000, localDemoTimeoutMs: 10_000 });
  });

  it('a core created without them shows the Local demo with production’s request timeout; no call changes it', async () => {
    const { localDemo, refusal } = await desk({});
    expect((await localDemo())?.timeoutMs).toBe(10_000);
    expect(await refusal('updateProfile', { id: 'local-demo', timeoutMs: 1000 })).toContain('cannot be changed');
    expect((await localDemo())?.timeoutMs).toBe(10_000);
  });

  it('a shorter Local demo timeout: a held answer is given up then, and the outcome is unknown', async () => {
    const { demo, localDemo, amend } = await desk({ localDemoTimeoutMs: 400 });
    expect((await localDemo())?.timeoutMs).toBe(400);
    demo.control.delayResponses(MODIFY, 60_000);
    const { attempt, ms } = await amend({ clientOid: 'demo-btc-open', price: '60010.0' });
    expect(attempt.status).toBe('unknown');
    expect(attempt.error).toMatchObject({ kind: 'timeout', mayHaveTakenEffect: true });
    expect(attempt.error?.message).toContain('within 400 ms');
    expect(ms).toBeLessThan(5_000);
    expect(demo.control.requestLog().filter((e) => e.path === MODIFY)).toHaveLength(1);
  });

  it('a shorter follow: an engine that does not decide makes the outcome unknown at that limit', async () => {
    const { demo, amend } = await desk({ followTimeoutMs: 600 });
    demo.control.setEngineLatency(60_000);
    // Auto-cancel on: an order still unchanged is no answer (off, it would be the engine's "no").
    const { attempt, ms } = await amend({ clientOid: 'demo-btc-open', price: '60010.0', autoCancel: 'yes' });
    expect(attempt.status).toBe('unknown');
    expect(attempt.summary).toMatch(/neither the new values nor a cancellation within 0\.\d s/);
    expect(ms).toBeLessThan(5_000);
  });
});
