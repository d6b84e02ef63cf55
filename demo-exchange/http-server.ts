/**
 * HTTP plumbing of the demo exchange on node:http: routing, body limits, authentication and rate
 * limits in the exchange's order, the error envelope, the request log and deliberately late answers.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, errors } from './api-error';
import { authenticate } from './auth';
import { ROUTES, type Reply } from './endpoints';
import { errorJson } from './envelope';
import type { ExchangeCore } from './exchange-core';
import { parseQuery } from './query';
import type { RequestLog } from './request-log';
import type { ResponseDelays } from './response-delays';

export const MAX_BODY_BYTES = 64 * 1024;
const EMPTY = Buffer.alloc(0);

/** The client went away mid-request: there is no one left to answer, and nothing went wrong here. */
class ClientGone extends Error {
  override name = 'ClientGone';
}

export interface ServerParts {
  core: ExchangeCore;
  log: RequestLog;
  delays: ResponseDelays;
}

/** Reads the whole body, refusing (413) as soon as it is known to exceed the limit. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(errors.bodyTooLarge(limit));
  if (declared === undefined && req.headers['transfer-encoding'] === undefined) return Promise.resolve(EMPTY);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        reject(errors.bodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!refused) resolve(Buffer.concat(chunks, size));
    });
    req.on('error', () => reject(new ClientGone()));
    req.on('aborted', () => reject(new ClientGone()));
  });
}

async function dispatch(
  core: ExchangeCore,
  req: IncomingMessage,
  method: string,
  path: string,
  rawQuery: string,
): Promise<Reply> {
  const route = ROUTES.get(path);
  if (!route) throw errors.notFound();
  if (route.method !== method) throw errors.methodNotAllowed();
  const query = parseQuery(rawQuery);
  if (route.access === 'public') {
    if (!core.admit(route.limiter, req.socket.remoteAddress ?? 'unknown')) throw errors.tooManyRequests();
    return route.handle({ core, query, body: EMPTY, now: core.clock.now() });
  }
  const body = await readBody(req, MAX_BODY_BYTES);
  const now = core.clock.now();
  const account = authenticate(
    { method, path, signedQuery: query.signedText, body, headers: req.headers },
    core.accountsByKey,
    now,
  );
  // Only authenticated requests count against a UID: a stranger cannot exhaust someone's limit.
  if (!core.admit(route.limiter, account.uid)) throw errors.tooManyRequests();
  return route.handle({ core, query, body, account, now });
}

function errorReply(e: unknown, now: number): Reply {
  if (e instanceof ApiError) return { status: e.httpStatus, code: e.code, chunks: [errorJson(e.code, e.message, now)] };
  console.error('[demo-exchange] unexpected error', e);
  return { status: 500, code: '50000', chunks: [errorJson('50000', 'Internal Server Error', now)] };
}

function write(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.writableEnded) return;
  let length = 0;
  for (const c of reply.chunks) length += typeof c === 'string' ? Buffer.byteLength(c) : c.length;
  res.writeHead(reply.status, {
    'Content-Type': 'application/json',
    'Content-Length': length,
    // The rest of an oversized body is not worth reading: end the connection after the answer.
    ...(reply.status === 413 ? { Connection: 'close' } : {}),
  });
  // Corked, the head, the pre-serialized data and the closing brace leave in one writev.
  res.cork();
  for (const c of reply.chunks) res.write(c);
  res.end();
  res.uncork();
}

async function handle(parts: ServerParts, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const method = req.method ?? 'GET';
  let reply: Reply;
  try {
    reply = await dispatch(parts.core, req, method, path, q < 0 ? '' : url.slice(q + 1));
  } catch (e) {
    if (e instanceof ClientGone) return;
    reply = errorReply(e, parts.core.clock.now());
  }
  parts.log.add({ at: parts.core.clock.now(), method, path, status: reply.status, code: reply.code });
  const delay = parts.delays.take(path);
  if (delay > 0) parts.delays.schedule(delay, path, () => write(res, reply));
  else write(res, reply);
}

/**
 * What Node's parser refuses (a bad Content-Length, bytes that are not HTTP, oversized headers) is
 * answered in the exchange's envelope too, so a client sees a code and a message, not a bare 400.
 */
function answerClientError(parts: ServerParts, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const msg = tooLarge ? 'Request header fields too large' : 'Bad request: the HTTP request could not be parsed';
  const body = errorJson('40017', msg, parts.core.clock.now());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function createDemoServer(parts: ServerParts): Server {
  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    void handle(parts, req, res);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(parts, error, socket));
  return server;
}
