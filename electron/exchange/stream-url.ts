/**
 * Where a profile's private WebSocket lives, derived from its REST base URL. The exchange serves
 * REST and streams from different hosts (api.bitget.com vs ws.bitget.com, and wspap.bitget.com for
 * demo trading); any other host (the local demo exchange, a proxy) serves both on the same origin.
 */
import { LIVE_BASE_URL } from '../../shared/profiles';

export const PRIVATE_STREAM_PATH = '/v3/ws/private';
export const LIVE_PRIVATE_STREAM_URL = 'wss://ws.bitget.com/v3/ws/private';
export const DEMO_TRADING_PRIVATE_STREAM_URL = 'wss://wspap.bitget.com/v3/ws/private';

const LIVE_HOST = new URL(LIVE_BASE_URL).host;

/**
 * The private stream's URL for a REST base URL. `demoTrading` (the 'demo-trading' environment)
 * only changes the exchange's own host: demo trading is served by the live REST host with a header,
 * but by a separate stream host. Elsewhere the scheme becomes ws/wss and a path prefix of the base
 * URL is kept, as the REST client keeps it (`https://proxy/bitget` → `wss://proxy/bitget/v3/ws/private`).
 * Throws a TypeError for a base URL that is not an http(s) URL.
 */
export function privateStreamUrl(baseUrl: string, options: { demoTrading?: boolean } = {}): string {
  const url = new URL(baseUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError(`Not an http(s) base URL: ${url.protocol}`);
  const prefix = url.pathname.replace(/\/+$/, '');
  if (url.protocol === 'https:' && url.host === LIVE_HOST && prefix === '')
    return options.demoTrading ? DEMO_TRADING_PRIVATE_STREAM_URL : LIVE_PRIVATE_STREAM_URL;
  const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${url.host}${prefix}${PRIVATE_STREAM_PATH}`;
}
