/**
 * The command line's end of the local channel (see channel-server.ts): when an app runs on the
 * user-data folder, its contract calls go there, answered by the app's own core. `invoke` has the
 * shape of the preload's, so `buildDeskApi(channel.invoke)` gives the CLI the same `desk` as the page.
 */
import { connect, type Socket } from 'node:net';
import type { Invoke, IpcResult } from '../../shared/contract';
import type { DeskErrorData } from '../../shared/errors';
import { excerpt } from '../../shared/excerpt';
import { LocalChannelError, localChannelPath, MAX_ANSWER_BYTES, MAX_REQUEST_BYTES, socketAt } from './channel-path';
import { LineSplitter } from './line-splitter';

export { LocalChannelError } from './channel-path';

export interface LocalChannel {
  /** The socket's path (or the pipe's name) this channel is connected to. */
  readonly path: string;
  /**
   * One contract call, answered `{ ok, data | error }` as over IPC (buildDeskApi checks the answer).
   * Never rejects: a connection lost before the answer is an error that may have taken effect.
   */
  invoke: Invoke;
  /** Ends the connection; calls still waiting are answered as lost. Safe to call twice. */
  close(): void;
}

export interface ConnectOptions {
  platform?: NodeJS.Platform;
}

/**
 * Connects to the app serving this user-data folder. Undefined when none does: no socket, or one left
 * by an app that is gone (nothing is removed: that is the next app's to do, under the lock). Throws
 * LocalChannelError when something answers that this user must not trust (another user's socket).
 */
export async function connectLocalChannel(
  userDataDir: string,
  options: ConnectOptions = {},
): Promise<LocalChannel | undefined> {
  const platform = options.platform ?? process.platform;
  let path: string;
  try {
    path = localChannelPath(userDataDir, platform);
  } catch (e) {
    // A path too long for a socket: no app can serve one there either.
    if (e instanceof LocalChannelError) return undefined;
    throw e;
  }
  if (platform !== 'win32') {
    const found = await socketAt(path);
    if (found === 'none' || found === 'not-a-socket') return undefined;
    if (found === 'foreign')
      throw new LocalChannelError(
        `${path} is another user's socket: the command line does not send your requests there. Move it away.`,
      );
  }
  const socket = await open(path);
  return socket ? channelOver(socket, path) : undefined;
}

function open(path: string): Promise<Socket | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'ECONNREFUSED') resolve(undefined);
      else if (e.code === 'EACCES' || e.code === 'EPERM')
        reject(new LocalChannelError(`The command line may not use ${path} (${e.code}): it is not yours.`));
      else reject(e);
    });
  });
}

function channelOver(socket: Socket, path: string): LocalChannel {
  const waiting = new Map<number, { channel: string; resolve: (r: IpcResult) => void }>();
  const lines = new LineSplitter(MAX_ANSWER_BYTES);
  let nextId = 1;
  let ended: string | undefined;

  const endAll = (why: string) => {
    ended ??= why;
    for (const [id, w] of waiting) {
      waiting.delete(id);
      w.resolve(lost(w.channel, ended));
    }
  };
  socket.on('data', (chunk: Buffer) => {
    const { lines: complete, overflow } = lines.push(chunk);
    for (const line of complete) settle(line);
    if (overflow) {
      endAll(`an answer was longer than ${MAX_ANSWER_BYTES} bytes`);
      socket.destroy();
    }
  });
  socket.on('error', (e: Error) => endAll(e.message));
  socket.on('close', () => endAll('UTA Desk closed the connection'));

  function settle(line: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return;
    }
    if (typeof parsed !== 'object' || parsed === null) return;
    const { id, ...result } = parsed as { id?: unknown };
    const w = typeof id === 'number' ? waiting.get(id) : undefined;
    if (w) {
      waiting.delete(id as number);
      w.resolve(result as IpcResult);
    } else if (id === null && 'ok' in result && result.ok === false) {
      // The app refused the connection or a line as a whole (busy, closing, too long): every call learns why.
      const error = (result as { error?: { message?: unknown } }).error;
      endAll(typeof error?.message === 'string' ? excerpt(error.message, 300) : 'UTA Desk refused the connection');
    }
  }

  return {
    path,
    invoke: (channel, payload) => {
      if (ended !== undefined) return Promise.resolve(notSent(channel, `the local channel is closed (${ended})`));
      const id = nextId++;
      const line = `${JSON.stringify({ id, channel, request: payload ?? {} })}\n`;
      if (Buffer.byteLength(line) > MAX_REQUEST_BYTES)
        return Promise.resolve(notSent(channel, `the request is longer than ${MAX_REQUEST_BYTES} bytes`, 'validation'));
      return new Promise<IpcResult>((resolve) => {
        waiting.set(id, { channel, resolve });
        socket.write(line);
      });
    },
    close: () => {
      endAll('the command line closed it');
      socket.destroy();
    },
  };
}

function notSent(channel: string, why: string, kind: DeskErrorData['kind'] = 'network'): IpcResult {
  return {
    ok: false,
    error: { kind, message: `Not sent to UTA Desk on ${channel}: ${why}.`, mayHaveTakenEffect: false },
  };
}

/** Sent, and no answer came back: the app may have carried it out (an amend may be on its way). */
function lost(channel: string, why: string): IpcResult {
  return {
    ok: false,
    error: {
      kind: 'network',
      message: `UTA Desk did not answer on ${channel} (${why}): it may or may not have carried it out; check Activity in the app.`,
      mayHaveTakenEffect: true,
    },
  };
}
