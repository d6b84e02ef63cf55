/**
 * Killed while an amend is in flight: on the next start the attempt is "unknown — check the order",
 * and its order is guarded (nothing sent) until it is loaded again.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createCore, type Core } from './create-core';
import { startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { testSecretBox } from '../profiles/testing/test-secret-box';

let dir: string;
let demo: DemoExchange;
let core: Core | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uta-restart-'));
  // The engine takes a minute: the modification is accepted, its result not yet decided.
  demo = await startDemoExchange({ engineLatencyMs: 60_000 });
});
afterEach(async () => {
  await core?.close();
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs a core in a child process until the exchange accepted an amend, then kills it with SIGKILL. */
async function amendThenKill(): Promise<{ id: string; status: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, '../amend/testing/amend-then-hang.ts'), dir, demo.url],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before the amend was accepted`)));
  });
  child.kill('SIGKILL');
  await exited;
  return JSON.parse(line) as { id: string; status: string };
}

it('after a SIGKILL mid-amend, the next start calls the outcome unknown and guards the order', async () => {
  const killed = await amendThenKill();
  expect(killed.status).toBe('following');

  core = createCore({
    host: 'desktop',
    userDataDir: dir,
    secretBox: testSecretBox(),
    version: 'test',
    localDemo: { externalUrl: demo.url },
  });
  const h = core.handlers;
  const { attempts } = await h.listActivity({});
  expect(attempts).toHaveLength(1);
  expect(attempts[0]).toMatchObject({ id: killed.id, status: 'unknown' });
  expect(attempts[0]?.summary).toMatch(/stopped .* while this modification was in flight. Check the order/);

  // Guarded: not sent again before the operator has looked at the order.
  const again = await h.sendModification({ request: { clientOid: 'demo-btc-open', price: '60020.0' } });
  expect(again.status).toBe('refused');
  expect(again.guard.state).toBe('unknown');
  const beforeLoad = demo.control.requestLog().filter((r) => r.path === '/api/v3/trade/modify-order').length;

  const loaded = await h.getOrder({ clientOid: 'demo-btc-open' });
  expect(loaded.guard.state).toBe('free');
  const sent = await h.sendModification({ request: { clientOid: 'demo-btc-open', price: '60020.0' } });
  expect(sent.status).toBe('sending');
  await expect
    .poll(() => demo.control.requestLog().filter((r) => r.path === '/api/v3/trade/modify-order').length)
    .toBe(beforeLoad + 1);
});
