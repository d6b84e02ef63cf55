/**
 * The app's local channel: while a host (the Electron main process or the browser host) holds the
 * user-data lock, the command line sends it its contract calls here instead of opening the folder
 * itself, so one process writes the activity log and one set of guards decides every amend.
 *
 * Newline-delimited JSON over a Unix socket (0600, in a folder only this user may write) or a named
 * pipe: one line `{ id, channel, request }` in, one line `{ id, ok, data | error }` out, answered as
 * they finish. Every request goes through the host's dispatch, so the contract's validation is the
 * same as over IPC or HTTP; the channel only adds the caller `{ host: 'cli' }`, from where the call
 * arrived, never from its body.
 */
import { chmod, unlink } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { z } from 'zod';
import type { Caller } from '../../shared/call-source';
import type { IpcResult } from '../../shared/contract';
import type { DeskErrorData } from '../../shared/errors';
import type { Dispatch } from '../ipc/dispatch';
import { assertPrivateFolder, LocalChannelError, localChannelPath, MAX_REQUEST_BYTES, socketAt } from './channel-path';
import { LineSplitter } from './line-splitter';

export interface LocalChannelOptions {
  /** Longest request line taken (default MAX_REQUEST_BYTES); a longer one is refused and its connection closed. */
  maxLineBytes?: number;
  /** Connections served at once (default 8); one more is answered "busy" and closed. */
  maxConnections?: number;
  /** Requests of one connection under way at once (default 16); it is read no further until one ends. */
  maxInFlight?: number;
  /** How long close() waits for answers under way (default 6 s: a read of an attempt waits 5 s at most). */
  drainMs?: number;
  platform?: NodeJS.Platform;
}

export interface LocalChannelServer {
  /** The socket's path (or the pipe's name). */
  readonly path: string;
  /** Takes no new call, waits (bounded) for the answers under way, closes every connection and removes the socket. */
  close(): Promise<void>;
}

const CLI: Caller = { host: 'cli' };

const envelopeSchema = z.strictObject({
  id: z.union([z.string().max(64), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]),
  channel: z.string().max(1024),
  request: z.unknown().optional(),
});
type RequestId = z.infer<typeof envelopeSchema>['id'];

/**
 * Serves the channel. The caller must hold the user-data lock: only then is a socket left at the path
 * one of a process that is gone (a crash), removed here after checking that nothing answers on it.
 * Throws LocalChannelError (words for the operator) when the folder or the path is not fit for it.
 */
export async function serveLocalChannel(
  userDataDir: string,
  dispatch: Dispatch,
  options: LocalChannelOptions = {},
): Promise<LocalChannelServer> {
  const platform = options.platform ?? process.platform;
  const path = localChannelPath(userDataDir, platform);
  const unix = platform !== 'win32';
  if (unix) {
    await assertPrivateFolder(userDataDir);
    await removeStaleSocket(path);
  }
  const maxConnections = options.maxConnections ?? 8;
  const connections = new Set<Socket>();
  const underWay = new Set<Promise<void>>();
  let closing = false;

  const server = createServer({ pauseOnConnect: false }, (socket) => {
    if (closing || connections.size >= maxConnections) {
      const why = closing
        ? 'UTA Desk is closing: try again once it has stopped.'
        : `UTA Desk is serving ${maxConnections} command-line connections already: try again when one ends.`;
      socket.on('error', () => undefined);
      // Nothing of it is read: once the answer is out it is closed, not left half open.
      socket.end(answerLine(null, { ok: false, error: refusal('conflict', why) }), () => socket.destroy());
      return;
    }
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    serveConnection(socket, dispatch, {
      maxLineBytes: options.maxLineBytes ?? MAX_REQUEST_BYTES,
      maxInFlight: options.maxInFlight ?? 16,
      closing: () => closing,
      track: (work) => {
        underWay.add(work);
        void work.finally(() => underWay.delete(work));
      },
    });
  });
  await listenPrivately(server, path, unix);

  let closed: Promise<void> | undefined;
  return {
    path,
    close: () =>
      (closed ??= (async () => {
        closing = true;
        const stopped = new Promise<void>((done) => server.close(() => done()));
        await settledWithin([...underWay], options.drainMs ?? 6000);
        for (const socket of connections) socket.destroy();
        await stopped;
        // libuv removes the socket it bound; this is for a platform or a version that does not.
        if (unix && (await socketAt(path).catch(() => 'none')) === 'ours') await unlink(path).catch(() => undefined);
      })()),
  };
}

interface ConnectionLimits {
  maxLineBytes: number;
  maxInFlight: number;
  closing: () => boolean;
  track: (work: Promise<void>) => void;
}

function serveConnection(socket: Socket, dispatch: Dispatch, limits: ConnectionLimits): void {
  const lines = new LineSplitter(limits.maxLineBytes);
  let inFlight = 0;
  // A reset by the other end is the end of its connection, nothing more.
  socket.on('error', () => undefined);
  const send = (text: string) => {
    if (!socket.destroyed && socket.writable) socket.write(text);
  };
  socket.on('data', (chunk: Buffer) => {
    const { lines: complete, overflow } = lines.push(chunk);
    for (const line of complete) {
      if (line.trim() === '') continue;
      inFlight++;
      if (inFlight >= limits.maxInFlight) socket.pause();
      const work = answer(line, dispatch, limits.closing).then((text) => {
        send(text);
        inFlight--;
        if (inFlight < limits.maxInFlight && !overflow) socket.resume();
      });
      limits.track(work);
    }
    if (overflow) {
      // The rest of that line would be read as garbage: say why, and end this connection only.
      // Answers under way are dropped with it (their caller learns the connection closed).
      socket.pause();
      if (socket.destroyed || !socket.writable) return;
      socket.end(
        answerLine(null, {
          ok: false,
          error: refusal('validation', `A request line is longer than ${limits.maxLineBytes} bytes: it was not read.`),
        }),
        () => socket.destroy(),
      );
    }
  });
}

async function answer(line: string, dispatch: Dispatch, closing: () => boolean): Promise<string> {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return answerLine(null, { ok: false, error: refusal('validation', 'A request line is not JSON.') });
  }
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) {
    const id = idOf(raw);
    return answerLine(id, {
      ok: false,
      error: refusal('validation', 'A request line must be { "id", "channel", "request" } and nothing else.'),
    });
  }
  const { id, channel, request } = envelope.data;
  if (closing())
    return answerLine(id, { ok: false, error: refusal('conflict', 'UTA Desk is closing: nothing new is taken.') });
  try {
    return answerLine(id, await dispatch(channel, request, CLI));
  } catch (e) {
    // The dispatch answers every failure itself; this is a last resort, not a path.
    return answerLine(id, {
      ok: false,
      error: refusal(
        'internal',
        `Unexpected failure on the local channel: ${e instanceof Error ? e.message : String(e)}`,
      ),
    });
  }
}

function idOf(raw: unknown): RequestId | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const parsed = envelopeSchema.shape.id.safeParse((raw as { id?: unknown }).id);
  return parsed.success ? parsed.data : null;
}

function answerLine(id: RequestId | null, result: IpcResult): string {
  return `${JSON.stringify({ id, ...result })}\n`;
}

function refusal(kind: DeskErrorData['kind'], message: string): DeskErrorData {
  return { kind, message, mayHaveTakenEffect: false };
}

/**
 * A socket left by a crashed app is removed; one that answers belongs to a live process (which should
 * not be, since this process holds the lock) and is left alone; anything else in the way is refused.
 */
async function removeStaleSocket(path: string): Promise<void> {
  const found = await socketAt(path);
  if (found === 'none') return;
  if (found !== 'ours')
    throw new LocalChannelError(
      `The command line's channel is not served: ${path} is ${found === 'foreign' ? "another user's socket" : 'not a socket'}. Move it away and start UTA Desk again.`,
    );
  if (await answers(path))
    throw new LocalChannelError(`The command line's channel is not served: another process answers on ${path}.`);
  await unlink(path).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
}

function answers(path: string): Promise<boolean> {
  return new Promise((done) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      done(true);
    });
    probe.once('error', () => done(false));
  });
}

/**
 * Binds with a umask that leaves the socket to its owner from its first instant (the bind happens
 * within listen()), then sets 0600 explicitly and checks it, in case the umask could not be set
 * (worker threads) or the platform ignores it.
 */
async function listenPrivately(server: Server, path: string, unix: boolean): Promise<void> {
  const listening = new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  let previous: number | undefined;
  try {
    if (unix) previous = process.umask(0o177);
  } catch {
    previous = undefined;
  }
  try {
    server.listen(path);
  } finally {
    if (previous !== undefined) process.umask(previous);
  }
  await listening;
  if (!unix) return;
  try {
    await chmod(path, 0o600);
  } catch (e) {
    await new Promise<void>((done) => server.close(() => done()));
    throw e;
  }
}

async function settledWithin(work: Promise<unknown>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(work),
    new Promise<void>((done) => {
      timer = setTimeout(done, ms);
    }),
  ]);
  clearTimeout(timer);
}
