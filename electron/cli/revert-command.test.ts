/**
 * `uta-desk revert` through the core, in process against the demo exchange: a run made by
 * `modify-batch` goes back exactly (read from the exchange), an order changed meanwhile is excluded
 * with words, --dry-run sends and records nothing, a second revert finds nothing to send, and one
 * applied attempt goes back on its own.
 */
import { captureCli, withAppOn, type CliResult } from './testing/captured-cli';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import type { Attempt } from '../../shared/attempts';
import { ExchangeClient } from '../exchange/client';

const CREDS = { apiKey: DEMO_ACCOUNT.apiKey, secretKey: DEMO_ACCOUNT.secretKey, passphrase: DEMO_ACCOUNT.passphrase };
const ENV = {
  BITGET_API_KEY: CREDS.apiKey,
  BITGET_API_SECRET: CREDS.secretKey,
  BITGET_API_PASSPHRASE: CREDS.passphrase,
};
const UID = DEMO_ACCOUNT.uid;
const BATCH = '/api/v3/trade/batch-modify-order';
const MODIFY = '/api/v3/trade/modify-order';
const FAST_CORE = { changeRefresh: { enabled: false } } as const;

let demo: DemoExchange;
let dir: string;
beforeAll(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 30, state: { accounts: [{ ...DEMO_ACCOUNT }], orders: [] } });
});
afterAll(async () => {
  await demo.close();
});
beforeEach(async () => {
  demo.control.reset();
  demo.control.setEngineLatency(30);
  dir = await mkdtemp(join(tmpdir(), 'uta-cli-revert-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cli = (args: string[]): Promise<CliResult> =>
  captureCli([...args, '--base-url', demo.url, '--user-data', dir], {
    env: ENV,
    sleep: async () => {},
    pollMs: 20,
    host: { core: FAST_CORE },
  });

const writes = (path: string) => demo.control.requestLog().filter((e) => e.path === path);
const price = (clientOid: string) => demo.control.getOrder(UID, clientOid)?.price;

/** The folder's activity log, as the app would show it on its next start. */
async function activity(): Promise<Attempt[]> {
  return withAppOn(dir, FAST_CORE, async (core) => (await core.handlers.listActivity({ limit: 500 })).attempts);
}

function place(prices: readonly string[]): string[] {
  return prices.map(
    (p, i) =>
      demo.control.placeOrder({
        uid: UID,
        clientOid: `rv-${i}`,
        category: 'USDT-FUTURES',
        symbol: 'ETHUSDT',
        side: 'buy',
        price: p,
        qty: '0.10',
      }).clientOid,
  );
}

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!ok()) throw new Error('timed out');
}

/** A `modify-batch` run of +1 price step over the ETHUSDT orders; its run id. */
async function stepUp(): Promise<string> {
  const r = await cli(['modify-batch', '--category', 'USDT-FUTURES', '--symbol', 'ETHUSDT', '--price-steps', '1']);
  expect(r.code).toBe(0);
  const runId = /Recorded in Activity as run (\S+):/.exec(r.stdout)?.[1];
  expect(runId).toBeDefined();
  return runId as string;
}

describe('uta-desk revert --run', () => {
  it('puts every order of a run back exactly; an order changed meanwhile is excluded with words', async () => {
    const oids = place(['2000.00', '2001.50', '2002.10']);
    const runId = await stepUp();
    const moved = oids.map(price);
    expect(moved).not.toEqual(['2000.00', '2001.50', '2002.10']);
    // Someone else amends the third order after the run.
    await new ExchangeClient({ baseUrl: demo.url, credentials: CREDS }).modifyOrder({
      clientOid: oids[2],
      category: 'USDT-FUTURES',
      symbol: 'ETHUSDT',
      price: '1990.00',
    });
    await until(() => price(oids[2]!) === '1990.00');
    const batchesBefore = writes(BATCH).length;

    const r = await cli(['revert', '--run', runId]);
    expect(r.code).toBe(1);
    const line = (oid: string) => r.stdout.split('\n').find((l) => l.includes(oid)) ?? '';
    expect(line(oids[0]!)).toMatch(/ applied /);
    expect(line(oids[1]!)).toMatch(/ applied /);
    expect(line(oids[2]!)).toMatch(/ excluded .*Modified since the amend: its price is now 1990\.00, not /);
    expect(r.stdout).toMatch(/3 items in 1 request: 2 applied, 1 excluded\./);
    expect(r.stderr).toMatch(new RegExp(`^Revert run ${runId} \\(Amend many run of 3 items`, 'm'));
    expect(writes(BATCH)).toHaveLength(batchesBefore + 1);
    // Exactly the recorded strings, read from the exchange.
    expect(oids.map(price)).toEqual(['2000.00', '2001.50', '1990.00']);

    // The revert is a run of its own in Activity, linked to the one it reverts, from the CLI.
    const revertRunId = /Recorded in Activity as run (\S+):/.exec(r.stdout)?.[1];
    const reverted = (await activity()).filter((a) => a.run?.id === revertRunId);
    expect(reverted.map((a) => a.status)).toEqual(['applied', 'applied']);
    expect(reverted.every((a) => a.source?.host === 'cli')).toBe(true);

    // A second revert: every order is back (or changed by someone else): nothing to send.
    const again = await cli(['revert', '--run', runId]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/No order can go back now: see why on each row\. Nothing was sent\./);
    expect(again.stdout).toMatch(new RegExp(`reverted before by 1 run ${revertRunId}`));
    expect(again.stdout.match(/ excluded /g)).toHaveLength(3);
    expect(writes(BATCH)).toHaveLength(batchesBefore + 1);
  });

  it('--dry-run prints the preview (current → earlier) and sends and records nothing', async () => {
    const oids = place(['2000.00', '2001.50']);
    const runId = await stepUp();
    const moved = oids.map(price);
    const recorded = (await activity()).length;
    const batches = writes(BATCH).length;

    const r = await cli(['revert', '--run', runId, '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${moved[0]} → 2000.00`);
    expect(r.stdout).toContain(`${moved[1]} → 2001.50`);
    expect(r.stdout).toMatch(/Request 1 of 1: POST \/api\/v3\/trade\/batch-modify-order/);
    expect(r.stdout).toMatch(
      /Dry run: 2 applied orders: 2 ready to go back, 0 refused by a rule, 0 excluded; 1 request would be sent\. Nothing was sent\./,
    );
    expect(writes(BATCH)).toHaveLength(batches);
    expect(oids.map(price)).toEqual(moved);
    expect(await activity()).toHaveLength(recorded);

    const json = await cli(['revert', '--run', runId, '--dry-run', '--json']);
    expect(json.code).toBe(0);
    const preview = JSON.parse(json.stdout) as {
      summary: { toSend: number };
      rows: Array<{ next: { price: string } }>;
    };
    expect(preview.summary.toSend).toBe(2);
    expect(preview.rows.map((x) => x.next.price).sort()).toEqual(['2000.00', '2001.50']);
    expect(writes(BATCH)).toHaveLength(batches);
  });

  it('refuses what is not a finished run, and bad usage, sending nothing', async () => {
    const none = await cli(['revert', '--run', 'no-such-run']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/No amend-many run with id no-such-run is recorded\.\nNothing was sent\./);
    const both = await cli(['revert', '--run', 'a', '--attempt', 'b']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--run ID .* or --attempt ID .*, not both/);
    expect(writes(BATCH)).toHaveLength(0);
  });

  it('has its own --help', async () => {
    const r = await cli(['revert', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: uta-desk revert \(--run ID \| --attempt ID\) \[--dry-run\]/);
    expect(r.stdout).toMatch(/modified since/);
    expect(r.stdout).not.toMatch(/uta-desk modify-batch/);
  });
});

describe('uta-desk revert --attempt', () => {
  it('puts one applied amend back, exit 0', async () => {
    const [oid] = place(['2000.00']);
    const m = await cli(['modify', '--client-oid', oid!, '--price', '2010.00']);
    expect(m.code).toBe(0);
    expect(price(oid!)).toBe('2010.00');
    const [attempt] = await activity();
    expect(attempt).toMatchObject({ status: 'applied' });

    const r = await cli(['revert', '--attempt', attempt!.id]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1 item in 1 request: 1 applied\./);
    expect(price(oid!)).toBe('2000.00');
    expect(writes(MODIFY).length + writes(BATCH).length).toBe(2);
  });
});
