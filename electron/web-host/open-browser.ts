/**
 * `npm start` without Electron: show the app in an installed Chromium-family browser in app mode (no tabs, no
 * address bar), which is the closest a browser gets to the desktop window. Each run gets a throwaway profile so
 * it starts its own browser process instead of joining the operator's everyday session.
 *
 * The URL carries a one-time launch code, so it never goes into a log line or an error message from here.
 */
import { spawn as nodeSpawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix, win32 } from 'node:path';

export interface BrowserCandidate {
  name: string;
  path: string;
}

export interface FindOptions {
  platform?: NodeJS.Platform;
  env?: Record<string, string | undefined>;
  exists?: (path: string) => boolean;
}

/** True when a window can be shown: always on darwin/win32; on Linux/BSD only with DISPLAY or WAYLAND_DISPLAY set. */
export function hasDisplay(options: FindOptions = {}): boolean {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

const LINUX_BINARIES: readonly BrowserCandidate[] = [
  { name: 'Chromium', path: 'chromium' },
  { name: 'Chromium', path: 'chromium-browser' },
  { name: 'Google Chrome', path: 'google-chrome' },
  { name: 'Google Chrome', path: 'google-chrome-stable' },
  { name: 'Microsoft Edge', path: 'microsoft-edge' },
  { name: 'Microsoft Edge', path: 'microsoft-edge-stable' },
];

const MAC_APPS: readonly string[] = ['Chromium', 'Google Chrome', 'Microsoft Edge'];

/**
 * The first of Chromium, Google Chrome, Microsoft Edge found, or undefined. UTA_DESK_BROWSER (a path) wins, for
 * browsers installed elsewhere or another Chromium derivative.
 */
export function findBrowser(options: FindOptions = {}): BrowserCandidate | undefined {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const exists = options.exists ?? ((path: string) => isExecutableFile(path, platform));

  const override = env.UTA_DESK_BROWSER;
  if (override) {
    const name = (platform === 'win32' ? win32 : posix).basename(override);
    return { name, path: override };
  }
  return candidates(platform, env).find((candidate) => exists(candidate.path));
}

function candidates(platform: NodeJS.Platform, env: Record<string, string | undefined>): BrowserCandidate[] {
  if (platform === 'darwin') {
    return MAC_APPS.map((app) => ({ name: app, path: `/Applications/${app}.app/Contents/MacOS/${app}` }));
  }
  if (platform === 'win32') {
    const programFiles = winEnv(env, 'PROGRAMFILES');
    const programFilesX86 = winEnv(env, 'PROGRAMFILES(X86)');
    const localAppData = winEnv(env, 'LOCALAPPDATA');
    const under = (name: string, roots: (string | undefined)[], ...rest: string[]): BrowserCandidate[] =>
      roots.filter((root): root is string => Boolean(root)).map((root) => ({ name, path: win32.join(root, ...rest) }));
    return [
      ...under('Chromium', [localAppData], 'Chromium', 'Application', 'chrome.exe'),
      ...under(
        'Google Chrome',
        [programFiles, programFilesX86, localAppData],
        'Google',
        'Chrome',
        'Application',
        'chrome.exe',
      ),
      ...under(
        'Microsoft Edge',
        [programFilesX86, programFiles, localAppData],
        'Microsoft',
        'Edge',
        'Application',
        'msedge.exe',
      ),
    ];
  }
  // Linux and the BSDs. Empty PATH entries mean the current directory, which is no place to pick a browser from.
  const dirs = (env.PATH ?? '').split(':').filter((dir) => dir.startsWith('/'));
  return LINUX_BINARIES.flatMap(({ name, path }) => dirs.map((dir) => ({ name, path: posix.join(dir, path) })));
}

/** Windows variable names are case-insensitive, but a copied env object is a plain, case-sensitive record. */
function winEnv(env: Record<string, string | undefined>, name: string): string | undefined {
  if (env[name]) return env[name];
  const key = Object.keys(env).find((k) => k.toUpperCase() === name);
  return key === undefined ? undefined : env[key];
}

function isExecutableFile(path: string, platform: NodeJS.Platform): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    // Windows has no execute bit; existence is all there is to check.
    if (platform !== 'win32') accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The arguments that open `url` as an app window on its own profile, without first-run and sync noise. */
export function appModeArgs(url: string, profileDir: string, extraArgs: readonly string[] = []): string[] {
  return [
    `--app=${url}`,
    `--user-data-dir=${profileDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-sync',
    '--disable-background-networking',
    '--disable-component-update',
    '--window-size=1440,900',
    ...extraArgs,
  ];
}

/** How the browser ended; `lastError` is its last ERROR/FATAL log line, with the launch code removed. */
export interface BrowserExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  lastError: string | undefined;
}

export interface OpenedBrowser {
  name: string;
  /** The browser's process id, when it started. */
  readonly pid: number | undefined;
  /** Settles when the browser exits, e.g. the operator closed the window. */
  readonly exited: Promise<BrowserExit>;
  /** Kills the browser if still running, then removes its temporary profile; safe to call twice. */
  close(): Promise<void>;
}

/** node:child_process spawn, or a test's stand-in. */
export type SpawnBrowser = (path: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

export interface OpenOptions {
  env?: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
  /** Whether this process runs as root (default: from process.getuid). */
  isRoot?: boolean;
  spawn?: SpawnBrowser;
}

const PROFILE_PREFIX = 'uta-desk-browser-';
const KILL_GRACE_MS = 5000;
/** Enough of the browser's stderr to hold its last few log lines. */
const STDERR_TAIL_CHARS = 8192;
const MAX_REASON_CHARS = 200;

/**
 * The extra arguments for the browser: UTA_DESK_BROWSER_ARGS (space separated), plus --no-sandbox as root on
 * Linux, where Chromium refuses to start without it; `addedNoSandbox` says the second happened, to tell the operator.
 */
export function browserExtraArgs(options: OpenOptions = {}): { args: string[]; addedNoSandbox: boolean } {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const isRoot = options.isRoot ?? process.getuid?.() === 0;
  const args = (env.UTA_DESK_BROWSER_ARGS ?? '').split(/\s+/).filter(Boolean);
  const addedNoSandbox = isRoot && platform !== 'win32' && platform !== 'darwin' && !args.includes('--no-sandbox');
  return { args: addedNoSandbox ? [...args, '--no-sandbox'] : args, addedNoSandbox };
}

/** The message of the last ERROR or FATAL line of Chromium's log (`[pid:tid:time:ERROR:file.cc:12] message`). */
export function lastBrowserError(stderr: string): string | undefined {
  const messages = stderr
    .split('\n')
    .map((line) => /^\[[^\]]*:(?:ERROR|FATAL):[^\]]*\]\s*(.+)$/.exec(line.trim())?.[1]?.replace(/\s+/g, ' '))
    .filter((m): m is string => Boolean(m));
  const last = messages.at(-1);
  return last && last.length > MAX_REASON_CHARS ? `${last.slice(0, MAX_REASON_CHARS - 1)}…` : last;
}

/** The launch code is a credential until it is used: never let it out through the browser's own log. */
function withoutLaunchCode(text: string): string {
  return text.replace(/launch=[^\s"']*/g, 'launch=…');
}

/**
 * Starts `browser` in app mode on `url` with a fresh temporary profile. Rejects, leaving no profile behind, if it
 * cannot start.
 */
export async function openInAppMode(
  browser: BrowserCandidate,
  url: string,
  options: OpenOptions = {},
): Promise<OpenedBrowser> {
  const spawn = options.spawn ?? nodeSpawn;
  const { args: extraArgs } = browserExtraArgs(options);
  const profileDir = await mkdtemp(join(tmpdir(), PROFILE_PREFIX));
  const removeProfile = () => rm(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });

  let child: ChildProcess;
  try {
    // stderr is kept (its tail) to say why a browser that exits at once never showed a window.
    child = spawn(browser.path, appModeArgs(url, profileDir, extraArgs), {
      detached: false,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
  } catch (error) {
    await removeProfile();
    // Node's spawn errors carry the full argument list (spawnargs), launch code included: keep only the code.
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new Error(`Could not start ${browser.name} (${browser.path}): ${code}`);
  }

  let stderrTail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
  });
  child.stderr?.on('error', () => undefined);
  const stderrDone = child.stderr
    ? new Promise<void>((resolve) => {
        child.stderr?.once('close', resolve);
        child.stderr?.once('end', resolve);
      })
    : Promise.resolve();

  // A later error (a failed kill) must not crash the host; close() gives up waiting on its own.
  child.on('error', () => undefined);
  const processExited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  // Helpers the browser started may hold its stderr open after it exits: wait for the last lines only briefly.
  const exited = processExited.then(async (): Promise<BrowserExit> => {
    await exitsWithin(stderrDone, 200);
    child.stderr?.destroy();
    return {
      code: child.exitCode,
      signal: child.signalCode,
      lastError: lastBrowserError(withoutLaunchCode(stderrTail)),
    };
  });
  let closing: Promise<void> | undefined;
  return {
    name: browser.name,
    pid: child.pid,
    exited,
    close() {
      closing ??= (async () => {
        await stop(child, processExited);
        await removeProfile();
      })();
      return closing;
    },
  };
}

/**
 * SIGTERM lets Chromium shut down its helper processes; SIGKILL only if it does not within the grace period.
 * Bounded either way, so a browser that cannot be killed does not hang the host's shutdown.
 */
async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (await exitsWithin(exited, KILL_GRACE_MS)) return;
  child.kill('SIGKILL');
  await exitsWithin(exited, KILL_GRACE_MS);
}

async function exitsWithin(exited: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const result = await Promise.race([exited.then(() => true as const), timedOut]);
  clearTimeout(timer);
  return result;
}
