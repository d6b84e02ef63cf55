/**
 * Who may talk to the browser host. A page proves it was opened from the link the host printed by
 * trading that link's one-time launch code for an HttpOnly, SameSite=Strict session cookie; every
 * contract call then needs the cookie and a custom header, which a foreign page cannot add without a
 * CORS preflight the host never answers. Host and Origin are checked against the host's own address,
 * so a DNS-rebound name cannot reach it either.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { DESK_HEADER } from '../../shared/browser-host';

export { DESK_HEADER };

/** Launch codes and session tokens: 256 bits each, fresh per start. */
const TOKEN_BYTES = 32;
/** Sessions kept at once (one per link used); the oldest goes first. */
const MAX_SESSIONS = 16;
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export interface Refusal {
  status: 401 | 403;
  message: string;
}

export class SessionGate {
  /** Hashes, so a comparison takes the same time whatever the guess. */
  private launchCode: Buffer | undefined;
  private readonly sessions: Buffer[] = [];
  private readonly allowedHosts: ReadonlySet<string>;
  /** Cookies are not scoped by port: the name is, so two hosts on one machine keep apart. */
  readonly cookieName: string;

  constructor(port: number, extraHostNames: readonly string[] = []) {
    this.allowedHosts = new Set([...LOOPBACK_NAMES, ...extraHostNames].map((h) => `${h}:${port}`.toLowerCase()));
    this.cookieName = `uta-desk-${port}`;
  }

  /** A new one-time code; any earlier unused one is void. Goes in the URL fragment, never to a log. */
  newLaunchCode(): string {
    const code = randomBytes(TOKEN_BYTES).toString('base64url');
    this.launchCode = digest(code);
    return code;
  }

  /** Trades a launch code for a session token, once; undefined for a wrong or used code. */
  redeem(code: unknown): string | undefined {
    if (typeof code !== 'string' || code.length > 128 || !this.launchCode) return undefined;
    if (!timingSafeEqual(digest(code), this.launchCode)) return undefined;
    this.launchCode = undefined;
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    this.sessions.push(digest(token));
    if (this.sessions.length > MAX_SESSIONS) this.sessions.shift();
    return token;
  }

  /**
   * Not `__Host-` prefixed, on purpose. Cookies are scoped by host, not port, so a page on
   * 127.0.0.1:<other port> can set one of this name. With a narrower path (`Path=/desk`) it would
   * come first in the Cookie header and shadow ours; hasSession therefore accepts any cookie of the
   * name that holds a session, and a shadow locks nobody out. `__Host-` would not help beyond that:
   * Chromium 150 (Debian's, checked with Playwright) does accept `__Host-…; Secure` on
   * http://127.0.0.1 and http://localhost, but a page on another port of the same host sets
   * `__Host-` cookies of the same name just as well, and overwrites ours (same name and path) —
   * which only costs a new link, as any overwrite does — while a browser that does not treat
   * http://127.0.0.1 as secure would refuse the cookie and leave the operator unable to sign in.
   */
  sessionCookie(token: string): string {
    return `${this.cookieName}=${token}; Path=/; HttpOnly; SameSite=Strict`;
  }

  hasSession(headers: IncomingHttpHeaders): boolean {
    let found = false;
    for (const token of cookieValues(headers.cookie, this.cookieName)) {
      if (!token || token.length > 128) continue;
      const d = digest(token);
      // Every stored session is compared, so the time taken says nothing about which one matched.
      found = this.sessions.reduce((hit, s) => timingSafeEqual(s, d) || hit, false) || found;
    }
    return found;
  }

  /** The Host header names this host (DNS rebinding: a foreign name resolving to 127.0.0.1 is refused). */
  checkHost(headers: IncomingHttpHeaders): Refusal | undefined {
    const host = (headers.host ?? '').toLowerCase();
    if (this.allowedHosts.has(host)) return undefined;
    return {
      status: 403,
      message: `Refused: the address "${clip(host)}" is not this UTA Desk host. Open the link UTA Desk printed (http://127.0.0.1:…).`,
    };
  }

  /** For calls that act: the custom header, a same-origin Origin when one is sent, and a JSON body. */
  checkCall(headers: IncomingHttpHeaders): Refusal | undefined {
    const origin = headers.origin;
    if (origin !== undefined && origin !== `http://${headers.host ?? ''}`)
      return { status: 403, message: `Refused: a page from ${clip(origin)} may not call UTA Desk.` };
    const site = headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin')
      return { status: 403, message: 'Refused: only UTA Desk’s own page may call it.' };
    if (headers[DESK_HEADER] === undefined)
      return { status: 403, message: 'Refused: the request lacks the UTA Desk header.' };
    return undefined;
  }
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  return cookieValues(header, name)[0];
}

/** Every value sent under `name`, in header order: the same name may come more than once (other paths). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

/** A refused value is named, never echoed at length. */
function clip(text: string): string {
  const printable = text.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > 80 ? `${printable.slice(0, 80)}…` : printable;
}

export function isLoopbackHost(host: string): boolean {
  return host === '127.0.0.1' || host === '::1' || host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
