/**
 * How the CLI reaches the core: only through the contract (`buildDeskApi`). When an app (the desktop
 * window or `uta-desk serve`) runs on the user-data folder, its local channel carries the calls, so
 * the app stays the folder's one writer and its guards cover the CLI's amends too. Otherwise the CLI
 * takes the user-data lock for the command and runs the core in process, exactly as a host does.
 */
import { buildDeskApi, type DeskApi } from '../../shared/contract';
import type { CoreDeps } from '../core/context';
import { NO_OS_KEYRING, openCore } from '../core/open-core';
import { UserDataLockedError } from '../core/user-data-lock';
import { connectLocalChannel, type LocalChannel } from '../local-channel/channel-client';

export interface HostDeps {
  /** The running app's channel (tests give a fake app). */
  connect?: (userDataDir: string) => Promise<LocalChannel | undefined>;
  /** Options of the in-process core (tests: a short follow, a fast demo exchange, cheap scrypt). */
  core?: Partial<CoreDeps>;
  /** How long to wait for the channel while the lock is held (tests shorten it). */
  lockedWait?: Partial<LockedWait>;
}

/**
 * While an app starts or stops it holds the user-data lock but serves no channel for a moment: the
 * CLI asks again, every `everyMs` for at most `totalMs`, for the channel or the lock, before it
 * refuses with the lock's words.
 */
export interface LockedWait {
  totalMs: number;
  everyMs: number;
}

export const LOCKED_WAIT: LockedWait = { totalMs: 3000, everyMs: 100 };

export interface DeskHost {
  api: DeskApi;
  /** 'app': the running app answers; 'in-process': this process holds the lock and runs the core. */
  kind: 'app' | 'in-process';
  /** Flushes the activity log, stops the embedded demo exchange, releases the lock (in process). */
  close(): Promise<void>;
}

/** The app's channel when an app runs on the folder. */
export async function connectToApp(userDataDir: string, deps: HostDeps): Promise<DeskHost | undefined> {
  const channel = await (deps.connect ?? connectLocalChannel)(userDataDir);
  if (!channel) return undefined;
  return { api: buildDeskApi(channel.invoke), kind: 'app', close: async () => channel.close() };
}

/**
 * The running app's channel, else a core in this process under the lock; while the lock is held and
 * no channel answers, asked again within LOCKED_WAIT. Throws the lock's errors (their messages are
 * for the operator) when neither comes.
 */
export async function reachCore(
  userDataDir: string,
  version: string,
  extra: Partial<CoreDeps>,
  deps: HostDeps,
): Promise<DeskHost> {
  const wait = { ...LOCKED_WAIT, ...deps.lockedWait };
  const deadline = Date.now() + wait.totalMs;
  for (;;) {
    const app = await connectToApp(userDataDir, deps);
    if (app) return app;
    try {
      return await openInProcess(userDataDir, version, extra, deps);
    } catch (e) {
      const left = deadline - Date.now();
      if (!(e instanceof UserDataLockedError) || left <= 0) throw e;
      await new Promise((r) => setTimeout(r, Math.min(wait.everyMs, left)));
    }
  }
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
  const opened = await openCore({
    userDataDir,
    host: 'cli',
    secretBox: NO_OS_KEYRING,
    version,
    core: {
      sessionOnlySelect: true,
      // A command lasts seconds: no background round of instrument fetches (the app's own job).
      changeRefresh: { enabled: false },
      ...deps.core,
      ...extra,
    },
  });
  return { api: buildDeskApi(opened.dispatch), kind: 'in-process', close: opened.close };
}
