/**
 * Helpers for the demo exchange's own tests: a minimal signed-request client written from the
 * documentation with node:crypto (deliberately independent of the app's exchange client, so the
 * two cannot share a signing mistake), and exchange start/stop bookkeeping.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterEach } from 'vitest';
import { DEMO_ACCOUNT, type DemoAccount } from './accounts';
import { startDemoExchange, type DemoExchange, type DemoExchangeOptions } from './index';

export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  requestTime: number;
  data: T;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: Envelope<T>;
}

const running = new Set<DemoExchange>();

/** Starts an exchange closed automatically after the current test. */
export async function startTestExchange(options: DemoExchangeOptions = {}): Promise<DemoExchange> {
  const ex = await startDemoExchange({ engineLatencyMs: 80, cancelLatencyMs: 80, ...options });
  running.add(ex);
  return ex;
}

afterEach(async () => {
  await Promise.all([...running].map((ex) => ex.close()));
  running.clear();
});

export function hmacBase64(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('base64');
}

export interface SignedCall {
  account?: DemoAccount;
  /** Query parameters in the order to send them; values are percent-encoded on the wire only. */
  query?: ReadonlyArray<readonly [string, string]>;
  /** Body text, sent byte for byte as given. */
  body?: string;
  timestamp?: string;
  /** Replaces the query text that goes into the prehash (to sign something other than what is sent). */
  signedQuery?: string;
  /** Replaces the body text that goes into the prehash. */
  signedBody?: string;
  /** Extra headers; a value of undefined removes that header. */
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

export async function signedRequest<T = unknown>(
  ex: DemoExchange,
  method: 'GET' | 'POST',
  path: string,
  call: SignedCall = {},
): Promise<ApiResponse<T>> {
  const account = call.account ?? DEMO_ACCOUNT;
  const pairs = call.query ?? [];
  const wireQuery = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const signedQuery = call.signedQuery ?? pairs.map(([k, v]) => `${k}=${v}`).join('&');
  const body = call.body ?? '';
  const timestamp = call.timestamp ?? String(Date.now());
  const prehash = `${timestamp}${method}${path}${signedQuery ? `?${signedQuery}` : ''}${call.signedBody ?? body}`;
  const headers: Record<string, string> = {
    'ACCESS-KEY': account.apiKey,
    'ACCESS-SIGN': hmacBase64(account.secretKey, prehash),
    'ACCESS-PASSPHRASE': account.passphrase,
    'ACCESS-TIMESTAMP': timestamp,
    'Content-Type': 'application/json',
    locale: 'en-US',
  };
  for (const [k, v] of Object.entries(call.headers ?? {})) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  const res = await fetch(`${ex.url}${path}${wireQuery ? `?${wireQuery}` : ''}`, {
    method,
    headers,
    body: method === 'POST' ? body : undefined,
    signal: call.signal,
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

export interface ModifyBody {
  orderId?: unknown;
  clientOid?: unknown;
  qty?: unknown;
  price?: unknown;
  autoCancel?: unknown;
  symbol?: unknown;
  category?: unknown;
}

export function modify(
  ex: DemoExchange,
  body: ModifyBody,
  account?: DemoAccount,
): Promise<ApiResponse<{ orderId: string; clientOid: string }>> {
  return signedRequest(ex, 'POST', '/api/v3/trade/modify-order', { account, body: JSON.stringify(body) });
}

export function orderInfo<T = Record<string, unknown>>(
  ex: DemoExchange,
  ref: { orderId?: string; clientOid?: string },
  account?: DemoAccount,
): Promise<ApiResponse<T>> {
  const query: Array<[string, string]> = [];
  if (ref.orderId !== undefined) query.push(['orderId', ref.orderId]);
  if (ref.clientOid !== undefined) query.push(['clientOid', ref.clientOid]);
  return signedRequest(ex, 'GET', '/api/v3/trade/order-info', { account, query });
}

export async function publicGet<T = unknown>(
  ex: DemoExchange,
  pathAndQuery: string,
  init: RequestInit = {},
): Promise<ApiResponse<T>> {
  const res = await fetch(`${ex.url}${pathAndQuery}`, init);
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

/** A GET sent from a chosen local address (127.0.0.x), to act as a different client IP. */
export function getFrom(localAddress: string, url: string): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` holds (or fails after `timeoutMs`), for engine steps that happen on timers. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}
