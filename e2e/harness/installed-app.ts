/**
 * UTA Desk as a user installs it: run its `uta-desk` command as a process, with a HOME of its own, and
 * serve it to a browser. Used by the specs of the npm package and the server bundle.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './paths';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; never rejects (a failure to start is exit 127 with its message). */
export function run(cmd: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd = '/'): Promise<Ran> {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (e) => done({ code: 127, stdout, stderr: stderr + e.message }));
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 128 : -1), stdout, stderr }));
  });
}

/** `run` that fails the test with the command's own output unless it exits 0. */
export async function runOk(cmd: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd = '/'): Promise<Ran> {
  const r = await run(cmd, args, env, cwd);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
  return r;
}

/** An environment with nothing of this one's but PATH: HOME (and so the user-data folder) is `home`. */
export function userEnv(home: string, path: string): NodeJS.ProcessEnv {
  return { PATH: path, HOME: home, LANG: 'C.UTF-8' };
}

export interface Serving {
  /** The one-time link `uta-desk serve` printed. */
  link: string;
  /** Everything it printed so far. */
  output(): string;
  /** Its process id. */
  pid(): number;
  /** Ctrl+C, then its exit code. */
  stop(): Promise<number>;
}

/** Starts `uta-desk serve --no-open` and waits (at most `timeoutMs`) for the link it prints. */
export function serve(
  bin: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 15_000,
): Promise<Serving> {
  const child: ChildProcess = spawn(bin, ['serve', '--no-open', ...args], {
    cwd: '/',
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number>((done) => child.on('close', (code, signal) => done(code ?? (signal ? 128 : -1))));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`uta-desk serve printed no link within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (c: Buffer) => {
      output += c.toString();
      const link = /Open this link \(it works once\): (\S+)/.exec(output)?.[1];
      if (!link) return;
      clearTimeout(timer);
      resolve({
        link,
        output: () => output,
        pid: () => child.pid!,
        stop: () => {
          child.kill('SIGINT');
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`uta-desk serve exited ${code} before printing its link:\n${output}`));
    });
  });
}

/** The app a served link opens: the screens, and Instruments listing the Local demo's instruments. */
export async function expectServedApp(page: Page, link: string, screenshot?: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(link);
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  await expect(page.getByText(/^Showing [\d,]+ of [\d,]+ instruments$/)).toBeVisible();
  await expect(
    page
      .getByRole('grid', { name: /^Instruments/ })
      .getByRole('row', { name: /BTCUSDT/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByText('Local demo', { exact: true }).first()).toBeVisible();
  if (screenshot) await page.screenshot({ path: join(SCREENSHOT_DIR, screenshot) });
}

/** `uta-desk serve --no-open` opens the app at its link, and stops with exit 0 on Ctrl+C. */
export async function expectServes(
  bin: string,
  env: NodeJS.ProcessEnv,
  page: Page,
  screenshot: string,
): Promise<string> {
  const serving = await serve(bin, [], env);
  try {
    await expectServedApp(page, serving.link, screenshot);
  } finally {
    expect(await serving.stop()).toBe(0);
  }
  return serving.output();
}

/** `uta-desk modify` of demo-btc-open to `price` on the Local demo applies, and `uta-desk activity` lists it. */
export async function expectAmendListed(bin: string, env: NodeJS.ProcessEnv, price: string): Promise<void> {
  const modify = await run(
    bin,
    ['modify', '--profile', 'Local demo', '--client-oid', 'demo-btc-open', '--price', price],
    env,
  );
  expect(modify.stderr + modify.stdout).toMatch(/Applied/i);
  expect(modify.code).toBe(0);
  const activity = await runOk(bin, ['activity'], env);
  expect(activity.stdout).toMatch(/demo-btc-open/);
  expect(activity.stdout).toContain(price);
}
