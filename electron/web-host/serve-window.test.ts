/**
 * serveDesk opening the app window, with the browser's process injected: a browser that dies at once
 * (Chromium as root without --no-sandbox) must not be reported as "Opened", must not stop the host, and
 * must leave a working link on screen.
 */
import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../core/create-core';
import type { CoreHandlers } from '../core/handlers';
import { serveDesk, type RunningDesk, type WindowDeps } from './serve';

const ROOT_REFUSAL =
  '[9663:9663:1126/120353.482085:ERROR:content/browser/zygote_host/zygote_host_impl_linux.cc:101] Running as root without --no-sandbox is not supported. See https://crbug.com/638180.';

interface FakeBrowser {
  path: string;
  args: readonly string[];
  exit(code: number, stderr?: string): void;
}

/** A spawn that records each start and hands the test a switch to end the "browser" with a given stderr. */
function fakeSpawn(onStart: (browser: FakeBrowser) => void = () => undefined) {
  const started: FakeBrowser[] = [];
  const spawn = (path: string, args: readonly string[], _options: SpawnOptions): ChildProcess => {
    const child = new EventEmitter() as EventEmitter & {
      pid: number;
      exitCode: number | null;
      signalCode: NodeJS.Signals | null;
      stderr: PassThrough;
      kill: (signal?: NodeJS.Signals) => boolean;
    };
    child.pid = 4242;
    child.exitCode = null;
    child.signalCode = null;
    child.stderr = new PassThrough();
    const exit = (code: number | null, signal: NodeJS.Signals | null, stderr = '') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stderr.end(stderr);
      // The stream's data is read before the exit is reported, as with a real pipe closed by a dying process.
      setImmediate(() => {
        child.exitCode = code;
        child.signalCode = signal;
        child.emit('exit', code, signal);
      });
    };
    child.kill = (signal = 'SIGTERM') => {
      exit(null, signal);
      return true;
    };
    const browser: FakeBrowser = { path, args, exit: (code, stderr) => exit(code, null, stderr) };
    started.push(browser);
    setImmediate(() => {
      child.emit('spawn');
      onStart(browser);
    });
    return child as unknown as ChildProcess;
  };
  return { spawn, started };
}

function fakeCore(): Core {
  const handlers = new Proxy({} as CoreHandlers, {
    get: () => async () => {
      throw new Error('not expected');
    },
  });
  return { handlers, localDemo: {} as never, close: async () => {} };
}

function sink(): { write: (text: string) => void; text: () => string } {
  let text = '';
  return { write: (t) => void (text += t), text: () => text };
}

let root: string;
let rendererDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'uta-serve-window-'));
  rendererDir = join(root, 'renderer');
  await mkdir(join(rendererDir, 'web-host'), { recursive: true });
  await writeFile(
    join(rendererDir, 'index.html'),
    '<html><head><script type="module" src="/a.js"></script></head></html>',
  );
  await writeFile(join(rendererDir, 'web-host', 'launch.html'), 'LAUNCH-PAGE');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('serveDesk opening a window', () => {
  let userDataDir: string;
  const running: RunningDesk[] = [];

  beforeEach(async () => {
    userDataDir = await mkdtemp(join(root, 'user-data-'));
  });
  afterEach(async () => {
    for (const desk of running.splice(0)) await desk.stop();
  });

  const display = { DISPLAY: ':0', UTA_DESK_BROWSER: '/opt/chromium/chromium' };

  async function serve(window: WindowDeps, out = sink()) {
    const desk = await serveDesk(
      { userDataDir, host: '127.0.0.1', port: 0, allowNonLoopback: false, open: true },
      { rendererDir, version: 'test', out, core: fakeCore, window: { platform: 'linux', earlyExitMs: 200, ...window } },
    );
    running.push(desk);
    return { desk, out };
  }

  const links = (text: string) => [...text.matchAll(/(http:\/\/127\.0\.0\.1:\d+\/#launch=[\w-]+)/g)].map((m) => m[1]);

  it('says why a browser that exits at once showed no window, keeps serving, and prints a fresh link', async () => {
    const { spawn } = fakeSpawn((browser) => browser.exit(1, `${ROOT_REFUSAL}\n`));
    const { desk, out } = await serve({ env: display, isRoot: false, spawn });
    const text = out.text();

    expect(text).not.toContain('Opened');
    expect(text).not.toContain('Closing that window stops UTA Desk');
    expect(text).toMatch(
      /chromium closed \d+(\.\d)? s after it started, so no window is showing: "Running as root without --no-sandbox is not supported\. See https:\/\/crbug\.com\/638180\." \(exit code 1\)\. UTA Desk keeps running\./,
    );
    // The first link may have been spent by the dying browser: a new one is printed after the reason.
    const printed = links(text);
    expect(printed).toHaveLength(2);
    expect(printed[1]).not.toBe(printed[0]);
    expect(text.trimEnd().split('\n').at(-1)).toBe(`Open this link (it works once): ${printed[1]}`);

    expect(desk.windowClosed).toBeUndefined();
    const launchPage = await fetch(`${desk.host.url}/`);
    expect(launchPage.status).toBe(200);
  });

  it('names the exit code alone when the browser says nothing', async () => {
    const { spawn } = fakeSpawn((browser) => browser.exit(21));
    const { out } = await serve({ env: display, isRoot: false, spawn });
    expect(out.text()).toMatch(
      /chromium closed \d+(\.\d)? s after it started \(exit code 21\), so no window is showing\./,
    );
  });

  it('reports "Opened" only once the browser has stayed up, and then closing it stops the host', async () => {
    const fake = fakeSpawn();
    const { desk, out } = await serve({ env: display, isRoot: false, spawn: fake.spawn });
    expect(out.text()).toContain(
      'Opened in chromium (its own window and temporary profile). Closing that window stops UTA Desk.',
    );
    expect(fake.started).toHaveLength(1);
    expect(fake.started[0]?.args).not.toContain('--no-sandbox');
    expect(desk.windowClosed).toBeDefined();

    let closed = false;
    void desk.windowClosed?.then(() => (closed = true));
    fake.started[0]?.exit(0);
    await desk.windowClosed;
    expect(closed).toBe(true);
  });

  it('as root, starts Chromium with --no-sandbox and says so in one line', async () => {
    const fake = fakeSpawn();
    const { out } = await serve({ env: display, isRoot: true, spawn: fake.spawn });
    expect(fake.started[0]?.args).toContain('--no-sandbox');
    const note = out
      .text()
      .split('\n')
      .filter((line) => line.includes('--no-sandbox'));
    expect(note).toEqual([
      'Running as root: chromium is started with --no-sandbox, which it needs to run as root (run UTA Desk as a normal user to keep its sandbox).',
    ]);
    expect(out.text()).toContain('Opened in chromium');
  });

  it('as root, does not add --no-sandbox twice when UTA_DESK_BROWSER_ARGS has it', async () => {
    const fake = fakeSpawn();
    const { out } = await serve({
      env: { ...display, UTA_DESK_BROWSER_ARGS: '--no-sandbox' },
      isRoot: true,
      spawn: fake.spawn,
    });
    expect(fake.started[0]?.args.filter((a) => a === '--no-sandbox')).toHaveLength(1);
    expect(out.text()).not.toContain('Running as root');
  });
});
