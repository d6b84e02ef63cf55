/**
 * Verification of signed requests: the header checks in the exchange's order, then
 * Base64(HMAC-SHA256(secret, timestamp + METHOD + path + ["?" + query] + body)).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { DemoAccount } from './accounts';
import { errors } from './api-error';

/** Older documentation gives 30 s; beyond that a request is treated as replayed or mis-clocked. */
export const TIMESTAMP_TOLERANCE_MS = 30_000;

export interface SignedRequest {
  method: string;
  /** The path as received, without the query. */
  path: string;
  /** Query text for the prehash (see query.ts); "" when there is none. */
  signedQuery: string;
  /** The body bytes exactly as received: re-serialized JSON would not match the client's signature. */
  body: Buffer;
  headers: IncomingHttpHeaders;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === '' ? undefined : s;
}

/** Equality in time independent of where the texts differ (the private stream's login uses it too). */
export function sameText(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  // timingSafeEqual needs equal lengths; comparing against itself keeps the timing uniform.
  return ba.length === bb.length ? timingSafeEqual(ba, bb) : (timingSafeEqual(ba, ba), false);
}

export function expectedSignature(secret: string, req: SignedRequest, timestamp: string): string {
  const head = `${timestamp}${req.method.toUpperCase()}${req.path}${req.signedQuery ? `?${req.signedQuery}` : ''}`;
  return createHmac('sha256', secret).update(head, 'utf8').update(req.body).digest('base64');
}

/** Returns the account the request is signed for, or throws the ApiError the exchange would answer. */
export function authenticate(
  req: SignedRequest,
  accountsByKey: ReadonlyMap<string, DemoAccount>,
  serverNow: number,
): DemoAccount {
  const key = header(req.headers, 'access-key');
  if (key === undefined) throw errors.accessKeyMissing();
  const sign = header(req.headers, 'access-sign');
  if (sign === undefined) throw errors.accessSignMissing();
  const passphrase = header(req.headers, 'access-passphrase');
  if (passphrase === undefined) throw errors.passphraseMissing();
  const timestamp = header(req.headers, 'access-timestamp');
  if (timestamp === undefined || !/^\d{1,16}$/.test(timestamp)) throw errors.timestampInvalid();
  const account = accountsByKey.get(key);
  if (!account) throw errors.accessKeyInvalid();
  if (Math.abs(Number(timestamp) - serverNow) > TIMESTAMP_TOLERANCE_MS) throw errors.timestampExpired();
  if (!sameText(passphrase, account.passphrase)) throw errors.passphraseWrong();
  if (!sameText(sign, expectedSignature(account.secretKey, req, timestamp))) throw errors.signatureWrong();
  return account;
}
