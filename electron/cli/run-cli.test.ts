import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { Dec } from '../../shared/decimal';
import { ExchangeClient } from '../exchange/client';
import { closedPort, ok, startFakeExchange } from '../exchange/testing/fake-exchange';
import { runCli } from './run-cli';

const ENV = {
  BITGET_API_KEY: DEMO_ACCOUNT.apiKey,
  BITGET_API_SECRET: DEMO_ACCOUNT.secretKey,
  BITGET_API_PASSPHRASE: DEMO_ACCOUNT.passphrase,
};
const SECRET_VALUES = [DEMO_ACCOUNT.apiKey, DEMO_ACCOUNT.secretKey, DEMO_ACCOUNT.passphrase];

let demo: DemoExchange;
beforeAll(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 300 });
});
afterAll(async () => {
  await demo.close();
});
let userData: string;
beforeEach(async () => {
  demo.control.reset();
  userData = await mkdtemp(join(tmpdir(), 'uta-run-cli-'));
});
afterEach(async () => {
  await rm(userData, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(args: string[], env: Record<string, string | undefined> = ENV): Promise<Run> {
  let stdout = '';
  let stderr = '';
  // Amends go through a core on a user-data folder of the test's own.
  const folder = args[0] === 'modify' ? ['--user-data', userData] : [];
  const code = await runCli([...args, ...folder], {
    env,
    pollMs: 20,
    host: { core: { changeRefresh: { enabled: false } } },
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    sleep: async () => {},
  });
  for (const s of SECRET_VALUES) {
    expect(stdout).not.toContain(s);
    expect(stderr).not.toContain(s);
  }
  return { code, stdout, stderr };
}

const local = () => ['--base-url', demo.url];
const modifies = () => demo.control.requestLog().filter((e) => e.path === '/api/v3/trade/modify-order');

describe('usage', () => {
  it('prints help with exit 0', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Usage: uta-desk <command>/);
    expect(r.stdout).toMatch(/BITGET_API_PASSPHRASE/);
  });

  it('prints its version and the Node it runs on with --version, exit 0', async () => {
    const r = await cli(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`uta-desk unknown (Node ${process.version}, ${process.execPath})\n`);
  });

  it.each([
    [[], /Give a command/],
    [['launch'], /Unknown command "launch"/],
    [['instruments'], /needs --category/],
    [['instruments', '--category', 'FOREX'], /--category must be one of/],
    [['order'], /--order-id ID or --client-oid ID/],
    [['open-orders', '--limit', '500'], /--limit must be between 1 and 100/],
    [['instruments', '--category', 'SPOT', '--qty', '1'], /--qty is not an option of instruments/],
    [['instruments', '--category', 'SPOT', '--base-url', 'http://exchange.example'], /https/],
    [['order', '--order-id'], /argument missing/],
  ])('exits 2 on bad usage: %j', async (args, message) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it.each([[['--order-id', '42']], [['--client-oid', 'demo-btc-open', '--auto-cancel', 'yes']]])(
    'modify with neither --qty nor --price is bad usage: exit 2 before any request (%j)',
    async (args) => {
      const r = await cli(['modify', ...args, ...local()]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /^uta-desk: modify needs the new quantity \(--qty Q\), the new price \(--price P\) or both\./,
      );
      expect(demo.control.requestLog()).toHaveLength(0);
    },
  );

  it('refuses secrets given as options without echoing them', async () => {
    const r = await cli(['order', '--order-id', '1', '--api-secret=TOP-SECRET-VALUE', ...local()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/never accepted as options \(--api-secret\)/);
    expect(r.stderr).not.toContain('TOP-SECRET-VALUE');
    expect(demo.control.requestLog()).toHaveLength(0);
  });

  it('needs all three credential variables for signed commands', async () => {
    expect((await cli(['order', '--order-id', '1', ...local()], {})).stderr).toMatch(
      /set BITGET_API_KEY, BITGET_API_SECRET, BITGET_API_PASSPHRASE/,
    );
    const partial = await cli(['instruments', '--category', 'SPOT', ...local()], { BITGET_API_KEY: 'k' });
    expect(partial.code).toBe(2);
    expect(partial.stderr).toMatch(/missing: BITGET_API_SECRET, BITGET_API_PASSPHRASE/);
    expect(demo.control.requestLog()).toHaveLength(0);
  });
});

describe('instruments', () => {
  it('prints an aligned table without credentials', async () => {
    const r = await cli(['instruments', '--category', 'spot', '--symbol', 'BTCUSDT', ...local()], {});
    expect(r.code).toBe(0);
    const [header, row] = r.stdout.split('\n');
    expect(header).toMatch(/^SYMBOL\s+STATUS\s+BASE\s+QUOTE\s+PRICE DP/);
    expect(row).toMatch(/^BTCUSDT\s+online\s+BTC\s+USDT\s+2/);
    expect(header?.indexOf('STATUS')).toBe(row?.indexOf('online'));
    expect(r.stdout).toMatch(/1 SPOT instrument\n$/);
  });

  it('prints the data as JSON with --json', async () => {
    const r = await cli(['instruments', '--category', 'USDT-FUTURES', '--json', ...local()]);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout) as Array<{ symbol: string; category: string }>;
    expect(data.length).toBeGreaterThan(10);
    expect(data.every((i) => i.category === 'USDT-FUTURES')).toBe(true);
  });
});

describe('tickers', () => {
  const cells = (line: string | undefined) => (line ?? '').trim().split(/\s{2,}/);
  /** Right-aligned: each value ends where its header ends. */
  const endsUnder = (header: string, line: string, column: string, value: string) =>
    expect(line.indexOf(value) + value.length).toBe(header.indexOf(column) + column.length);

  /** The table, and the exchange's answer it was printed from (the demo's market moves every second). */
  async function tickers(
    args: string[],
  ): Promise<{ stdout: string; code: number; sent: Array<Record<string, string>> }> {
    let stdout = '';
    let sent: Array<Record<string, string>> = [];
    const recording: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      sent = ((await res.clone().json()) as { data: Array<Record<string, string>> }).data;
      return res;
    };
    const code = await runCli(['tickers', ...args, ...local()], {
      env: {},
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: () => {} },
      fetch: recording,
    });
    return { stdout, code, sent };
  }

  it('prints spot tickers as sent, the 24-hour change as a percentage, without credentials', async () => {
    const r = await tickers(['--category', 'spot', '--symbol', 'BTCUSDT']);
    expect(r.code).toBe(0);
    const [ticker] = r.sent;
    expect(ticker).toMatchObject({ category: 'SPOT', symbol: 'BTCUSDT' });
    const [header = '', row = ''] = r.stdout.split('\n');
    expect(cells(header)).toEqual([
      'SYMBOL',
      'LAST',
      'BID',
      'ASK',
      '24H %',
      '24H HIGH',
      '24H LOW',
      'VOLUME',
      'TURNOVER',
    ]);
    const [symbol, last, bid, ask, pct = '', ...rest] = cells(row);
    expect([symbol, last, bid, ask]).toEqual(['BTCUSDT', ticker?.lastPrice, ticker?.bid1Price, ticker?.ask1Price]);
    // The ratio as a percentage, exactly: "0.0123" is "1.23%".
    expect(pct).toMatch(/^-?\d+(\.\d+)?%$/);
    expect(new Dec(pct.slice(0, -1)).div(100).eq(ticker?.price24hPcnt ?? 'NaN')).toBe(true);
    expect(rest).toEqual([ticker?.highPrice24h, ticker?.lowPrice24h, ticker?.volume24h, ticker?.turnover24h]);
    endsUnder(header, row, 'LAST', last ?? '');
    expect(r.stdout).toMatch(/1 SPOT ticker\n$/);

    const json = await cli(['tickers', '--category', 'SPOT', '--json', ...local()], {});
    expect(json.code).toBe(0);
    const list = JSON.parse(json.stdout) as Array<Record<string, string>>;
    expect(list.length).toBeGreaterThan(100);
    expect(list.every((t) => t.category === 'SPOT' && /^\d+(\.\d+)?$/.test(t.lastPrice ?? ''))).toBe(true);
  });

  it('adds mark, index and funding for futures', async () => {
    const r = await tickers(['--category', 'USDT-FUTURES']);
    expect(r.code).toBe(0);
    const [header = '', ...rows] = r.stdout.trimEnd().split('\n');
    expect(cells(header).slice(-3)).toEqual(['MARK', 'INDEX', 'FUNDING']);
    const btc = rows.find((l) => l.startsWith('BTCUSDT ')) ?? '';
    const ticker = r.sent.find((t) => t.symbol === 'BTCUSDT');
    expect(ticker?.markPrice).toMatch(/^\d+(\.\d+)?$/);
    expect(cells(btc).slice(-3)).toEqual([ticker?.markPrice, ticker?.indexPrice, ticker?.fundingRate]);
    endsUnder(header, btc, 'FUNDING', ticker?.fundingRate ?? '');
    expect(rows.at(-1)).toBe(`${r.sent.length} USDT-FUTURES tickers`);
  });

  it('refuses MARGIN, pointing at the SPOT book, before any request', async () => {
    const r = await cli(['tickers', '--category', 'MARGIN', ...local()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/margin pairs trade on the SPOT book, so use --category SPOT/);
    expect((await cli(['tickers', ...local()])).stderr).toMatch(/tickers needs --category/);
    expect(demo.control.requestLog()).toHaveLength(0);
  });
});

describe('order and open-orders', () => {
  it('shows one order by client order ID', async () => {
    const r = await cli(['order', '--client-oid', 'demo-btc-open', ...local()]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^orderId\s+1387296516478935041$/m);
    expect(r.stdout).toMatch(/^orderStatus\s+live$/m);
    const json = await cli(['order', '--order-id', '1387296516478935041', '--json', ...local()]);
    expect(JSON.parse(json.stdout)).toMatchObject({ clientOid: 'demo-btc-open', price: '60000.0' });
  });

  it('exits 1 with code, message and explanation when the exchange rejects', async () => {
    const r = await cli(['order', '--order-id', '999', ...local()]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Rejected by the exchange: code 25204/);
    expect(r.stderr).toMatch(/The order does not exist/);
    const wrongKey = await cli(['open-orders', ...local()], { ...ENV, BITGET_API_PASSPHRASE: 'wrong' });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toMatch(/code 40012/);
    expect(wrongKey.stderr).toMatch(/API key or passphrase is incorrect/);
  });

  it('follows the cursor through all pages', async () => {
    const whole = await cli(['open-orders', '--json', '--limit', '100', ...local()]);
    const all = (JSON.parse(whole.stdout) as { list: Array<{ orderId: string }> }).list;
    expect(all.length).toBeGreaterThan(100);
    demo.control.reset();
    const paged = await cli(['open-orders', '--json', '--limit', '40', ...local()]);
    const list = (JSON.parse(paged.stdout) as { list: Array<{ orderId: string }> }).list;
    expect(list.map((o) => o.orderId)).toEqual(all.map((o) => o.orderId));
    expect(new Set(list.map((o) => o.orderId)).size).toBe(list.length);
    expect(
      demo.control.requestLog().filter((e) => e.path === '/api/v3/trade/unfilled-orders').length,
    ).toBeGreaterThanOrEqual(Math.ceil(all.length / 40));

    const table = await cli(['open-orders', '--category', 'SPOT', '--symbol', 'SOLUSDT', ...local()]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^ORDER ID\s+CLIENT OID\s+CATEGORY\s+SYMBOL/);
    expect(table.stdout).toMatch(/demo-sol-partial/);
  });

  it('exits 3 when the exchange cannot be reached', async () => {
    const port = await closedPort();
    const r = await cli(['instruments', '--category', 'SPOT', '--base-url', `http://127.0.0.1:${port}`]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/connection refused/);
  });
});

describe('global options', () => {
  it('sends paptrading for --demo-trading and the --locale, and no credentials on public requests', async () => {
    const fake = await startFakeExchange(() => ok([]));
    try {
      const r = await cli([
        'instruments',
        '--category',
        'SPOT',
        '--demo-trading',
        '--locale',
        'ja-JP',
        '--base-url',
        fake.url,
      ]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('No SPOT instruments.\n');
      const headers = fake.requests[0]?.headers ?? {};
      expect(headers.paptrading).toBe('1');
      expect(headers.locale).toBe('ja-JP');
      expect(Object.keys(headers).filter((k) => k.startsWith('access-'))).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});

describe('modify', () => {
  it('checks the rules, sends through the core, follows and prints the outcome', async () => {
    const r = await cli(['modify', '--client-oid', 'demo-btc-open', '--price', '60010.0', ...local()]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^Applied \(order 1387296516478935041, client order ID demo-btc-open\): price 60000.0 → 60010.0/,
    );
    expect(modifies()).toEqual([expect.objectContaining({ code: '00000' })]);
  });

  it('prints the attempt as JSON with --json', async () => {
    const r = await cli(['modify', '--order-id', '1387296516478935041', '--qty', '0.0200', '--json', ...local()]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      status: 'applied',
      request: { orderId: '1387296516478935041', qty: '0.0200' },
      after: { qty: '0.0200' },
    });
  });

  it.each([
    [['--client-oid', 'demo-btc-open', '--price', '60000.123'], /Price allows at most 1 decimal place/],
    [['--client-oid', 'demo-eth-filled', '--price', '3100.00'], /completely filled/],
    [
      ['--client-oid', 'demo-btc-open', '--price', '60010.0', '--auto-cancel', 'maybe'],
      /Auto-cancel must be yes or no/,
    ],
    [
      ['--client-oid', 'demo-btc-open', '--price', '60010.0', '--symbol', 'ETHUSDT'],
      /must match the order's symbol BTCUSDT/,
    ],
  ])('exits 1 (refused) and sends nothing when a rule is broken: %j', async (args, message) => {
    const r = await cli(['modify', ...args, ...local()]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Not sent: /m);
    expect(r.stderr).toMatch(message);
    expect(modifies()).toHaveLength(0);
  });

  it('exits 1 when the exchange rejects the modification (a previous one is still in progress)', async () => {
    // Someone else's modification of the order is still with the engine.
    const other = new ExchangeClient({
      baseUrl: demo.url,
      credentials: {
        apiKey: ENV.BITGET_API_KEY,
        secretKey: ENV.BITGET_API_SECRET,
        passphrase: ENV.BITGET_API_PASSPHRASE,
      },
    });
    await other.modifyOrder({ clientOid: 'demo-btc-open', price: '60010.0' });
    const r = await cli(['modify', '--client-oid', 'demo-btc-open', '--price', '60020.0', ...local()]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Not applied/);
    expect(r.stdout).toMatch(/still in progress|25114/);
    expect(modifies().map((e) => e.code)).toEqual(['00000', '25114']);
  });

  it('exits 3 with an unknown outcome on timeout, sent once, and says how to check', async () => {
    demo.control.delayResponses('/api/v3/trade/modify-order', 1500);
    const r = await cli([
      'modify',
      '--client-oid',
      'demo-btc-open',
      '--price',
      '60010.0',
      '--timeout-ms',
      '700',
      ...local(),
    ]);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/^Outcome unknown/);
    expect(r.stdout).toContain(`uta-desk order --order-id 1387296516478935041 --base-url ${demo.url}`);
    await new Promise((ok) => setTimeout(ok, 900));
    expect(modifies()).toHaveLength(1);
  });

  it('exits 3 and says nothing was sent when the order cannot be looked up', async () => {
    const port = await closedPort();
    const r = await cli([
      'modify',
      '--client-oid',
      'demo-btc-open',
      '--price',
      '60010.0',
      '--base-url',
      `http://127.0.0.1:${port}`,
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/The modification was not sent/);
  });
});
