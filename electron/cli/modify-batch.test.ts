/**
 * `uta-desk modify-batch` run in-process against the demo exchange over 127.0.0.1: files in a temp
 * directory, the request bodies recorded on their way out (the demo's log has no bodies), and what
 * the matching engine applied read back from the demo.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, OTHER_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import type { DemoOrderInput } from '../../demo-exchange';
import { closedPort, ok, rejection, startFakeExchange } from '../exchange/testing/fake-exchange';
import { runCli } from './run-cli';

const ENV = {
  BITGET_API_KEY: DEMO_ACCOUNT.apiKey,
  BITGET_API_SECRET: DEMO_ACCOUNT.secretKey,
  BITGET_API_PASSPHRASE: DEMO_ACCOUNT.passphrase,
};
const SECRET_VALUES = [DEMO_ACCOUNT.apiKey, DEMO_ACCOUNT.secretKey, DEMO_ACCOUNT.passphrase];
const BATCH_PATH = '/api/v3/trade/batch-modify-order';
const UID = DEMO_ACCOUNT.uid;

/** 25 futures orders (more than one request's 20), 3 spot ones, and one filled. */
const FUTURES = Array.from({ length: 25 }, (_, i) => `fut-${i + 1}`);
const SPOT = ['spot-1', 'spot-2', 'spot-3'];
function orders(): DemoOrderInput[] {
  const order = (n: number, clientOid: string, extra: Partial<DemoOrderInput>): DemoOrderInput => ({
    uid: UID,
    orderId: String(1900000000000000000n + BigInt(n)),
    clientOid,
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'buy',
    price: '60000.0',
    qty: '0.0100',
    ...extra,
  });
  return [
    ...FUTURES.map((c, i) => order(i + 1, c, {})),
    ...SPOT.map((c, i) => order(100 + i, c, { category: 'SPOT', symbol: 'ETHUSDT', price: '2950.0', qty: '0.2500' })),
    order(200, 'fut-filled', { orderStatus: 'filled', cumExecQty: '0.0100' }),
  ];
}

let demo: DemoExchange;
let dir: string;
beforeAll(async () => {
  demo = await startDemoExchange({
    engineLatencyMs: 20,
    state: { accounts: [{ ...DEMO_ACCOUNT }, { ...OTHER_ACCOUNT }], orders: orders() },
  });
  dir = await mkdtemp(join(tmpdir(), 'uta-modify-batch-'));
});
afterAll(async () => {
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});
let userData: string;
beforeEach(async () => {
  demo.control.reset();
  userData = await mkdtemp(join(dir, 'user-data-'));
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** Bodies of the batch requests sent, parsed. */
  sent: Array<Array<Record<string, string>>>;
}

/** Runs the CLI; `beforeBatch` runs on the demo just before each batch request leaves. */
async function cli(
  args: string[],
  beforeBatch?: (n: number) => void,
  options: { baseUrl?: string; env?: Record<string, string> } = {},
): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const sent: Run['sent'] = [];
  const recording: typeof fetch = (input, init) => {
    if (String(input).endsWith(BATCH_PATH)) {
      sent.push(JSON.parse(String(init?.body)) as Array<Record<string, string>>);
      beforeBatch?.(sent.length);
    }
    return fetch(input, init);
  };
  const code = await runCli([...args, '--base-url', options.baseUrl ?? demo.url, '--user-data', userData], {
    env: options.env ?? ENV,
    pollMs: 20,
    host: { core: { changeRefresh: { enabled: false } } },
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    fetch: recording,
    sleep: async () => {},
  });
  for (const s of SECRET_VALUES) expect(stdout + stderr).not.toContain(s);
  return { code, stdout, stderr, sent };
}

let files = 0;
async function file(name: string, text: string): Promise<string> {
  const path = join(dir, `${++files}-${name}`);
  await writeFile(path, text);
  return path;
}

const batchPosts = () => demo.control.requestLog().filter((e) => e.path === BATCH_PATH);

/** Waits (bounded) until the demo's engine shows what the predicate expects. */
async function applied(ref: string, expected: (o: { price: string; qty: string }) => boolean): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const o = demo.control.getOrder(UID, ref);
    if (o && !o.pendingModification && expected(o)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`order ${ref} never reached the expected state: ${JSON.stringify(demo.control.getOrder(UID, ref))}`);
}

interface JsonRow {
  index: number;
  where: string;
  orderId?: string;
  clientOid?: string;
  category?: string;
  result: string;
  code?: string;
  request?: number;
  detail: string;
}

describe('modify-batch from a file', () => {
  it('sends a CSV file in one request through the core, follows each item, all applied', async () => {
    const path = await file('items.csv', 'clientOid,price,qty\nfut-1,60010.0,\nfut-2,,0.0200\nfut-3,59990.0,0.0150\n');
    const r = await cli(['modify-batch', '--file', path]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^#\s+ORDER ID\s+CLIENT OID\s+CATEGORY\s+SYMBOL\s+NEW PRICE\s+NEW QTY\s+RESULT\s+DETAIL$/m,
    );
    expect(r.stdout).toMatch(
      /^1\s+fut-1\s+USDT-FUTURES\s+BTCUSDT\s+60010\.0\s+applied\s+Applied: price 60000\.0 → 60010\.0\.$/m,
    );
    expect(r.stdout).toMatch(
      /3 items in 1 request: 3 applied\.\nRecorded in Activity as run \S+: uta-desk activity --run /,
    );
    expect(r.sent).toEqual([
      [
        { clientOid: 'fut-1', price: '60010.0', autoCancel: 'no' },
        { clientOid: 'fut-2', qty: '0.0200', autoCancel: 'no' },
        { clientOid: 'fut-3', qty: '0.0150', price: '59990.0', autoCancel: 'no' },
      ],
    ]);
    expect(batchPosts()).toEqual([expect.objectContaining({ method: 'POST', code: '00000' })]);
    await applied('fut-1', (o) => o.price === '60010.0');
    await applied('fut-2', (o) => o.qty === '0.0200');
    await applied('fut-3', (o) => o.price === '59990.0' && o.qty === '0.0150');
  });

  it('reads a JSON file ({"items": [...]}) and prints --json rows; --auto-cancel is the default', async () => {
    const path = await file(
      'items.json',
      JSON.stringify({
        items: [
          { orderId: '1900000000000000004', price: '60020.0' },
          { clientOid: 'spot-1', price: '2960.0', autoCancel: 'no' },
        ],
      }),
    );
    const r = await cli(['modify-batch', '--file', path, '--auto-cancel', 'yes', '--json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as JsonRow[];
    expect(rows).toEqual([
      expect.objectContaining({ index: 1, where: 'item 1', orderId: '1900000000000000004', result: 'applied' }),
      expect.objectContaining({ index: 2, where: 'item 2', clientOid: 'spot-1', result: 'applied' }),
    ]);
    expect(r.stderr).toMatch(/2 items in 2 requests: 2 applied/);
    // Two product types: two requests, each of one category.
    expect(r.sent).toEqual([
      [{ orderId: '1900000000000000004', price: '60020.0', autoCancel: 'yes' }],
      [{ clientOid: 'spot-1', price: '2960.0', autoCancel: 'no' }],
    ]);
    await applied('spot-1', (o) => o.price === '2960.0');
  });

  it('splits 28 items into requests of at most 20 of one category, in file order', async () => {
    const lines = [...FUTURES, ...SPOT].map((c) => `${c},${c.startsWith('fut') ? '60000.1' : '2950.1'}`);
    // A spot item early still goes with the other spot items; a filled order is not among the open ones.
    const path = await file(
      'many.csv',
      ['clientOid,price', lines[25], ...lines.filter((_, i) => i !== 25), 'fut-filled,60000.1'].join('\n'),
    );
    const r = await cli(['modify-batch', '--file', path, '--json']);
    expect(r.code).toBe(1);
    expect(r.sent.map((b) => b.map((i) => i.clientOid))).toEqual([
      ['spot-1', 'spot-2', 'spot-3'],
      FUTURES.slice(0, 20),
      FUTURES.slice(20),
    ]);
    expect(batchPosts()).toHaveLength(3);
    const rows = JSON.parse(r.stdout) as JsonRow[];
    expect(rows.slice(0, 28).every((row) => row.result === 'applied')).toBe(true);
    expect(rows[28]).toMatchObject({ clientOid: 'fut-filled', result: 'refused' });
  });

  it('refuses locally what breaks a rule (not sent), and shows what the exchange rejects', async () => {
    const path = await file(
      'partial.csv',
      [
        'clientOid,price,qty',
        'fut-1,60010.0,',
        'fut-2,60000.05,', // off the 0.1 price step
        'fut-filled,60010.0,', // filled: the rules know it from the lookup
        'fut-3,60000.0,0.0100', // unchanged: only a warning locally, the exchange answers 25571
        'fut-4,60030.0,', // filled between the lookup and the request: only the exchange knows
        'nobody,1,',
      ].join('\n'),
    );
    const r = await cli(['modify-batch', '--file', path], () => demo.control.fillOrder(UID, 'fut-4'));
    expect(r.code).toBe(1);
    expect(r.sent).toEqual([
      [
        { clientOid: 'fut-1', price: '60010.0', autoCancel: 'no' },
        { clientOid: 'fut-3', qty: '0.0100', price: '60000.0', autoCancel: 'no' },
        { clientOid: 'fut-4', price: '60030.0', autoCancel: 'no' },
      ],
    ]);
    const row = (n: number) => r.stdout.split('\n').find((l) => l.startsWith(`${n} `)) ?? '';
    expect(row(1)).toMatch(/ applied\s+Applied/);
    expect(row(2)).toMatch(/ refused\s+Refused before sending: Price allows at most 1 decimal place/);
    expect(row(3)).toMatch(/ refused\s+Refused before sending: The order is completely filled/);
    expect(row(4)).toMatch(/ rejected\s+Rejected: The new price and quantity are the same as before \(code 25571\)/);
    expect(row(5)).toMatch(/ rejected\s+Rejected: The order does not meet the modification requirements/);
    expect(row(6)).toMatch(/ refused\s+Refused before sending: .*The order does not exist .*25204/);
    expect(r.stdout).toMatch(/6 items in 1 request: 1 applied, 2 rejected, 3 refused\./);
    await applied('fut-1', (o) => o.price === '60010.0');
    expect(demo.control.getOrder(UID, 'fut-2')?.price).toBe('60000.0');
  });

  it('--dry-run looks up and checks, prints the request bodies, and sends nothing', async () => {
    const path = await file('dry.csv', 'clientOid,price\nfut-1,60010.0\nspot-1,2960.0\nfut-filled,60010.0\n');
    const r = await cli(['modify-batch', '--file', path, '--dry-run']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^#\s+ORDER ID.*\s+CHECK\s+DETAIL$/m);
    expect(r.stdout).toMatch(/^1\s.*\sok\s+request 1$/m);
    expect(r.stdout).toMatch(/^3\s.*refused\s+The order is completely filled/m);
    expect(r.stdout).toContain(
      `Request 1 of 2: POST ${BATCH_PATH} (USDT-FUTURES, 1 item)\n[\n  {"clientOid":"fut-1","price":"60010.0","autoCancel":"no"}\n]`,
    );
    expect(r.stdout).toContain(`Request 2 of 2: POST ${BATCH_PATH} (SPOT, 1 item)`);
    expect(r.stdout).toMatch(
      /Dry run: 3 items, 2 pass the checks, 1 would be refused; 2 requests would be sent\. Nothing was sent\./,
    );
    expect(r.sent).toEqual([]);
    expect(batchPosts()).toEqual([]);
    expect(demo.control.requestLog().filter((e) => e.method === 'POST')).toEqual([]);

    const passing = await file('dry-ok.json', JSON.stringify([{ clientOid: 'fut-1', price: '60010.0' }]));
    const json = await cli(['modify-batch', '--file', passing, '--dry-run', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      items: [expect.objectContaining({ clientOid: 'fut-1', result: 'ok', request: 1 })],
      requests: [
        { request: 1, category: 'USDT-FUTURES', body: [{ clientOid: 'fut-1', price: '60010.0', autoCancel: 'no' }] },
      ],
    });
    expect(batchPosts()).toEqual([]);
  });

  it('a request that times out leaves its items unknown (exit 3), sends the next one, resends nothing', async () => {
    demo.control.delayResponses(BATCH_PATH, 1500);
    const lines = FUTURES.map((c) => `${c},60000.2`);
    const path = await file('timeout.csv', ['clientOid,price', ...lines].join('\n'));
    const r = await cli(['modify-batch', '--file', path, '--timeout-ms', '700', '--json']);
    expect(r.code).toBe(3);
    const rows = JSON.parse(r.stdout) as JsonRow[];
    expect(rows.slice(0, 20).every((row) => row.result === 'unknown')).toBe(true);
    expect(rows[0]?.detail).toMatch(/^Outcome unknown — the exchange did not answer in time/);
    expect(rows.slice(20).every((row) => row.result === 'applied')).toBe(true);
    expect(r.stderr).toMatch(/20 outcomes are unknown: check those orders before anything else, and do not resend:/);
    expect(r.stderr).toContain(`uta-desk order --client-oid fut-1 --base-url ${demo.url}`);
    expect(r.sent.map((b) => b.length)).toEqual([20, 5]);
    // The delayed request was processed by the demo: the first 20 are applied although unknown here.
    await applied('fut-1', (o) => o.price === '60000.2');
    expect(batchPosts()).toHaveLength(2);
  });

  it('names the line and field of every malformed value, and sends nothing', async () => {
    const path = await file('bad.csv', 'clientOid,price,autoCancel\nfut-1,abc,\nfut-2,60010.0,perhaps\n,60010.0,\n');
    const r = await cli(['modify-batch', '--file', path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('has 3 problems; nothing was sent.');
    expect(r.stderr).toContain('line 2: price: Price must be a positive decimal number');
    expect(r.stderr).toContain('line 3: autoCancel: Auto-cancel must be yes or no');
    expect(r.stderr).toContain('line 4: orderId/clientOid: Give an Order ID or a Client order ID');
    expect(demo.control.requestLog()).toEqual([]);
  });

  it('refuses the same order twice: by the same ID in the file, by both of its IDs in the run', async () => {
    const same = await file('dup.csv', 'clientOid,price\nfut-1,60010.0\nfut-1,60020.0\n');
    const r = await cli(['modify-batch', '--file', same]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 3: clientOid fut-1 is already in line 2: give each order once');
    expect(demo.control.requestLog()).toEqual([]);

    const both = await file(
      'dup-ids.json',
      JSON.stringify([
        { clientOid: 'fut-1', price: '60010.0' },
        { orderId: '1900000000000000001', price: '60020.0' },
      ]),
    );
    // The core's guard: the order is already an item of this run, so the other is refused, never sent.
    const b = await cli(['modify-batch', '--file', both]);
    expect(b.code).toBe(1);
    expect(b.stdout).toMatch(/ refused\s+Refused: Order 1900000000000000001 is item 2 of 2 of an amend-many run/);
    expect(r.sent).toEqual([]);
    expect(b.sent).toEqual([[{ orderId: '1900000000000000001', price: '60020.0', autoCancel: 'no' }]]);
  });

  it('needs --file and credentials, and refuses a bad --auto-cancel', async () => {
    expect((await cli(['modify-batch'])).stderr).toMatch(/modify-batch needs --file PATH/);
    expect((await cli(['modify-batch', '--file', 'x.csv', '--auto-cancel', 'maybe'])).code).toBe(2);
    const missing = await cli(['modify-batch', '--file', join(dir, 'missing.csv')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing\.csv: no such file/);
    expect(demo.control.requestLog()).toEqual([]);
  });
});

describe('modify-batch when requests fail', () => {
  it('sends nothing when the orders cannot be read: refused with the reason, or not started', async () => {
    const path = await file('lookup.csv', 'clientOid,price\nfut-1,60010.0\n');
    const wrongKey = await cli(['modify-batch', '--file', path], undefined, {
      env: { ...ENV, BITGET_API_PASSPHRASE: 'wrong' },
    });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout).toMatch(
      / refused\s+Refused before sending: the order could not be read .*code 40012.* Nothing was sent\./,
    );
    const port = await closedPort();
    const unreachable = await cli(['modify-batch', '--file', path], undefined, {
      baseUrl: `http://127.0.0.1:${port}`,
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stdout).toMatch(/ refused\s+Refused before sending: .*connection refused.*Nothing was sent\./);
    expect(batchPosts()).toEqual([]);
  });

  it('a request refused as a whole: its items rejected with the exchange words; the core sends the next', async () => {
    const futures = {
      orderId: '1',
      clientOid: 'f',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      price: '60000.0',
      qty: '0.0100',
      orderStatus: 'live',
    };
    const spot = { ...futures, orderId: '2', clientOid: 's', category: 'SPOT', symbol: 'ETHUSDT', price: '2950.0' };
    const fake = await startFakeExchange((req) => {
      if (req.path === '/api/v3/trade/order-info') return ok(req.params.some(([, v]) => v === '1') ? futures : spot);
      if (req.path === '/api/v3/market/instruments') {
        const [category, symbol] = ['category', 'symbol'].map((k) => req.params.find(([n]) => n === k)?.[1]);
        return ok([{ category, symbol, baseCoin: 'X', quoteCoin: 'USDT', status: 'online' }]);
      }
      return rejection('40017', 'Parameter verification failed');
    });
    try {
      const path = await file('refused.csv', 'orderId,price\n1,60010.0\n2,2960.0\n');
      const r = await cli(['modify-batch', '--file', path], undefined, { baseUrl: fake.url });
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(
        /^1\s.*rejected\s+Rejected: The exchange rejected a parameter of the request \(code 40017/m,
      );
      expect(r.stdout).toMatch(/^2\s.*rejected\s+Rejected: The exchange rejected a parameter/m);
      expect(r.stdout).toMatch(/2 items in 2 requests: 2 rejected\./);
      // Each item is in one request, sent once.
      expect(fake.requests.filter((q) => q.method === 'POST')).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });
});
