/**
 * What one request to the exchange carries: its headers and signature, and whether it can be built
 * at all (a header value with a line break, a base URL that is not one) before anything is sent.
 */
import { deskError } from '../../shared/errors';
import { notSentError } from './answer-errors';
import { prehash, sign, type QueryParams } from './signing';

export interface Credentials {
  apiKey: string;
  secretKey: string;
  passphrase: string;
}

/** The parts of a client's settings a request's headers come from. */
export interface RequestSettings {
  credentials?: Credentials;
  credentialsProblem?: string;
  locale?: string;
  demoTrading?: boolean;
}

/** What fetch (and Node's HTTP) accept in a header value: no CR, LF, NUL or other control character, Latin-1 only. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  params: QueryParams;
  body?: string;
  signed: boolean;
}

/**
 * Refuses, before anything is sent and without retrying, a request fetch could not build: a base
 * URL that is not a URL, or a header value (a credential, the locale) with a line break or another
 * character a header cannot carry. The value itself is never quoted.
 */
export function checkSendable(call: Call, baseUrl: string, settings: RequestSettings): void {
  try {
    new URL(`${baseUrl}${call.path}`);
  } catch {
    throw notSentError(call, `The exchange address "${baseUrl}" is not a valid URL, so nothing was sent.`);
  }
  const values: Array<[string, string | undefined]> = [['locale', settings.locale]];
  if (call.signed) {
    values.push(['API key', settings.credentials?.apiKey], ['passphrase', settings.credentials?.passphrase]);
  }
  const bad = values.find(([, v]) => v !== undefined && !HEADER_VALUE.test(v));
  if (bad) {
    throw notSentError(
      call,
      `The ${bad[0]} contains a line break or another character that cannot go in a request header, so nothing was sent: enter it again.`,
    );
  }
}

/**
 * The headers of one attempt: locale, demo trading, and for a signed call the key, passphrase,
 * timestamp (`timestampMs()`, read only for a signed call) and signature.
 */
export function requestHeaders(
  call: Call,
  query: string,
  settings: RequestSettings,
  timestampMs: () => number,
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    locale: settings.locale ?? 'en-US',
  };
  if (settings.demoTrading) headers.paptrading = '1';
  if (!call.signed) return headers;
  const c = settings.credentials;
  if (!c)
    throw deskError(
      'vault',
      settings.credentialsProblem ?? 'This profile has no API credentials; add them on the Profiles screen.',
      { path: call.path },
    );
  const timestamp = String(Math.round(timestampMs()));
  headers['ACCESS-KEY'] = c.apiKey;
  headers['ACCESS-PASSPHRASE'] = c.passphrase;
  headers['ACCESS-TIMESTAMP'] = timestamp;
  headers['ACCESS-SIGN'] = sign(c.secretKey, prehash(timestamp, call.method, call.path, query, call.body ?? ''));
  return headers;
}

/** Path and query as the HTTP request line carries them (what undici reports). */
export function pathAndQuery(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
