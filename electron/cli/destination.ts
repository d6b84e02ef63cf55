/** Which exchange and environment a signed request goes to, said before it is signed. */
import { LIVE_BASE_URL } from '../../shared/profiles';
import type { GlobalOptions } from './global-options';

/**
 * "uta-desk: signing for LIVE api.bitget.com" (or DEMO TRADING) when the request goes to the
 * exchange's own host, which is where it goes without --base-url; undefined for a base URL the
 * operator named.
 */
export function signingNote(global: Pick<GlobalOptions, 'baseUrl' | 'demoTrading'>): string | undefined {
  const host = new URL(global.baseUrl).host;
  if (host !== new URL(LIVE_BASE_URL).host) return undefined;
  return `uta-desk: signing for ${global.demoTrading ? 'DEMO TRADING' : 'LIVE'} ${host}\n`;
}
