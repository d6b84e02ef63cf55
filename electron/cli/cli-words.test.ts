/** The CLI's tables use the app's words (one formatting home, shared/); --json stays raw. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { runCli } from './run-cli';

let demo: DemoExchange;
beforeAll(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 300 });
});
afterAll(async () => {
  await demo.close();
});

async function cli(args: string[]) {
  let stdout = '';
  const code = await runCli([...args, '--base-url', demo.url], {
    env: {
      BITGET_API_KEY: DEMO_ACCOUNT.apiKey,
      BITGET_API_SECRET: DEMO_ACCOUNT.secretKey,
      BITGET_API_PASSPHRASE: DEMO_ACCOUNT.passphrase,
    },
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: () => undefined },
    sleep: async () => {},
  });
  return { code, stdout };
}

describe('the CLI speaks the app’s words', () => {
  it('instruments: a max quantity of 0 is "no limit", fees are percentages', async () => {
    const r = await cli(['instruments', '--category', 'SPOT', '--symbol', 'BTCUSDT']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\bno limit\b/);
    expect(r.stdout).toMatch(/\b0\.1 %/);
    expect(r.stdout).not.toMatch(/\b0\.001\b/);
  });

  it('instruments: the price and quantity steps are the ones the desk uses (SPOT: from the precisions)', async () => {
    const r = await cli(['instruments', '--category', 'SPOT', '--symbol', 'BTCUSDT']);
    const [header, row] = r.stdout.trim().split('\n');
    const cells = row!.trim().split(/\s{2,}/);
    const heads = header!.trim().split(/\s{2,}/);
    expect(cells[heads.indexOf('PRICE STEP')]).toBe('0.01');
    expect(cells[heads.indexOf('QTY STEP')]).toBe('0.000001');
  });

  it('--json keeps the raw values', async () => {
    const r = await cli(['instruments', '--category', 'SPOT', '--symbol', 'BTCUSDT', '--json']);
    const [btc] = JSON.parse(r.stdout) as Array<{ maxOrderQty: string; makerFeeRate: string }>;
    expect(btc).toMatchObject({ maxOrderQty: '0', makerFeeRate: '0.001' });
  });

  it('open orders: statuses in the words of the app', async () => {
    const r = await cli(['open-orders', '--symbol', 'SOLUSDT', '--category', 'SPOT']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Partly filled/);
    expect(r.stdout).not.toMatch(/partially_filled/);
  });
});
