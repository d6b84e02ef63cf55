/**
 * `uta-desk serve` and `npm start` without Electron: the core on this machine's user-data folder
 * (locked against a second process), the browser host in front of it, and a browser window in app
 * mode when one can be shown. Ctrl+C stops everything in order and exits 0.
 */
import { createInterface } from 'node:readline';
import type { Core } from '../core/create-core';
import { NO_OS_KEYRING, openCore, type TextSink } from '../core/open-core';
import { UserDataFolderError, UserDataLockedError } from '../core/user-data-lock';
import type { LocalChannelServer } from '../local-channel/channel-server';
import {
  browserExtraArgs,
  findBrowser,
  hasDisplay,
  openInAppMode,
  type BrowserExit,
  type OpenedBrowser,
  type OpenOptions,
} from './open-browser';
import { isLoopbackHost } from './session-gate';
import { NonLoopbackRefused, startWebHost, type WebHost } from './web-host';

export interface ServeOptions {
  userDataDir: string;
  host: string;
  port: number;
  allowNonLoopback: boolean;
  /** Open a browser window in app mode when a display and a Chromium-family browser exist. */
  open: boolean;
}

export interface RunningDesk {
  host: WebHost;
  core: Core;
  /** The command line's way in (see local-channel/); undefined when it could not be served (the line printed says why). */
  channel: LocalChannelServer | undefined;
  /** Closes the window (if opened), the host, the core (activity log flushed, demo exchange closed), the lock. */
  stop(): Promise<void>;
  /** Settles when the app window that was opened is closed by the operator. */
  windowClosed: Promise<void> | undefined;
}

export interface ServeDeps {
  rendererDir: string;
  version: string;
  out: TextSink;
  /** Tests inject the core's options (a demo exchange they control, cheap scrypt). */
  core?: (userDataDir: string) => Core;
  /** Tests inject the display, the browser's process and a short wait. */
  window?: WindowDeps;
}

export interface WindowDeps extends OpenOptions {
  /** A browser that exits within this long of starting never showed a window (default 4 s). */
  earlyExitMs?: number;
}

const EARLY_EXIT_MS = 4000;

export async function serveDesk(options: ServeOptions, deps: ServeDeps): Promise<RunningDesk> {
  const opened = await openCore({
    userDataDir: options.userDataDir,
    host: 'browser',
    secretBox: NO_OS_KEYRING,
    version: deps.version,
    ...(deps.core ? { createCore: deps.core } : {}),
    localChannel: true,
    out: deps.out,
    onInternalError: (channel, error) =>
      console.error(`[desk] ${channel} failed:`, error instanceof Error ? error.message : error),
  });
  const { core, channel } = opened;
  let host: WebHost;
  try {
    host = await startWebHost({
      dispatch: opened.dispatch,
      rendererDir: deps.rendererDir,
      host: options.host,
      port: options.port,
      allowNonLoopback: options.allowNonLoopback,
    });
  } catch (e) {
    await opened.close();
    throw e;
  }
  const launchUrl = host.newLaunchUrl();
  const serving = host;
  deps.out.write(
    `UTA Desk is running at ${host.url} (browser host; profiles in ${options.userDataDir}).\n` +
      `Open this link (it works once): ${launchUrl}\n`,
  );
  if (!isLoopbackHost(options.host))
    deps.out.write(`Listening on ${options.host} too: this is plain HTTP, readable by anyone on that network.\n`);

  let browser: OpenedBrowser | undefined;
  if (options.open) browser = await openWindow(launchUrl, () => serving.newLaunchUrl(), deps.out, deps.window);

  let stopping: Promise<void> | undefined;
  const running: RunningDesk = {
    host,
    core,
    channel,
    windowClosed: browser?.exited.then(() => undefined),
    stop: () =>
      (stopping ??= (async () => {
        await browser?.close().catch(() => undefined);
        await host.close();
        await opened.close();
      })()),
  };
  return running;
}

/**
 * Opens the app window, and reports it open only once the browser has stayed up for a few seconds: one that
 * exits sooner (Chromium refusing to run as root, a missing library) showed nothing, so the host keeps serving
 * and prints why, with a fresh link (the dying browser may have spent the first).
 */
async function openWindow(
  launchUrl: string,
  newLaunchUrl: () => string,
  out: TextSink,
  deps: WindowDeps = {},
): Promise<OpenedBrowser | undefined> {
  const env = deps.env ?? process.env;
  if (!hasDisplay({ platform: deps.platform, env })) {
    out.write('No display here: open the link in a browser on this machine, or from yours through an SSH tunnel.\n');
    return undefined;
  }
  const found = findBrowser({ platform: deps.platform, env });
  if (!found) {
    out.write('No Chromium, Chrome or Edge was found: open the link in your browser.\n');
    return undefined;
  }
  if (browserExtraArgs(deps).addedNoSandbox)
    out.write(
      `Running as root: ${found.name} is started with --no-sandbox, which it needs to run as root (run UTA Desk as a normal user to keep its sandbox).\n`,
    );
  let opened: OpenedBrowser;
  const started = Date.now();
  try {
    opened = await openInAppMode(found, launchUrl, deps);
  } catch (e) {
    out.write(`${e instanceof Error ? e.message : 'The browser could not be started'}: open the link yourself.\n`);
    return undefined;
  }
  const early = await exitWithin(opened.exited, deps.earlyExitMs ?? EARLY_EXIT_MS);
  if (early) {
    await opened.close();
    out.write(
      `${earlyExitSentence(found.name, early, Date.now() - started)} UTA Desk keeps running.\n` +
        `Open this link (it works once): ${newLaunchUrl()}\n`,
    );
    return undefined;
  }
  out.write(`Opened in ${found.name} (its own window and temporary profile). Closing that window stops UTA Desk.\n`);
  return opened;
}

function earlyExitSentence(name: string, exit: BrowserExit, elapsedMs: number): string {
  const after = `${name} closed ${(elapsedMs / 1000).toFixed(1)} s after it started`;
  const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code ?? 'unknown'}`;
  return exit.lastError
    ? `${after}, so no window is showing: "${exit.lastError}" (${how}).`
    : `${after} (${how}), so no window is showing.`;
}

async function exitWithin(exited: Promise<BrowserExit>, ms: number): Promise<BrowserExit | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const wait = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  const first = await Promise.race([exited, wait]);
  clearTimeout(timer);
  return first;
}

/** Process glue: serve, a new link on Enter (or SIGHUP without a terminal), stop cleanly on Ctrl+C, SIGTERM or the window closing. */
export async function runServe(
  options: ServeOptions,
  deps: Omit<ServeDeps, 'out'> & { out?: TextSink; err?: TextSink },
): Promise<number> {
  const out = deps.out ?? process.stdout;
  const err = deps.err ?? process.stderr;
  // The signals are taken before anything starts: the link is printed while the desk starts, and a
  // Ctrl+C or a SIGHUP that follows it at once must not find Node's default (ending the process).
  // `on`, not `once`: a second Ctrl+C (or the same signal relayed by a wrapper) must not kill the
  // process halfway through stopping, before the activity log is flushed.
  let stopWith: ((reason: string) => void) | undefined;
  let stopReason: string | undefined;
  const stop = (reason: string) => {
    stopReason ??= reason;
    stopWith?.(stopReason);
  };
  let desk: RunningDesk | undefined;
  let linkAsked = false;
  const newLink = () => {
    if (!desk) linkAsked = true;
    else out.write(`New link (it works once; the previous one no longer does): ${desk.host.newLaunchUrl()}\n`);
  };
  const onSignal = (signal: NodeJS.Signals) => stop(signal);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal);
  // A service has no terminal: SIGHUP (systemctl --user reload uta-desk) prints a new link to its
  // journal. Only then: in a terminal, SIGHUP is the terminal closing, and that still stops it.
  const interactive = process.stdin.isTTY;
  if (!interactive) process.on('SIGHUP', newLink);
  try {
    desk = await serveDesk(options, { ...deps, out });
  } catch (e) {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeListener(signal, onSignal);
    process.removeListener('SIGHUP', newLink);
    if (e instanceof UserDataLockedError || e instanceof UserDataFolderError || e instanceof NonLoopbackRefused) {
      err.write(`uta-desk: ${e.message}\n`);
      return 1;
    }
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      err.write(`uta-desk: port ${options.port} is in use; choose another with --port.\n`);
      return 1;
    }
    if (code === 'ENOENT') {
      err.write('uta-desk: the app is not built yet: run `npm run build` first (npm start does it for you).\n');
      return 1;
    }
    throw e;
  }
  const running = desk;
  if (linkAsked) newLink();
  const lines = interactive ? createInterface({ input: process.stdin }) : undefined;
  if (lines) {
    out.write('Press Enter for a new one-time link; Ctrl+C stops UTA Desk.\n');
    lines.on('line', newLink);
  }
  const reason =
    stopReason ??
    (await new Promise<string>((resolveStop) => {
      stopWith = resolveStop;
      void running.windowClosed?.then(() => stop('window closed'));
    }));
  out.write(`\nStopping UTA Desk (${reason})…\n`);
  lines?.close();
  await running.stop();
  out.write('Stopped.\n');
  return 0;
}
