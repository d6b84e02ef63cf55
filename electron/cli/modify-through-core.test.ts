/**
 * `uta-desk modify` and `modify-batch` through the core, in-process against the demo exchange: the
 * final outcome per item and the exit codes (0 applied, 1 not applied, 3 unknown), --no-follow,
 * --dry-run; the user-data lock with no app running (and a later start of the app seeing the CLI's
 * attempts in Activity); a fake running app whose channel carries the calls (no lock taken).
 */
import { captureCli, withAppOn, type CliResult } from './testing/captured-cli';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { buildDeskApi, unwrap } from '../../shared/contract';
import { ExchangeClient } from '../exchange/client';
import { createCore, type Core } from '../core/create-core';
import { LOCK_FILE } from '../core/user-data-lock';
import { createDispatch } from '../ipc/dispatch';
import { testSecretBox } from '../profiles/testing/test-secret-box';
import type { HostDeps } from './cli-host';

const ENV = {
  BITGET_API_KEY: DEMO_ACCOUNT.apiKey,
  BITGET_API_SECRET: DEMO_ACCOUNT.secretKey,
  BITGET_API_PASSPHRASE: DEMO_ACCOUNT.passphrase,
};
const SECRET_VALUES = [DEMO_ACCOUNT.apiKey, DEMO_ACCOUNT.secretKey, DEMO_ACCOUNT.passphrase];
const UID = DEMO_ACCOUNT.uid;
const MODIFY = '/api/v3/trade/modify-order';
const BATCH = '/api/v3/trade/batch-modify-order';
const FAST_CORE = { changeRefresh: { enabled: false } } as const;

let demo: DemoExchange;
let dir: string;
beforeAll(async () => {
  demo = await startDemoExchange({
    engineLatencyMs: 30,
    state: {
      accounts: [{ ...DEMO_ACCOUNT }],
      orders: [
        {
          uid: UID,
          orderId: '1387296516478935041',
          clientOid: 'demo-btc-open',
          category: 'USDT-FUTURES',
          symbol: 'BTCUSDT',
          side: 'buy',
          price: '60000.0',
          qty: '0.0100',
        },
      ],
    },
  });
});
afterAll(async () => {
  await demo.close();
});
beforeEach(async () => {
  demo.control.reset();
  demo.control.setEngineLatency(30);
  dir = await mkdtemp(join(tmpdir(), 'uta-cli-core-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(
  args: string[],
  options: { host?: HostDeps; env?: Record<string, string> } = {},
): Promise<CliResult> {
  const r = await captureCli([...args, '--user-data', dir], {
    env: options.env ?? ENV,
    sleep: async () => {},
    pollMs: 20,
    host: options.host ?? { core: FAST_CORE },
  });
  for (const s of SECRET_VALUES) expect(r.stdout + r.stderr).not.toContain(s);
  return r;
}

const onDemo = () => ['--base-url', demo.url];
const writes = (path: string) => demo.control.requestLog().filter((e) => e.path === path);
const price = (ref: string) => demo.control.getOrder(UID, ref)?.price;

/** A core on the folder, as the app would start on it next. */
const laterApp = <T>(use: (core: Core) => Promise<T>): Promise<T> => withAppOn(dir, FAST_CORE, use);

describe('modify through the core', () => {
  it('applied: prints the outcome, exit 0; the CLI held the lock and a later app start shows the attempt', async () => {
    const r = await cli(['modify', '--client-oid', 'demo-btc-open', '--price', '60010.0', ...onDemo()]);
    expect(r.stderr).toContain('environment (key');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Applied \(order /);
    expect(price('demo-btc-open')).toBe('60010.0');
    expect(writes(MODIFY)).toHaveLength(1);
    // The lock was released before the CLI returned.
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const { attempts } = await laterApp((core) => core.handlers.listActivity({}));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      status: 'applied',
      profileName: `environment (key …${DEMO_ACCOUNT.apiKey.slice(-4)})`,
      request: { clientOid: 'demo-btc-open', price: '60010.0' },
    });
  });

  it('rejected by the exchange: the exchange words, exit 1', async () => {
    // Another party's modification is still in progress on the exchange.
    demo.control.setEngineLatency(3000);
    const other = new ExchangeClient({ baseUrl: demo.url, credentials: { ...ENV_CREDS } });
    await other.modifyOrder({ clientOid: 'demo-btc-open', price: '60005.0' });
    const r = await cli(['modify', '--client-oid', 'demo-btc-open', '--price', '60010.0', ...onDemo()]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Not applied/);
    expect(r.stdout).toMatch(/25114/);
    expect(writes(MODIFY).map((e) => e.code)).toEqual(['00000', '25114']);
  });

  it('unknown when the engine is slower than the follow: exit 3, says how to check', async () => {
    demo.control.setEngineLatency(2000);
    // With auto-cancel on, an order still unchanged says nothing: it may yet change, or be cancelled.
    const r = await cli(
      ['modify', '--client-oid', 'demo-btc-open', '--price', '60010.0', '--auto-cancel', 'yes', ...onDemo()],
      {
        host: { core: { ...FAST_CORE, followTimeoutMs: 300 } },
      },
    );
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/^Outcome unknown/);
    expect(r.stdout).toContain(`uta-desk order --order-id `);
    expect(writes(MODIFY)).toHaveLength(1);
  });

  it('--no-follow: accepted by the exchange, exit 0, not followed', async () => {
    demo.control.setEngineLatency(2000);
    const r = await cli(['modify', '--client-oid', 'demo-btc-open', '--price', '60010.0', '--no-follow', ...onDemo()]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Accepted by the exchange/);
    expect(writes(MODIFY)).toHaveLength(1);
  });

  it('--dry-run sends nothing and records nothing', async () => {
    const r = await cli(['modify', '--client-oid', 'demo-btc-open', '--price', '60010.0', '--dry-run', ...onDemo()]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Dry run: not sent/);
    expect(writes(MODIFY)).toHaveLength(0);
    expect((await laterApp((core) => core.handlers.listActivity({}))).attempts).toHaveLength(0);
  });
});

const ENV_CREDS = {
  apiKey: DEMO_ACCOUNT.apiKey,
  secretKey: DEMO_ACCOUNT.secretKey,
  passphrase: DEMO_ACCOUNT.passphrase,
};

describe('modify-batch through the core', () => {
  function place(n: number): string[] {
    return Array.from({ length: n }, (_, i) => {
      const o = demo.control.placeOrder({
        uid: UID,
        clientOid: `cli-run-${i}`,
        category: 'USDT-FUTURES',
        symbol: 'ETHUSDT',
        side: 'buy',
        price: `${2000 + i}.00`,
        qty: '0.10',
      });
      return o.clientOid;
    });
  }

  it('a rule: one run, every item applied, exit 0; its items are in Activity under one run', async () => {
    const placed = place(3);
    const r = await cli([
      'modify-batch',
      '--symbol',
      'ETHUSDT',
      '--category',
      'USDT-FUTURES',
      '--price-steps',
      '1',
      '--json',
      ...onDemo(),
    ]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<{ result: string; clientOid: string }>;
    expect(rows.map((x) => x.result)).toEqual(rows.map(() => 'applied'));
    expect(rows.map((x) => x.clientOid)).toEqual(expect.arrayContaining(placed));
    expect(writes(BATCH)).toHaveLength(1);
    expect(r.stderr).toMatch(/Recorded in Activity as run /);
    // Progress on stderr, as the run goes.
    expect(r.stderr).toMatch(/^Run \S+ started: 0 of 3 checked; nothing sent yet$/m);
    const { attempts } = await laterApp((core) => core.handlers.listActivity({}));
    const runIds = new Set(attempts.map((a) => a.run?.id));
    expect(runIds.size).toBe(1);
    expect(attempts.map((a) => a.status)).toEqual(['applied', 'applied', 'applied']);
    expect(attempts.map((a) => a.before?.clientOid).sort()).toEqual([...placed].sort());
  });

  it('a file: an item the exchange would refuse is not applied (exit 1), the others applied', async () => {
    const placed = place(2);
    const file = join(dir, 'items.csv');
    // The second item's price is off the price step: refused, nothing of it sent.
    await writeFile(file, `clientOid,price\n${placed[0]},2100.00\n${placed[1]},2100.005\n`);
    const r = await cli(['modify-batch', '--file', file, ...onDemo()]);
    expect(r.code).toBe(1);
    const line = (oid: string) => r.stdout.split('\n').find((l) => l.includes(oid)) ?? '';
    expect(line(placed[0]!)).toMatch(/ applied /);
    expect(line(placed[1]!)).toMatch(/ refused /);
    expect(price(placed[0]!)).toBe('2100.00');
    expect(price(placed[1]!)).toBe('2001.00');
  });

  it('unknown outcomes (engine slower than the follow) exit 3', async () => {
    place(2);
    demo.control.setEngineLatency(2000);
    const r = await cli(
      ['modify-batch', '--symbol', 'ETHUSDT', '--price-steps', '1', '--auto-cancel', 'yes', ...onDemo()],
      {
        host: { core: { ...FAST_CORE, followTimeoutMs: 300 } },
      },
    );
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/ unknown /);
    expect(writes(BATCH)).toHaveLength(1);
  });

  it('--no-follow: accepted, exit 0; --dry-run sends nothing and starts no run', async () => {
    place(2);
    const dry = await cli(['modify-batch', '--symbol', 'ETHUSDT', '--price-steps', '1', '--dry-run', ...onDemo()]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/Nothing was sent/);
    expect(writes(BATCH)).toHaveLength(0);
    expect((await laterApp((core) => core.handlers.listActivity({}))).attempts).toHaveLength(0);

    demo.control.setEngineLatency(2000);
    const r = await cli([
      'modify-batch',
      '--symbol',
      'ETHUSDT',
      '--price-steps',
      '1',
      '--no-follow',
      '--quiet',
      ...onDemo(),
    ]);
    expect(r.code).toBe(0);
    // --quiet: no note and no progress, only the summary.
    expect(r.stderr).not.toMatch(/started|environment \(key/);
    expect(r.stdout).toMatch(/ accepted /);
    expect(writes(BATCH)).toHaveLength(1);
  });
});

describe('with the app running', () => {
  it('the calls go over the app channel; no lock is taken; env credentials and another profile are refused', async () => {
    const app = createCore({
      host: 'desktop',
      userDataDir: dir,
      secretBox: testSecretBox(),
      version: 'test',
      ...FAST_CORE,
    });
    const channels: string[] = [];
    const dispatch = createDispatch(app.handlers);
    const host: HostDeps = {
      connect: async () => ({
        path: 'fake-app',
        invoke: (channel, payload) => {
          channels.push(channel);
          return dispatch(channel, payload);
        },
        close: () => undefined,
      }),
    };
    try {
      const refusedEnv = await cli(['modify', '--client-oid', 'demo-btc-open', '--price', '60010.0', ...onDemo()], {
        host,
      });
      expect(refusedEnv.code).toBe(2);
      expect(refusedEnv.stderr).toMatch(/environment credentials are used only when no app runs/);
      const other = await cli(['modify', '--client-oid', 'x', '--price', '1', '--profile', 'Desk B'], {
        host,
        env: {},
      });
      expect(other.code).toBe(2);
      expect(other.stderr).toMatch(
        /The app running on this folder uses profile "Local demo"; switch it there, or stop the app/,
      );

      // The app's active profile is its Local demo: the CLI amends there, through the app.
      const r = await cli(
        ['modify', '--client-oid', 'demo-btc-open', '--price', '60010.0', '--profile', 'Local demo'],
        {
          host,
          env: {},
        },
      );
      expect(r.stderr).toMatch(/through the UTA Desk app running on/);
      expect(r.code).toBe(0);
      expect(channels).toContain('amend:send');
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
      const { attempts } = await unwrap(buildDeskApi(dispatch).listActivity({}));
      expect(attempts[0]).toMatchObject({ status: 'applied', profileName: 'Local demo' });

      // A run too: started and followed in the app, each item's outcome printed by the CLI.
      const run = await cli(
        ['modify-batch', '--category', 'USDT-FUTURES', '--symbol', 'BTCUSDT', '--price-steps', '1', '--json'],
        { host, env: {} },
      );
      expect(run.code).toBe(0);
      expect(channels).toContain('run:start');
      const rows = JSON.parse(run.stdout) as Array<{ result: string; attemptId: string }>;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((x) => x.result === 'applied')).toBe(true);
      const after = await unwrap(buildDeskApi(dispatch).listActivity({ limit: 500 }));
      for (const x of rows) expect(after.attempts.find((a) => a.id === x.attemptId)?.status).toBe('applied');
    } finally {
      await app.close();
    }
  });

  it('a CLI amend and an app amend on the same order block each other, both ways', async () => {
    // The app's Local demo with a slow engine: an amend stays in flight long enough to collide with.
    const app = createCore({
      host: 'desktop',
      userDataDir: dir,
      secretBox: testSecretBox(),
      version: 'test',
      ...FAST_CORE,
      localDemo: { engineLatencyMs: 1500 },
    });
    const dispatch = createDispatch(app.handlers);
    const host: HostDeps = { connect: async () => ({ path: 'fake-app', invoke: dispatch, close: () => undefined }) };
    const desk = buildDeskApi(dispatch);
    try {
      // The app amends first; the CLI's amend of the same order is refused by the app's guard.
      const first = await unwrap(desk.sendModification({ request: { clientOid: 'demo-btc-open', price: '60010.0' } }));
      expect(first.status).not.toBe('refused');
      const cli1 = await cli(['modify', '--client-oid', 'demo-btc-open', '--price', '60020.0'], { host, env: {} });
      expect(cli1.code).toBe(1);
      expect(cli1.stdout).toMatch(/^Not applied .*: /);
      expect(cli1.stdout).toMatch(/in flight|waiting|not known yet|being sent|following/i);
      // Once the app's amend is over, the CLI sends (--no-follow leaves it in flight in the app) …
      await until(async () => (await unwrap(desk.getAttempt({ id: first.id }))).status === 'applied');
      const cli2 = await cli(['modify', '--client-oid', 'demo-btc-open', '--price', '60030.0', '--no-follow'], {
        host,
        env: {},
      });
      expect(cli2.code).toBe(0);
      // … and the app's own amend of that order is refused while the CLI's is followed.
      const second = await unwrap(desk.sendModification({ request: { clientOid: 'demo-btc-open', price: '60040.0' } }));
      expect(second.status).toBe('refused');
      const { attempts } = await unwrap(desk.listActivity({}));
      expect(attempts.filter((a) => a.status === 'refused')).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});

async function until(ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('timed out');
}
