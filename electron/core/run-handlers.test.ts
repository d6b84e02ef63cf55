/**
 * The run and ticker handlers wired through the real core and the IPC dispatch: a run started,
 * read until done and checked, then reverted over the contract; an unknown run id; market tickers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatchRun } from '../../shared/batch-run';
import { contract } from '../../shared/contract';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { createDispatch, type Dispatch } from '../ipc/dispatch';
import { testSecretBox } from '../profiles/testing/test-secret-box';
import { createCore, type Core } from './create-core';

let demo: DemoExchange;
let core: Core;
let dir: string;
let dispatch: Dispatch;

async function call<T>(method: keyof typeof contract, payload: unknown): Promise<T> {
  const r = await dispatch(contract[method].channel, payload);
  if (!r.ok) throw new Error(`${method}: ${r.error.kind}: ${r.error.message}`);
  return r.data as T;
}

beforeEach(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 100, cancelLatencyMs: 40 });
  dir = await mkdtemp(join(tmpdir(), 'run-handlers-'));
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
  await rm(dir, { recursive: true, force: true });
});

describe('run handlers', () => {
  it('starts a run, reads it until done, and checks it again', async () => {
    const placed = [0, 1].map((i) =>
      demo.control.placeOrder({
        uid: DEMO_ACCOUNT.uid,
        clientOid: `handler-${i}`,
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        side: 'buy',
        price: `5000${i}.0`,
        qty: '0.0100',
      }),
    );
    const items = placed.map((o, i) => ({ clientOid: o.clientOid, category: 'USDT-FUTURES', price: `5000${i}.1` }));
    const started = await call<BatchRun>('startRun', { items });
    expect(started.counts.total).toBe(2);
    let run = started;
    while (run.finishedAt === undefined) {
      await new Promise((r) => setTimeout(r, 25));
      run = await call<BatchRun>('getRun', { id: started.id });
    }
    expect(run).toMatchObject({ state: 'done', requests: 1, counts: { applied: 2 } });
    const checked = await call<BatchRun>('controlRun', { id: started.id, action: 'check' });
    expect(checked.counts.applied).toBe(2);
    expect(demo.control.getOrder(DEMO_ACCOUNT.uid, 'handler-1')?.price).toBe('50001.1');

    // Revert over the contract, as the CLI will: preview by run id, then start with the ready ones.
    const preview = contract.previewRevert.response.parse(await call('previewRevert', { runId: started.id }));
    expect(preview.rows.map((r) => [r.status, r.next.price])).toEqual([
      ['ready', '50000.0'],
      ['ready', '50001.0'],
    ]);
    const revert = await call<BatchRun>('startRevert', {
      runId: started.id,
      send: preview.rows.map((r) => r.attemptId),
    });
    expect(revert.reverts).toEqual({ kind: 'run', id: started.id });
    while ((await call<BatchRun>('getRun', { id: revert.id })).finishedAt === undefined) {
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(demo.control.getOrder(DEMO_ACCOUNT.uid, 'handler-1')?.price).toBe('50001.0');
    const links = contract.getRevertLinks.response.parse(await call('getRevertLinks', { runId: started.id }));
    expect(links.revertedBy.map((r) => r.id)).toEqual([revert.id]);
    const [original] = (await call<{ runs: BatchRun[] }>('listRuns', { ids: [started.id] })).runs;
    expect(original?.revertedBy).toEqual([revert.id]);
  });

  it('refuses a revert that names both a run and an attempt, or neither, and one of a run it does not know', async () => {
    const both = await dispatch(contract.previewRevert.channel, { runId: 'a', attemptId: 'b' });
    expect(both.ok ? undefined : both.error.kind).toBe('validation');
    const neither = await dispatch(contract.startRevert.channel, { send: ['x'] });
    expect(neither.ok ? undefined : neither.error.kind).toBe('validation');
    const unknown = await dispatch(contract.previewRevert.channel, { runId: 'nope' });
    expect(unknown.ok ? undefined : unknown.error.kind).toBe('not-found');
  });

  it('answers not-found for a run it does not hold, and refuses an empty run', async () => {
    const r = await dispatch(contract.getRun.channel, { id: 'nope' });
    expect(r.ok ? undefined : r.error.kind).toBe('not-found');
    const empty = await dispatch(contract.startRun.channel, { items: [] });
    expect(empty.ok ? undefined : empty.error.kind).toBe('validation');
  });

  it('reads tickers', async () => {
    const { tickers, fetchedAt } = await call<{ tickers: Array<{ symbol: string }>; fetchedAt: number }>('getTickers', {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
    });
    expect(tickers.map((t) => t.symbol)).toEqual(['BTCUSDT']);
    expect(fetchedAt).toBeGreaterThan(0);
  });
});
