/**
 * The e2e fixtures. `app` is a Page showing UTA Desk connected to a fresh demo exchange (`demo`,
 * default state) through the real core handlers and the real IPC contract:
 *  - project `renderer`: the built renderer in Chromium; the built preload bundle is evaluated
 *    with a stand-in for `electron` whose ipcRenderer.invoke calls the core through exposeBinding;
 *  - project `electron`: the built app launched with _electron.launch (skipped without the binary).
 * Specs import `test` and `expect` from here only.
 */
import { mkdtemp, readFile, rm, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, _electron, type Page } from '@playwright/test';
import { createCore, type Core } from '../electron/core/create-core';
import { startDemoExchange, type DemoExchange } from '../electron/demo-exchange';
import { createDispatch } from '../electron/ipc/dispatch';
import { electronBinary } from '../scripts/electron-binary';
import { MAIN_FILE, PRELOAD_FILE, RENDERER_DIR, SCREENSHOT_DIR } from './harness/paths';
import { serveRenderer, type StaticServer } from './harness/static-server';
import { testSecretBox } from '../electron/profiles/testing/test-secret-box';

export interface DeskFixtures {
  /** A fresh demo exchange with the bundled default state (short engine latency for speed). */
  demo: DemoExchange;
  /** The app's user-data folder for this test (profiles, activity log). */
  userDataDir: string;
  /** The main-process core behind the page (renderer project only; undefined under Electron). */
  core: Core | undefined;
  /** The app window, showing the Instruments screen on the Local demo profile. */
  app: Page;
  /** Saves e2e/screenshots/<project>-<name>.png. */
  shot: (name: string) => Promise<void>;
}

interface WorkerFixtures {
  rendererServer: StaticServer;
}

/** Stand-in for require('electron') inside the sandboxed preload bundle. */
const PRELOAD_SHIM = `
  const require = (id) => {
    if (id !== 'electron') throw new Error('the sandboxed preload may only require electron, not ' + id);
    return {
      contextBridge: { exposeInMainWorld: (key, api) => Object.defineProperty(window, key, { value: Object.freeze(api) }) },
      ipcRenderer: { invoke: (channel, payload) => window.__deskInvoke(channel, payload) },
    };
  };
  const module = { exports: {} };
  const exports = module.exports;
`;

export const test = base.extend<DeskFixtures, WorkerFixtures>({
  rendererServer: [
    async ({}, use) => {
      const server = await serveRenderer(RENDERER_DIR);
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],

  demo: async ({}, use) => {
    const demo = await startDemoExchange({ engineLatencyMs: 300, cancelLatencyMs: 100 });
    await use(demo);
    await demo.close();
  },

  userDataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'uta-desk-e2e-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },

  core: async ({ demo, userDataDir }, use, testInfo) => {
    if (testInfo.project.name !== 'renderer') {
      await use(undefined);
      return;
    }
    const core = createCore({
      userDataDir,
      secretBox: testSecretBox(),
      version: '0.0.0-e2e',
      localDemo: { externalUrl: demo.url },
      followTimeoutMs: 4000,
    });
    await use(core);
    await core.close();
  },

  app: async ({ core, demo, userDataDir, rendererServer, page }, use, testInfo) => {
    if (testInfo.project.name === 'electron') {
      const binary = electronBinary();
      test.skip(
        binary === undefined,
        'Electron binary not installed here (npm could not download it): the electron project runs only where it exists.',
      );
      const electronApp = await _electron.launch({
        executablePath: binary,
        args: [MAIN_FILE],
        env: { ...process.env, UTA_DESK_USER_DATA: userDataDir, UTA_DESK_DEMO_URL: demo.url },
      });
      const win = await electronApp.firstWindow();
      await win.getByRole('navigation', { name: 'Screens' }).waitFor();
      await use(win);
      await electronApp.close();
      return;
    }
    if (!core) throw new Error('renderer project without a core');
    const dispatch = createDispatch(core.handlers);
    await page.exposeBinding('__deskInvoke', (_source, channel: string, payload: unknown) =>
      dispatch(channel, payload),
    );
    const preload = await readFile(PRELOAD_FILE, 'utf8');
    await page.addInitScript({ content: `(() => {${PRELOAD_SHIM}\n${preload}\n})();` });
    await page.goto(`${rendererServer.url}/index.html`);
    await page.getByRole('navigation', { name: 'Screens' }).waitFor();
    await use(page);
  },

  shot: async ({ app }, use, testInfo) => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await use(async (name) => {
      await app.screenshot({ path: join(SCREENSHOT_DIR, `${testInfo.project.name}-${name}.png`) });
    });
  },
});

export { expect };
