/** Per-command help, `modify --dry-run`, and the line that names the exchange a signed request goes to. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { runCli } from './run-cli';

const ENV = {
  BITGET_API_KEY: DEMO_ACCOUNT.apiKey,
  BITGET_API_SECRET: DEMO_ACCOUNT.secretKey,
  BITGET_API_PASSPHRASE: DEMO_ACCOUNT.passphrase,
};

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
  userData = await mkdtemp(join(tmpdir(), 'uta-cli-help-'));
});
afterEach(async () => {
  await rm(userData, { recursive: true, force: true });
});

async function cli(args: string[], fetchImpl?: typeof fetch) {
  let stdout = '';
  let stderr = '';
  // modify goes through a core: on a folder of the test's own.
  const code = await runCli([...args, ...(args[0] === 'modify' ? ['--user-data', userData] : [])], {
    env: ENV,
    host: { core: { changeRefresh: { enabled: false } } },
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    sleep: async () => {},
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  return { code, stdout, stderr };
}

const modifies = () => demo.control.requestLog().filter((e) => e.path === '/api/v3/trade/modify-order');

describe('help per command', () => {
  it('modify --help prints the help of modify, not the whole help', async () => {
    const r = await cli(['modify', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: uta-desk modify /m);
    expect(r.stdout).toMatch(/--dry-run/);
    expect(r.stdout).not.toMatch(/modify-batch|tickers --category|^Commands:/m);
    expect(r.stdout.split('\n').length).toBeLessThan(45);
  });

  it.each(['instruments', 'tickers', 'order', 'open-orders', 'modify-batch'])('%s --help is its own', async (name) => {
    const r = await cli([name, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: uta-desk ${name} `, 'm'));
    expect(r.stdout).not.toMatch(/^Commands:/m);
  });

  it('the unknown-command list names serve', async () => {
    const r = await cli(['launch']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Unknown command "launch"\. Commands: .*modify-batch.*serve/);
  });
});

describe('modify --dry-run', () => {
  it('checks and prints the request body, sends nothing', async () => {
    const r = await cli([
      'modify',
      '--client-oid',
      'demo-btc-open',
      '--price',
      '60010.0',
      '--dry-run',
      '--base-url',
      demo.url,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Dry run: not sent/);
    expect(r.stdout).toMatch(/"price": "60010.0"/);
    expect(modifies()).toHaveLength(0);
  });

  it('a broken rule exits 1 (refused) as without --dry-run', async () => {
    const r = await cli([
      'modify',
      '--client-oid',
      'demo-btc-open',
      '--price',
      '60010.05',
      '--dry-run',
      '--base-url',
      demo.url,
    ]);
    expect(r.code).toBe(1);
    expect(modifies()).toHaveLength(0);
  });
});

describe('which exchange a signed request goes to', () => {
  const refused: typeof fetch = async () => {
    throw new TypeError('fetch failed');
  };

  it('names the live exchange on stderr when no --base-url is given', async () => {
    const r = await cli(['order', '--order-id', '1'], refused);
    expect(r.stderr.split('\n')[0]).toBe('uta-desk: signing for LIVE api.bitget.com');
  });

  it('names demo trading; a base URL the operator named needs no note', async () => {
    expect((await cli(['order', '--order-id', '1', '--demo-trading'], refused)).stderr.split('\n')[0]).toBe(
      'uta-desk: signing for DEMO TRADING api.bitget.com',
    );
    const r = await cli(['order', '--client-oid', 'demo-btc-open', '--base-url', demo.url]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('--quiet suppresses it; public commands never print it', async () => {
    expect((await cli(['order', '--order-id', '1', '--quiet'], refused)).stderr).not.toMatch(/signing for/);
    const pub = await cli(['instruments', '--category', 'SPOT', '--symbol', 'BTCUSDT', '--base-url', demo.url]);
    expect(pub.stderr).not.toMatch(/signing for/);
  });
});
