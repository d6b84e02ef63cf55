import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { contract } from '../../shared/contract';
import { deskError } from '../../shared/errors';
import type { CoreHandlers } from '../core/handlers';
import { createDispatch } from './dispatch';

function handlers(overrides: Partial<CoreHandlers> = {}): CoreHandlers {
  const never = vi.fn(async () => {
    throw new Error('not expected in this test');
  });
  return new Proxy({} as CoreHandlers, {
    get: (_t, key: string) => (overrides as Record<string, unknown>)[key] ?? never,
  });
}

describe('dispatch', () => {
  it('validates the payload and calls the handler with the parsed request', async () => {
    const listInstruments = vi.fn(async () => ({ instruments: [], fetchedAt: 1 }));
    const dispatch = createDispatch(handlers({ listInstruments }));
    const r = await dispatch('instruments:list', { category: 'SPOT', symbol: '  BTCUSDT ' });
    expect(r).toEqual({ ok: true, data: { instruments: [], fetchedAt: 1 } });
    expect(listInstruments).toHaveBeenCalledWith({ category: 'SPOT', symbol: 'BTCUSDT' });
  });

  it('hands the handler the caller a host gives, and none when it gives none', async () => {
    const pingHost = vi.fn(async () => ({ at: 1 }));
    const dispatch = createDispatch(handlers({ pingHost }));
    await dispatch('app:ping', {});
    await dispatch('app:ping', {}, { host: 'cli' });
    expect(pingHost.mock.calls).toEqual([[{}], [{}, { host: 'cli' }]]);
    // A payload cannot carry one: the contract's strict objects refuse the field.
    expect(await dispatch('app:ping', { caller: { host: 'desktop' } })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    });
    expect(pingHost).toHaveBeenCalledTimes(2);
  });

  it('refuses a malformed payload with a clear message and never reaches the handler', async () => {
    const listInstruments = vi.fn();
    const sendModification = vi.fn();
    const dispatch = createDispatch(handlers({ listInstruments, sendModification }));
    const r1 = await dispatch('instruments:list', { category: 'OPTIONS' });
    expect(r1.ok).toBe(false);
    if (!r1.ok) {
      expect(r1.error.kind).toBe('validation');
      expect(r1.error.message).toMatch(/^Invalid request on instruments:list: category:/);
    }
    const r2 = await dispatch('amend:send', { request: { orderId: '1', price: '1', apiSecret: 'x' } });
    expect(r2).toMatchObject({ ok: false, error: { kind: 'validation' } });
    const r3 = await dispatch('amend:send', 'not an object');
    expect(r3).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(listInstruments).not.toHaveBeenCalled();
    expect(sendModification).not.toHaveBeenCalled();
  });

  it('quotes no more than a short, sanitised excerpt of what it refuses', async () => {
    const getAttempt = vi.fn();
    const testConnection = vi.fn();
    const dispatch = createDispatch(handlers({ getAttempt, testConnection }));
    const texts: string[] = [];
    const refused = async (channel: string, payload: unknown) => {
      const r = await dispatch(channel, payload);
      expect(r.ok).toBe(false);
      if (!r.ok) texts.push(r.error.message, ...(r.error.details ?? []));
      return r;
    };
    // A channel name of 10 KB, with a line break.
    const long = await refused(`x\r\nSet-Cookie: a=b${'C'.repeat(10_000)}`, {});
    expect(!long.ok && long.error.message.length).toBeLessThan(120);
    // Ids with NUL / CRLF never reach a handler (and so no not-found message quotes them).
    await refused('amend:attempt', { id: 'a\u0000b' });
    await refused('profiles:test', { id: 'p\r\nX-Injected: 1' });
    expect(getAttempt).not.toHaveBeenCalled();
    expect(testConnection).not.toHaveBeenCalled();
    // Unknown keys: named by a short excerpt, however long or many.
    const keys = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}\n${'K'.repeat(5000)}`, 1]));
    const unknown = await refused('instruments:list', { category: 'SPOT', ...keys });
    expect(!unknown.ok && unknown.error.message).toMatch(/Unknown fields: "k0\?K+…", "k1\?K+…", "k2\?K+…" and 47 more/);
    // Many invalid items: a few details and a count, not one line each.
    const items = await refused('changes:seen', { category: 'SPOT', symbols: Array.from({ length: 3000 }, () => 7) });
    expect(!items.ok && items.error.details?.length).toBeLessThanOrEqual(11);
    for (const t of texts) {
      expect(t.length).toBeLessThan(1000);
      expect(t).not.toMatch(/\p{Cc}/u);
    }
  });

  it('refuses an unknown channel', async () => {
    const r = await createDispatch(handlers())('shell:exec', {});
    expect(r).toMatchObject({ ok: false, error: { kind: 'validation', message: 'Unknown IPC channel "shell:exec"' } });
  });

  it('passes a DeskError through intact and wraps anything else as internal', async () => {
    const onInternalError = vi.fn();
    const dispatch = createDispatch(
      handlers({
        getOrder: async () => {
          throw deskError('exchange', 'order does not exist', { code: '25204' });
        },
        listProfiles: async () => {
          throw new TypeError('boom');
        },
      }),
      { onInternalError },
    );
    expect(await dispatch('orders:get', { clientOid: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'exchange', code: '25204' },
    });
    expect(await dispatch('profiles:list', {})).toMatchObject({
      ok: false,
      error: { kind: 'internal', message: 'Unexpected failure on profiles:list: boom' },
    });
    expect(onInternalError).toHaveBeenCalledTimes(1);
  });
});

describe('bounded strings at the boundary', () => {
  it('gives every string of every request a maximum length', () => {
    const unbounded: string[] = [];
    let strings = 0;
    const walk = (node: unknown, path: string): void => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (n.type === 'string') strings++;
      if (n.type === 'string' && n.maxLength === undefined && n.enum === undefined && n.const === undefined)
        unbounded.push(path);
      for (const [k, v] of Object.entries(n)) walk(v, `${path}.${k}`);
    };
    for (const [method, { request }] of Object.entries(contract))
      walk(z.toJSONSchema(request, { io: 'input', unrepresentable: 'any' }), method);
    expect(strings).toBeGreaterThan(20);
    expect(unbounded).toEqual([]);
  });

  it.each([
    ['amend:send', (v: string) => ({ request: { orderId: v, price: '1' } })],
    ['amend:send', (v: string) => ({ request: { clientOid: 'a', price: v } })],
    ['amend:send', (v: string) => ({ request: { clientOid: 'a', qty: '1', symbol: v } })],
    ['orders:get', (v: string) => ({ clientOid: v })],
    ['amend:attempt', (v: string) => ({ id: v })],
    ['profiles:select', (v: string) => ({ id: v })],
    ['profiles:create', (v: string) => ({ name: 'x', environment: 'custom', baseUrl: v })],
    ['vault:unlock', (v: string) => ({ passphrase: v })],
  ] as const)('refuses a 10 MB field on %s with a short message that does not echo it', async (channel, payload) => {
    const dispatch = createDispatch(handlers());
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const r = await dispatch(channel, payload(huge));
    expect(r).toMatchObject({ ok: false, error: { kind: 'validation' } });
    const text = JSON.stringify(r);
    expect(text.length).toBeLessThan(1000);
    expect(text).not.toContain('x'.repeat(100));
  });
});
