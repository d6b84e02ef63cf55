import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Core } from '../core/create-core';
import { defaultUserDataDir } from '../core/open-core';
import type { CoreHandlers } from '../core/handlers';
import { LOCK_FILE, UserDataLockedError } from '../core/user-data-lock';
import { parseCommandLine } from '../cli/command-line';
import { COMMAND_TABLE } from '../cli/command-table';
import { runCli } from '../cli/run-cli';
import { SERVE_USAGE } from '../cli/serve-args';
import { UsageError } from '../cli/usage-error';
import { serveDesk, type RunningDesk, type ServeOptions } from './serve';
import { NonLoopbackRefused } from './web-host';
import { connectLocalChannel } from '../local-channel/channel-client';
import { SOCKET_FILE } from '../local-channel/channel-path';

/** An address of this machine that is not loopback, when it has one. */
const LAN = Object.values(networkInterfaces())
  .flat()
  .find((a) => a !== undefined && !a.internal && a.family === 'IPv4')?.address;

/** `uta-desk serve ARGV` as the CLI's one parser reads it: the options, or 'help'. */
function parseServeArgs(argv: readonly string[]): ServeOptions | 'help' {
  const line = parseCommandLine(['serve', ...argv], COMMAND_TABLE);
  if (line.kind === 'help') return 'help';
  if (line.kind !== 'run') throw new Error(`serve ${argv.join(' ')}: ${line.kind}`);
  return line.command as ServeOptions;
}

describe('parseServeArgs', () => {
  it('defaults to 127.0.0.1, a free port, a browser window and the desktop app’s folder', () => {
    expect(parseServeArgs([])).toEqual({
      userDataDir: defaultUserDataDir(),
      host: '127.0.0.1',
      port: 0,
      allowNonLoopback: false,
      open: true,
    });
  });

  it('takes --no-open', () => {
    expect(parseServeArgs(['--no-open'])).toMatchObject({ open: false });
  });

  it('takes --port N, in both spellings', () => {
    expect(parseServeArgs(['--port', '8765'])).toMatchObject({ port: 8765 });
    expect(parseServeArgs(['--port=8765'])).toMatchObject({ port: 8765 });
    expect(parseServeArgs(['--port', '0'])).toMatchObject({ port: 0 });
    expect(parseServeArgs(['--port', '65535'])).toMatchObject({ port: 65535 });
  });

  it.each([['abc'], ['65536'], ['99999'], ['123456'], ['-1'], ['1.5'], ['0x10'], [''], [' 80']])(
    'refuses --port %j',
    (port) => {
      expect(() => parseServeArgs(['--port', port])).toThrow(UsageError);
    },
  );

  it('refuses --port without a value', () => {
    expect(() => parseServeArgs(['--port'])).toThrow(UsageError);
  });

  it('makes a relative --user-data absolute and keeps an absolute one', () => {
    const parsed = parseServeArgs(['--user-data', 'some/dir']);
    expect(parsed).not.toBe('help');
    if (parsed === 'help') return;
    expect(isAbsolute(parsed.userDataDir)).toBe(true);
    expect(parsed.userDataDir).toBe(resolve(process.cwd(), 'some/dir'));
    expect(parseServeArgs(['--user-data', '/srv/desk'])).toMatchObject({ userDataDir: resolve('/srv/desk') });
  });

  it('refuses an empty --user-data', () => {
    expect(() => parseServeArgs(['--user-data', '   '])).toThrow(UsageError);
    expect(() => parseServeArgs(['--user-data='])).toThrow(UsageError);
  });

  it('takes --host and --allow-non-loopback as given (starting the host is what refuses)', () => {
    expect(parseServeArgs(['--host', '0.0.0.0', '--allow-non-loopback'])).toMatchObject({
      host: '0.0.0.0',
      allowNonLoopback: true,
    });
    expect(parseServeArgs(['--host', '  '])).toMatchObject({ host: '127.0.0.1' });
  });

  it('answers help for --help and -h', () => {
    expect(parseServeArgs(['--help'])).toBe('help');
    expect(parseServeArgs(['-h'])).toBe('help');
    expect(parseServeArgs(['--no-open', '--help'])).toBe('help');
  });

  it.each([[['--bogus']], [['--open']], [['extra']], [['--no-open', 'now']], [['-p', '80']]])(
    'refuses %j as a usage error',
    (argv) => {
      expect(() => parseServeArgs(argv)).toThrow(UsageError);
    },
  );
});

interface FakeCore {
  core: Core;
  close: Mock<() => Promise<void>>;
  getAppStatus: Mock<() => Promise<{ fake: boolean }>>;
}

function fakeCore(): FakeCore {
  const close = vi.fn(async () => {});
  const getAppStatus = vi.fn(async () => ({ fake: true }));
  const handlers = new Proxy({} as CoreHandlers, {
    get: (_t, key: string) =>
      key === 'getAppStatus'
        ? getAppStatus
        : async () => {
            throw new Error(`not expected: ${key}`);
          },
  });
  return { core: { handlers, localDemo: {} as never, close }, close, getAppStatus };
}

function sink(): { write: (text: string) => void; text: () => string } {
  let text = '';
  return { write: (t) => void (text += t), text: () => text };
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => done(e.code === 'ECONNREFUSED'));
  });
}

let root: string;
let rendererDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'uta-serve-'));
  rendererDir = join(root, 'renderer');
  await mkdir(join(rendererDir, 'web-host'), { recursive: true });
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(
    join(rendererDir, 'index.html'),
    '<html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  await writeFile(join(rendererDir, 'web-host', 'launch.html'), 'LAUNCH-PAGE');
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1);');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('serveDesk', () => {
  let userDataDir: string;
  const running: RunningDesk[] = [];

  beforeEach(async () => {
    userDataDir = await mkdtemp(join(root, 'user-data-'));
  });
  afterEach(async () => {
    for (const desk of running.splice(0)) await desk.stop();
  });

  function options(extra: Partial<ServeOptions> = {}): ServeOptions {
    return { userDataDir, host: '127.0.0.1', port: 0, allowNonLoopback: false, open: false, ...extra };
  }

  async function serve(fake = fakeCore(), out = sink(), extra: Partial<ServeOptions> = {}): Promise<RunningDesk> {
    const desk = await serveDesk(options(extra), { rendererDir, version: 'test', out, core: () => fake.core });
    running.push(desk);
    return desk;
  }

  it('prints the address and a one-time link that opens a session on the injected core', async () => {
    const fake = fakeCore();
    const out = sink();
    const desk = await serve(fake, out);
    const lines = out.text().trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`UTA Desk is running at ${desk.host.url} (browser host; profiles in ${userDataDir}).`);
    expect(desk.host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const link = /^Open this link \(it works once\): (\S+)$/.exec(lines[1] ?? '')?.[1];
    expect(link).toMatch(new RegExp(`^${desk.host.url.replace(/\./g, '\\.')}/#launch=[A-Za-z0-9_-]{43}$`));
    expect(desk.core).toBe(fake.core);
    expect(desk.windowClosed).toBeUndefined();

    // The printed link is live: its code opens a session, and calls reach the core through the contract.
    const code = (link ?? '').split('#launch=')[1];
    const headers = { 'content-type': 'application/json', 'x-uta-desk': '1' };
    const opened = await fetch(`${desk.host.url}/session`, { method: 'POST', headers, body: JSON.stringify({ code }) });
    expect(opened.status).toBe(204);
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const status = await fetch(`${desk.host.url}/desk/app:status`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: '{}',
    });
    expect(await status.json()).toEqual({ ok: true, data: { fake: true } });
    expect(fake.getAppStatus).toHaveBeenCalledWith({});
  });

  it('holds the user-data lock: a second serveDesk fails while the first runs, and works after stop()', async () => {
    const first = await serve();
    const secondCore = vi.fn(() => fakeCore().core);
    const error = await serveDesk(options(), { rendererDir, version: 'test', out: sink(), core: secondCore }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UserDataLockedError);
    expect((error as Error).message).toContain(userDataDir);
    expect(secondCore).not.toHaveBeenCalled();

    await first.stop();
    const again = await serve();
    expect(again.host.port).toBeGreaterThan(0);
  });

  it('stop() closes the core once, closes the port and removes the lock file', async () => {
    const fake = fakeCore();
    const desk = await serve(fake);
    const lockPath = join(userDataDir, LOCK_FILE);
    expect(existsSync(lockPath)).toBe(true);
    expect(await refusesConnections(desk.host.port)).toBe(false);

    await desk.stop();
    expect(fake.close).toHaveBeenCalledTimes(1);
    expect(await refusesConnections(desk.host.port)).toBe(true);
    expect(existsSync(lockPath)).toBe(false);
  });

  it.skipIf(process.platform === 'win32')(
    'serves the command line on the folder’s socket while it runs, its calls tagged as the CLI’s, and closes it on stop()',
    async () => {
      const fake = fakeCore();
      const desk = await serve(fake);
      expect(desk.channel?.path).toBe(join(userDataDir, SOCKET_FILE));
      const channel = await connectLocalChannel(userDataDir);
      try {
        expect(await channel?.invoke('app:status', {})).toEqual({ ok: true, data: { fake: true } });
        expect(fake.getAppStatus).toHaveBeenCalledWith({}, { host: 'cli' });
      } finally {
        channel?.close();
      }
      await desk.stop();
      expect(existsSync(join(userDataDir, SOCKET_FILE))).toBe(false);
      expect(await connectLocalChannel(userDataDir)).toBeUndefined();
    },
  );

  it.skipIf(process.platform === 'win32')(
    'runs without the channel when something else stands at its path, and says so',
    async () => {
      await writeFile(join(userDataDir, SOCKET_FILE), 'not a socket');
      const out = sink();
      const desk = await serve(fakeCore(), out);
      expect(desk.channel).toBeUndefined();
      expect(out.text()).toContain(
        `The command line's channel is not served: ${join(userDataDir, SOCKET_FILE)} is not a socket.`,
      );
      expect(await connectLocalChannel(userDataDir)).toBeUndefined();
    },
  );

  it('stop() is idempotent, also when called twice at once', async () => {
    const fake = fakeCore();
    const desk = await serve(fake);
    const both = [desk.stop(), desk.stop()];
    expect(both[0]).toBe(both[1]);
    await Promise.all(both);
    await desk.stop();
    expect(fake.close).toHaveBeenCalledTimes(1);
  });

  it('closes the core and releases the lock when the host cannot start', async () => {
    const refused = fakeCore();
    const error = await serveDesk(options({ host: '0.0.0.0' }), {
      rendererDir,
      version: 'test',
      out: sink(),
      core: () => refused.core,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NonLoopbackRefused);
    expect(refused.close).toHaveBeenCalledTimes(1);
    expect(existsSync(join(userDataDir, LOCK_FILE))).toBe(false);

    const unbuilt = fakeCore();
    await expect(
      serveDesk(options(), {
        rendererDir: join(root, 'absent'),
        version: 'test',
        out: sink(),
        core: () => unbuilt.core,
      }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
    expect(unbuilt.close).toHaveBeenCalledTimes(1);

    // Nothing was left holding the folder.
    await serve();
  });

  it.skipIf(LAN === undefined)('warns on a non-loopback bind that was explicitly allowed', async () => {
    const out = sink();
    const desk = await serve(fakeCore(), out, { host: LAN, allowNonLoopback: true });
    expect(out.text()).toContain(`Listening on ${LAN} too: this is plain HTTP`);
    expect(desk.host.url).toBe(`http://${LAN}:${desk.host.port}`);
  });
});

describe('runServe exit codes', () => {
  let userDataDir: string;

  beforeEach(async () => {
    userDataDir = await mkdtemp(join(root, 'run-'));
  });

  function run(argv: string[], core = fakeCore()) {
    const out = sink();
    const err = sink();
    const code = runCli(['serve', ...argv], {
      env: {},
      version: 'test',
      stdout: out,
      stderr: err,
      serve: { rendererDir, core: () => core.core },
    });
    return { code, out, err };
  }

  it('prints the usage for --help and exits 0', async () => {
    const { code, out, err } = run(['--help']);
    expect(await code).toBe(0);
    expect(out.text()).toBe(SERVE_USAGE);
    expect(err.text()).toBe('');
  });

  it('exits 2 with the usage on a bad argument', async () => {
    const { code, out, err } = run(['--port', 'http']);
    expect(await code).toBe(2);
    expect(err.text()).toMatch(/^uta-desk serve: --port must be 0-65535\.\n\nUsage:/);
    expect(out.text()).toBe('');
  });

  it('exits 1 when the folder is in use by another host', async () => {
    const first = await serveDesk(
      { userDataDir, host: '127.0.0.1', port: 0, allowNonLoopback: false, open: false },
      { rendererDir, version: 'test', out: sink(), core: () => fakeCore().core },
    );
    try {
      const { code, err } = run(['--no-open', '--user-data', userDataDir]);
      expect(await code).toBe(1);
      expect(err.text()).toMatch(/^uta-desk: UTA Desk is already running on /);
    } finally {
      await first.stop();
    }
  });

  it('exits 1 in words when a folder stands where the lock file should be', async () => {
    await mkdir(join(userDataDir, LOCK_FILE));
    const { code, err } = run(['--no-open', '--user-data', userDataDir]);
    expect(await code).toBe(1);
    expect(err.text()).toBe(
      `uta-desk: UTA Desk cannot start: ${join(userDataDir, LOCK_FILE)} is a folder, where UTA Desk keeps one of its files. Move that folder away and try again.\n`,
    );
  });

  it('exits 1 on a non-loopback address without --allow-non-loopback', async () => {
    const core = fakeCore();
    const { code, err } = run(['--no-open', '--user-data', userDataDir, '--host', '192.0.2.10'], core);
    expect(await code).toBe(1);
    expect(err.text()).toContain('--allow-non-loopback');
    expect(core.close).toHaveBeenCalledTimes(1);
  });

  it('exits 1 naming the port when it is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const { port } = blocker.address() as AddressInfo;
    try {
      const { code, err } = run(['--no-open', '--user-data', userDataDir, '--port', String(port)]);
      expect(await code).toBe(1);
      expect(err.text()).toBe(`uta-desk: port ${port} is in use; choose another with --port.\n`);
    } finally {
      await new Promise<void>((done) => blocker.close(() => done()));
    }
    expect(existsSync(join(userDataDir, LOCK_FILE))).toBe(false);
  });

  it('exits 1 asking for a build when the renderer is missing', async () => {
    const out = sink();
    const err = sink();
    const code = await runCli(['serve', '--no-open', '--user-data', userDataDir], {
      env: {},
      version: 'test',
      stdout: out,
      stderr: err,
      serve: { rendererDir: join(root, 'absent'), core: () => fakeCore().core },
    });
    expect(code).toBe(1);
    expect(err.text()).toMatch(/not built yet: run `npm run build`/);
  });
});
