/**
 * `uta-desk modify-batch` with a rule over the open orders, run in-process against the demo exchange
 * over 127.0.0.1: the batch bodies recorded on their way out, what the engine applied read back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange, type DemoOrderInput } from '../../demo-exchange';
import { runCli } from './run-cli';

const ENV = {
  BITGET_API_KEY: DEMO_ACCOUNT.apiKey,
  BITGET_API_SECRET: DEMO_ACCOUNT.secretKey,
  BITGET_API_PASSPHRASE: DEMO_ACCOUNT.passphrase,
};
const BATCH_PATH = '/api/v3/trade/batch-modify-order';
const UID = DEMO_ACCOUNT.uid;

const id = (n: number) => String(1800000000000000000n + BigInt(n));
const order = (n: number, clientOid: string, extra: Partial<DemoOrderInput> = {}): DemoOrderInput => ({
  uid: UID,
  orderId: id(n),
  clientOid,
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  price: '60000.0',
  qty: '0.0100',
  ...extra,
});
/** Futures BTCUSDT: 3 buys, 2 sells, and a buy filled beyond half; plus one spot BTCUSDT and one ETHUSDT. */
const ORDERS: DemoOrderInput[] = [
  order(1, 'buy-1'),
  order(2, 'buy-2'),
  order(3, 'buy-3'),
  order(4, 'sell-1', { side: 'sell', price: '61000.0' }),
  order(5, 'sell-2', { side: 'sell', price: '61000.0' }),
  order(6, 'buy-part', { orderStatus: 'partially_filled', cumExecQty: '0.0070' }),
  order(7, 'spot-btc', { category: 'SPOT', price: '59000.00', qty: '0.001000' }),
  order(8, 'eth', { symbol: 'ETHUSDT', price: '3000.00', qty: '0.10' }),
];

let demo: DemoExchange;
beforeAll(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 20, state: { accounts: [{ ...DEMO_ACCOUNT }], orders: ORDERS } });
});
afterAll(async () => {
  await demo.close();
});
let userData: string;
beforeEach(async () => {
  demo.control.reset();
  userData = await mkdtemp(join(tmpdir(), 'uta-rule-'));
});
afterEach(async () => {
  await rm(userData, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  sent: Array<Array<Record<string, string>>>;
}

/** `unreachable`: a path whose requests fail as a lost connection would. */
async function cli(args: string[], unreachable?: string): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const sent: Run['sent'] = [];
  const recording: typeof fetch = (input, init) => {
    if (unreachable && new URL(String(input)).pathname === unreachable)
      return Promise.reject(new TypeError('fetch failed'));
    if (String(input).endsWith(BATCH_PATH)) sent.push(JSON.parse(String(init?.body)) as Run['sent'][number]);
    return fetch(input, init);
  };
  const code = await runCli(['modify-batch', ...args, '--base-url', demo.url, '--user-data', userData], {
    env: ENV,
    pollMs: 20,
    host: { core: { changeRefresh: { enabled: false } } },
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    fetch: recording,
    sleep: async () => {},
  });
  return { code, stdout, stderr, sent };
}

const requests = (path: string) => demo.control.requestLog().filter((e) => e.path === path);

async function applied(ref: string, expected: (o: { price: string; qty: string }) => boolean): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const o = demo.control.getOrder(UID, ref);
    if (o && !o.pendingModification && expected(o)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`order ${ref} never reached the expected state: ${JSON.stringify(demo.control.getOrder(UID, ref))}`);
}

/** The table line of the order with this client order ID. */
const line = (text: string, clientOid: string) => text.split('\n').find((l) => l.includes(` ${clientOid} `)) ?? '';

describe('modify-batch with a rule over the open orders', () => {
  it('--price-steps 1 on one symbol: one run through the core, every item applied', async () => {
    const r = await cli(['--category', 'USDT-FUTURES', '--symbol', 'BTCUSDT', '--price-steps', '1']);
    expect(r.code).toBe(0);
    // In the listing's order (the exchange lists the newest first), with the instrument named.
    const item = (n: number, price: string) => ({
      orderId: id(n),
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      price,
      autoCancel: 'no',
    });
    expect(r.sent).toEqual([
      [
        item(6, '60000.1'),
        item(5, '61000.1'),
        item(4, '61000.1'),
        item(3, '60000.1'),
        item(2, '60000.1'),
        item(1, '60000.1'),
      ],
    ]);
    expect(r.stdout).toMatch(
      /^6\s+1800000000000000001\s+buy-1\s+USDT-FUTURES\s+BTCUSDT\s+60000\.1\s+applied\s+Applied: price 60000\.0 → 60000\.1\.$/m,
    );
    expect(r.stdout).toMatch(/6 items in 1 request: 6 applied\./);
    for (const ref of ['buy-1', 'buy-part']) await applied(ref, (o) => o.price === '60000.1');
    await applied('sell-2', (o) => o.price === '61000.1');
    // Outside the selection: untouched.
    expect(demo.control.getOrder(UID, 'spot-btc')?.price).toBe('59000.00');
    expect(demo.control.getOrder(UID, 'eth')?.price).toBe('3000.00');
  });

  it('--qty-pct 50: an order filled beyond half is excluded with the reason, the others are sent per category', async () => {
    const r = await cli(['--symbol', 'BTCUSDT', '--qty-pct', '50', '--auto-cancel', 'yes']);
    expect(r.code).toBe(1);
    // Categories in the order they first appear: the spot order is listed first (the newest).
    expect(r.sent).toEqual([
      [{ orderId: id(7), category: 'SPOT', symbol: 'BTCUSDT', qty: '0.000500', autoCancel: 'yes' }],
      [5, 4, 3, 2, 1].map((n) => ({
        orderId: id(n),
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        qty: '0.0050',
        autoCancel: 'yes',
      })),
    ]);
    const part = line(r.stdout, 'buy-part');
    expect(part).toMatch(/buy-part\s+USDT-FUTURES\s+BTCUSDT\s+excluded\s+/);
    expect(part).toMatch(
      /The quantity cannot go below the filled quantity 0\.007 BTC: the rule gives 0\.0050 BTC\. Nothing was sent\.$/,
    );
    expect(r.stdout).toMatch(/7 items in 2 requests: 6 applied, 1 excluded\./);
    await applied('buy-1', (o) => o.qty === '0.0050');
    await applied('spot-btc', (o) => o.qty === '0.000500');
    expect(demo.control.getOrder(UID, 'buy-part')?.qty).toBe('0.0100');
  });

  it('--dry-run prints the preview (rounding toward each side, verdicts) and the bodies, and sends nothing', async () => {
    // The market next to the orders, so no row carries a price-band warning.
    demo.control.setMarketPrice('USDT-FUTURES', 'BTCUSDT', '60500.0');
    const r = await cli(['--category', 'USDT-FUTURES', '--symbol', 'BTCUSDT', '--price-pct', '0.0003', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Rule: price \+0\.0003 %, auto-cancel no\.$/m);
    expect(r.stdout).toMatch(
      /^#\s+ORDER ID\s+CLIENT OID\s+CATEGORY\s+SYMBOL\s+SIDE\s+PRICE → NEW\s+QTY → NEW\s+FILLED\s+ROUNDING\s+VERDICT\s+DETAIL$/m,
    );
    // 60000.0 × 1.000003 = 60000.18: a buy rounds down; 61000.183 for a sell rounds up.
    expect(line(r.stdout, 'buy-1')).toMatch(
      /buy-1\s+USDT-FUTURES\s+BTCUSDT\s+buy\s+60000\.0 → 60000\.1\s+0\.0100\s+0\s+rounded down to the price step 0\.1: a buy never pays more than asked\s+ready\s+request 1$/,
    );
    expect(line(r.stdout, 'sell-1')).toMatch(
      /sell-1 .*\ssell\s+61000\.0 → 61000\.2\s+0\.0100\s+0\s+rounded up to the price step 0\.1: a sell never sells for less than asked\s+ready\s+request 1$/,
    );
    expect(line(r.stdout, 'buy-part')).toMatch(/buy-part .*\s0\.0070\s+rounded down/);
    expect(r.stdout).toContain(
      `Request 1 of 1: POST ${BATCH_PATH} (USDT-FUTURES, 6 items)\n[\n  {"orderId":"${id(6)}","price":"60000.1","autoCancel":"no","symbol":"BTCUSDT","category":"USDT-FUTURES"},`,
    );
    expect(r.stdout).toMatch(
      /Dry run: 6 orders selected \(open USDT-FUTURES BTCUSDT orders\): 6 ready, 0 refused by a rule, 0 excluded; 1 request would be sent\. Nothing was sent\./,
    );
    expect(r.sent).toEqual([]);
    expect(requests(BATCH_PATH)).toEqual([]);

    // A value the amend rules refuse: every row refused, exit 1, still nothing sent.
    const refused = await cli([
      '--symbol',
      'BTCUSDT',
      '--category',
      'USDT-FUTURES',
      '--price',
      '60000.05',
      '--dry-run',
    ]);
    expect(refused.code).toBe(1);
    expect(line(refused.stdout, 'buy-1')).toMatch(
      /\srefused\s+Price allows at most 1 decimal place \(the exchange would answer 25610\)/,
    );
    expect(refused.stdout).toMatch(/0 ready, 6 refused by a rule, 0 excluded; 0 requests would be sent/);
    expect(requests(BATCH_PATH)).toEqual([]);
  });

  it('--side narrows the selection; a negative step count is read as such', async () => {
    const r = await cli(['--symbol', 'BTCUSDT', '--category', 'USDT-FUTURES', '--side', 'sell', '--price-steps', '-2']);
    expect(r.code).toBe(0);
    expect(r.sent).toEqual([
      [5, 4].map((n) => ({
        orderId: id(n),
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        price: '60999.8',
        autoCancel: 'no',
      })),
    ]);
    await applied('sell-1', (o) => o.price === '60999.8');
    expect(demo.control.getOrder(UID, 'buy-1')?.price).toBe('60000.0');
  });

  it('--json --dry-run prints the planner rows, the summary and the bodies; the price band warns', async () => {
    const r = await cli([
      '--category',
      'USDT-FUTURES',
      '--symbol',
      'BTCUSDT',
      '--qty-pct',
      '50',
      '--dry-run',
      '--json',
    ]);
    expect(r.code).toBe(1);
    const preview = JSON.parse(r.stdout) as {
      rule: unknown;
      selection: unknown;
      summary: Record<string, number>;
      rows: Array<Record<string, unknown>>;
      requests: Array<{ request: number; category: string; body: unknown[] }>;
    };
    expect(preview.rule).toEqual({ qty: { kind: 'percent', pct: '50' } });
    expect(preview.selection).toEqual({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', all: false });
    expect(preview.summary).toMatchObject({ total: 6, toSend: 5, excluded: 1, refused: 0, batches: 1 });
    expect(preview.rows[5]).toMatchObject({
      index: 6,
      batch: 1,
      orderId: id(1),
      side: 'buy',
      status: 'ready',
      current: { price: '60000.0', qty: '0.0100' },
      next: { qty: '0.0050' },
      qtyRounding: { toward: 'down', applied: false },
      request: { orderId: id(1), qty: '0.0050', autoCancel: 'no' },
    });
    expect(preview.rows[0]).toMatchObject({
      index: 1,
      clientOid: 'buy-part',
      status: 'excluded',
      current: { filledQty: '0.0070' },
      exclusion: { reason: 'below-filled' },
    });
    expect(preview.rows[0]).not.toHaveProperty('batch');
    expect(preview.requests).toEqual([{ request: 1, category: 'USDT-FUTURES', body: expect.any(Array) }]);
    expect(preview.requests[0]?.body).toHaveLength(5);
    expect(r.stderr).toMatch(/5 ready, 0 refused by a rule, 1 excluded; 1 request would be sent/);

    // With the market pinned, a buy taken 10 % up is past the band of 5 %: a warning, still ready.
    demo.control.setMarketPrice('USDT-FUTURES', 'BTCUSDT', '60000.0');
    const band = await cli([
      '--category',
      'USDT-FUTURES',
      '--symbol',
      'BTCUSDT',
      '--side',
      'buy',
      '--price-pct',
      '10',
      '--dry-run',
      '--json',
    ]);
    expect(band.code).toBe(0);
    const rows = (
      JSON.parse(band.stdout) as {
        rows: Array<{ status: string; warnings: Array<{ rule: string; formula?: string }> }>;
      }
    ).rows;
    expect(rows[1]).toMatchObject({
      status: 'ready',
      warnings: [{ rule: 'price-band', formula: '60000.0 × (1 + 0.05) = 63000' }],
    });
    expect(requests('/api/v3/market/tickers')).toHaveLength(1);
    expect(requests(BATCH_PATH)).toEqual([]);
  });

  it('the market unreadable: the preview goes on without the price band, and says so', async () => {
    const r = await cli(
      ['--category', 'USDT-FUTURES', '--symbol', 'BTCUSDT', '--side', 'sell', '--price-steps', '1', '--dry-run'],
      '/api/v3/market/tickers',
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Warning: the market prices could not be read, so the price band is not checked: /m);
    expect(line(r.stdout, 'sell-1')).toMatch(/61000\.0 → 61000\.1 .*\sready\s+request 1$/);
  });

  it('no matching open order: says so, sends nothing, exit 0', async () => {
    const r = await cli(['--category', 'SPOT', '--symbol', 'SOLUSDT', '--price-steps', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('No open SPOT SOLUSDT orders: nothing was sent.\n');
    expect(requests(BATCH_PATH)).toEqual([]);
  });

  it('refuses before any request: --file with a rule, no scope, two rules for a field, a bad value', async () => {
    const usage = async (args: string[], message: RegExp) => {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    };
    await usage(
      ['--file', 'x.csv', '--price-steps', '1'],
      /--file and a rule over the open orders are exclusive: leave out --price-steps/,
    );
    await usage(['--file', 'x.csv', '--side', 'buy'], /are exclusive: leave out --side/);
    await usage(['--symbol', 'BTCUSDT'], /modify-batch needs --file PATH .*, or a rule over the open orders/);
    await usage(['--price-steps', '1'], /Say which open orders the rule applies to: --category C and\/or --symbol S/);
    await usage(['--side', 'buy', '--price-steps', '1'], /Say which open orders/);
    await usage(
      ['--all', '--price-steps', '1', '--price-pct', '1'],
      /Give one price rule: --price-steps, --price-pct are exclusive/,
    );
    await usage(['--all', '--qty-pct', '50', '--qty', '1'], /Give one quantity rule/);
    await usage(
      ['--all', '--price-steps', '0'],
      /The rule cannot be applied: The price shift must be a whole number of steps other than 0/,
    );
    await usage(['--all', '--price-steps', '1.5'], /--price-steps must be a whole number of steps/);
    await usage(['--all', '--qty-pct', '-50'], /The quantity scale must be a percentage above 0/);
    await usage(
      ['--category', 'SPOT', '--qty', '0.5'],
      /--qty sets one value for every selected order: give --symbol S as well/,
    );
    await usage(['--all', '--side', 'long', '--price-steps', '1'], /--side must be buy or sell/);
    expect(demo.control.requestLog()).toEqual([]);
  });
});
