/**
 * How every host opens the one core on a user-data folder, and closes it: the folder's lock, the
 * core, the dispatch of the contract, and (for the app's hosts) the local channel the CLI reaches it
 * through; closed in the reverse order. The desktop app, the browser host and the CLI differ only
 * in what they put in front of the dispatch.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createDispatch, type Dispatch } from '../ipc/dispatch';
import { LocalChannelError } from '../local-channel/channel-path';
import { serveLocalChannel, type LocalChannelServer } from '../local-channel/channel-server';
import type { SecretBox } from '../profiles/secret-box';
import type { CoreDeps } from './context';
import { createCore, type Core } from './create-core';
import type { SourceDeps } from './source-tag';
import { acquireUserDataLock, type UserDataLock } from './user-data-lock';

/** Where a host writes its lines for the operator (process.stdout, a test's string). */
export interface TextSink {
  write(text: string): unknown;
}

/** Electron's own userData for this app, so every host sees the same profiles. */
export function defaultUserDataDir(
  platform: NodeJS.Platform = process.platform,
  env: Readonly<Record<string, string | undefined>> = process.env,
  home = homedir(),
): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'uta-desk');
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'uta-desk');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'uta-desk');
}

/** Plain Node has no OS keyring: every secret goes to the passphrase vault (profiles sealed by one open only in the app). */
export const NO_OS_KEYRING: SecretBox = {
  isEncryptionAvailable: () => false,
  backend: () => 'unavailable',
  encryptString: () => {
    throw new Error('no OS keyring outside the desktop app');
  },
  decryptString: () => {
    throw new Error('no OS keyring outside the desktop app');
  },
};

/** How the lock file names each host to an operator who finds the folder taken. */
const LOCK_NAMES: Readonly<Record<SourceDeps['host'], string>> = {
  desktop: 'electron',
  browser: 'browser host',
  cli: 'cli',
};

export interface OpenCoreOptions {
  userDataDir: string;
  host: SourceDeps['host'];
  version: string;
  secretBox: SecretBox;
  /** More of the core's options (the CLI's, a test's demo exchange). */
  core?: Partial<CoreDeps>;
  /** Tests hand in a core of their own making. */
  createCore?: (userDataDir: string) => Core;
  /** Serve the local channel, so the CLI amends through this core (the app's hosts). */
  localChannel?: boolean;
  /** Where a line about the local channel goes when it cannot be served (the host still runs). */
  out?: TextSink;
  /** A contract method that failed for a reason of its own (logged by the host, never shown raw). */
  onInternalError?: (channel: string, error: unknown) => void;
}

export interface OpenCore {
  core: Core;
  dispatch: Dispatch;
  lock: UserDataLock;
  /** undefined when it was not asked for, or could not be served (the line printed says why). */
  channel: LocalChannelServer | undefined;
  /** Channel, core (activity log flushed, demo exchange closed), lock: once, in that order. */
  close(): Promise<void>;
}

/**
 * Takes the folder's lock (throws UserDataLockedError / UserDataFolderError, whose messages are
 * for the operator), then opens the core; anything that fails after the lock gives it back.
 */
export async function openCore(options: OpenCoreOptions): Promise<OpenCore> {
  const lock = await acquireUserDataLock(options.userDataDir, LOCK_NAMES[options.host]);
  let core: Core | undefined;
  try {
    core =
      options.createCore?.(options.userDataDir) ??
      createCore({
        userDataDir: options.userDataDir,
        host: options.host,
        secretBox: options.secretBox,
        version: options.version,
        ...options.core,
      });
    const dispatch = createDispatch(
      core.handlers,
      options.onInternalError ? { onInternalError: options.onInternalError } : {},
    );
    // Without it the app still runs; the CLI then finds the folder locked and refuses: still one writer.
    const channel = options.localChannel
      ? await serveLocalChannel(options.userDataDir, dispatch).catch((e: unknown) => {
          options.out?.write(
            `${e instanceof LocalChannelError ? e.message : `The command line's channel is not served: ${String(e)}`}\n`,
          );
          return undefined;
        })
      : undefined;
    const opened = core;
    let closing: Promise<void> | undefined;
    return {
      core: opened,
      dispatch,
      lock,
      channel,
      close: () =>
        (closing ??= (async () => {
          try {
            await channel?.close().catch(() => undefined);
            await opened.close();
          } finally {
            await lock.release();
          }
        })()),
    };
  } catch (e) {
    await core?.close();
    await lock.release();
    throw e;
  }
}
