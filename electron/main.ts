/**
 * Electron adapter: window, hardening, custom protocol and IPC registration. Everything with logic
 * lives in the core (no Electron imports) so it is tested in plain Node.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage, session, type WebPreferences } from 'electron';
import type { Core } from './core/create-core';
import { openCore, type OpenCore } from './core/open-core';
import { UserDataFolderError, UserDataLockedError } from './core/user-data-lock';
import { registerIpc } from './ipc/register';
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
 * and the folder's lock file (openCore) also keeps out a browser host (`uta-desk serve`) and the CLI.
 */
function claimSingleInstance(): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => {
    const win = BrowserWindow.getAllWindows()[0];
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  return true;
}

/** The core on the app's folder, with the local channel the CLI reaches it through; a dialog when the folder is taken. */
async function openAppCore(): Promise<OpenCore | undefined> {
  try {
    return await openCore({
      userDataDir: app.getPath('userData'),
      host: 'desktop',
      secretBox: secretBox(),
      version: app.getVersion(),
      core: { localDemo: { externalUrl: TEST_DEMO_URL } },
      localChannel: true,
      out: { write: (line) => console.error(`[local channel] not served: ${line.trim()}`) },
      onInternalError: (channel, error) =>
        console.error(`[ipc] ${channel} failed:`, error instanceof Error ? error.message : error),
    });
  } catch (e) {
    if (e instanceof UserDataFolderError) dialog.showErrorBox('UTA Desk cannot start', e.message);
    else if (e instanceof UserDataLockedError) dialog.showErrorBox('UTA Desk is already running', e.message);
    else throw e;
    app.quit();
    return undefined;
  }
}

export async function bootstrap(): Promise<Core | undefined> {
  if (!claimSingleInstance()) return undefined;
  await app.whenReady();
  const opened = await openAppCore();
  if (!opened) return undefined;
  harden();
  serveRenderer();
  registerIpc(ipcMain, opened.dispatch, trustedOrigins());
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
    void opened.close().finally(() => {
      closed = true;
      app.quit();
    });
  });
  process.on('exit', () => opened.lock.releaseSync());
  return opened.core;
}

export const started: Promise<Core | undefined> = bootstrap();
