import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcResult } from '../../shared/contract';
import type { CoreHandlers } from '../core/handlers';
import { createDispatch, type Dispatch } from '../ipc/dispatch';
import { CONTENT_SECURITY_POLICY } from '../security/csp';
import {
  DESK_SCRIPT,
  MAX_BODY_BYTES,
  NonLoopbackRefused,
  startWebHost,
  withDeskScript,
  type WebHost,
  type WebHostOptions,
} from './web-host';

const APP_SCRIPT = '<script type="module" src="/assets/app.js"></script>';
const INDEX_HTML = `<html><head>${APP_SCRIPT}</head><body></body></html>`;
const DESK_TAG = `<script type="module" src="${DESK_SCRIPT}"></script>`;
const LAUNCH_MARKER = 'LAUNCH-PAGE';
const APP_JS = 'console.log("APP-JS");';
/** Sits next to the renderer folder: what a path traversal would try to reach. */
const OUTSIDE_SECRET = 'OUTSIDE-THE-RENDERER-SECRET';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Every answer of every test, and every launch code issued: none may carry a code. */
const answers: Answer[] = [];
const issuedCodes: string[] = [];

let root: string;
let rendererDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'uta-web-host-'));
  rendererDir = join(root, 'renderer');
  await mkdir(join(rendererDir, 'web-host'), { recursive: true });
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), INDEX_HTML);
  await writeFile(join(rendererDir, 'web-host', 'launch.html'), `<html><body>${LAUNCH_MARKER}</body></html>`);
  await writeFile(join(rendererDir, 'assets', 'app.js'), APP_JS);
  await writeFile(join(root, 'secret.txt'), OUTSIDE_SECRET);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

interface Call {
  method?: string;
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
  /** Send the body in chunks without a Content-Length. */
  chunked?: boolean;
  /** Where to connect (default 127.0.0.1); also the default Host. */
  address?: string;
}

/** An address of this machine that is not loopback, when it has one. */
const LAN = Object.values(networkInterfaces())
  .flat()
  .find((a) => a !== undefined && !a.internal && a.family === 'IPv4')?.address;

/** One request on its own connection (no keep-alive pool between tests), with an explicit Host. */
function http(host: WebHost, call: Call): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      {
        host: call.address ?? '127.0.0.1',
        port: host.port,
        method: call.method ?? 'GET',
        path: call.path,
        agent: false,
        headers: { host: `${call.address ?? '127.0.0.1'}:${host.port}`, ...call.headers },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        const done = (): void => {
          const answer = { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() };
          answers.push(answer);
          resolve(answer);
        };
        res.on('end', done);
        res.on('aborted', done);
      },
    );
    // An oversized body may still be on its way when the host answers and closes: only a failure before
    // the answer counts.
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    if (call.body === undefined) return void req.end();
    if (!call.chunked) return void req.end(call.body);
    const body = Buffer.from(call.body);
    const step = 64 * 1024;
    for (let at = 0; at < body.length; at += step) req.write(body.subarray(at, at + step));
    req.end();
  });
}

function launchCode(host: WebHost): string {
  const link = host.newLaunchUrl();
  expect(link.startsWith(`${host.url}/#launch=`)).toBe(true);
  const code = link.slice(`${host.url}/#launch=`.length);
  issuedCodes.push(code);
  return code;
}

function redeem(host: WebHost, code: string, headers: OutgoingHttpHeaders = {}): Promise<Answer> {
  return http(host, {
    method: 'POST',
    path: '/session',
    headers: { 'content-type': 'application/json', 'x-uta-desk': '1', ...headers },
    body: JSON.stringify({ code }),
  });
}

/** A fresh session, as the launch page would get it; returns the Cookie header to send. */
async function session(host: WebHost): Promise<string> {
  const answer = await redeem(host, launchCode(host));
  expect(answer.status).toBe(204);
  const setCookie = answer.headers['set-cookie']?.[0];
  if (!setCookie) throw new Error('no Set-Cookie');
  return setCookie.split(';')[0] ?? '';
}

/** A contract call as window.desk makes it. */
function desk(host: WebHost, channel: string, payload: unknown, cookie: string, headers: OutgoingHttpHeaders = {}) {
  return http(host, {
    method: 'POST',
    path: `/desk/${encodeURIComponent(channel)}`,
    headers: { 'content-type': 'application/json', 'x-uta-desk': '1', cookie, ...headers },
    body: JSON.stringify(payload),
  });
}

function json(answer: Answer): IpcResult {
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  return JSON.parse(answer.body) as IpcResult;
}

function expectRefusal(answer: Answer, status: number, kind: 'forbidden' | 'validation'): void {
  expect(answer.status).toBe(status);
  const result = json(answer);
  expect(result).toEqual({ ok: false, error: { kind, message: expect.any(String), mayHaveTakenEffect: false } });
  if (!result.ok) expect(result.error.message).toMatch(/^[A-Z].+\.$/);
}

function expectSecurityHeaders(answer: Answer): void {
  expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

function startHost(options: Partial<WebHostOptions> & Pick<WebHostOptions, 'dispatch'>): Promise<WebHost> {
  return startWebHost({ rendererDir, ...options });
}

describe('browser host over HTTP', () => {
  const dispatch = vi.fn<Dispatch>(async (channel, payload) => ({ ok: true, data: { channel, payload } }));
  let host: WebHost;

  beforeAll(async () => {
    host = await startHost({ dispatch });
  });
  afterAll(async () => {
    await host.close();
  });
  beforeEach(() => {
    dispatch.mockClear();
  });

  it('serves on 127.0.0.1 and prints its address without a code', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}`);
    expect(host.port).toBeGreaterThan(0);
  });

  describe('pages', () => {
    it('shows the launch page, not the app, without a session', async () => {
      for (const path of ['/', '/index.html', '/?launch=x']) {
        const answer = await http(host, { path });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(answer.body).toContain(LAUNCH_MARKER);
        expect(answer.body).not.toContain('/assets/app.js');
        expect(answer.body).not.toContain(DESK_SCRIPT);
      }
    });

    it('shows the app with the desk script before its own script once a session exists', async () => {
      const cookie = await session(host);
      for (const path of ['/', '/index.html']) {
        const answer = await http(host, { path, headers: { cookie } });
        expect(answer.status).toBe(200);
        expect(answer.body).not.toContain(LAUNCH_MARKER);
        const desk = answer.body.indexOf(DESK_TAG);
        const app = answer.body.indexOf(APP_SCRIPT);
        expect(desk).toBeGreaterThan(0);
        expect(app).toBeGreaterThan(desk);
        expect(answer.body.split('<script').length - 1).toBe(2);
      }
    });

    it('keeps showing the launch page for a cookie it did not issue', async () => {
      const answer = await http(host, { path: '/', headers: { cookie: `uta-desk-${host.port}=${'A'.repeat(43)}` } });
      expect(answer.body).toContain(LAUNCH_MARKER);
    });

    it('serves the renderer’s static files with their type', async () => {
      const answer = await http(host, { path: '/assets/app.js' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.body).toBe(APP_JS);
    });

    it('answers HEAD without a body', async () => {
      const answer = await http(host, { method: 'HEAD', path: '/' });
      expect(answer.status).toBe(200);
      expect(answer.body).toBe('');
    });

    it('answers a missing file with 404', async () => {
      const answer = await http(host, { path: '/assets/missing.js' });
      expect(answer.status).toBe(404);
      expect(answer.body).toBe('Not found');
    });

    it.each([
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
    ])('refuses the path traversal %s with 404', async (path) => {
      const answer = await http(host, { path });
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain(OUTSIDE_SECRET);
      expect(answer.body).not.toMatch(/root:/);
    });

    it('refuses to act on anything but GET and HEAD outside the contract', async () => {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const answer = await http(host, { method, path: '/', headers: { 'x-uta-desk': '1' } });
        expect(answer.status).toBe(405);
        expect(answer.headers.allow).toBe('GET, HEAD');
      }
    });
  });

  describe('sessions', () => {
    it('trades a launch code for an HttpOnly, SameSite=Strict cookie named after the port', async () => {
      const code = launchCode(host);
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const answer = await redeem(host, code);
      expect(answer.status).toBe(204);
      expect(answer.body).toBe('');
      const cookies = answer.headers['set-cookie'] ?? [];
      expect(cookies).toHaveLength(1);
      const [pair, ...attributes] = (cookies[0] ?? '').split(';').map((s) => s.trim());
      expect(pair).toMatch(new RegExp(`^uta-desk-${host.port}=[A-Za-z0-9_-]{43}$`));
      expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/']));
      expect(cookies[0]).not.toMatch(/domain/i);
    });

    it('refuses a used code with 403 in the contract’s shape, and sets no cookie', async () => {
      const code = launchCode(host);
      expect((await redeem(host, code)).status).toBe(204);
      const again = await redeem(host, code);
      expectRefusal(again, 403, 'forbidden');
      expect(json(again)).toMatchObject({ error: { message: expect.stringMatching(/already been used/) } });
      expect(again.headers['set-cookie']).toBeUndefined();
    });

    it('voids an unused link when a new one is made', async () => {
      const first = launchCode(host);
      const second = launchCode(host);
      expectRefusal(await redeem(host, first), 403, 'forbidden');
      expect((await redeem(host, second)).status).toBe(204);
    });

    it('refuses a wrong or missing code, and that does not burn the real one', async () => {
      const code = launchCode(host);
      expectRefusal(await redeem(host, 'A'.repeat(43)), 403, 'forbidden');
      const noCode = await http(host, {
        method: 'POST',
        path: '/session',
        headers: { 'content-type': 'application/json', 'x-uta-desk': '1' },
        body: '{}',
      });
      expectRefusal(noCode, 403, 'forbidden');
      expect((await redeem(host, code)).status).toBe(204);
    });

    it('refuses a session request from another page (no header, foreign Origin, cross-site) without burning the code', async () => {
      const code = launchCode(host);
      const noHeader = await http(host, {
        method: 'POST',
        path: '/session',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      expectRefusal(noHeader, 403, 'forbidden');
      expectRefusal(await redeem(host, code, { origin: 'http://evil.example' }), 403, 'forbidden');
      expectRefusal(await redeem(host, code, { 'sec-fetch-site': 'cross-site' }), 403, 'forbidden');
      expect((await redeem(host, code)).status).toBe(204);
    });

    it('refuses GET /session', async () => {
      expectRefusal(await http(host, { path: '/session' }), 403, 'forbidden');
    });
  });

  describe('contract calls', () => {
    it('passes a valid call to dispatch with the URL-decoded channel and the payload', async () => {
      const cookie = await session(host);
      const answer = await desk(host, 'app:status', {}, cookie);
      expect(answer.status).toBe(200);
      expect(json(answer)).toEqual({ ok: true, data: { channel: 'app:status', payload: {} } });
      const payload = { category: 'SPOT', symbol: 'BTCUSDT', nested: { list: [1, 'two', null] } };
      const second = await desk(host, 'instruments:list', payload, cookie);
      expect(json(second)).toEqual({ ok: true, data: { channel: 'instruments:list', payload } });
      expect(dispatch.mock.calls).toEqual([
        ['app:status', {}],
        ['instruments:list', payload],
      ]);
    });

    it('takes the channel encoded or not, ignores a query string, and reads an empty body as {}', async () => {
      const cookie = await session(host);
      const headers = { 'content-type': 'application/json; charset=utf-8', 'x-uta-desk': '1', cookie };
      for (const path of ['/desk/app%3Astatus', '/desk/app:status', '/desk/app:status?x=1']) {
        const answer = await http(host, { method: 'POST', path, headers, body: '' });
        expect(answer.status).toBe(200);
      }
      expect(dispatch.mock.calls).toEqual([
        ['app:status', {}],
        ['app:status', {}],
        ['app:status', {}],
      ]);
    });

    it('refuses a call without a session cookie with 401', async () => {
      expectRefusal(await desk(host, 'app:status', {}, ''), 401, 'forbidden');
      expectRefusal(await desk(host, 'app:status', {}, `uta-desk-${host.port}=${'A'.repeat(43)}`), 401, 'forbidden');
      expect(dispatch).not.toHaveBeenCalled();
    });

    it('refuses a session cookie sent under another port’s name with 401', async () => {
      const cookie = await session(host);
      const token = cookie.split('=')[1];
      expectRefusal(await desk(host, 'app:status', {}, `uta-desk-${host.port + 1}=${token}`), 401, 'forbidden');
      expect(dispatch).not.toHaveBeenCalled();
    });

    it('refuses a call with the cookie but without the x-uta-desk header with 403', async () => {
      const cookie = await session(host);
      const answer = await http(host, {
        method: 'POST',
        path: '/desk/app:status',
        headers: { 'content-type': 'application/json', cookie },
        body: '{}',
      });
      expectRefusal(answer, 403, 'forbidden');
      expect(dispatch).not.toHaveBeenCalled();
    });

    it('refuses a call from a foreign Origin or a cross-site fetch with 403, even with the cookie', async () => {
      const cookie = await session(host);
      expectRefusal(await desk(host, 'app:status', {}, cookie, { origin: 'http://evil.example' }), 403, 'forbidden');
      expectRefusal(await desk(host, 'app:status', {}, cookie, { origin: 'null' }), 403, 'forbidden');
      expectRefusal(await desk(host, 'app:status', {}, cookie, { 'sec-fetch-site': 'cross-site' }), 403, 'forbidden');
      expect(dispatch).not.toHaveBeenCalled();
      // The app's own page sends these too, and is let through.
      const own = await desk(host, 'app:status', {}, cookie, {
        origin: host.url,
        'sec-fetch-site': 'same-origin',
      });
      expect(own.status).toBe(200);
      expect(dispatch).toHaveBeenCalledTimes(1);
    });

    it('refuses a DNS-rebound Host with 403, even with a valid cookie', async () => {
      const cookie = await session(host);
      const evil = `evil.example:${host.port}`;
      const call = await desk(host, 'app:status', {}, cookie, { host: evil, origin: `http://${evil}` });
      expectRefusal(call, 403, 'forbidden');
      expect(json(call)).toMatchObject({ error: { message: expect.stringContaining(evil) } });
      expect(dispatch).not.toHaveBeenCalled();

      const page = await http(host, { path: '/', headers: { host: evil, cookie } });
      expect(page.status).toBe(403);
      expect(page.body).not.toContain(LAUNCH_MARKER);
      expect(page.body).not.toContain('/assets/app.js');
      expect((await http(host, { path: '/assets/app.js', headers: { host: evil } })).status).toBe(403);

      const code = launchCode(host);
      expect((await redeem(host, code, { host: evil })).status).toBe(403);
      expect((await redeem(host, code)).status).toBe(204);
      expect((await http(host, { path: '/', headers: { host: `127.0.0.1:${host.port + 1}` } })).status).toBe(403);
    });

    it('refuses GET and other methods on the contract with 403', async () => {
      const cookie = await session(host);
      for (const method of ['GET', 'HEAD', 'PUT', 'DELETE']) {
        const answer = await http(host, { method, path: '/desk/app:status', headers: { cookie, 'x-uta-desk': '1' } });
        expect(answer.status).toBe(403);
        if (method !== 'HEAD') expectRefusal(answer, 403, 'forbidden');
      }
      expect(dispatch).not.toHaveBeenCalled();
    });

    it('never answers a CORS preflight with Access-Control-Allow-* headers', async () => {
      for (const path of ['/desk/app:status', '/session', '/']) {
        const answer = await http(host, {
          method: 'OPTIONS',
          path,
          headers: {
            origin: 'http://evil.example',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type, x-uta-desk',
          },
        });
        expect(answer.status).toBeGreaterThanOrEqual(300);
        expect(Object.keys(answer.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      }
      expect(dispatch).not.toHaveBeenCalled();
    });

    it('refuses a body over 1 MB with 413, declared or not, and never dispatches it', async () => {
      const cookie = await session(host);
      const big = JSON.stringify({ pad: 'a'.repeat(MAX_BODY_BYTES) });
      const headers = { 'content-type': 'application/json', 'x-uta-desk': '1', cookie };
      const declared = await http(host, { method: 'POST', path: '/desk/app:status', headers, body: big });
      expectRefusal(declared, 413, 'validation');
      const chunked = await http(host, { method: 'POST', path: '/desk/app:status', headers, body: big, chunked: true });
      expectRefusal(chunked, 413, 'validation');
      expect(dispatch).not.toHaveBeenCalled();
      // The host is still there for the next call.
      expect((await desk(host, 'app:status', {}, cookie)).status).toBe(200);
    });

    it('takes a body of exactly 1 MB', async () => {
      const cookie = await session(host);
      const prefix = '{"pad":"';
      const body = `${prefix}${'a'.repeat(MAX_BODY_BYTES - prefix.length - 2)}"}`;
      expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
      const headers = { 'content-type': 'application/json', 'x-uta-desk': '1', cookie };
      const answer = await http(host, { method: 'POST', path: '/desk/app:status', headers, body, chunked: true });
      expect(answer.status).toBe(200);
      expect(dispatch).toHaveBeenCalledTimes(1);
    });

    it('refuses a body that is not declared as JSON with 415', async () => {
      const cookie = await session(host);
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/jsonx',
      ]) {
        const answer = await http(host, {
          method: 'POST',
          path: '/desk/app:status',
          headers: { 'content-type': type, 'x-uta-desk': '1', cookie },
          body: '{}',
        });
        expectRefusal(answer, 415, 'validation');
      }
      const untyped = await http(host, {
        method: 'POST',
        path: '/desk/app:status',
        headers: { 'x-uta-desk': '1', cookie },
        body: '{}',
      });
      expectRefusal(untyped, 415, 'validation');
      expect(dispatch).not.toHaveBeenCalled();
    });

    it('refuses a body that is not valid JSON with 400', async () => {
      const cookie = await session(host);
      for (const body of ['{', '{"a":1', 'not json', "{'a':1}"]) {
        const answer = await http(host, {
          method: 'POST',
          path: '/desk/app:status',
          headers: { 'content-type': 'application/json', 'x-uta-desk': '1', cookie },
          body,
        });
        expectRefusal(answer, 400, 'validation');
      }
      expect(dispatch).not.toHaveBeenCalled();
    });

    it('puts the CSP and nosniff on every kind of answer', async () => {
      const cookie = await session(host);
      const samples = [
        await http(host, { path: '/' }),
        await http(host, { path: '/', headers: { cookie } }),
        await http(host, { path: '/assets/app.js' }),
        await http(host, { path: '/missing' }),
        await http(host, { method: 'POST', path: '/' }),
        await http(host, { path: '/', headers: { host: `evil.example:${host.port}` } }),
        await redeem(host, launchCode(host)),
        await redeem(host, 'wrong'),
        await desk(host, 'app:status', {}, cookie),
        await desk(host, 'app:status', {}, ''),
        await http(host, { path: '/desk/app:status' }),
        await http(host, { method: 'POST', path: '/desk/app:status', headers: { 'x-uta-desk': '1', cookie } }),
      ];
      expect(new Set(samples.map((a) => a.status))).toEqual(new Set([200, 204, 401, 403, 404, 405, 415]));
      for (const answer of samples) {
        expectSecurityHeaders(answer);
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      }
    });
  });
});

describe('browser host with the real dispatch', () => {
  const selectProfile = vi.fn(async () => {
    throw new Error('not expected: the payload is invalid');
  });
  const getAppStatus = vi.fn(async () => ({ stub: true }));
  let host: WebHost;

  beforeAll(async () => {
    const handlers = new Proxy({} as CoreHandlers, {
      get: (_t, key: string) =>
        (({ selectProfile, getAppStatus }) as Record<string, unknown>)[key] ??
        (async () => {
          throw new Error(`not expected: ${key}`);
        }),
    });
    host = await startHost({ dispatch: createDispatch(handlers) });
  });
  afterAll(async () => {
    await host.close();
  });

  it('returns a validation error in the contract’s shape with 200', async () => {
    const cookie = await session(host);
    const answer = await desk(host, 'profiles:select', {}, cookie);
    expect(answer.status).toBe(200);
    expect(json(answer)).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        message: expect.stringMatching(/^Invalid request on profiles:select: id:/),
        mayHaveTakenEffect: false,
      },
    });
    expect(selectProfile).not.toHaveBeenCalled();
  });

  it('refuses an unknown channel in the contract’s shape', async () => {
    const cookie = await session(host);
    const answer = await desk(host, 'shell:exec', { cmd: 'id' }, cookie);
    expect(answer.status).toBe(200);
    expect(json(answer)).toMatchObject({
      ok: false,
      error: { kind: 'validation', message: 'Unknown IPC channel "shell:exec"' },
    });
  });

  it('names an unknown channel of any length by a short, sanitised excerpt', async () => {
    const cookie = await session(host);
    const answer = await desk(host, `x\r\n\u0000${'C'.repeat(6000)}`, {}, cookie);
    const result = json(answer);
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.error.message;
    expect(message).toMatch(/^Unknown IPC channel "x\?\?\?C+…"$/);
    expect(message.length).toBeLessThan(100);
  });

  it('reaches the handler for a valid call', async () => {
    const cookie = await session(host);
    const answer = await desk(host, 'app:status', {}, cookie);
    expect(json(answer)).toEqual({ ok: true, data: { stub: true } });
    expect(getAppStatus).toHaveBeenCalledWith({});
  });

  it('does not take a session cookie from another host', async () => {
    const dispatch = vi.fn<Dispatch>(async () => ({ ok: true, data: null }));
    const other = await startHost({ dispatch });
    try {
      const otherCookie = await session(other);
      const token = otherCookie.split('=')[1];
      expectRefusal(await desk(host, 'app:status', {}, `uta-desk-${host.port}=${token}`), 401, 'forbidden');
      expectRefusal(await desk(host, 'app:status', {}, otherCookie), 401, 'forbidden');
      expect((await http(host, { path: '/', headers: { cookie: otherCookie } })).body).toContain(LAUNCH_MARKER);
    } finally {
      await other.close();
    }
  });
});

describe('starting the browser host', () => {
  const dispatch: Dispatch = async (channel, payload) => ({ ok: true, data: { channel, payload } });

  it('refuses a non-loopback address and names the SSH tunnel and the override', async () => {
    const error = await startHost({ dispatch, host: '192.0.2.10' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NonLoopbackRefused);
    const message = (error as Error).message;
    expect(message).toMatch(/ssh (-N )?-L/);
    expect(message).toContain('--allow-non-loopback');
    expect(message).toContain('192.0.2.10');
  });

  it('refuses every address at once (0.0.0.0, ::) even when non-loopback is allowed: the Host check could not hold', async () => {
    for (const any of ['0.0.0.0', '::']) {
      const error = await startHost({ dispatch, host: any, allowNonLoopback: true }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NonLoopbackRefused);
      expect((error as Error).message).toMatch(/ssh -N -L/);
    }
  });

  it.skipIf(LAN === undefined)(
    'binds one non-loopback address when explicitly allowed, keeping the Host check',
    async () => {
      const host = await startHost({ dispatch, host: LAN, allowNonLoopback: true });
      try {
        expect(host.url).toBe(`http://${LAN}:${host.port}`);
        const page = await http(host, { path: '/', address: LAN });
        expect(page.status).toBe(200);
        expect(page.body).toContain(LAUNCH_MARKER);
        const rebound = await http(host, { path: '/', address: LAN, headers: { host: `evil.example:${host.port}` } });
        expect(rebound.status).toBe(403);
      } finally {
        await host.close();
      }
    },
  );

  it('serves on another loopback address, and its URL names that address', async () => {
    const host = await startHost({ dispatch, host: '127.0.0.2' });
    try {
      expect(host.url).toBe(`http://127.0.0.2:${host.port}`);
      expect((await http(host, { path: '/', address: '127.0.0.2' })).body).toContain(LAUNCH_MARKER);
    } finally {
      await host.close();
    }
  });

  it('cuts off a client that never finishes its request', async () => {
    const host = await startHost({ dispatch, requestTimeoutMs: 300 });
    try {
      const t0 = Date.now();
      const outcome = await new Promise<string>((resolve) => {
        const s = connect(host.port, '127.0.0.1', () =>
          s.write(
            `POST /session HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nContent-Type: application/json\r\nx-uta-desk: 1\r\nContent-Length: 100\r\n\r\n{"co`,
          ),
        );
        let data = '';
        s.on('data', (d) => (data += d));
        s.on('close', () => resolve(data));
        setTimeout(() => {
          s.destroy();
          resolve('still open');
        }, 1500);
      });
      expect(outcome).not.toBe('still open');
      expect(outcome === '' || outcome.startsWith('HTTP/1.1 408')).toBe(true);
      expect(Date.now() - t0).toBeLessThan(1500);
    } finally {
      await host.close();
    }
  });

  it('gates the app page by the file it resolves to, however the path is spelled', async () => {
    const host = await startHost({ dispatch });
    try {
      for (const path of ['/./index.html', '/%69ndex.html', '//index.html'])
        expect((await http(host, { path })).body, path).toContain(LAUNCH_MARKER);
    } finally {
      await host.close();
    }
  });

  it('refuses to start on a renderer whose index.html has no script tag', async () => {
    const dir = join(root, 'no-script');
    await mkdir(join(dir, 'web-host'), { recursive: true });
    await writeFile(join(dir, 'index.html'), '<html><body>nothing</body></html>');
    await writeFile(join(dir, 'web-host', 'launch.html'), LAUNCH_MARKER);
    await expect(startWebHost({ dispatch, rendererDir: dir })).rejects.toThrow(/no script tag/);
  });

  it('refuses to start when the renderer is not built', async () => {
    await expect(startWebHost({ dispatch, rendererDir: join(root, 'absent') })).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('closes: the port stops answering', async () => {
    const host = await startHost({ dispatch });
    await host.close();
    await expect(http(host, { path: '/' })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('withDeskScript', () => {
  it('puts the desk script before the first script tag', () => {
    const html = '<html><head><title>x</title><script src="/a.js"></script><script src="/b.js"></script></head></html>';
    const out = withDeskScript(html);
    expect(out.indexOf(DESK_TAG)).toBeGreaterThan(out.indexOf('<title>'));
    expect(out.indexOf(DESK_TAG)).toBeLessThan(out.indexOf('/a.js'));
    expect(out.replace(DESK_TAG, '').replace(/\n\s*/, '')).toBe(html);
  });

  it('throws on HTML without a script tag', () => {
    expect(() => withDeskScript('<html><head></head><body>no scripts</body></html>')).toThrow(/no script tag/);
    expect(() => withDeskScript('')).toThrow(/no script tag/);
  });
});

// Runs last: it looks at every answer the tests above received.
describe('launch codes stay out of answers', () => {
  it('never shows an issued launch code in any body or header, and every answer carries the CSP', () => {
    expect(issuedCodes.length).toBeGreaterThan(20);
    expect(answers.length).toBeGreaterThan(50);
    for (const answer of answers) {
      const seen = `${JSON.stringify(answer.headers)}\n${answer.body}`;
      for (const code of issuedCodes) expect(seen).not.toContain(code);
      expectSecurityHeaders(answer);
    }
  });
});
