/**
 * The amend desk through the real core and the IPC dispatch, as a renderer that bypasses its own
 * checks would call it: main must refuse rule-breaking payloads without signing or sending them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Attempt, AttemptWithGuard } from '../../shared/attempts';
import { contract } from '../../shared/contract';
import { createCore, type Core } from './create-core';
import { startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { createDispatch, type Dispatch } from '../ipc/dispatch';
import { testSecretBox } from '../profiles/testing/test-secret-box';

const MODIFY = '/api/v3/trade/modify-order';

let demo: DemoExchange;
let core: Core;
let dir: string;
let dispatch: Dispatch;

async function call(method: keyof typeof contract, payload: unknown) {
  return dispatch(contract[method].channel, payload);
}
async function send(request: Record<string, string>): Promise<AttemptWithGuard> {
  const r = await call('sendModification', { request });
  if (!r.ok) throw new Error(`sendModification failed: ${r.error.message}`);
  return r.data as AttemptWithGuard;
}
const modifies = () => demo.control.requestLog().filter((e) => e.path === MODIFY);

beforeEach(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 100, cancelLatencyMs: 40 });
  dir = await mkdtemp(join(tmpdir(), 'handlers-'));
  core = createCore({
    host: 'desktop',
    userDataDir: dir,
    secretBox: testSecretBox(),
    version: '0.0.0-test',
    localDemo: { externalUrl: demo.url },
    followTimeoutMs: 1000,
  });
  dispatch = createDispatch(core.handlers);
});
afterEach(async () => {
  await core.close();
  await demo.close();
  await new Promise((r) => setTimeout(r, 50));
  await rm(dir, { recursive: true, force: true });
});

describe('sendModification through dispatch (renderer bypassed)', () => {
  it.each<[Record<string, string>, string]>([
    [{ clientOid: 'demo-btc-open', price: '60000.05', category: 'USDT-FUTURES', symbol: 'BTCUSDT' }, 'price-precision'],
    [
      { clientOid: 'demo-btc-open', price: '60000.3', qty: '0.00001', category: 'USDT-FUTURES', symbol: 'BTCUSDT' },
      'qty-precision',
    ],
    [{ clientOid: 'demo-btc-open', qty: '1200.1', category: 'USDT-FUTURES', symbol: 'BTCUSDT' }, 'qty-max'],
    [{ clientOid: 'demo-btc-open', price: '100.0', category: 'USDT-FUTURES', symbol: 'BTCUSDT' }, 'min-amount'],
    [{ clientOid: 'demo-btc-open', price: '-1' }, 'price-format'],
    [{ clientOid: 'demo-btc-open', qty: '1e-3' }, 'qty-format'],
  ])('refuses %j before anything is signed or sent (%s)', async (request) => {
    // Load the order first, as the desk would: main then knows the unchanged side for the amount rule.
    expect((await call('getOrder', { clientOid: 'demo-btc-open' })).ok).toBe(true);
    const attempt = await send(request);
    expect(attempt.status).toBe('refused');
    expect(attempt.error?.kind).toBe('rule');
    expect(modifies()).toEqual([]);
  });

  it('refuses a filled order once main has seen it', async () => {
    await call('getOrder', { clientOid: 'demo-eth-filled' });
    const attempt = await send({ clientOid: 'demo-eth-filled', price: '3000.00' });
    expect(attempt.status).toBe('refused');
    expect(attempt.error?.code).toBe('25568');
    expect(modifies()).toEqual([]);
  });

  it('rejects payloads outside the contract with a validation error', async () => {
    for (const payload of [
      { request: { clientOid: 'demo-btc-open', price: '1', secret: 'x' } },
      { request: { clientOid: 'demo-btc-open', price: 60000 } },
      { request: { clientOid: 'demo-btc-open', price: '1', autoCancel: 'maybe' } },
      {},
    ]) {
      const r = await call('sendModification', payload);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.kind).toBe('validation');
    }
    expect(modifies()).toEqual([]);
  });

  it('refuses a second send for an order in flight, and records both in the activity log', async () => {
    demo.control.delayResponses(MODIFY, 300, 1);
    const first = await send({ clientOid: 'demo-btc-open', price: '60010.0' });
    const second = await send({ clientOid: 'demo-btc-open', price: '60020.0' });
    expect(first).toMatchObject({ status: 'sending', guard: { state: 'in-flight', attemptId: first.id } });
    expect(second).toMatchObject({
      status: 'refused',
      error: { kind: 'conflict' },
      guard: { state: 'in-flight', attemptId: first.id },
    });
    let current = first;
    while (!['applied', 'failed', 'unknown'].includes(current.status)) {
      await new Promise((r) => setTimeout(r, 50));
      const r = await call('getAttempt', { id: first.id });
      if (r.ok) current = r.data as AttemptWithGuard;
    }
    expect(current).toMatchObject({ status: 'applied', guard: { state: 'free' } });
    expect(modifies()).toHaveLength(1);
    const activity = await call('listActivity', {});
    expect(activity.ok && (activity.data as { attempts: Attempt[] }).attempts.map((a) => a.status)).toEqual([
      'refused',
      'applied',
    ]);
  });

  it('answers getOrder with the guard and pages open orders with a cursor', async () => {
    const r = await call('getOrder', { clientOid: 'demo-btc-open' });
    expect(r.ok && r.data).toMatchObject({ order: { orderStatus: 'live' }, guard: { state: 'free' } });
    const page1 = await call('listOpenOrders', { limit: 10 });
    expect(page1.ok).toBe(true);
    if (!page1.ok) return;
    const p1 = page1.data as { list: unknown[]; cursor: string | null };
    expect(p1.list).toHaveLength(10);
    expect(p1.cursor).toEqual(expect.any(String));
    const page2 = await call('listOpenOrders', { limit: 10, cursor: p1.cursor ?? undefined });
    expect(page2.ok && (page2.data as { list: { orderId: string }[] }).list[0]).not.toEqual(p1.list[0]);
  });

  it('answers open orders with the guard of the one in flight, in the contract’s shape', async () => {
    demo.control.delayResponses(MODIFY, 800, 1);
    const first = await send({ clientOid: 'demo-btc-open', price: '60010.0' });
    const r = await call('listOpenOrders', { category: 'USDT-FUTURES' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const page = contract.listOpenOrders.response.parse(r.data);
    const btc = page.list.find((o) => o.clientOid === 'demo-btc-open');
    expect(btc).toBeDefined();
    expect(page.guards).toEqual({ [btc?.orderId ?? '']: first.guard });
    expect(first.guard).toMatchObject({ state: 'in-flight', attemptId: first.id });
  });
});
