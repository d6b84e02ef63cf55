/** `uta-desk instruments diff` against a real demo exchange: two runs with the market moved between them. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemoExchange, type DemoExchange } from '../../demo-exchange';
import type { ChangeEvent } from '../../shared/instrument-changes';
import { defaultStateDir } from './instruments-diff';
import { runCli } from './run-cli';

let demo: DemoExchange;
let stateDir: string;
let clock: number;

beforeAll(async () => {
  demo = await startDemoExchange({ rateLimit: false });
});
afterAll(async () => {
  await demo.close();
});
beforeEach(async () => {
  demo.control.reset();
  stateDir = await mkdtemp(join(tmpdir(), 'diff-state-'));
  clock = Date.parse('2026-11-23T10:00:00Z');
});
afterEach(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

async function diff(...args: string[]) {
  let stdout = '';
  let stderr = '';
  clock += 60_000;
  const code = await runCli(['--base-url', demo.url, 'instruments', 'diff', '--state-dir', stateDir, ...args], {
    env: {},
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    sleep: async () => {},
    now: () => clock,
  });
  return { code, stdout, stderr };
}

describe('instruments diff', () => {
  it('stores a baseline on the first run, then prints what changed; exit 0 either way', async () => {
    const first = await diff();
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^No changes\.\n/);
    expect(first.stdout).toContain('SPOT: first snapshot stored (226 instruments); changes show from the next run on.');
    expect(first.stdout.match(/first snapshot stored/g)).toHaveLength(5);

    demo.control.mutateInstrument('SPOT', 'ETHUSDT', { makerFeeRate: '0.0008' });
    demo.control.setInstrumentStatus('USDT-FUTURES', 'SOLUSDT', 'limit_open');
    demo.control.delistInstrument('COIN-FUTURES', 'ADAUSD');
    const second = await diff();
    expect(second.code).toBe(0);
    const lines = second.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^TIME \(UTC\)\s+CATEGORY\s+SYMBOL\s+CHANGE\s+FIELD\s+OLD\s+NEW$/);
    // Newest first: categories are fetched in order, so the last one's changes lead.
    expect(lines.slice(1, 4).map((l) => l.split(/\s{2,}/).slice(1))).toEqual([
      ['COIN-FUTURES', 'ADAUSD', 'delisted', 'online'],
      ['USDT-FUTURES', 'SOLUSDT', 'status', 'status', 'online', 'limit_open'],
      ['SPOT', 'ETHUSDT', 'field', 'makerFeeRate', '0.001', '0.0008'],
    ]);
    expect(second.stdout).toContain('SPOT: changed since the last run (226 instruments).');
    expect(second.stdout).toContain('MARGIN: unchanged since the last run (80 instruments).');

    // --since: only that far back; --category: only that one fetched and shown.
    clock += 60 * 60_000;
    const later = await diff('--since', '30m');
    expect(later.stdout).toMatch(/^No changes since 2026-11-23 10:33:00 UTC\.\n/);
    const spot = await diff('--category', 'spot', '--since', '2h');
    expect(spot.stdout).toContain('ETHUSDT');
    expect(spot.stdout).not.toContain('SOLUSDT');
    expect(spot.stdout.match(/since the last run/g)).toHaveLength(1);
  });

  it('prints JSON with --json (summaries on stderr)', async () => {
    await diff('--category', 'SPOT');
    demo.control.listInstrument('SPOT', { symbol: 'NEWUSDT', baseCoin: 'NEW', quoteCoin: 'USDT', status: 'listed' });
    const r = await diff('--category', 'SPOT', '--json');
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout) as { exchange: string; checked: unknown[]; events: ChangeEvent[] };
    expect(data.exchange).toBe(demo.url);
    expect(data.checked).toEqual([{ category: 'SPOT', outcome: 'changed', count: 227, previousCount: 226 }]);
    expect(data.events.map((e) => [e.kind, e.symbol, e.new])).toEqual([['listed', 'NEWUSDT', 'listed']]);
    expect(r.stderr).toContain('SPOT: changed since the last run');
  });

  it('a category that cannot be fetched is not delisted: the others are compared, the exit code says it failed', async () => {
    await diff();
    demo.control.mutateInstrument('SPOT', 'BTCUSDT', { minOrderAmount: '2' });
    // SPOT's request and both retries time out; the other categories answer.
    demo.control.delayResponses('/api/v3/market/instruments', 3000, 3);
    const r = await diff('--timeout-ms', '300');
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/SPOT could not be fetched: its last snapshot stays/);
    expect(r.stdout).toMatch(/^No changes\.\n/);
    expect(r.stdout).toContain('MARGIN: unchanged since the last run');
    expect(r.stdout).not.toContain('SPOT:');
    const again = await diff();
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain('delisted');
    expect(again.stdout).toContain('minOrderAmount');
  });

  it('refuses a malformed duration or a stray option before fetching', async () => {
    const before = demo.control.requestLog().length;
    for (const args of [['--since', '3 weeks'], ['--since', '0h'], ['--symbol', 'BTCUSDT'], ['extra']]) {
      const r = await diff(...args);
      expect(r.code).toBe(2);
    }
    expect(demo.control.requestLog().length).toBe(before);
    expect(await readdir(stateDir)).toEqual([]);
  });

  it('keeps its history in the OS cache folder unless told otherwise', () => {
    expect(defaultStateDir({}, 'linux', '/home/op')).toBe('/home/op/.cache/uta-desk');
    expect(defaultStateDir({ XDG_CACHE_HOME: '/c' }, 'linux', '/home/op')).toBe('/c/uta-desk');
    expect(defaultStateDir({}, 'darwin', '/Users/op')).toBe('/Users/op/Library/Caches/uta-desk');
    expect(defaultStateDir({ UTA_DESK_STATE_DIR: '/s' }, 'linux', '/home/op')).toBe('/s');
  });
});
