/**
 * How the CLI reaches the core: only through the contract (`buildDeskApi`). When an app (the desktop
 * window or `uta-desk serve`) runs on the user-data folder, its local channel carries the calls, so
 * the app stays the folder's one writer and its guards cover the CLI's amends too. Otherwise the CLI
 * takes the user-data lock for the command and runs the core in process, exactly as a host does.
 */
import { buildDeskApi, type DeskApi } from '../../shared/contract';
import { createCore, type Core } from '../core/create-core';
import type { CoreDeps } from '../core/context';
import { acquireUserDataLock, type UserDataLock } from '../core/user-data-lock';
import { createDispatch } from '../ipc/dispatch';
import { connectLocalChannel, type LocalChannel } from '../local-channel/channel-client';
import type { SecretBox } from '../profiles/secret-box';

export interface HostDeps {
  /** The running app's channel (tests give a fake app). */
  connect?: (userDataDir: string) => Promise<LocalChannel | undefined>;
  /** Options of the in-process core (tests: a short follow, a fast demo exchange, cheap scrypt). */
  core?: Partial<CoreDeps>;
}

export interface DeskHost {
  api: DeskApi;
  /** 'app': the running app answers; 'in-process': this process holds the lock and runs the core. */
  kind: 'app' | 'in-process';
  /** Flushes the activity log, stops the embedded demo exchange, releases the lock (in process). */
  close(): Promise<void>;
}

/** Plain Node has no OS keyring: profiles sealed by it cannot be opened here; the passphrase vault can. */
const NO_OS_KEYRING: SecretBox = {
  isEncryptionAvailable: () => false,
  backend: () => 'unavailable',
  encryptString: () => {
    throw new Error('no OS keyring in the CLI');
  },
  decryptString: () => {
    throw new Error('no OS keyring in the CLI');
  },
};

/** The app's channel when an app runs on the folder. */
export async function connectToApp(userDataDir: string, deps: HostDeps): Promise<DeskHost | undefined> {
  const channel = await (deps.connect ?? connectLocalChannel)(userDataDir);
  if (!channel) return undefined;
  return { api: buildDeskApi(channel.invoke), kind: 'app', close: async () => channel.close() };
}

/**
 * The core in this process, under the user-data lock (host "cli"). Throws UserDataLockedError or
 * UserDataFolderError (their messages are for the operator) when the lock cannot be taken.
 */
export async function openInProcess(
  userDataDir: string,
  version: string,
  extra: Partial<CoreDeps>,
  deps: HostDeps,
): Promise<DeskHost> {
  const lock: UserDataLock = await acquireUserDataLock(userDataDir, 'cli');
  let core: Core;
  try {
    core = createCore({
      userDataDir,
      host: 'cli',
      secretBox: NO_OS_KEYRING,
      version,
      sessionOnlySelect: true,
      // A command lasts seconds: no background round of instrument fetches (the app's own job).
      changeRefresh: { enabled: false },
      ...deps.core,
      ...extra,
    });
  } catch (e) {
    await lock.release();
    throw e;
  }
  const dispatch = createDispatch(core.handlers);
  let closing: Promise<void> | undefined;
  return {
    api: buildDeskApi(dispatch),
    kind: 'in-process',
    close: () =>
      (closing ??= (async () => {
        try {
          await core.close();
        } finally {
          await lock.release();
        }
      })()),
  };
}
