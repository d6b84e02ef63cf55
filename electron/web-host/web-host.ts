/**
 * The browser host: the same core and contract as the Electron window, served to a browser over
 * loopback HTTP. It only moves contract calls (`POST /desk/<channel>` → createDispatch → the same
 * zod validation and handlers) and serves the built renderer with the app's CSP; it holds no logic
 * of its own. The page gets window.desk from a script the build bundles (web-host/desk-over-http.js).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IpcResult } from '../../shared/contract';
import type { Dispatch } from '../ipc/dispatch';
import { CONTENT_SECURITY_POLICY } from '../security/csp';
import { mimeType, resolveStaticPath } from '../security/static-files';
import { DESK_PATH_PREFIX, SESSION_PATH } from '../../shared/browser-host';
import { isLoopbackHost, SessionGate, type Refusal } from './session-gate';

/** A contract payload is a few KB; anything near this is not the app's own. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** The script that builds window.desk over HTTP, and the page shown before a session exists. */
export const DESK_SCRIPT = '/web-host/desk-over-http.js';
export const LAUNCH_PAGE = 'web-host/launch.html';

export interface WebHostOptions {
  dispatch: Dispatch;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 127.0.0.1 unless the operator explicitly allowed another address. */
  host?: string;
  port?: number;
  /** Required to bind anything but loopback: the channel is plain HTTP. */
  allowNonLoopback?: boolean;
  /** Slow clients: the whole request must arrive within this (default 30 s; headers within 10 s). */
  requestTimeoutMs?: number;
}

export interface WebHost {
  /** http://127.0.0.1:PORT, without a launch code. */
  readonly url: string;
  readonly port: number;
  /** A fresh one-time link (any earlier unused one is void). Print it; never log it elsewhere. */
  newLaunchUrl(): string;
  close(): Promise<void>;
}

export class NonLoopbackRefused extends Error {
  override name = 'NonLoopbackRefused';
}

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const bindHost = options.host ?? '127.0.0.1';
  if (bindHost === '0.0.0.0' || bindHost === '::') {
    // Which name a remote browser would use is unknown, so the Host check could not hold.
    throw new NonLoopbackRefused(
      `Refusing to serve UTA Desk on every address (${bindHost}): give one address with --host, or better, keep 127.0.0.1 and use an SSH tunnel (ssh -N -L 8765:127.0.0.1:8765 you@this-server).`,
    );
  }
  if (!isLoopbackHost(bindHost) && !options.allowNonLoopback) {
    throw new NonLoopbackRefused(
      `Refusing to serve UTA Desk on ${bindHost}: the browser host speaks plain HTTP and holds your API keys, so it listens on 127.0.0.1 only. From another computer, use an SSH tunnel: ssh -N -L 8765:127.0.0.1:8765 you@this-server, then open the link with port 8765 there (start the host with --port 8765). To bind ${bindHost} anyway, add --allow-non-loopback.`,
    );
  }
  const indexFile = resolveStaticPath(options.rendererDir, '/index.html');
  const indexHtml = withDeskScript(await readFile(`${options.rendererDir}/index.html`, 'utf8'));
  const launchHtml = await readFile(`${options.rendererDir}/${LAUNCH_PAGE}`, 'utf8');

  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  // Node checks the request timeouts only this often (30 s by default): without it a slow client
  // could hold a connection twice as long as the timeout says.
  const server: Server = createServer({
    keepAliveTimeout: 5_000,
    requestTimeout,
    headersTimeout: Math.min(10_000, requestTimeout),
    connectionsCheckingInterval: Math.min(1_000, requestTimeout),
  });
  server.maxHeadersCount = 64;

  async function handle(g: SessionGate, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const hostRefusal = g.checkHost(req.headers);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (hostRefusal) return refuse(res, hostRefusal, path.startsWith(DESK_PATH_PREFIX) || path === SESSION_PATH);
    const method = req.method ?? 'GET';

    if (path.startsWith(DESK_PATH_PREFIX)) {
      if (method !== 'POST') return refuse(res, { status: 403, message: 'Contract calls are POST only.' }, true);
      const refusal =
        g.checkCall(req.headers) ??
        (g.hasSession(req.headers)
          ? undefined
          : ({
              status: 401,
              message: 'No UTA Desk session: open the link UTA Desk printed when it started.',
            } as const));
      if (refusal) return refuse(res, refusal, true);
      const body = await readJson(req, res);
      if (body === NO_BODY) return;
      let channel: string;
      try {
        channel = decodeURIComponent(path.slice(DESK_PATH_PREFIX.length));
      } catch {
        return refuse(res, { status: 400, message: 'The channel name is not valid.' }, true);
      }
      return sendJson(res, 200, await options.dispatch(channel, body));
    }

    if (path === SESSION_PATH) {
      if (method !== 'POST') return refuse(res, { status: 403, message: 'Sessions are POST only.' }, true);
      const refusal = g.checkCall(req.headers);
      if (refusal) return refuse(res, refusal, true);
      const body = await readJson(req, res);
      if (body === NO_BODY) return;
      const token = g.redeem((body as { code?: unknown } | null)?.code);
      if (!token) {
        return refuse(
          res,
          {
            status: 403,
            message:
              'This link has already been used or is not from this start of UTA Desk. Open the newest link UTA Desk printed.',
          },
          true,
        );
      }
      res.writeHead(204, { ...SECURITY_HEADERS, 'set-cookie': g.sessionCookie(token) });
      return void res.end();
    }

    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { ...SECURITY_HEADERS, allow: 'GET, HEAD' });
      return void res.end();
    }
    // The app itself only with a session; without one, the page that trades a launch code for it.
    const file = resolveStaticPath(options.rendererDir, path);
    if (!file) return send(res, 404, 'text/plain; charset=utf-8', 'Not found', method);
    // Decided on the resolved file, so /./index.html or /%69ndex.html cannot skip the launch page.
    if (file === indexFile)
      return send(res, 200, 'text/html; charset=utf-8', g.hasSession(req.headers) ? indexHtml : launchHtml, method);
    let content: Buffer;
    try {
      content = await readFile(file);
    } catch {
      return send(res, 404, 'text/plain; charset=utf-8', 'Not found', method);
    }
    send(res, 200, mimeType(file), content, method);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  // Requests are handled from here on: the gate needs the port the system chose.
  const urlHost = bindHost.includes(':') ? `[${bindHost}]` : bindHost;
  const gate = new SessionGate(port, [urlHost]);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(gate, req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'UTA Desk could not answer this request.');
      else res.destroy();
    });
  });
  const url = `http://${urlHost === 'localhost' ? '127.0.0.1' : urlHost}:${port}`;
  return {
    url,
    port,
    newLaunchUrl: () => `${url}/#launch=${gate.newLaunchCode()}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The desk script runs before the app's own module script, so window.desk exists when it starts. */
export function withDeskScript(html: string): string {
  const at = html.indexOf('<script');
  if (at < 0) throw new Error('The built index.html has no script tag: was the renderer built?');
  return `${html.slice(0, at)}<script type="module" src="${DESK_SCRIPT}"></script>\n    ${html.slice(at)}`;
}

const NO_BODY = Symbol('no body');

/** Reads a JSON body of at most MAX_BODY_BYTES; answers the failure itself and returns NO_BODY. */
async function readJson(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json(;|$)/i.test(type)) {
    refuse(res, { status: 415, message: 'Contract calls carry JSON (Content-Type: application/json).' }, true);
    return NO_BODY;
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    tooLarge(res);
    return NO_BODY;
  }
  const raw = await readBody(req);
  if (raw === TOO_LARGE) {
    tooLarge(res);
    return NO_BODY;
  }
  const text = raw.toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    refuse(res, { status: 400, message: 'The request body is not valid JSON.' }, true);
    return NO_BODY;
  }
}

const TOO_LARGE = Symbol('too large');

/** Stops keeping the body once it is too large; the rest drains until the connection closes. */
function readBody(req: IncomingMessage): Promise<Buffer | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size > MAX_BODY_BYTES) return;
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      chunks.length = 0;
      resolve(TOO_LARGE);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function tooLarge(res: ServerResponse): void {
  // The rest of an oversized body is not worth reading: close the connection after the answer.
  res.shouldKeepAlive = false;
  refuse(res, { status: 413, message: `The request is larger than ${MAX_BODY_BYTES / 1024} KB.` }, true);
}

type Answer = Refusal | { status: 400 | 413 | 415; message: string };

/** Contract paths answer in the contract's own shape, so window.desk shows the sentence. */
function refuse(res: ServerResponse, r: Answer, asContract: boolean): void {
  if (!asContract) return send(res, r.status, 'text/plain; charset=utf-8', r.message);
  const result: IpcResult = {
    ok: false,
    error: {
      kind: r.status === 401 || r.status === 403 ? 'forbidden' : 'validation',
      message: r.message,
      mayHaveTakenEffect: false,
    },
  };
  sendJson(res, r.status, result);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, method = 'GET'): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type });
  res.end(method === 'HEAD' ? undefined : body);
}
