/**
 * Secrets in answers: a server that echoes the request's headers (or the profile's secrets) into its
 * answers must not get them into anything the client hands on — the data it returns, the DeskErrors it
 * throws — whether they come back raw, JSON-escaped, URL-encoded, base64-encoded or as ACCESS-* pairs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DeskError } from '../../shared/errors';
import { ExchangeClient } from './client';
import { RateLimiters } from './rate-limiter';
import { ClockSkews } from './skew';
import { startFakeExchange, type FakeAnswer, type FakeExchange, type RecordedRequest } from './testing/fake-exchange';

// Characters that URL-encoding, form-encoding and JSON-escaping all change.
const API_KEY = 'bg_ECHO_apikey_7f3e9a1c5b2d';
const SECRET = 'ECHO-secret/0c4f+8e2a=6b9d "1357"';
const PASSPHRASE = 'ECHO pass/phrase+42&x=é';
const REDACTED = '[redacted]';
const CREDS = { apiKey: API_KEY, secretKey: SECRET, passphrase: PASSPHRASE };
const ORDER = {
  orderId: '1387296516478935041',
  clientOid: 'c1',
  category: 'SPOT',
  symbol: 'BTCUSDT',
  orderStatus: 'live',
};

/** Every form in which a value must not come back. */
function forms(v: string): string[] {
  const lowerHex = (s: string) => s.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
  const b64 = Buffer.from(v, 'utf8').toString('base64');
  return [
    v,
    JSON.stringify(v).slice(1, -1),
    encodeURIComponent(v),
    lowerHex(encodeURIComponent(v)),
    new URLSearchParams({ v }).toString().slice(2),
    b64,
    b64.replace(/=+$/, ''),
    Buffer.from(v, 'utf8').toString('base64url'),
  ];
}

/** What a careless server might write back: the headers in every shape, and the secrets themselves. */
function echo(req: RecordedRequest): string {
  const raw = Object.entries(req.headers)
    .map(([k, v]) => `${k.toUpperCase()}: ${String(v)}`)
    .join('\n');
  const pairs: Array<[string, string]> = Object.entries(req.headers).map(([k, v]) => [k, String(v)]);
  return [
    `headers ${JSON.stringify(req.headers)}`,
    `raw ${raw}`,
    `form ${new URLSearchParams(pairs).toString()}`,
    `query ${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`,
    `pairs ${JSON.stringify(pairs.flat())}`,
    `nested ${JSON.stringify(JSON.stringify(req.headers))}`,
    `secret ${SECRET} / ${encodeURIComponent(SECRET)} / ${Buffer.from(SECRET).toString('base64')}`,
    `key64 ${Buffer.from(API_KEY).toString('base64')} pass64 ${Buffer.from(PASSPHRASE).toString('base64')}`,
  ].join('\n');
}

let server: FakeExchange | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(answer: (req: RecordedRequest) => FakeAnswer): Promise<FakeExchange> {
  server = await startFakeExchange(answer);
  return server;
}

function client(url: string): ExchangeClient {
  return new ExchangeClient({
    baseUrl: url,
    credentials: CREDS,
    limiters: new RateLimiters(),
    skews: new ClockSkews(),
    sleep: async () => {},
    timeoutMs: 2000,
  });
}

/** The signature and timestamp the server saw are ACCESS-* values too. */
function expectClean(where: string, text: string, s: FakeExchange): void {
  const signatures = s.requests.map((r) => String(r.headers['access-sign']));
  for (const secret of [API_KEY, SECRET, PASSPHRASE])
    for (const f of forms(secret)) expect(text.includes(f), `${where} contains ${JSON.stringify(f)}`).toBe(false);
  for (const sig of signatures) expect(text.includes(sig), `${where} contains the signature`).toBe(false);
}

async function failure(p: Promise<unknown>): Promise<DeskError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DeskError);
  return e as DeskError;
}

function everything(e: DeskError): string {
  return `${String(e)} ${e.stack ?? ''} ${JSON.stringify(e)} ${JSON.stringify(e.data)}`;
}

describe('secrets echoed by the exchange', () => {
  it('are scrubbed from the msg of a rejection (exchangeMsg and message)', async () => {
    const s = await serve((req) => ({
      status: 400,
      json: { code: '40099', msg: echo(req), requestTime: 1, data: null },
    }));
    const e = await failure(client(s.url).modifyOrder({ orderId: '1', qty: '1' }));
    expect(e.data).toMatchObject({ kind: 'exchange', code: '40099', mayHaveTakenEffect: false });
    expect(e.data.exchangeMsg).toContain(REDACTED);
    expect(e.data.exchangeMsg).toContain('content-type'); // the rest of the msg is kept
    expectClean('error', everything(e), s);
  });

  it('are scrubbed from an unexplained code, whose msg becomes the message', async () => {
    const s = await serve((req) => ({
      status: 400,
      json: { code: '99999', msg: echo(req), requestTime: 1, data: null },
    }));
    const e = await failure(client(s.url).getOrder({ orderId: '1' }));
    expect(e.message).toContain(REDACTED);
    expectClean('error', everything(e), s);
  });

  it('are scrubbed from the msg of a rate-limit answer', async () => {
    const s = await serve((req) => ({
      status: 429,
      json: { code: '429', msg: echo(req), requestTime: 1, data: null },
    }));
    const e = await failure(client(s.url).modifyOrder({ orderId: '1', qty: '1' }));
    expect(e.data.kind).toBe('rate-limit');
    expectClean('error', everything(e), s);
  });

  it("are scrubbed from a success answer's msg and data", async () => {
    const s = await serve((req) => ({
      status: 200,
      json: {
        code: '00000',
        msg: echo(req),
        requestTime: 1,
        data:
          req.path === '/api/v3/trade/modify-order'
            ? { orderId: '1', clientOid: 'c1', note: echo(req), headers: req.headers }
            : {
                ...ORDER,
                cancelReason: echo(req),
                headers: req.headers,
                rawHeaders: Object.entries(req.headers).flat(),
              },
      },
    }));
    const answer = await client(s.url).modifyOrder({ orderId: '1', qty: '1' });
    expect(answer.msg).toContain(REDACTED);
    expect(answer.result).toMatchObject({ orderId: '1', clientOid: 'c1' });
    expectClean('modify answer', JSON.stringify(answer), s);

    const order = await client(s.url).getOrder({ orderId: ORDER.orderId });
    expect(order).toMatchObject(ORDER); // ids and values that are not secrets are untouched
    expectClean('order', JSON.stringify(order), s);
  });

  it('are scrubbed from a non-JSON server failure and a non-envelope answer', async () => {
    const s = await serve((req) =>
      req.path === '/api/v3/trade/modify-order'
        ? { status: 500, text: `<html><pre>${echo(req)}</pre></html>` }
        : { status: 200, json: { [API_KEY]: echo(req), [PASSPHRASE]: 1 } },
    );
    const e = await failure(client(s.url).modifyOrder({ orderId: '1', qty: '1' }));
    expect(e.data).toMatchObject({ kind: 'exchange', httpStatus: 500, mayHaveTakenEffect: true });
    expectClean('server failure', everything(e), s);
    const e2 = await failure(client(s.url).getOrder({ orderId: '1' }));
    expectClean('odd answer', everything(e2), s);
  });

  it('are scrubbed from the message of an answer that does not match the API', async () => {
    // zod names the offending keys in its message: keys made of secrets must not get through.
    const s = await serve(() => ({
      status: 200,
      json: { code: '00000', msg: 'success', requestTime: 1, data: { [API_KEY]: 1, [PASSPHRASE]: 2 } },
    }));
    const e = await failure(client(s.url).getOrder({ orderId: '1' }));
    expect(e.data.kind).toBe('internal');
    expectClean('mismatch', everything(e), s);
  });
});
