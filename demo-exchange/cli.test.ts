/** The command-line entry, run as a real child process the way the e2e suite runs it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from './accounts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CLI = 'demo-exchange/cli.ts';
const children = new Set<ChildProcess>();

interface Run {
  child: ChildProcess;
  firstLine: Promise<string>;
  stdout: string[];
  stderr: string[];
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `detached` puts the child in its own process group, so a signal can reach npx's grandchildren. */
function run(command: string, args: string[]): Run {
  const child = spawn(command, args, { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const firstLine = new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', () => reject(new Error(`exited before printing; stderr: ${stderr.join('')}`)));
  });
  firstLine.catch(() => undefined);
  lines.on('line', (l) => stdout.push(l));
  child.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close', not 'exit': the last lines (from a grandchild under npx) may still be in the pipe at exit.
    child.once('close', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, firstLine, stdout, stderr, exit };
}

afterEach(() => {
  for (const child of children) if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  children.clear();
});

const LISTENING = /^demo exchange listening on (http:\/\/127\.0\.0\.1:\d+)$/;

describe('cli.ts', () => {
  it('via npx: prints the URL first, serves requests, stops on SIGTERM', async () => {
    const r = run('npx', ['tsx', CLI, '--port', '0', '--engine-latency-ms', '50']);
    const line = await r.firstLine;
    const url = LISTENING.exec(line)?.[1];
    expect(url, line).toBeDefined();
    const res = await fetch(`${url}/api/v2/public/time`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: string }).code).toBe('00000');
    // npx does not pass signals on; the process group gets it, as a terminal's Ctrl-C would.
    process.kill(-(r.child.pid as number), 'SIGTERM');
    await r.exit;
    expect(r.stdout.join('\n')).toMatch(/demo exchange stopped \(SIGTERM\)/);
    expect(r.stdout.join('\n')).toContain(DEMO_ACCOUNT.apiKey);
  });

  it('exits 0 on SIGTERM, promptly', async () => {
    // Node with tsx as a loader, not the tsx wrapper, so the signal reaches the CLI itself.
    const r = run(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--no-rate-limit']);
    expect(await r.firstLine).toMatch(LISTENING);
    r.child.kill('SIGTERM');
    const t0 = Date.now();
    expect(await r.exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - t0).toBeLessThan(3_000);
  });

  it('refuses unknown flags with usage and exit code 2 (every case: cli-args.test.ts)', async () => {
    const r = run(process.execPath, ['--import', 'tsx', CLI, '--bogus']);
    expect(await r.exit).toEqual({ code: 2, signal: null });
    expect(r.stderr.join('')).toMatch(/Unknown option '--bogus'/);
    expect(r.stderr.join('')).toMatch(/usage:/);
  });

  it('refuses a bad state file with a clear message and exit code 2', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'demo-cli-')), 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        accounts: [DEMO_ACCOUNT],
        orders: [{ uid: '9', category: 'SPOT', symbol: 'BTCUSDT', price: '1', qty: '1' }],
      }),
    );
    const r = run(process.execPath, ['--import', 'tsx', CLI, '--state', file]);
    expect(await r.exit).toEqual({ code: 2, signal: null });
    const err = r.stderr.join('');
    expect(err).toContain(file);
    expect(err).toContain('orders[0].uid: unknown account uid "9"');
  });

  it('serves a state file, and exits 0 on SIGINT', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'demo-cli-')), 'good.json');
    const order = {
      uid: DEMO_ACCOUNT.uid,
      clientOid: 'from-file',
      category: 'SPOT',
      symbol: 'BTCUSDT',
      price: '1000.00',
      qty: '0.01',
    };
    writeFileSync(file, JSON.stringify({ accounts: [DEMO_ACCOUNT], orders: [order] }));
    const r = run(process.execPath, ['--import', 'tsx', CLI, '--state', file, '--port', '0']);
    const url = LISTENING.exec(await r.firstLine)?.[1];
    const { createHmac } = await import('node:crypto');
    const ts = String(Date.now());
    const path = '/api/v3/trade/order-info';
    const sign = createHmac('sha256', DEMO_ACCOUNT.secretKey)
      .update(`${ts}GET${path}?clientOid=from-file`)
      .digest('base64');
    const res = await fetch(`${url}${path}?clientOid=from-file`, {
      headers: {
        'ACCESS-KEY': DEMO_ACCOUNT.apiKey,
        'ACCESS-SIGN': sign,
        'ACCESS-PASSPHRASE': DEMO_ACCOUNT.passphrase,
        'ACCESS-TIMESTAMP': ts,
      },
    });
    expect(((await res.json()) as { data: { price: string } }).data.price).toBe('1000.00');
    r.child.kill('SIGINT');
    expect(await r.exit).toEqual({ code: 0, signal: null });
  });
});
