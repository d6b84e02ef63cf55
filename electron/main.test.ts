/**
 * main.ts wiring with Electron mocked: window hardening, IPC registration, sender and payload
 * checks, protocol serving, navigation/permission denial.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../shared/contract';
import { connectLocalChannel } from './local-channel/channel-client';
import { SOCKET_FILE } from './local-channel/channel-path';

const h = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown;
  const state = {
    windows: [] as {
      options: Record<string, unknown>;
      loadURL: ReturnType<typeof vi.fn>;
      focus: ReturnType<typeof vi.fn>;
      restore: ReturnType<typeof vi.fn>;
    }[],
    userData: '',
    quit: vi.fn(),
    ipcHandlers: new Map<string, Listener>(),
    appListeners: new Map<string, Listener[]>(),
    protocolHandler: undefined as undefined | ((req: Request) => Promise<Response>),
    privileged: [] as unknown[],
    permissionRequest: undefined as undefined | Listener,
    permissionCheck: undefined as undefined | Listener,
    core: { listInstruments: vi.fn(async () => ({ instruments: [], fetchedAt: 1 })) },
  };
  return state;
});

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => h.windows;
    loadURL = vi.fn(async () => undefined);
    once = vi.fn();
    focus = vi.fn();
    restore = vi.fn();
    isMinimized = () => true;
    constructor(public options: Record<string, unknown>) {
      h.windows.push(this);
    }
  }
  const on = (event: string, listener: (...a: unknown[]) => unknown) => {
    h.appListeners.set(event, [...(h.appListeners.get(event) ?? []), listener]);
  };
  return {
    app: {
      isPackaged: true,
      whenReady: async () => undefined,
      getPath: () => (h.userData ||= mkdtempSync(join(tmpdir(), 'uta-main-test-'))),
      getVersion: () => '9.9.9',
      setPath: vi.fn(),
      requestSingleInstanceLock: () => true,
      on,
      quit: h.quit,
    },
    dialog: { showErrorBox: vi.fn() },
    BrowserWindow,
    ipcMain: {
      handle: (c: string, l: (...a: unknown[]) => unknown) => h.ipcHandlers.set(c, l),
      removeHandler: (c: string) => h.ipcHandlers.delete(c),
    },
    protocol: {
      registerSchemesAsPrivileged: (s: unknown[]) => h.privileged.push(...s),
      handle: (_scheme: string, handler: (req: Request) => Promise<Response>) => {
        h.protocolHandler = handler;
      },
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'gnome_libsecret',
      encryptString: (s: string) => Buffer.from(s),
      decryptString: (b: Buffer) => b.toString(),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (l: (...a: unknown[]) => unknown) => (h.permissionRequest = l),
        setPermissionCheckHandler: (l: (...a: unknown[]) => unknown) => (h.permissionCheck = l),
      },
    },
  };
});

// The core is what the handlers call; replaced by spies to prove a refused call never reaches it.
vi.mock('./core/create-core', () => ({
  createCore: () => ({
    handlers: new Proxy(h.core, { get: (t, k: string) => (t as Record<string, unknown>)[k] ?? vi.fn() }),
    localDemo: {},
    close: async () => undefined,
  }),
}));

const APP_EVENT = { senderFrame: { url: 'app://desk/index.html' } };

beforeAll(async () => {
  const main = await import('./main');
  await main.started;
});

describe('main window', () => {
  it('is created with isolation, sandbox and no Node integration, loading the app protocol', () => {
    expect(h.windows).toHaveLength(1);
    const win = h.windows[0]!;
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(String(prefs.preload)).toMatch(/preload[\\/]preload\.cjs$/);
    expect(win.loadURL).toHaveBeenCalledWith('app://desk/index.html');
  });

  it('registers the app scheme as standard and secure', () => {
    expect(h.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });
});

describe('IPC registration', () => {
  it('registers one handler per contract channel', () => {
    expect([...h.ipcHandlers.keys()].sort()).toEqual([...CHANNELS].sort());
  });

  it('calls the core for a valid payload from the app frame', async () => {
    const r = await h.ipcHandlers.get('instruments:list')!(APP_EVENT, { category: 'SPOT' });
    expect(r).toEqual({ ok: true, data: { instruments: [], fetchedAt: 1 } });
    expect(h.core.listInstruments).toHaveBeenCalledTimes(1);
  });

  it('refuses a foreign sender and never reaches the core', async () => {
    h.core.listInstruments.mockClear();
    const r = await h.ipcHandlers.get('instruments:list')!(
      { senderFrame: { url: 'https://evil.example/' } },
      { category: 'SPOT' },
    );
    expect(r).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(h.core.listInstruments).not.toHaveBeenCalled();
  });

  it('refuses a malformed payload with a clear error and never reaches the core', async () => {
    h.core.listInstruments.mockClear();
    const r = await h.ipcHandlers.get('instruments:list')!(APP_EVENT, { category: 'SPOT', symbol: 42 });
    expect(r).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect((r as { error: { message: string } }).error.message).toMatch(/symbol/);
    expect(h.core.listInstruments).not.toHaveBeenCalled();
  });
});

describe('one app per user-data folder', () => {
  it('holds the folder lock while running, naming this process', () => {
    const owner = JSON.parse(readFileSync(join(h.userData, 'uta-desk.lock'), 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, host: 'electron' });
  });

  it('brings the existing window to the front when the app is launched again', () => {
    for (const l of h.appListeners.get('second-instance') ?? []) l();
    expect(h.windows[0]!.restore).toHaveBeenCalled();
    expect(h.windows[0]!.focus).toHaveBeenCalled();
  });

  it.skipIf(process.platform === 'win32')(
    'serves the command line on the folder’s socket, through the same checks, as the CLI’s',
    async () => {
      const channel = await connectLocalChannel(h.userData);
      expect(channel?.path).toBe(join(h.userData, SOCKET_FILE));
      try {
        h.core.listInstruments.mockClear();
        expect(await channel?.invoke('instruments:list', { category: 'SPOT', symbol: 42 })).toMatchObject({
          ok: false,
          error: { kind: 'validation' },
        });
        expect(h.core.listInstruments).not.toHaveBeenCalled();
        expect(await channel?.invoke('instruments:list', { category: 'SPOT' })).toEqual({
          ok: true,
          data: { instruments: [], fetchedAt: 1 },
        });
        expect(h.core.listInstruments).toHaveBeenCalledWith({ category: 'SPOT' }, { host: 'cli' });
      } finally {
        channel?.close();
      }
    },
  );

  it('quits only after the core has closed, then releases the lock; the command line finds no app', async () => {
    const event = { preventDefault: vi.fn() };
    for (const l of h.appListeners.get('will-quit') ?? []) l(event);
    expect(event.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(h.quit).toHaveBeenCalled());
    expect(existsSync(join(h.userData, 'uta-desk.lock'))).toBe(false);
    expect(existsSync(join(h.userData, SOCKET_FILE))).toBe(false);
    expect(await connectLocalChannel(h.userData)).toBeUndefined();
  });
});

describe('hardening', () => {
  it('denies navigation, redirects, webviews and new windows in every web contents', () => {
    const listeners = new Map<string, (e: { preventDefault: () => void }) => void>();
    let openHandler: (() => unknown) | undefined;
    const contents = {
      setWindowOpenHandler: (f: () => unknown) => (openHandler = f),
      on: (event: string, l: (e: { preventDefault: () => void }) => void) => listeners.set(event, l),
    };
    for (const l of h.appListeners.get('web-contents-created') ?? []) l({}, contents);
    expect(openHandler?.()).toEqual({ action: 'deny' });
    for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const preventDefault = vi.fn();
      listeners.get(event)!({ preventDefault });
      expect(preventDefault, event).toHaveBeenCalled();
    }
  });

  it('denies every permission but notifications for the app’s own page', () => {
    const denied = vi.fn();
    h.permissionRequest!({}, 'media', denied, { requestingUrl: 'app://desk/index.html' });
    expect(denied).toHaveBeenCalledWith(false);
    const foreign = vi.fn();
    h.permissionRequest!({}, 'notifications', foreign, { requestingUrl: 'https://evil.example/' });
    expect(foreign).toHaveBeenCalledWith(false);
    const own = vi.fn();
    h.permissionRequest!({}, 'notifications', own, { requestingUrl: 'app://desk/index.html' });
    expect(own).toHaveBeenCalledWith(true);
    expect(h.permissionCheck!({}, 'clipboard-read', 'app://desk')).toBe(false);
    expect(h.permissionCheck!({}, 'notifications', 'app://desk')).toBe(true);
  });

  it('serves the renderer with the CSP and refuses paths outside it', async () => {
    const notFound = await h.protocolHandler!(new Request('app://desk/../../etc/passwd'));
    expect(notFound.status).toBe(404);
    const other = await h.protocolHandler!(new Request('app://elsewhere/index.html'));
    expect(other.status).toBe(404);
  });
});
