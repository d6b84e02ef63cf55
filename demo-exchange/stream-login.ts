/**
 * The private stream's login: `{"op":"login","args":[{apiKey, passphrase, timestamp, sign}]}` with
 * `sign = Base64(HMAC-SHA256(secret, timestamp + "GET" + "/user/verify"))` and the timestamp in
 * Unix SECONDS. Checked in the REST order (key, timestamp, passphrase, signature) against the same
 * accounts and server clock as the REST endpoints.
 */
import { createHmac } from 'node:crypto';
import type { DemoAccount } from './accounts';
import { sameText, TIMESTAMP_TOLERANCE_MS } from './auth';
import { streamErrors } from './stream-errors';

export const LOGIN_SIGN_PATH = '/user/verify';

/** Ten digits reach the year 2286; thirteen are what a client sending milliseconds by mistake produces. */
const SECONDS = /^\d{1,10}$/;

function field(args: Record<string, unknown>, name: string): string {
  const v = args[name];
  if (typeof v !== 'string' || v === '') throw streamErrors.param(`${name} must be a non-empty string`);
  return v;
}

/**
 * The timestamp as the client wrote it, which is what it signed: bitget-api sends a JSON number,
 * ccxt a string; both are digits, so the text of either is the prehash's first part.
 */
function timestampText(v: unknown): string {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
  if (typeof v === 'string' && /^\d+$/.test(v)) return v;
  throw streamErrors.timestampInvalid('expected Unix time in seconds, as digits');
}

export function loginSignature(secret: string, timestamp: string): string {
  return createHmac('sha256', secret).update(`${timestamp}GET${LOGIN_SIGN_PATH}`, 'utf8').digest('base64');
}

/** The account the login frame's first argument proves, or throws the StreamError to answer with. */
export function verifyLogin(
  args: unknown,
  accountsByKey: ReadonlyMap<string, DemoAccount>,
  serverNow: number,
): DemoAccount {
  const first: unknown = Array.isArray(args) ? args[0] : undefined;
  if (typeof first !== 'object' || first === null || Array.isArray(first)) {
    throw streamErrors.param('args must hold one object {apiKey, passphrase, timestamp, sign}');
  }
  const a = first as Record<string, unknown>;
  const apiKey = field(a, 'apiKey');
  const passphrase = field(a, 'passphrase');
  const sign = field(a, 'sign');
  const timestamp = timestampText(a.timestamp);
  const account = accountsByKey.get(apiKey);
  if (!account) throw streamErrors.accessKeyInvalid();
  if (!SECONDS.test(timestamp)) throw streamErrors.timestampInvalid('expected Unix time in seconds, not milliseconds');
  // Same tolerance as REST: clients sign a time up to their receive window ahead, and whole
  // seconds lose up to one more.
  if (Math.abs(Number(timestamp) * 1000 - serverNow) > TIMESTAMP_TOLERANCE_MS) throw streamErrors.timestampExpired();
  if (!sameText(passphrase, account.passphrase)) throw streamErrors.passphraseInvalid();
  if (!sameText(sign, loginSignature(account.secretKey, timestamp))) throw streamErrors.signInvalid();
  return account;
}
