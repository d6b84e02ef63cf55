/**
 * Request signing as the exchange documents it: Base64(HMAC-SHA256(secret, prehash)) with
 * prehash = timestamp + METHOD + path + ("?" + query, only when non-empty) + body.
 */
import { createHmac } from 'node:crypto';

export type QueryParams = Readonly<Record<string, string | undefined>>;

/**
 * The query string both signed and sent: keys sorted ascending, undefined values dropped, values
 * NOT percent-encoded (the exchange signs the raw values; encoding broke non-ASCII values).
 */
export function canonicalQuery(params: QueryParams = {}): string {
  return Object.keys(params)
    .filter((k) => params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** The same query, percent-encoded for the URL; the server decodes it back to canonicalQuery. */
export function encodedQuery(params: QueryParams = {}): string {
  return Object.keys(params)
    .filter((k) => params[k] !== undefined)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(params[k] as string)}`)
    .join('&');
}

export function prehash(timestamp: string, method: string, path: string, query: string, body: string): string {
  return `${timestamp}${method.toUpperCase()}${path}${query ? `?${query}` : ''}${body}`;
}

export function sign(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('base64');
}
