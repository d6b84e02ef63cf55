/**
 * The CLI against a server that echoes the request's headers into its answers: nothing it prints, on
 * stdout or stderr, in text or JSON, carries the credentials it was given in the environment.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ok,
  startFakeExchange,
  type FakeAnswer,
  type FakeExchange,
  type RecordedRequest,
} from '../exchange/testing/fake-exchange';
import { runCli } from './run-cli';

const API_KEY = 'bg_CLIECHO_apikey_5b2d7f3e9a1c';
const SECRET = 'CLIECHO-secret/0c4f+8e2a=6b9d';
const PASSPHRASE = 'CLIECHO pass/phrase+42&x';
const ENV = { BITGET_API_KEY: API_KEY, BITGET_API_SECRET: SECRET, BITGET_API_PASSPHRASE: PASSPHRASE };

const ORDER = {
  orderId: '1387296516478935041',
  clientOid: 'c1',
  category: 'SPOT',
  symbol: 'BTCUSDT',
  orderType: 'limit',
  side: 'buy',
  price: '60000.0',
  qty: '0.0100',
  cumExecQty: '0',
  orderStatus: 'live',
};
const INSTRUMENT = {
  category: 'SPOT',
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  status: 'online',
  minOrderQty: '0.0001',
  maxOrderQty: '100',
  minOrderAmount: '1',
  pricePrecision: '1',
  quantityPrecision: '4',
  priceMultiplier: '0.1',
  quantityMultiplier: '0.0001',
};

function forms(v: string): string[] {
  const b64 = Buffer.from(v, 'utf8').toString('base64');
  return [v, encodeURIComponent(v), new URLSearchParams({ v }).toString().slice(2), b64, b64.replace(/=+$/, '')];
}

function echo(req: RecordedRequest): string {
  const pairs: Array<[string, string]> = Object.entries(req.headers).map(([k, v]) => [k, String(v)]);
  return [
    JSON.stringify(req.headers),
    pairs.map(([k, v]) => `${k.toUpperCase()}: ${v}`).join('\n'),
    new URLSearchParams(pairs).toString(),
    `secret=${encodeURIComponent(SECRET)}`,
  ].join('\n');
}

let server: FakeExchange | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function cli(
  args: string[],
  answer: (req: RecordedRequest) => FakeAnswer,
  sleep: (ms: number) => Promise<void> = async () => {},
) {
  server = await startFakeExchange(answer);
  const s = server;
  let stdout = '';
  let stderr = '';
  const userData = await mkdtemp(join(tmpdir(), 'uta-cli-redaction-data-'));
  const code = await runCli(
    [...args, '--base-url', s.url, ...(args[0]?.startsWith('modify') ? ['--user-data', userData] : [])],
    {
      env: ENV,
      pollMs: 20,
      host: { core: { changeRefresh: { enabled: false }, followTimeoutMs: 500 } },
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
      sleep,
    },
  );
  const signatures = s.requests.map((r) => String(r.headers['access-sign']));
  for (const secret of [API_KEY, SECRET, PASSPHRASE])
    for (const f of forms(secret)) {
      expect(stdout.includes(f), `stdout contains ${JSON.stringify(f)}`).toBe(false);
      expect(stderr.includes(f), `stderr contains ${JSON.stringify(f)}`).toBe(false);
    }
  for (const sig of signatures) expect(`${stdout}${stderr}`).not.toContain(sig);
  await rm(userData, { recursive: true, force: true });
  return { code, stdout, stderr, requests: s.requests };
}

const echoing = (req: RecordedRequest): FakeAnswer => ({
  status: 200,
  json: {
    code: '00000',
    msg: echo(req),
    requestTime: 1,
    data: { ...ORDER, cancelReason: echo(req), headers: req.headers },
  },
});

describe('the CLI with an exchange that echoes headers', () => {
  it('order: prints the order without the echoed secrets (text and --json)', async () => {
    const text = await cli(['order', '--order-id', ORDER.orderId], echoing);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(ORDER.orderId);
    expect(text.stdout).toContain('[redacted]');
    const json = await cli(['order', '--order-id', ORDER.orderId, '--json'], echoing);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject(ORDER);
  });

  it('modify: a rejection that echoes the headers is printed without them', async () => {
    const r = await cli(['modify', '--order-id', ORDER.orderId, '--price', '60010.0'], (req) => {
      if (req.path === '/api/v3/trade/order-info') return ok(ORDER);
      if (req.path === '/api/v3/market/instruments') return ok([INSTRUMENT]);
      return { status: 400, json: { code: '40014', msg: echo(req), requestTime: 1, data: null } };
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Not applied .*code 40014/);
    expect(r.stdout).toContain('[redacted]');
    expect(r.requests.filter((q) => q.method === 'POST')).toHaveLength(1);
  });

  it('modify: an unexplained code and a non-JSON server failure are printed without them', async () => {
    const unexplained = await cli(['modify', '--order-id', ORDER.orderId, '--price', '60010.0'], (req) => {
      if (req.path === '/api/v3/trade/order-info') return ok(ORDER);
      if (req.path === '/api/v3/market/instruments') return ok([INSTRUMENT]);
      return { status: 400, json: { code: '98765', msg: echo(req), requestTime: 1, data: null } };
    });
    expect(unexplained.code).toBe(1);
    expect(unexplained.stdout).toContain('[redacted]');
    const failed = await cli(['modify', '--order-id', ORDER.orderId, '--price', '60010.0'], (req) => {
      if (req.path === '/api/v3/trade/order-info') return ok(ORDER);
      if (req.path === '/api/v3/market/instruments') return ok([INSTRUMENT]);
      return { status: 500, text: echo(req) };
    });
    expect(failed.code).toBe(3);
    expect(failed.stdout).toMatch(/^Outcome unknown/);
  });

  it('modify: a lookup that echoes the headers in its msg is printed without them', async () => {
    const r = await cli(['modify', '--order-id', ORDER.orderId, '--price', '60010.0'], (req) => ({
      status: 400,
      json: { code: '40012', msg: echo(req), requestTime: 1, data: null },
    }));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/The modification was not sent/);
    expect(r.requests.filter((q) => q.method === 'POST')).toHaveLength(0);
  });

  describe('modify-batch', () => {
    let dir: string;
    let file: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'uta-cli-redaction-'));
      file = join(dir, 'items.csv');
      await writeFile(file, `orderId,price\n${ORDER.orderId},60010.0\n`);
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });
    const lookups = (req: RecordedRequest): FakeAnswer | undefined => {
      if (req.path === '/api/v3/trade/order-info') return ok(ORDER);
      if (req.path === '/api/v3/market/instruments') return ok([INSTRUMENT]);
      return undefined;
    };

    it('an item rejection that echoes the headers is printed without them (text and --json)', async () => {
      const answer = (req: RecordedRequest) =>
        lookups(req) ?? ok([{ orderId: ORDER.orderId, clientOid: 'c1', code: '25571', msg: echo(req) }]);
      const text = await cli(['modify-batch', '--file', file], answer);
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(/rejected\s+Rejected: .*code 25571/);
      expect(text.stdout).toContain('[redacted]');
      const json = await cli(['modify-batch', '--file', file, '--json'], answer);
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toEqual([
        expect.objectContaining({ result: 'rejected', detail: expect.stringMatching(/code 25571.*\[redacted\]/) }),
      ]);
    });

    it('a whole batch refused with the headers echoed is printed without them', async () => {
      const r = await cli(
        ['modify-batch', '--file', file],
        (req) => lookups(req) ?? { status: 400, json: { code: '40017', msg: echo(req), requestTime: 1, data: null } },
      );
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/rejected\s+Rejected: .*code 40017/);
      expect(r.stdout).toContain('[redacted]');
      expect(r.requests.filter((q) => q.method === 'POST')).toHaveLength(1);
    });
  });

  it('an unexpected failure whose message quotes a credential is printed without it', async () => {
    const r = await cli(
      ['open-orders'],
      () => ({ status: 503, text: 'busy' }),
      async () => {
        throw new Error(`backoff failed for ${API_KEY} with ${PASSPHRASE}`);
      },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/unexpected failure: backoff failed for \[redacted\] with \[redacted\]/);
  });
});
