/**
 * "Not sent" against "sent, outcome unknown": a Modify Order that failed before any byte of it left
 * this computer is reported with mayHaveTakenEffect false (it can be corrected and sent again), one
 * that failed after it was written keeps its unknown outcome.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { deskFailure } from '../testing/desk-failure';
import { ExchangeClient, type ClientConfig } from './client';
import type { Credentials } from './request-headers';
import { RateLimiters } from './rate-limiter';
import { ClockSkews } from './skew';
import {
  closedPort,
  ok,
  startFakeExchange,
  type FakeAnswer,
  type FakeExchange,
  type RecordedRequest,
} from './testing/fake-exchange';

const CREDS: Credentials = {
  apiKey: 'bg_key_0123456789abcdef',
  secretKey: 's3cr3t-Test-Key-9f2a',
  passphrase: 'pass-42',
};
const BODY = { orderId: '1', price: '100' };

let server: FakeExchange | undefined;
let silent: Server | undefined;
const sockets = new Set<Socket>();
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const s of sockets) s.destroy();
  sockets.clear();
  await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()));
  silent = undefined;
});

async function serve(answer: (req: RecordedRequest) => FakeAnswer): Promise<FakeExchange> {
  server = await startFakeExchange(answer);
  return server;
}

function client(url: string, extra: Partial<ClientConfig> = {}): ExchangeClient {
  return new ExchangeClient({
    baseUrl: url,
    credentials: CREDS,
    limiters: new RateLimiters(),
    skews: new ClockSkews(),
    sleep: async () => {},
    timeoutMs: 2000,
    ...extra,
  });
}

describe('a credential that cannot be put in a header (bypassing the input schema)', () => {
  it.each([
    ['a CR/LF in the API key', { apiKey: 'bg_key\r\nX-Injected: 1' }],
    ['a LF in the passphrase', { passphrase: 'pass\nphrase' }],
    ['another control character in the passphrase', { passphrase: 'pass\u0001phrase' }],
    ['a character beyond Latin-1 in the API key', { apiKey: 'bg_key_€' }],
  ])('%s: modify is not sent, and says so', async (_, bad) => {
    const s = await serve(() => ok({ orderId: '1', clientOid: 'c' }));
    const credentials = { ...CREDS, ...bad };
    const e = await deskFailure(client(s.url, { credentials }).modifyOrder(BODY));
    expect(e).toMatchObject({ kind: 'network', mayHaveTakenEffect: false, path: '/api/v3/trade/modify-order' });
    expect(e.message).toMatch(/nothing (was sent|left this computer)/i);
    expect(s.requests).toHaveLength(0);
    const text = JSON.stringify(e);
    for (const v of Object.values(bad)) expect(text).not.toContain(v);
  });

  it('a read with such a credential is not retried either', async () => {
    const s = await serve(() => ok({ list: [], cursor: '' }));
    let sleeps = 0;
    const c = client(s.url, { credentials: { ...CREDS, passphrase: 'a\r\nb' }, sleep: async () => void sleeps++ });
    const e = await deskFailure(c.getOpenOrders({}));
    expect(e).toMatchObject({ kind: 'network', mayHaveTakenEffect: false });
    expect(sleeps).toBe(0);
    expect(s.requests).toHaveLength(0);
  });
});

describe('failures before connecting are not sent', () => {
  it('a closed port: connection refused', async () => {
    const port = await closedPort();
    const e = await deskFailure(client(`http://127.0.0.1:${port}`).modifyOrder(BODY));
    expect(e).toMatchObject({ kind: 'network', mayHaveTakenEffect: false });
    expect(e.message).toMatch(/connection refused.*nothing was sent/);
  });

  it('a base URL that is not a URL', async () => {
    const e = await deskFailure(client('http//exchange example').modifyOrder(BODY));
    expect(e).toMatchObject({ kind: 'network', mayHaveTakenEffect: false });
    expect(e.message).toMatch(/nothing was sent/);
  });

  it('a port fetch refuses to use', async () => {
    const e = await deskFailure(client('http://127.0.0.1:1').modifyOrder(BODY));
    expect(e).toMatchObject({ kind: 'network', mayHaveTakenEffect: false });
  });

  it.each([
    ['an invalid header value', new TypeError('Headers.append: "x\r\ny" is an invalid header value.')],
    [
      'a ByteString conversion',
      new TypeError(
        'Cannot convert argument to a ByteString because the character at index 1 has a value of 8364 which is greater than 255.',
      ),
    ],
    [
      'an unparsable URL',
      Object.assign(new TypeError('Failed to parse URL from x'), {
        cause: Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL' }),
      }),
    ],
    ['a refused port', new TypeError('fetch failed', { cause: new Error('bad port') })],
    [
      'a DNS failure',
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('getaddrinfo ENOTFOUND x'), { code: 'ENOTFOUND' }),
      }),
    ],
    [
      'a DNS timeout',
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('getaddrinfo EAI_AGAIN x'), { code: 'EAI_AGAIN' }),
      }),
    ],
    [
      'an unreachable network',
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ENETUNREACH'), { code: 'ENETUNREACH' }),
      }),
    ],
    [
      'a connect timeout',
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' }),
      }),
    ],
    [
      'an invalid argument',
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('invalid access-key header'), { code: 'UND_ERR_INVALID_ARG' }),
      }),
    ],
  ])('fetch rejecting with %s', async (_, error) => {
    const fetch = (() => Promise.reject(error)) as typeof globalThis.fetch;
    const e = await deskFailure(client('http://127.0.0.1:9', { fetch }).modifyOrder(BODY));
    expect(e).toMatchObject({ kind: 'network', mayHaveTakenEffect: false });
    expect(e.message).toMatch(/nothing was sent/);
    expect(e.message).not.toMatch(/may or may not have been applied/);
  });

  it('a timeout while still connecting (the TLS handshake never completes)', async () => {
    // Once a request has gone through, the client can tell whether a later one was ever written.
    const s = await serve(() => ok([]));
    await client(s.url).getInstruments('SPOT');
    silent = createServer((socket) => void sockets.add(socket)); // accepts TCP, never speaks TLS
    await new Promise<void>((resolve) => silent?.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const e = await deskFailure(client(`https://127.0.0.1:${port}`, { timeoutMs: 300 }).modifyOrder(BODY));
    expect(e).toMatchObject({ kind: 'network', mayHaveTakenEffect: false });
    expect(e.message).toMatch(/could not connect.*nothing was sent/i);
  });
});

describe('failures after the request was written keep an unknown outcome', () => {
  it('the connection is dropped after the request arrived', async () => {
    const s = await serve(() => 'drop');
    const e = await deskFailure(client(s.url).modifyOrder(BODY));
    expect(e).toMatchObject({ kind: 'network', mayHaveTakenEffect: true });
    expect(e.message).toMatch(/may or may not have been applied/);
    expect(s.requests).toHaveLength(1);
  });

  it('no answer in time', async () => {
    const s = await serve(() => 'hang');
    const e = await deskFailure(client(s.url, { timeoutMs: 200 }).modifyOrder(BODY));
    expect(e).toMatchObject({ kind: 'timeout', mayHaveTakenEffect: true });
    expect(s.requests).toHaveLength(1);
  });

  it('fetch failing with a reset after sending', async () => {
    const reset = new TypeError('fetch failed', {
      cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    });
    const fetch = (() => Promise.reject(reset)) as typeof globalThis.fetch;
    const e = await deskFailure(client('http://127.0.0.1:9', { fetch }).modifyOrder(BODY));
    expect(e).toMatchObject({ kind: 'network', mayHaveTakenEffect: true });
  });

  it('fetch failing without any detail is not assumed unsent', async () => {
    const fetch = (() => Promise.reject(new TypeError('fetch failed'))) as typeof globalThis.fetch;
    const e = await deskFailure(client('http://127.0.0.1:9', { fetch }).modifyOrder(BODY));
    expect(e).toMatchObject({ kind: 'network', mayHaveTakenEffect: true });
  });
});
