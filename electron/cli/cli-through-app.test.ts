/**
 * End to end, in plain Node: the browser host's serve (its core, its lock, its local channel) runs on a
 * user-data folder, and `runCli` with the real channel connection amends through it. The CLI's
 * attempt is in the app's own Activity, tagged as the CLI's; an order the app is following is refused
 * to the CLI by the app's guard.
 */
import { captureCli, type CliResult } from './testing/captured-cli';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import type { Attempt, AttemptWithGuard } from '../../shared/attempts';
import { buildDeskApi, unwrap, type DeskApi } from '../../shared/contract';
import { createCore } from '../core/create-core';
import { createDispatch } from '../ipc/dispatch';
import { testSecretBox } from '../profiles/testing/test-secret-box';
import { serveDesk, type RunningDesk } from '../web-host/serve';

const MODIFY = '/api/v3/trade/modify-order';
const BATCH = '/api/v3/trade/batch-modify-order';

let demo: DemoExchange;
let root: string;
let dir: string;
let desk: RunningDesk;
/** The app's own page (the browser host's HTTP carries exactly this dispatch). */
let app: DeskApi;

beforeEach(async () => {
  // An engine slow enough that the app's accepted amend is still followed when the CLI tries.
  demo = await startDemoExchange({ engineLatencyMs: 600 });
  root = await mkdtemp(join(tmpdir(), 'uta-cli-app-'));
  dir = join(root, 'user-data');
  const rendererDir = join(root, 'renderer');
  await mkdir(join(rendererDir, 'web-host'), { recursive: true });
  await writeFile(
    join(rendererDir, 'index.html'),
    '<html><head><script type="module" src="/app.js"></script></head></html>',
  );
  await writeFile(join(rendererDir, 'web-host', 'launch.html'), 'launch');
  desk = await serveDesk(
    { userDataDir: dir, host: '127.0.0.1', port: 0, allowNonLoopback: false, open: false },
    {
      rendererDir,
      version: 'test',
      out: { write: () => undefined },
      core: (userDataDir) =>
        createCore({
          host: 'browser',
          userDataDir,
          secretBox: testSecretBox(),
          version: 'test',
          localDemo: { externalUrl: demo.url },
          changeRefresh: { enabled: false },
        }),
    },
  );
  app = buildDeskApi(createDispatch(desk.core.handlers));
});
afterEach(async () => {
  await desk?.stop();
  await demo.close();
  await rm(root, { recursive: true, force: true });
});

// No `host`: the CLI finds the app by its real local channel in the folder.
const cli = (args: string[]): Promise<CliResult> => captureCli([...args, '--user-data', dir], { env: {} });

async function until(a: AttemptWithGuard, statuses: Attempt['status'][]): Promise<AttemptWithGuard> {
  let current = a;
  while (!statuses.includes(current.status))
    current = await unwrap(
      app.getAttempt({ id: a.id, after: { status: current.status, steps: current.timeline.length } }),
    );
  return current;
}

describe.skipIf(process.platform === 'win32')('the CLI through the running app (uta-desk serve)', () => {
  it('amends through the app: the attempt is in the app core’s Activity as the CLI’s', async () => {
    const r = await cli(['modify', '--client-oid', 'demo-btc-open', '--price', '60010.0']);
    expect(r.stderr).toMatch(/through the UTA Desk app running on /);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Applied \(order /);
    expect(demo.control.getOrder(DEMO_ACCOUNT.uid, 'demo-btc-open')?.price).toBe('60010.0');
    const { attempts } = await desk.core.handlers.listActivity({});
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      status: 'applied',
      profileName: 'Local demo',
      request: { clientOid: 'demo-btc-open', price: '60010.0' },
      source: { host: 'cli' },
    });
  });

  it('reverts through the app: the revert run is the app’s, linked to the amend, and the order is back', async () => {
    expect((await cli(['modify', '--client-oid', 'demo-btc-open', '--price', '60010.0'])).code).toBe(0);
    const [amend] = (await desk.core.handlers.listActivity({})).attempts;
    const r = await cli(['revert', '--attempt', amend!.id]);
    expect(r.stderr).toMatch(/through the UTA Desk app running on /);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1 item in 1 request: 1 applied\./);
    expect(demo.control.getOrder(DEMO_ACCOUNT.uid, 'demo-btc-open')?.price).toBe('60000.0');
    const { revertedBy } = await unwrap(app.getRevertLinks({ attemptId: amend!.id }));
    expect(revertedBy).toHaveLength(1);
    expect(revertedBy[0]).toMatchObject({ source: { host: 'cli' } });
  });

  it('refuses a second revert while the app’s revert of the same amend is under way, sending nothing', async () => {
    expect((await cli(['modify', '--client-oid', 'demo-btc-open', '--price', '60010.0'])).code).toBe(0);
    const [amend] = (await desk.core.handlers.listActivity({})).attempts;
    // The app's revert stays under way: the engine holds it far longer than the CLI takes.
    demo.control.setEngineLatency(60_000);
    const open = await unwrap(app.startRevert({ attemptId: amend!.id, send: [amend!.id] }));
    // Its one request is on the wire before the CLI looks, so whatever is sent after is the CLI's.
    for (let run = open; run.requests < 1; await new Promise((r) => setTimeout(r, 20)))
      run = await unwrap(app.getRun({ id: open.id }));
    const sent = demo.control.requestLog().filter((e) => e.path === MODIFY || e.path === BATCH).length;

    const r = await cli(['revert', '--attempt', amend!.id]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `A revert of this attempt is under way (run ${open.id}): it can be reverted again once that run is finished.\nNothing was sent.`,
    );
    expect(demo.control.requestLog().filter((e) => e.path === MODIFY || e.path === BATCH)).toHaveLength(sent);
  });

  it('refuses to the CLI an order the app is following: exit 1, the guard’s words, nothing sent, recorded', async () => {
    // The engine holds the app's amend far longer than the CLI takes (the app follows it up to 10 s).
    demo.control.setEngineLatency(60_000);
    const first = await unwrap(app.sendModification({ request: { clientOid: 'demo-btc-open', price: '60010.0' } }));
    await until(first, ['following']);
    const sent = demo.control.requestLog().filter((e) => e.path === MODIFY).length;

    const r = await cli(['modify', '--client-oid', 'demo-btc-open', '--price', '60020.0']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^Not applied \(order \d+, client order ID demo-btc-open\): Refused: A modification of order .* is in progress: it was accepted and the engine's result is not known yet\./,
    );
    expect(demo.control.requestLog().filter((e) => e.path === MODIFY)).toHaveLength(sent);

    const { attempts } = await desk.core.handlers.listActivity({});
    expect(attempts.map((a) => [a.status, a.source?.host, a.request.price])).toEqual([
      ['refused', 'cli', '60020.0'],
      ['following', 'browser', '60010.0'],
    ]);
    expect(demo.control.getOrder(DEMO_ACCOUNT.uid, 'demo-btc-open')?.pendingModification).toMatchObject({
      price: '60010.0',
    });
  });
});
