import { describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../../shared/contract';
import { isTrustedSender, registerIpc, type IpcEvent, type IpcMainLike } from './register';

function fakeIpcMain() {
  const handlers = new Map<string, (e: IpcEvent, p: unknown) => Promise<unknown>>();
  const ipc: IpcMainLike = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
  };
  return { ipc, handlers };
}

describe('registerIpc', () => {
  it('registers every contract channel and unregisters them', () => {
    const { ipc, handlers } = fakeIpcMain();
    const off = registerIpc(ipc, vi.fn(), ['app://desk']);
    expect([...handlers.keys()].sort()).toEqual([...CHANNELS].sort());
    off();
    expect(handlers.size).toBe(0);
  });

  it('refuses a foreign or missing sender frame without dispatching', async () => {
    const { ipc, handlers } = fakeIpcMain();
    const dispatch = vi.fn(async () => ({ ok: true as const, data: null }));
    registerIpc(ipc, dispatch, ['app://desk']);
    const h = handlers.get('app:status')!;
    for (const frame of [
      { url: 'https://evil.example/index.html' },
      { url: 'app://other/index.html' },
      { url: 'not a url' },
      null,
    ]) {
      expect(await h({ senderFrame: frame }, {})).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(dispatch).not.toHaveBeenCalled();
    await h({ senderFrame: { url: 'app://desk/index.html' } }, {});
    expect(dispatch).toHaveBeenCalledWith('app:status', {});
  });
});

describe('isTrustedSender', () => {
  it('compares origins, including the dev server origin when given', () => {
    expect(isTrustedSender({ url: 'http://localhost:5173/' }, ['app://desk', 'http://localhost:5173'])).toBe(true);
    expect(isTrustedSender({ url: 'http://localhost:5174/' }, ['app://desk', 'http://localhost:5173'])).toBe(false);
    expect(isTrustedSender({ url: 'file:///etc/passwd' }, ['app://desk'])).toBe(false);
  });
});
