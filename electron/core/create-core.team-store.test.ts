/**
 * Two desks (two cores on two user-data folders) on one team store and one demo exchange account:
 * races for one order, a desk killed after the acknowledgement, the store stopped under amends, and
 * what each desk sees of the other.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_STATUSES, type Attempt } from '../../shared/attempts';
import { Dec } from '../../shared/decimal';
import { MODIFY_ORDER_PATH } from '../../shared/schemas';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { testSecretBox } from '../profiles/testing/test-secret-box';
import { migrate } from '../team-store/migrate';
import { connectionConfig } from '../team-store/team-store';
import { startPgCluster, TEST_PASSWORD, type PgCluster } from '../team-store/testing/pg-cluster';
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

async function newStore(): Promise<string> {
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  await cluster.createDatabase(name);
  const client = new pg.Client(connectionConfig({ url: cluster.url(name), password: TEST_PASSWORD }));
  await client.connect();
  await migrate(client, name);
  await client.end();
  return cluster.url(name);
}

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
function place(): { orderId: string; price: Dec } {
  const o = demo.control.placeOrder({
    uid: UID,
    clientOid: `team-${placed++}-${randomUUID().slice(0, 8)}`,
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'buy',
    price: new Dec(30_000).plus(placed).toFixed(1),
    qty: '0.0100',
  });
  return { orderId: o.orderId, price: new Dec(o.price) };
}

async function final(core: Core, a: Attempt): Promise<Attempt> {
  let at = a;
  while (!FINAL_STATUSES.includes(at.status))
    at = await core.handlers.getAttempt({ id: at.id, after: { status: at.status, steps: at.timeline.length } });
  return at;
}

const modifies = () => demo.control.requestLog().filter((e) => e.path === MODIFY_ORDER_PATH).length;

describe('two desks on one team store', () => {
  it('racing for one order 50 times: one request per round reaches the exchange, the other desk is refused naming the first', async () => {
    const url = await newStore();
    const alice = desk('alice', url);
    const bob = desk('bob', url);
    const wins = { alice: 0, bob: 0 };
    // Each winner stays in flight for the engine's 300 ms, far longer than the two sends lie apart.
    demo.control.setEngineLatency(300);
    for (let round = 0; round < 50; round++) {
      const order = place();
      await Promise.all([
        alice.handlers.getOrder({ orderId: order.orderId }),
        bob.handlers.getOrder({ orderId: order.orderId }),
      ]);
      const before = modifies();
      const [a, b] = await Promise.all([
        alice.handlers.sendModification({ request: { orderId: order.orderId, price: order.price.plus(1).toFixed(1) } }),
        bob.handlers.sendModification({ request: { orderId: order.orderId, price: order.price.plus(2).toFixed(1) } }),
      ]);
      const refused = [a, b].filter((x) => x.status === 'refused');
      expect(refused, `round ${round}: ${a.status} / ${b.status}`).toHaveLength(1);
      const winner = a.status === 'refused' ? 'bob' : 'alice';
      wins[winner]++;
      expect(refused[0]!.error?.message).toMatch(
        new RegExp(
          `^${order.orderId} is being amended by ${winner} on ${HOST}: in flight since \\d\\d:\\d\\d:\\d\\d UTC\\.$`,
        ),
      );
      const sent = a.status === 'refused' ? b : a;
      expect((await final(winner === 'alice' ? alice : bob, sent)).status).toBe('applied');
      expect(modifies() - before, `round ${round}`).toBe(1);
    }
    demo.control.setEngineLatency(30);
    expect(wins.alice + wins.bob).toBe(50);
  }, 120_000);

  it('another desk sees a guard at once and refuses before the store has to', async () => {
    const url = await newStore();
    const alice = desk('alice', url);
    const bob = desk('bob', url);
    const order = place();
    await bob.handlers.getOrder({ orderId: order.orderId });
    await alice.handlers.getOrder({ orderId: order.orderId });
    demo.control.delayResponses(MODIFY_ORDER_PATH, 800, 1);
    const a = await alice.handlers.sendModification({
      request: { orderId: order.orderId, price: order.price.plus(1).toFixed(1) },
    });
    // Within a second, bob's desk shows alice's guard on the order.
    const t0 = Date.now();
    let guard = (await bob.handlers.getAttempt({ id: a.id }).catch(() => undefined))?.guard;
    for (;;) {
      const seen = await bob.handlers.getOrder({ orderId: order.orderId });
      guard = seen.guard;
      if (guard.state !== 'free' || Date.now() - t0 > 1_000) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(guard?.state).toBe('in-flight');
    expect(guard?.reason).toContain(`is being amended by alice on ${HOST}`);
    await final(alice, a);
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
    const after = await tryIt();
    expect(after.status).toBe('sending');
    expect((await final(bob, after)).status).toBe('applied');
  }, 60_000);
});
