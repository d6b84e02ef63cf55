/**
 * Registers one ipcMain handler per contract channel, refusing any frame that is not the app's
 * own. Takes ipcMain as an argument so it runs (and is tested) without Electron.
 */
import { CHANNELS } from '../../shared/contract';
import type { Dispatch } from './dispatch';

export interface SenderFrame {
  url: string;
}
export interface IpcEvent {
  senderFrame: SenderFrame | null;
}
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEvent, payload: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** The app is only ever loaded from this origin (custom protocol) or, in development, the dev server. */
export function isTrustedSender(frame: SenderFrame | null, trustedOrigins: readonly string[]): boolean {
  if (!frame) return false;
  let origin: string;
  try {
    const u = new URL(frame.url);
    // file:// and custom-scheme URLs have an opaque origin ("null"): compare scheme + host instead.
    origin = u.origin !== 'null' ? u.origin : `${u.protocol}//${u.host}`;
  } catch {
    return false;
  }
  return trustedOrigins.includes(origin);
}

export function registerIpc(ipcMain: IpcMainLike, dispatch: Dispatch, trustedOrigins: readonly string[]): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event, payload) => {
      if (!isTrustedSender(event.senderFrame, trustedOrigins)) {
        return {
          ok: false,
          error: {
            kind: 'forbidden',
            message: `IPC on ${channel} refused: the sender is not the UTA Desk window.`,
            mayHaveTakenEffect: false,
          },
        };
      }
      return dispatch(channel, payload);
    });
  }
  return () => CHANNELS.forEach((c) => ipcMain.removeHandler(c));
}
