import { describe, expect, it, vi } from 'vitest';
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
