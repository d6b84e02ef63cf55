import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cookieValue, cookieValues, DESK_HEADER, isLoopbackHost, SessionGate } from './session-gate';

const PORT = 43127;
const HOST = `127.0.0.1:${PORT}`;

/** A gate with one redeemed session; the token is what the browser would keep in the cookie. */
function gateWithSession(port = PORT): { gate: SessionGate; token: string } {
  const gate = new SessionGate(port);
  const token = gate.redeem(gate.newLaunchCode());
  if (!token) throw new Error('a fresh launch code must redeem');
  return { gate, token };
}

/** What the app's own page sends on a contract call. */
function ownCall(extra: IncomingHttpHeaders = {}): IncomingHttpHeaders {
  return {
    host: HOST,
    origin: `http://${HOST}`,
    'sec-fetch-site': 'same-origin',
    [DESK_HEADER]: '1',
    ...extra,
  };
}

describe('SessionGate launch codes', () => {
  it('issues a 256-bit base64url code, different on every call', () => {
    const gate = new SessionGate(PORT);
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const code = gate.newLaunchCode();
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(code, 'base64url')).toHaveLength(32);
      codes.add(code);
    }
    expect(codes.size).toBe(20);
  });

  it('redeems a code once: the second redeem of the same code fails', () => {
    const gate = new SessionGate(PORT);
    const code = gate.newLaunchCode();
    const token = gate.redeem(code);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(code);
    expect(gate.redeem(code)).toBeUndefined();
  });

  it('voids the previous unused code when a new one is issued', () => {
    const gate = new SessionGate(PORT);
    const first = gate.newLaunchCode();
    const second = gate.newLaunchCode();
    expect(gate.redeem(first)).toBeUndefined();
    expect(gate.redeem(second)).toBeDefined();
  });

  it('gives nothing for a wrong, non-string or oversized code, and a wrong guess does not void the real code', () => {
    const gate = new SessionGate(PORT);
    expect(gate.redeem('anything')).toBeUndefined(); // no code issued yet
    const code = gate.newLaunchCode();
    for (const bad of [
      undefined,
      null,
      42,
      { code },
      [code],
      '',
      code.slice(0, -1),
      `${code}x`,
      code.toUpperCase(),
      'A'.repeat(129),
      'A'.repeat(100_000),
    ]) {
      expect(gate.redeem(bad)).toBeUndefined();
    }
    expect(gate.redeem(code)).toBeDefined();
  });

  it('gives each redeemed link its own session token', () => {
    const gate = new SessionGate(PORT);
    const a = gate.redeem(gate.newLaunchCode());
    const b = gate.redeem(gate.newLaunchCode());
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
    expect(gate.hasSession({ cookie: `${gate.cookieName}=${a}` })).toBe(true);
    expect(gate.hasSession({ cookie: `${gate.cookieName}=${b}` })).toBe(true);
  });
});

describe('SessionGate sessions', () => {
  it('accepts only a token it issued, under its own cookie name', () => {
    const { gate, token } = gateWithSession();
    expect(gate.cookieName).toBe(`uta-desk-${PORT}`);
    expect(gate.hasSession({ cookie: `uta-desk-${PORT}=${token}` })).toBe(true);
    expect(gate.hasSession({ cookie: `other=1; uta-desk-${PORT}=${token}; theme=dark` })).toBe(true);

    expect(gate.hasSession({})).toBe(false);
    expect(gate.hasSession({ cookie: '' })).toBe(false);
    expect(gate.hasSession({ cookie: `uta-desk-${PORT}=` })).toBe(false);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(gate.hasSession({ cookie: `uta-desk-${PORT}=${altered}` })).toBe(false);
    expect(gate.hasSession({ cookie: `uta-desk-${PORT}=${'A'.repeat(10_000)}` })).toBe(false);
  });

  it('accepts its token among tossed cookies of the same name (a page on another port cannot lock it out)', () => {
    const { gate, token } = gateWithSession();
    // A page on 127.0.0.1:<other port> set `uta-desk-<port>=x; path=/desk`: the browser sends the
    // more specific path first, so the host's own cookie comes second.
    expect(gate.hasSession({ cookie: `uta-desk-${PORT}=x; uta-desk-${PORT}=${token}` })).toBe(true);
    expect(
      gate.hasSession({ cookie: `uta-desk-${PORT}=x; theme=1; uta-desk-${PORT}=y; uta-desk-${PORT}=${token}` }),
    ).toBe(true);
    expect(gate.hasSession({ cookie: `uta-desk-${PORT}=x; uta-desk-${PORT}=y` })).toBe(false);
    // Many tossed paths each send one more: all are looked at (Node bounds the header at 16 KB).
    const flood = Array.from({ length: 100 }, (_, i) => `uta-desk-${PORT}=f${i}`).join('; ');
    expect(gate.hasSession({ cookie: `${flood}; uta-desk-${PORT}=${token}` })).toBe(true);
  });

  it('refuses a valid token sent under another port’s cookie name', () => {
    const { gate, token } = gateWithSession();
    expect(gate.hasSession({ cookie: `uta-desk-${PORT + 1}=${token}` })).toBe(false);
    expect(gate.hasSession({ cookie: `uta-desk=${token}` })).toBe(false);
    expect(gate.hasSession({ cookie: `x-uta-desk-${PORT}=${token}` })).toBe(false);
  });

  it('does not accept a token issued by another host’s gate', () => {
    const a = gateWithSession(PORT);
    const b = gateWithSession(PORT + 1);
    expect(b.gate.hasSession({ cookie: `${b.gate.cookieName}=${a.token}` })).toBe(false);
    expect(a.gate.hasSession({ cookie: `${a.gate.cookieName}=${b.token}` })).toBe(false);
  });

  it('keeps the newest 16 sessions: the oldest is dropped first', () => {
    const gate = new SessionGate(PORT);
    const tokens: string[] = [];
    for (let i = 0; i < 17; i++) {
      const token = gate.redeem(gate.newLaunchCode());
      if (!token) throw new Error('redeem failed');
      tokens.push(token);
    }
    expect(gate.hasSession({ cookie: `${gate.cookieName}=${tokens[0]}` })).toBe(false);
    for (const token of tokens.slice(1)) expect(gate.hasSession({ cookie: `${gate.cookieName}=${token}` })).toBe(true);
  });

  it('builds an HttpOnly, SameSite=Strict cookie for the whole site, with no Domain', () => {
    const { gate, token } = gateWithSession();
    const cookie = gate.sessionCookie(token);
    const [pair, ...attributes] = cookie.split(';').map((s) => s.trim());
    expect(pair).toBe(`uta-desk-${PORT}=${token}`);
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/']));
    expect(cookie).not.toMatch(/domain/i);
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(cookieValue(undefined, 'a')).toBeUndefined();
    expect(cookieValue('a=1; b=2', 'b')).toBe('2');
    expect(cookieValue(' a = 1 ;b=2', 'a')).toBe('1');
    expect(cookieValue('ab=1; b=2', 'a')).toBeUndefined();
    expect(cookieValue('=1; a', 'a')).toBeUndefined();
    expect(cookieValue('a=x=y', 'a')).toBe('x=y');
    expect(cookieValues('a=1; b=2; a=3;a=4', 'a')).toEqual(['1', '3', '4']);
  });
});

describe('SessionGate.checkHost', () => {
  const gate = new SessionGate(PORT);

  it.each([`127.0.0.1:${PORT}`, `localhost:${PORT}`, `[::1]:${PORT}`, `LOCALHOST:${PORT}`, `LocalHost:${PORT}`])(
    'accepts %s',
    (host) => {
      expect(gate.checkHost({ host })).toBeUndefined();
    },
  );

  it.each([
    `127.0.0.1:${PORT + 1}`,
    `localhost:${PORT + 1}`,
    '127.0.0.1',
    'localhost',
    `evil.example:${PORT}`,
    `localhost.evil.example:${PORT}`,
    `127.0.0.1.nip.io:${PORT}`,
    `0.0.0.0:${PORT}`,
    `127.0.0.2:${PORT}`,
    `::1:${PORT}`,
    `127.0.0.1:${PORT} `,
    '',
  ])('refuses %j with 403', (host) => {
    const refusal = gate.checkHost({ host });
    expect(refusal?.status).toBe(403);
    expect(refusal?.message).toMatch(/is not this UTA Desk host/);
  });

  it('refuses a request without a Host header', () => {
    expect(gate.checkHost({})).toMatchObject({ status: 403 });
  });

  it('accepts the extra names given for a non-loopback bind, on its port only', () => {
    const wide = new SessionGate(PORT, ['192.0.2.10']);
    expect(wide.checkHost({ host: `192.0.2.10:${PORT}` })).toBeUndefined();
    expect(wide.checkHost({ host: `127.0.0.1:${PORT}` })).toBeUndefined();
    expect(wide.checkHost({ host: `192.0.2.10:${PORT + 1}` })).toMatchObject({ status: 403 });
  });

  it('clips a long or non-printable Host in the refusal message', () => {
    const long = gate.checkHost({ host: `${'a'.repeat(10 * 1024)}:${PORT}` });
    expect(long?.message.length).toBeLessThan(300);
    const odd = gate.checkHost({ host: 'evil\u0000\u001b[31m\u2028\u00e9.example' });
    expect(odd?.message).toBeDefined();
    for (const raw of ['\u0000', '\u001b', '\u2028', '\u00e9']) expect(odd?.message).not.toContain(raw);
    expect(odd?.message).toContain('evil??[31m??.example');
  });
});

describe('SessionGate.checkCall', () => {
  const gate = new SessionGate(PORT);

  it('accepts the app’s own page: the header, a same-origin Origin and Sec-Fetch-Site', () => {
    expect(gate.checkCall(ownCall())).toBeUndefined();
  });

  it('accepts a call without Origin or Sec-Fetch-Site as long as the header is there', () => {
    expect(gate.checkCall({ host: HOST, [DESK_HEADER]: '1' })).toBeUndefined();
    expect(gate.checkCall({ host: HOST, [DESK_HEADER]: '' })).toBeUndefined();
  });

  it('refuses a call without the x-uta-desk header with 403', () => {
    const headers = ownCall();
    delete headers[DESK_HEADER];
    const refusal = gate.checkCall(headers);
    expect(refusal).toEqual({ status: 403, message: expect.stringMatching(/lacks the UTA Desk header/) });
  });

  it.each([
    'http://evil.example',
    `http://evil.example:${PORT}`,
    `https://${HOST}`,
    `http://127.0.0.1:${PORT + 1}`,
    `http://localhost:${PORT}`,
    'null',
    '',
  ])('refuses Origin %j with 403', (origin) => {
    const refusal = gate.checkCall(ownCall({ origin }));
    expect(refusal?.status).toBe(403);
    expect(refusal?.message).toMatch(/may not call UTA Desk/);
  });

  it('accepts an Origin equal to http://<Host>', () => {
    expect(gate.checkCall(ownCall({ host: `localhost:${PORT}`, origin: `http://localhost:${PORT}` }))).toBeUndefined();
  });

  it.each(['cross-site', 'same-site', 'none'])('refuses Sec-Fetch-Site %s with 403', (site) => {
    expect(gate.checkCall(ownCall({ 'sec-fetch-site': site }))).toMatchObject({ status: 403 });
  });

  it('clips a long Origin in the refusal message', () => {
    const refusal = gate.checkCall(ownCall({ origin: `http://${'x'.repeat(10 * 1024)}\u0007.example` }));
    expect(refusal?.status).toBe(403);
    expect(refusal?.message.length).toBeLessThan(300);
    expect(refusal?.message).not.toContain('\u0007');
  });
});

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.0.0.2', '127.255.255.254', '::1', 'localhost'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    '0.0.0.0',
    '::',
    '192.168.1.5',
    '10.0.0.1',
    '128.0.0.1',
    '127.0.0.1.evil.example',
    'localhost.evil.example',
    'evil127.0.0.1',
    '',
  ])('%j is not loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
