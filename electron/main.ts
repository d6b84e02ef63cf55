/**
 * Electron adapter: window, hardening, custom protocol and IPC registration. Everything with logic
 * lives in the core (no Electron imports) so it is tested in plain Node.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage, session, type WebPreferences } from 'electron';
import { createCore, type Core } from './core/create-core';
import {
  acquireUserDataLock,
  UserDataFolderError,
  UserDataLockedError,
  type UserDataLock,
} from './core/user-data-lock';
import { createDispatch } from './ipc/dispatch';
import { registerIpc } from './ipc/register';
import { serveLocalChannel, type LocalChannelServer } from './local-channel/channel-server';
import { APP_HOST, APP_ORIGIN, APP_SCHEME, CONTENT_SECURITY_POLICY } from './security/csp';
import { allowPermission } from './security/permissions';
import { mimeType, resolveStaticPath } from './security/static-files';
import type { SecretBox } from './profiles/secret-box';

const RENDERER_DIR = join(__dirname, '../renderer');
const PRELOAD = join(__dirname, '../preload/preload.cjs');
/** Set by `electron-vite dev` only; a packaged app always loads app://desk. */
const DEV_SERVER_URL = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
/** The e2e suite points an unpackaged app at its own demo exchange and a throwaway user-data folder. */
const TEST_DEMO_URL = app.isPackaged ? undefined : process.env.UTA_DESK_DEMO_URL;
if (!app.isPackaged && process.env.UTA_DESK_USER_DATA) app.setPath('userData', process.env.UTA_DESK_USER_DATA);

export const webPreferences: WebPreferences = {
  preload: PRELOAD,
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
};

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

function secretBox(): SecretBox {
  return {
    isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
    backend: () =>
      process.platform === 'linux'
        ? safeStorage.getSelectedStorageBackend()
        : process.platform === 'darwin'
          ? 'keychain'
          : 'dpapi',
    encryptString: (plain) => safeStorage.encryptString(plain),
    decryptString: (encrypted) => safeStorage.decryptString(encrypted),
  };
}

function serveRenderer(): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? resolveStaticPath(RENDERER_DIR, url.pathname) : undefined;
    if (!file) return new Response('Not found', { status: 404 });
    try {
      return new Response(await readFile(file), {
        headers: { 'content-type': mimeType(file), 'content-security-policy': CONTENT_SECURITY_POLICY },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

/** The origins of the app's own page: the bundled renderer, and the development server when one runs. */
function trustedOrigins(): string[] {
  return DEV_SERVER_URL ? [APP_ORIGIN, new URL(DEV_SERVER_URL).origin] : [APP_ORIGIN];
}

function harden(): void {
  // Desktop notifications (alerts of watched symbols) for the app's own page; nothing else, anywhere.
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(allowPermission(permission, details.requestingUrl, trustedOrigins())),
  );
  session.defaultSession.setPermissionCheckHandler((_wc, permission, requestingOrigin) =>
    allowPermission(permission, requestingOrigin, trustedOrigins()),
  );
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

export function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'UTA Desk',
    backgroundColor: '#0f1318',
    webPreferences,
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(DEV_SERVER_URL ?? `${APP_ORIGIN}/index.html`);
  return win;
}

/**
 * One app per user-data folder: a second launch hands over to the first (which comes to the front),
 * and the folder's lock file also keeps out a browser host (`uta-desk serve`) on the same profiles.
 */
async function claimUserData(): Promise<UserDataLock | undefined> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  app.on('second-instance', () => {
    const win = BrowserWindow.getAllWindows()[0];
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  await app.whenReady();
  try {
    return await acquireUserDataLock(app.getPath('userData'), 'electron');
  } catch (e) {
    if (e instanceof UserDataFolderError) dialog.showErrorBox('UTA Desk cannot start', e.message);
    else if (e instanceof UserDataLockedError) dialog.showErrorBox('UTA Desk is already running', e.message);
    else throw e;
    app.quit();
    return undefined;
  }
}

/**
 * The command line's way in while this app holds the folder (see local-channel/): its calls go
 * through the same dispatch, tagged as the CLI's. Without it the app still runs; the CLI then finds
 * the folder locked and refuses, so there is still one writer.
 */
async function serveCommandLine(dispatch: ReturnType<typeof createDispatch>): Promise<LocalChannelServer | undefined> {
  try {
    return await serveLocalChannel(app.getPath('userData'), dispatch);
  } catch (e) {
    console.error('[local channel] not served:', e instanceof Error ? e.message : e);
    return undefined;
  }
}

export async function bootstrap(): Promise<Core | undefined> {
  const lock = await claimUserData();
  if (!lock) return undefined;
  harden();
  serveRenderer();
  const core = createCore({
    host: 'desktop',
    userDataDir: app.getPath('userData'),
    secretBox: secretBox(),
    version: app.getVersion(),
    localDemo: { externalUrl: TEST_DEMO_URL },
  });
  const dispatch = createDispatch(core.handlers, {
    onInternalError: (channel, error) =>
      console.error(`[ipc] ${channel} failed:`, error instanceof Error ? error.message : error),
  });
  registerIpc(ipcMain, dispatch, trustedOrigins());
  const channel = await serveCommandLine(dispatch);
  createMainWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Quitting waits for the core: attempts being followed are recorded and the activity log flushed.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    void (async () => {
      await channel?.close().catch(() => undefined);
      await core.close();
    })().finally(() => {
      closed = true;
      lock.releaseSync();
      app.quit();
    });
  });
  process.on('exit', () => lock.releaseSync());
  return core;
}

export const started: Promise<Core | undefined> = bootstrap();
