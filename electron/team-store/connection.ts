/**
 * How UTA Desk connects to a team store: the address with the password joined in memory only, and
 * the time limits that make a store that does not answer "unreachable" (nothing is sent meanwhile).
 */
import type pg from 'pg';
import type { TeamStoreSettings } from './settings';

/** A store that does not answer in this time is unreachable. */
export const CONNECT_TIMEOUT_MS = 3_000;
const STATEMENT_TIMEOUT_MS = 5_000;

/**
 * pg reads the password from the address when it has one there, ignoring a `password` given beside
 * it; the profile keeps it apart (sealed), so it joins the address only here, in memory.
 */
export function connectionConfig(settings: Pick<TeamStoreSettings, 'url' | 'password'>): pg.ClientConfig {
  return {
    connectionString: withPassword(settings.url, settings.password),
    statement_timeout: STATEMENT_TIMEOUT_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  };
}

function withPassword(url: string, password: string | undefined): string {
  if (password === undefined) return url;
  try {
    const u = new URL(url);
    u.password = password;
    return u.toString();
  } catch {
    return url;
  }
}
