import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import chromiumFlags from './e2e/harness/chromium-flags.json';

/** Debian's Chromium: Playwright's own browser download is not reachable from here. */
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** Flags for Chromium in a sandbox-less container with no network beyond loopback. */
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: chromiumPath,
    args: chromiumFlags.args,
  },
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  fullyParallel: true,
  // Half the cores, as Playwright's default, but at least two: a test spends much of its time waiting
  // on the demo exchange and the page, so two overlap well even on a 2-core machine (there, six amend
  // tests took 94 s with two workers, 144 s with one).
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  globalSetup: './e2e/harness/global-setup.ts',
  use: {
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      // The built renderer in Debian's Chromium, with the real core handlers injected. Runs everywhere.
      name: 'renderer',
      use: chromium,
    },
    {
      // The packaged app through _electron.launch; skips with one line where no Electron binary exists.
      name: 'electron',
      // Playwright's `page` fixture still starts a browser here; give it the same Chromium.
      use: chromium,
    },
  ],
});
