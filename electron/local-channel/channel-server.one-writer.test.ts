/**
 * One writer: a core serving its host and the local channel at once (the demo exchange in process).
 * What the command line sends over the channel is recorded by the app's own activity log, tagged as
 * the CLI's with the OS user; what the host sends carries the host's tag; and the one set of guards
 * stops an amend from either side on an order the other is following.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Attempt, AttemptWithGuard } from '../../shared/attempts';
import type { BatchRun } from '../../shared/batch-run';
import { buildDeskApi, unwrap, type DeskApi } from '../../shared/contract';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { createCore, type Core } from '../core/create-core';
import { createDispatch } from '../ipc/dispatch';
import { testSecretBox } from '../profiles/testing/test-secret-box';
import { connectLocalChannel, type LocalChannel } from './channel-client';
import { serveLocalChannel, type LocalChannelServer } from './channel-server';

const MODIFY = '/api/v3/trade/modify-order';

let demo: DemoExchange;
let core: Core;
let dir: string;
let server: LocalChannelServer;
let channel: LocalChannel;
/** The host's own page (IPC or HTTP carry exactly this dispatch). */
let app: DeskApi;
/** The command line, over the local channel. */
let cli: DeskApi;

beforeEach(async () => {
  // An engine slow enough that an accepted modification is being followed while the other side tries.
  demo = await startDemoExchange({ engineLatencyMs: 600, cancelLatencyMs: 40 });
  dir = await mkdtemp(join(tmpdir(), 'one-writer-'));
  core = createCore({
    host: 'desktop',
    osUser: 'alice',
    userDataDir: dir,
    secretBox: testSecretBox(),
    version: '0.0.0-test',
    localDemo: { externalUrl: demo.url },
    followTimeoutMs: 4000,
    changeRefresh: { enabled: false },
  });
  const dispatch = createDispatch(core.handlers);
  app = buildDeskApi((c, p) => dispatch(c, p));
  server = await serveLocalChannel(dir, dispatch);
  const connected = await connectLocalChannel(dir);
  if (!connected) throw new Error('the channel is not served');
  channel = connected;
  cli = buildDeskApi(channel.invoke);
});
afterEach(async () => {
  channel.close();
  await server.close();
  await core.close();
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

const modifies = () => demo.control.requestLog().filter((e) => e.path === MODIFY);

/** Reads the attempt (through `desk`) until it is in `status`, waiting on main's answer each time. */
async function until(desk: DeskApi, a: AttemptWithGuard, statuses: Attempt['status'][]): Promise<AttemptWithGuard> {
  let current = a;
  while (!statuses.includes(current.status))
    current = await unwrap(
      desk.getAttempt({ id: a.id, after: { status: current.status, steps: current.timeline.length } }),
    );
  return current;
}

describe('the activity log behind the channel', () => {
  it('records an amend sent over the channel as the CLI’s, and one of the host’s page as the host’s', async () => {
    const fromCli = await unwrap(cli.sendModification({ request: { clientOid: 'demo-btc-open', price: '60010.0' } }));
    expect(fromCli.source).toEqual({ host: 'cli', user: 'alice' });
    await until(cli, fromCli, ['applied']);
    const fromApp = await unwrap(app.sendModification({ request: { clientOid: 'demo-btc-open', price: '60020.0' } }));
    expect(fromApp.source).toEqual({ host: 'desktop', user: 'alice' });
    await until(app, fromApp, ['applied']);

    // One log: either side lists both, each with where it came from, and finds them by it.
    for (const desk of [app, cli]) {
      const { attempts } = await unwrap(desk.listActivity({}));
      expect(attempts.map((a) => [a.id, a.source])).toEqual([
        [fromApp.id, { host: 'desktop', user: 'alice' }],
        [fromCli.id, { host: 'cli', user: 'alice' }],
      ]);
      const found = await unwrap(desk.listActivity({ text: 'CLI · alice' }));
      expect(found.attempts.map((a) => a.id)).toEqual([fromCli.id]);
    }
    const csv = await unwrap(app.exportActivity({ text: 'cli' }));
    expect(csv.rows).toBe(1);
    expect(csv.csv).toContain(',cli,alice');
  });

  it('records a run started over the channel, and each of its items, as the CLI’s', async () => {
    const items = [0, 1].map((i) => {
      const o = demo.control.placeOrder({
        uid: DEMO_ACCOUNT.uid,
        clientOid: `cli-run-${i}`,
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        side: 'buy',
        price: `5000${i}.0`,
        qty: '0.0100',
      });
      return { clientOid: o.clientOid, category: 'USDT-FUTURES' as const, price: `5000${i}.1` };
    });
    const started: BatchRun = await unwrap(cli.startRun({ items }));
    expect(started.source).toEqual({ host: 'cli', user: 'alice' });
    let run = started;
    while (run.finishedAt === undefined) {
      // Polled: a read of a run answers at once, so the loop must give the exchange its turn.
      await new Promise((r) => setTimeout(r, 20));
      run = await unwrap(app.getRun({ id: started.id }));
    }
    expect(run).toMatchObject({ counts: { applied: 2 }, source: { host: 'cli', user: 'alice' } });
    const { runs } = await unwrap(app.listRuns({ ids: [started.id] }));
    expect(runs[0]?.source).toEqual({ host: 'cli', user: 'alice' });
    const { attempts } = await unwrap(app.listActivity({}));
    expect(attempts.map((a) => a.source)).toEqual([
      { host: 'cli', user: 'alice' },
      { host: 'cli', user: 'alice' },
    ]);
  });
});

describe('two writers never happen', () => {
  it('refuses the CLI’s amend on an order the app is following', async () => {
    const first = await unwrap(app.sendModification({ request: { clientOid: 'demo-btc-open', price: '60010.0' } }));
    const following = await until(app, first, ['following']);
    expect(following.guard).toMatchObject({ state: 'in-flight', attemptId: first.id });

    const second = await unwrap(cli.sendModification({ request: { clientOid: 'demo-btc-open', price: '60020.0' } }));
    expect(second).toMatchObject({
      status: 'refused',
      error: { kind: 'conflict' },
      guard: { state: 'in-flight', attemptId: first.id },
      source: { host: 'cli', user: 'alice' },
    });
    expect(await until(app, first, ['applied'])).toMatchObject({ guard: { state: 'free' } });
    expect(modifies()).toHaveLength(1);
  });

  it('refuses the app’s amend on an order the CLI is following', async () => {
    const first = await unwrap(cli.sendModification({ request: { clientOid: 'demo-btc-open', price: '60010.0' } }));
    await until(cli, first, ['following']);

    const second = await unwrap(app.sendModification({ request: { clientOid: 'demo-btc-open', price: '60020.0' } }));
    expect(second).toMatchObject({
      status: 'refused',
      error: { kind: 'conflict' },
      guard: { state: 'in-flight', attemptId: first.id },
      source: { host: 'desktop', user: 'alice' },
    });
    expect(await until(cli, first, ['applied'])).toMatchObject({ guard: { state: 'free' } });
    expect(modifies()).toHaveLength(1);
  });
});
