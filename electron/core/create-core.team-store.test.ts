/**
 * Two desks (two cores on two user-data folders) on one team store and one demo exchange account:
 * races for one order, a desk killed after the acknowledgement, the store stopped under amends, and
 * what each desk sees of the other.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FINAL_STATUSES, type Attempt } from '../../shared/attempts';
import { sourceWords } from '../../shared/call-source';
import { Dec } from '../../shared/decimal';
import { BATCH_MODIFY_PATH, MODIFY_ORDER_PATH } from '../../shared/schemas';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { testSecretBox } from '../profiles/testing/test-secret-box';
import {
  freshDatabase,
  startPgCluster,
  TEST_PASSWORD,
  withStoreClient,
  type PgCluster,
} from '../team-store/testing/pg-cluster';
import { createCore, type Core } from './create-core';

const UID = DEMO_ACCOUNT.uid;
const HOST = hostname();
let cluster: PgCluster;
let demo: DemoExchange;
let work: string;
const cores: Core[] = [];

beforeAll(async () => {
  [cluster, demo, work] = await Promise.all([
    startPgCluster({ settings: { fsync: 'off' } }),
    startDemoExchange({ engineLatencyMs: 30, cancelLatencyMs: 10, rateLimit: false }),
    mkdtemp(join(tmpdir(), 'uta-desk-team-')),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([cluster?.destroy(), demo?.close(), rm(work, { recursive: true, force: true })]);
});
afterEach(async () => {
  await Promise.all(cores.splice(0).map((c) => c.close()));
});

const newStore = async () => cluster.url(await freshDatabase(cluster));

function desk(name: string, storeUrl: string): Core {
  // As a host's user-data lock makes it before the core starts.
  const userDataDir = join(work, `${name}-${randomUUID()}`);
  mkdirSync(userDataDir);
  const core = createCore({
    host: 'desktop',
    osUser: name,
    userDataDir,
    secretBox: testSecretBox(),
    version: 'test',
    followTimeoutMs: 5_000,
    changeRefresh: { enabled: false },
    environmentProfile: {
      credentials: DEMO_ACCOUNT,
      baseUrl: demo.url,
      demoTrading: false,
      locale: 'en-US',
      timeoutMs: 5_000,
      teamStore: { url: storeUrl, password: TEST_PASSWORD, displayName: name },
    },
    teamLease: { leaseMs: 1_500, heartbeatMs: 300 },
  });
  cores.push(core);
  return core;
}

let placed = 0;
function place(): { orderId: string; clientOid: string; price: Dec } {
  const o = demo.control.placeOrder({
    uid: UID,
    clientOid: `team-${placed++}-${randomUUID().slice(0, 8)}`,
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'buy',
    price: new Dec(30_000).plus(placed).toFixed(1),
    qty: '0.0100',
  });
  return { orderId: o.orderId, clientOid: o.clientOid, price: new Dec(o.price) };
}

async function final(core: Core, a: Attempt): Promise<Attempt> {
  let at = a;
  while (!FINAL_STATUSES.includes(at.status))
    at = await core.handlers.getAttempt({ id: at.id, after: { status: at.status, steps: at.timeline.length } });
  return at;
}

/** The orders whose intent the store holds as sent (a 'sending' line). */
const sentInStore = (url: string) =>
  withStoreClient(url, async (c) => {
    const r = await c.query<{ order_id: string }>(
      `SELECT DISTINCT a.order_id FROM attempt_lines l JOIN attempts a ON a.id = l.attempt_id WHERE l.status = 'sending'`,
    );
    return r.rows.map((row) => row.order_id).sort();
  });

const modifies = () => demo.control.requestLog().filter((e) => e.path === MODIFY_ORDER_PATH).length;

describe('two desks on one team store', () => {
  it('racing for one order 50 times: one request per round reaches the exchange, the other desk is refused naming the first', async () => {
    const url = await newStore();
    const alice = desk('alice', url);
    const bob = desk('bob', url);
    for (let round = 0; round < 50; round++) {
      const order = place();
      await Promise.all([
        alice.handlers.getOrder({ orderId: order.orderId }),
        bob.handlers.getOrder({ orderId: order.orderId }),
      ]);
      const before = modifies();
      // The winner's Modify answer is held until both desks have had their say, so it is in flight
      // however far apart a loaded machine puts the two sends.
      demo.control.delayResponses(MODIFY_ORDER_PATH, 60_000, 1);
      const [a, b] = await Promise.all([
        alice.handlers.sendModification({ request: { orderId: order.orderId, price: order.price.plus(1).toFixed(1) } }),
        bob.handlers.sendModification({ request: { orderId: order.orderId, price: order.price.plus(2).toFixed(1) } }),
      ]);
      demo.control.releaseResponses(MODIFY_ORDER_PATH);
      const refused = [a, b].filter((x) => x.status === 'refused');
      expect(refused, `round ${round}: ${a.status} / ${b.status}`).toHaveLength(1);
      const winner = a.status === 'refused' ? 'bob' : 'alice';
      expect(refused[0]!.error?.message).toMatch(
        new RegExp(
          // The order by either of its ids: the holder's guard row that answered first.
          `^(${order.orderId}|${order.clientOid}) is being amended by ${winner} on ${HOST}: in flight since \\d\\d:\\d\\d:\\d\\d UTC\\.$`,
        ),
      );
      const sent = a.status === 'refused' ? b : a;
      expect((await final(winner === 'alice' ? alice : bob, sent)).status).toBe('applied');
      expect(modifies() - before, `round ${round}`).toBe(1);
    }
  }, 120_000);

  it('another desk shows the guard once it is taken, and refuses with its words', async () => {
    const url = await newStore();
    const alice = desk('alice', url);
    const bob = desk('bob', url);
    const order = place();
    await bob.handlers.getOrder({ orderId: order.orderId });
    await alice.handlers.getOrder({ orderId: order.orderId });
    // Alice's amend stays in flight (its answer held) until bob has seen it.
    demo.control.delayResponses(MODIFY_ORDER_PATH, 60_000, 1);
    const a = await alice.handlers.sendModification({
      request: { orderId: order.orderId, price: order.price.plus(1).toFixed(1) },
    });
    // How soon is bench:team-write's figure; here, that it comes.
    const t0 = performance.now();
    let guard = (await bob.handlers.getOrder({ orderId: order.orderId })).guard;
    while (guard.state === 'free' && performance.now() - t0 < 10_000) {
      await new Promise((r) => setTimeout(r, 20));
      guard = (await bob.handlers.getOrder({ orderId: order.orderId })).guard;
    }
    expect(guard.state).toBe('in-flight');
    expect(guard.reason).toContain(`${order.orderId} is being amended by alice on ${HOST}: in flight since`);
    const b = await bob.handlers.sendModification({
      request: { orderId: order.orderId, price: order.price.plus(2).toFixed(1) },
    });
    expect(b.status).toBe('refused');
    expect(b.error?.message).toBe(guard.reason);
    demo.control.releaseResponses(MODIFY_ORDER_PATH);
    expect((await final(alice, a)).status).toBe('applied');
  });

  it('a desk killed after the acknowledgement: the other is refused "unknown, by" it once its lease lapses, and a load lifts it', async () => {
    const url = await newStore();
    const order = place();
    const dir = join(work, `killed-${randomUUID()}`);
    mkdirSync(dir);
    const plan = {
      url,
      password: TEST_PASSWORD,
      displayName: 'alice',
      orderId: order.orderId,
      price: order.price.plus(5).toFixed(1),
    };
    // The engine holds the modification long enough that alice is killed while following it.
    demo.control.setEngineLatency(5_000);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(__dirname, '../amend/testing/amend-then-hang.ts'), dir, demo.url, JSON.stringify(plan)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const accepted = await new Promise<{ id: string; status: string }>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
      child.once('exit', (code) => reject(new Error(`the child exited (${code}) first`)));
    });
    expect(accepted.status).toBe('following');
    child.kill('SIGKILL');
    const bob = desk('bob', url);
    const tryIt = async () => {
      // No read of the order: that would lift the guard. Bob's desk knows the order from the store only.
      const r = await bob.handlers.sendModification({
        request: {
          orderId: order.orderId,
          category: 'USDT-FUTURES',
          symbol: 'BTCUSDT',
          price: order.price.plus(7).toFixed(1),
        },
      });
      return r;
    };
    const first = await tryIt();
    expect(first.status).toBe('refused');
    expect(first.error?.message).toContain(`${order.orderId} is being amended by alice on ${HOST}`);
    // After alice's lease (1.5 s) bob's desk makes her attempt unknown, and says so.
    const deadline = Date.now() + 6_000;
    let later = await tryIt();
    while (!later.error?.message.includes('outcome unknown, by alice') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      later = await tryIt();
    }
    expect(later.status).toBe('refused');
    expect(later.error?.message).toMatch(
      new RegExp(
        `^${order.orderId}: outcome unknown, by alice on ${HOST} \\(since .* UTC\\)\\. Load the order to check it`,
      ),
    );
    // Checking the order (a load) lifts it for everyone; bob may amend again.
    await bob.handlers.getOrder({ orderId: order.orderId });
    // Alice's modification is still pending at the exchange (25114 until the engine is done); once it
    // has applied, bob's goes.
    demo.control.setEngineLatency(30);
    await expect
      .poll(() => demo.control.getOrder(UID, order.orderId)?.pendingModification, { timeout: 10_000 })
      .toBeFalsy();
    // Bob's Activity shows alice's attempt as unknown, and his Check again resolves it from the order.
    const listed = await bob.handlers.listActivity({});
    const hers = listed.attempts.find((a) => a.id === accepted.id);
    expect(hers?.status).toBe('unknown');
    // The child runs as this OS user, whose name is not her display name: both are said.
    expect(sourceWords(hers?.source)).toBe(`Desktop · alice (${userInfo().username}) on ${HOST}`);
    const checked = await bob.handlers.checkAttempt({ id: accepted.id });
    expect(checked.status).toBe('applied');
    // Recorded in the store as a later step is: without waiting, so a moment after the answer.
    await expect
      .poll(async () => (await bob.handlers.listActivity({})).attempts.find((a) => a.id === accepted.id)?.status)
      .toBe('applied');
    const after = await tryIt();
    expect(after.status).toBe('sending');
    expect((await final(bob, after)).status).toBe('applied');
  }, 60_000);

  it('the store stopped under single amends: nothing goes that it has not recorded, the words say why, and after a restart amends go again', async () => {
    const url = await newStore();
    const alice = desk('alice', url);
    // The log says what failed: the team store, never "the activity log" (which was written).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const orders = Array.from({ length: 12 }, () => place());
    const outcomes: string[] = [];
    for (const [k, order] of orders.entries()) {
      if (k === 4) await cluster.stop();
      if (k === 8) await cluster.start();
      await alice.handlers.getOrder({ orderId: order.orderId }).catch(() => undefined);
      const sent = await alice.handlers
        .sendModification({ request: { orderId: order.orderId, price: order.price.plus(3).toFixed(1) } })
        .then((a) => final(alice, a))
        .then(
          (a) => a.status,
          (e: unknown) => (e instanceof Error ? e.message : String(e)),
        );
      outcomes.push(sent);
      if (k === 5) {
        const health = await alice.handlers.getActivityHealth({});
        expect(health.writable).toBe(false);
        expect(health.message).toMatch(
          /^The team store at 127\.0\.0\.1:\d+\/t_\w+ cannot be reached — nothing is sent until it can record\./,
        );
      }
    }
    const where = new URL(url);
    expect(outcomes.slice(0, 4)).toEqual(['applied', 'applied', 'applied', 'applied']);
    for (const words of outcomes.slice(4, 8))
      expect(words).toBe(
        `Not sent: UTA Desk could not record this change — the team store at ${where.host}${where.pathname} cannot be reached. Check the network and the server, then try again.`,
      );
    expect(outcomes.slice(8)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect((await alice.handlers.getActivityHealth({})).writable).toBe(true);
    // What reached the exchange is exactly what the store holds as sent.
    const changed = orders.filter((o) => demo.control.getOrder(UID, o.orderId)?.price !== o.price.toFixed(1));
    expect(await sentInStore(url)).toEqual(changed.map((o) => o.orderId).sort());
    const said = logged.mock.calls.map((c) => c.map(String).join(' '));
    logged.mockRestore();
    expect(said.filter((line) => line.includes('activity log'))).toEqual([]);
    expect(said.some((line) => line.includes('[team store]'))).toBe(true);
  }, 60_000);

  it('the store stopped during a 300-item run: no unrecorded item goes, the run stops "not recorded", and Check again resumes it', async () => {
    const url = await newStore();
    const alice = desk('alice', url);
    const orders = Array.from({ length: 300 }, () => place());
    // Each request is answered 150 ms late, so the store can be stopped between the run's requests.
    demo.control.delayResponses(BATCH_MODIFY_PATH, 150, 15);
    const started = await alice.handlers.startRun({
      items: orders.map((o) => ({
        orderId: o.orderId,
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        price: o.price.plus(4).toFixed(1),
      })),
    });
    await expect
      .poll(async () => (await alice.handlers.getRun({ id: started.id })).requests, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);
    await cluster.stop();
    let run = await alice.handlers.getRun({ id: started.id });
    await expect
      .poll(async () => (run = await alice.handlers.getRun({ id: started.id })).finishedAt, { timeout: 20_000 })
      .toBeDefined();
    expect(run.stoppedBy).toBe('not-recorded');
    const sentBefore = run.requests;
    expect(sentBefore).toBeLessThan(15);
    const refused = run.items.filter((i) => i.status === 'refused');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.summary).toContain('the team store at');
    await cluster.start();
    // Every order the exchange changed has its intent in the store; no other did.
    const changedNow = () => orders.filter((o) => demo.control.getOrder(UID, o.orderId)?.price !== o.price.toFixed(1));
    await expect.poll(() => changedNow().length, { timeout: 10_000 }).toBe(sentBefore * 20);
    expect(await sentInStore(url)).toEqual(
      changedNow()
        .map((o) => o.orderId)
        .sort(),
    );
    // Check again, with the store back: the items never sent go, and every order ends changed.
    await alice.handlers.controlRun({ id: started.id, action: 'check' });
    await expect
      .poll(async () => (run = await alice.handlers.getRun({ id: started.id })).finishedAt, { timeout: 30_000 })
      .toBeDefined();
    expect(
      run.stoppedBy,
      JSON.stringify({
        counts: run.counts,
        requests: run.requests,
        item: run.items.find((i) => i.status !== 'applied'),
      }),
    ).toBeUndefined();
    expect(run.counts.applied).toBe(300);
    expect(changedNow()).toHaveLength(300);
    expect(await sentInStore(url)).toHaveLength(300);
  }, 90_000);

  it('another desk reverts a run after a preview that names who ran it; the exchange shows every order back', async () => {
    const url = await newStore();
    const alice = desk('alice', url);
    const bob = desk('bob', url);
    const orders = Array.from({ length: 12 }, () => place());
    const started = await alice.handlers.startRun({
      items: orders.map((o) => ({
        orderId: o.orderId,
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        price: o.price.plus(9).toFixed(1),
      })),
    });
    let run = started;
    await expect
      .poll(async () => (run = await alice.handlers.getRun({ id: started.id })).finishedAt, { timeout: 20_000 })
      .toBeDefined();
    expect(run.counts.applied).toBe(12);
    const preview = await bob.handlers.previewRevert({ runId: run.id });
    expect(preview.source.label).toBe(`Amend many run of 12 items by alice on ${HOST}`);
    const ready = preview.rows.filter((r) => r.status === 'ready').map((r) => r.attemptId);
    expect(ready).toHaveLength(12);
    const revert = await bob.handlers.startRevert({ runId: run.id, send: ready });
    let back = revert;
    await expect
      .poll(async () => (back = await bob.handlers.getRun({ id: revert.id })).finishedAt, { timeout: 20_000 })
      .toBeDefined();
    expect(back.counts.applied).toBe(12);
    expect(back.reverts).toEqual({ kind: 'run', id: run.id });
    for (const o of orders) expect(demo.control.getOrder(UID, o.orderId)?.price).toBe(o.price.toFixed(1));
    // Linked both ways: alice's desk says her run was reverted by bob's.
    await expect
      .poll(async () => (await alice.handlers.listRuns({ ids: [run.id] })).runs[0]?.revertedBy, { timeout: 5_000 })
      .toEqual([revert.id]);
    const [by] = (await alice.handlers.listRuns({ ids: [revert.id] })).runs;
    expect(by?.reverts).toEqual({ kind: 'run', id: run.id });
  }, 60_000);

  it('while one desk runs 300 items, the other lists them as they are recorded, and says who', async () => {
    const url = await newStore();
    const alice = desk('alice', url);
    const bob = desk('bob', url);
    const orders = Array.from({ length: 300 }, () => place());
    demo.control.delayResponses(BATCH_MODIFY_PATH, 100, 15);
    const started = await alice.handlers.startRun({
      items: orders.map((o) => ({
        orderId: o.orderId,
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        price: o.price.plus(6).toFixed(1),
      })),
    });
    // Bob's desk lists alice's items as they are recorded (how soon is bench:team-write's figure).
    let seen = 0;
    let run = started;
    while (seen < 300 || run.finishedAt === undefined) {
      [run, seen] = await Promise.all([
        alice.handlers.getRun({ id: started.id }),
        bob.handlers.listRunAttempts({ runId: started.id, limit: 500 }).then((p) => p.attempts.length),
      ]);
      await new Promise((r) => setTimeout(r, 50));
    }
    const entries = await bob.handlers.listActivityEntries({});
    expect(entries.live).toBe(true);
    const entry = entries.entries.find((e) => e.kind === 'run' && e.run.id === started.id);
    expect(entry?.kind === 'run' && entry.run.attempts).toBe(300);
    expect(entry?.kind === 'run' && sourceWords(entry.run.source)).toBe(`Desktop · alice on ${HOST}`);
  }, 90_000);
});
