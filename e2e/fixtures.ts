/**
 * The e2e fixtures. `app` is a Page showing UTA Desk connected to a fresh demo exchange (`demo`,
 * default state) through the real core handlers and the real contract:
 *  - project `renderer`: the built renderer in Chromium, served by the real browser host (real HTTP,
 *    launch code traded for the session cookie, every call through POST /desk/<channel>);
 *  - project `electron`: the built app launched with _electron.launch (skipped without the binary).
 * Specs import `test` and `expect` from here only.
 */
import { mkdtemp, rm, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, _electron, type Page } from '@playwright/test';
import { createCore, type Core } from '../electron/core/create-core';
import { startDemoExchange, type DemoExchange } from '../demo-exchange';
import { createDispatch } from '../electron/ipc/dispatch';
import { electronBinary } from '../scripts/electron-binary.cjs';
import { startWebHost, type WebHost } from '../electron/web-host/web-host';
import { axeBothThemes, blocking } from './harness/axe';
import { MAIN_FILE, RENDERER_DIR, SCREENSHOT_DIR } from './harness/paths';
import { testSecretBox } from '../electron/profiles/testing/test-secret-box';
import type { SecretBox } from '../electron/profiles/secret-box';

export interface DeskFixtures {
  /** A fresh demo exchange with the bundled default state (short engine latency for speed). */
  demo: DemoExchange;
  /** The app's user-data folder for this test (profiles, activity log). */
  userDataDir: string;
  /** The OS keyring the core sees (default: a strong one); a spec overrides it with test.use. */
  secretBox: SecretBox;
  /**
   * The core's follow limit (production: 10 s). 4 s here: a follow under way outlasts a loaded
   * machine's latency, and one the engine never decides gives up sooner. A spec sets it with test.use.
   */
  followTimeoutMs: number;
  /**
   * How long a Local demo request waits for its answer (production: 10 s, the default here too). A
   * spec of "no answer in time" shortens it with test.use rather than waiting production's out.
   */
  localDemoTimeoutMs: number | undefined;
  /** The main-process core behind the page (renderer project only; undefined under Electron). */
  core: Core | undefined;
  /** The browser host serving the page (renderer project only). */
  host: WebHost | undefined;
  /** The app window, showing the Instruments screen on the Local demo profile. */
  app: Page;
  /** Saves e2e/screenshots/<project>-<name>.png, and fails on serious axe-core findings in either theme. */
  shot: (name: string) => Promise<void>;
}

/** Set up before any other fixture: a test of the electron project skips before a demo or a page is made. */
interface SkipFixtures {
  electronOnlyWhereInstalled: void;
}

export const test = base.extend<DeskFixtures & SkipFixtures>({
  electronOnlyWhereInstalled: [
    async ({}, use, testInfo) => {
      test.skip(
        testInfo.project.name === 'electron' && electronBinary() === undefined,
        'Electron binary not installed here (npm could not download it): the electron project runs only where it exists.',
      );
      await use();
    },
    { auto: true },
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

  secretBox: [testSecretBox(), { option: true }],
  followTimeoutMs: [4000, { option: true }],
  localDemoTimeoutMs: [undefined, { option: true }],

  // The core's limits are set here only, when the harness creates the core (core-limits.ts): the
  // page and its requests have no way to them.
  core: async ({ demo, userDataDir, secretBox, followTimeoutMs, localDemoTimeoutMs }, use, testInfo) => {
    if (testInfo.project.name !== 'renderer') {
      await use(undefined);
      return;
    }
    const core = createCore({
      host: 'browser',
      userDataDir,
      secretBox,
      version: '0.0.0-e2e',
      localDemo: { externalUrl: demo.url },
      followTimeoutMs,
      localDemoTimeoutMs,
      vaultScrypt: { N: 2 ** 12, r: 8, p: 1 },
    });
    await use(core);
    await core.close();
  },

  host: async ({ core }, use) => {
    if (!core) {
      await use(undefined);
      return;
    }
    const host = await startWebHost({ dispatch: createDispatch(core.handlers), rendererDir: RENDERER_DIR });
    await use(host);
    await host.close();
  },

  app: async ({ host, demo, userDataDir, page }, use, testInfo) => {
    if (testInfo.project.name === 'electron') {
      const binary = electronBinary();
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
    if (!host) throw new Error('renderer project without a browser host');
    await page.goto(host.newLaunchUrl());
    await page.getByRole('navigation', { name: 'Screens' }).waitFor();
    await use(page);
  },

  // Every state a spec photographs is also checked with axe-core in both themes.
  shot: async ({ app }, use, testInfo) => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await use(async (name) => {
      await app.screenshot({ path: join(SCREENSHOT_DIR, `${testInfo.project.name}-${name}.png`) });
      const findings = blocking(await axeBothThemes(app, name));
      if (process.env.AXE_REPORT_ONLY) return;
      expect(findings, `axe-core (WCAG 2.2 AA), serious or critical, at "${name}"`).toEqual([]);
    });
  },
});

export { expect };
