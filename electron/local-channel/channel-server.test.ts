/**
 * The local channel over real sockets in a temporary folder: private to its user, a socket left by a
 * crash replaced, a line too long refused without harm to the server, every request validated by the
 * same dispatch as IPC and tagged as the command line's by where it arrived.
 */
import { spawn } from 'node:child_process';
import { chmod, lstat, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RUN_ITEMS } from '../../shared/batch-run';
import type { Caller } from '../../shared/call-source';
import { buildDeskApi } from '../../shared/contract';
import type { CoreHandlers } from '../core/handlers';
import { createDispatch } from '../ipc/dispatch';
import { connectLocalChannel, type LocalChannel } from './channel-client';
import { LocalChannelError, localChannelPath, MAX_REQUEST_BYTES, SOCKET_FILE } from './channel-path';
import { serveLocalChannel, type LocalChannelServer } from './channel-server';
import { LineSplitter } from './line-splitter';

const posix = process.platform !== 'win32';

let dir: string;
const servers: LocalChannelServer[] = [];
const clients: LocalChannel[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uta-chan-'));
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
  await rm(dir, { recursive: true, force: true });
});

/** Handlers that answer what they were given, and who for: enough to see what reaches the core. */
function echoHandlers(seen: { request: unknown; caller: Caller | undefined }[] = []): CoreHandlers {
  return new Proxy({} as CoreHandlers, {
    get: (_t, method: string) => async (request: unknown, caller?: Caller) => {
      seen.push({ request, caller });
      if (method === 'getAppStatus') throw new Error('not in this test');
      return { at: 1 };
    },
  });
}

async function serve(handlers = echoHandlers(), options = {}): Promise<LocalChannelServer> {
  const server = await serveLocalChannel(dir, createDispatch(handlers), options);
  servers.push(server);
  return server;
}

async function client(): Promise<LocalChannel> {
  const c = await connectLocalChannel(dir);
  if (!c) throw new Error('no channel');
  clients.push(c);
  return c;
}

/** A raw connection: the answer lines to `text`, ended by us once `expected` have come, or by the server. */
function rawExchange(path: string, text: string | Buffer, expected: number): Promise<{ lines: unknown[] }> {
  return new Promise((resolve) => {
    const socket = connect(path);
    let buffer = '';
    const lines = () =>
      buffer
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown);
    socket.on('error', () => undefined);
    socket.on('data', (d) => {
      buffer += d.toString();
      if (buffer.split('\n').length - 1 >= expected) socket.end();
    });
    socket.on('close', () => resolve({ lines: lines() }));
    socket.write(text, () => undefined);
  });
}

describe.skipIf(!posix)('the socket', () => {
  it('is 0600 in the user-data folder, and leaves with close()', async () => {
    const server = await serve();
    expect(server.path).toBe(join(dir, SOCKET_FILE));
    const s = await lstat(server.path);
    expect(s.isSocket()).toBe(true);
    expect(s.mode & 0o777).toBe(0o600);
    await server.close();
    await expect(lstat(server.path)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await connectLocalChannel(dir)).toBeUndefined();
  });

  it('replaces a socket left by a process that died, and the client reports "no app" until then', async () => {
    const path = localChannelPath(dir);
    // A process that binds the socket and dies without cleaning up, as a crash does.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `require('net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`,
      ],
      { stdio: 'ignore' },
    );
    await new Promise((done) => child.once('exit', done));
    expect((await lstat(path)).isSocket()).toBe(true);
    // No listener behind it: no app, and nothing removed by the client.
    expect(await connectLocalChannel(dir)).toBeUndefined();
    expect((await lstat(path)).isSocket()).toBe(true);

    await serve();
    const desk = buildDeskApi((await client()).invoke);
    expect(await desk.pingHost({})).toEqual({ ok: true, data: { at: 1 } });
  });

  it('is not served where another process answers, nor over a file that is not a socket', async () => {
    const path = localChannelPath(dir);
    const other: Server = createServer();
    await new Promise<void>((done) => other.listen(path, done));
    try {
      await expect(serveLocalChannel(dir, createDispatch(echoHandlers()))).rejects.toThrow(/another process answers/);
    } finally {
      await new Promise((done) => other.close(done));
    }
    await writeFile(path, 'not a socket');
    await expect(serveLocalChannel(dir, createDispatch(echoHandlers()))).rejects.toThrow(/is not a socket/);
    expect(await connectLocalChannel(dir)).toBeUndefined();
  });

  it('takes write permission away from group and others on the folder before it serves there', async () => {
    await chmod(dir, 0o777);
    await serve();
    expect((await lstat(dir)).mode & 0o777).toBe(0o755);
  });

  it('is not served where the path is too long for a socket, and the client then finds no app', async () => {
    const deep = join(dir, 'x'.repeat(120));
    await expect(serveLocalChannel(deep, createDispatch(echoHandlers()))).rejects.toBeInstanceOf(LocalChannelError);
    expect(await connectLocalChannel(deep)).toBeUndefined();
  });

  it('answers "no app" when nothing was ever served', async () => {
    expect(await connectLocalChannel(dir)).toBeUndefined();
  });
});

describe.skipIf(!posix)('requests', () => {
  it('are validated by the same dispatch as IPC, and reach the core as the command line’s', async () => {
    const seenIpc: { request: unknown; caller: Caller | undefined }[] = [];
    const seenChannel: { request: unknown; caller: Caller | undefined }[] = [];
    const ipc = createDispatch(echoHandlers(seenIpc));
    await serve(echoHandlers(seenChannel));
    const channel = await client();
    const payloads: [string, unknown][] = [
      ['instruments:list', { category: 'OPTIONS' }],
      ['amend:send', { request: { orderId: '1', price: '1', apiSecret: 'x' } }],
      ['amend:send', 'not an object'],
      ['shell:exec', {}],
      ['x'.repeat(1000), {}],
      ['instruments:list', { category: 'SPOT', symbol: '  BTCUSDT ' }],
    ];
    for (const [name, payload] of payloads)
      expect(await channel.invoke(name, payload), name.slice(0, 20)).toEqual(await ipc(name, payload));
    // Only the valid one reached a handler, parsed the same way; the channel's as the CLI's.
    expect(seenIpc).toEqual([{ request: { category: 'SPOT', symbol: 'BTCUSDT' }, caller: undefined }]);
    expect(seenChannel).toEqual([{ request: { category: 'SPOT', symbol: 'BTCUSDT' }, caller: { host: 'cli' } }]);
  });

  it('cannot name their own caller: the envelope is { id, channel, request } and nothing else', async () => {
    const seen: { request: unknown; caller: Caller | undefined }[] = [];
    const server = await serve(echoHandlers(seen));
    const { lines } = await rawExchange(
      server.path,
      `${JSON.stringify({ id: 7, channel: 'app:ping', request: {}, caller: { host: 'desktop' } })}\n` +
        `${JSON.stringify({ id: 8, channel: 'app:ping', request: { caller: { host: 'desktop' } } })}\n` +
        'not json\n',
      3,
    );
    const byId = (l: unknown) => String((l as { id: unknown }).id);
    expect(lines.sort((a, b) => byId(a).localeCompare(byId(b)))).toEqual([
      { id: 7, ok: false, error: expect.objectContaining({ kind: 'validation' }) },
      {
        id: 8,
        ok: false,
        error: expect.objectContaining({
          kind: 'validation',
          message: expect.stringMatching(/Unknown field: "caller"/),
        }),
      },
      {
        id: null,
        ok: false,
        error: expect.objectContaining({ kind: 'validation', message: 'A request line is not JSON.' }),
      },
    ]);
    expect(seen).toEqual([]);
  });

  it('refuses a line over the bound and closes that connection only; the server goes on', async () => {
    const server = await serve(echoHandlers(), { maxLineBytes: 64 * 1024 });
    // Only the server's close ends this exchange: the line has no end.
    const { lines } = await rawExchange(server.path, Buffer.alloc(200 * 1024, 0x61), Infinity);
    expect(lines).toEqual([
      {
        id: null,
        ok: false,
        error: expect.objectContaining({
          kind: 'validation',
          message: expect.stringContaining('longer than 65536 bytes'),
        }),
      },
    ]);
    const desk = buildDeskApi((await client()).invoke);
    expect(await desk.pingHost({})).toEqual({ ok: true, data: { at: 1 } });
  });

  it('fit a run of the most items a run holds, many times over', () => {
    const item = { orderId: '1234567890123456789', price: '123456.789', qty: '0.12345', autoCancel: 'no' };
    const run = {
      id: 1,
      channel: 'run:start',
      request: { items: Array.from({ length: MAX_RUN_ITEMS * 2 }, () => item) },
    };
    expect(Buffer.byteLength(JSON.stringify(run)) * 10).toBeLessThan(MAX_REQUEST_BYTES);
  });

  it('answer "busy" past the connection bound, and serve again once one ends', async () => {
    await serve(echoHandlers(), { maxConnections: 1 });
    const first = await client();
    const second = await client();
    const refused = await second.invoke('app:ping', {});
    expect(refused).toMatchObject({ ok: false, error: { message: expect.stringMatching(/connections already/) } });
    expect(await first.invoke('app:ping', {})).toEqual({ ok: true, data: { at: 1 } });
    first.close();
    await vi.waitFor(async () => {
      const third = await client();
      expect(await third.invoke('app:ping', {})).toEqual({ ok: true, data: { at: 1 } });
    });
  });

  it('waiting when the app goes away are answered as lost, possibly carried out', async () => {
    let release: (() => void) | undefined;
    const handlers = new Proxy({} as CoreHandlers, {
      get: () => () => new Promise((done) => (release = () => done({ at: 2 }))),
    });
    const server = await serve(handlers, { drainMs: 50 });
    const channel = await client();
    const pending = channel.invoke('app:ping', {});
    await vi.waitFor(() => expect(release).toBeDefined());
    await server.close();
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'network', mayHaveTakenEffect: true } });
    release?.();
    expect(await channel.invoke('app:ping', {})).toMatchObject({ ok: false, error: { mayHaveTakenEffect: false } });
  });
});

describe('the line splitter', () => {
  it('splits across chunks and stops at the bound', () => {
    const s = new LineSplitter(8);
    expect(s.push(Buffer.from('ab'))).toEqual({ lines: [], overflow: false });
    expect(s.push(Buffer.from('c\nde\nf'))).toEqual({ lines: ['abc', 'de'], overflow: false });
    expect(s.push(Buffer.from('12345678\n'))).toEqual({ lines: [], overflow: true });
    expect(s.push(Buffer.from('ok\n'))).toEqual({ lines: [], overflow: true });
  });
});

describe('the pipe name on Windows', () => {
  it('is derived from the folder, the same for any spelling of its case', () => {
    const a = localChannelPath('C:\\Users\\Ana\\AppData\\Roaming\\uta-desk', 'win32');
    expect(a).toMatch(/^\\\\\.\\pipe\\uta-desk-[0-9a-f]{32}$/);
    expect(localChannelPath('c:\\users\\ana\\appdata\\roaming\\uta-desk', 'win32')).toBe(a);
    expect(localChannelPath('C:\\Users\\Bo\\AppData\\Roaming\\uta-desk', 'win32')).not.toBe(a);
  });
});
