/**
 * The npm package as a user installs it: `npm pack` of this checkout, installed with --omit=dev into
 * a prefix and a HOME of its own (no network: the package has no dependencies), then its command run
 * from there: help, the browser host with the Local demo in a real browser, an amend, Activity.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { ROOT } from './harness/paths';
import { expectAmendListed, expectServes, run, runOk, userEnv } from './harness/installed-app';

test.describe.configure({ mode: 'serial' });

let dir: string;
let bin: string;
let env: NodeJS.ProcessEnv;

test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'renderer', 'the package is one: installed once, in the renderer project');
  testInfo.setTimeout(120_000);
  dir = await mkdtemp(join(tmpdir(), 'uta-desk-npm-'));
  const home = join(dir, 'home');
  const prefix = join(dir, 'prefix');
  // The build the suite made; prepack builds only when out/ is stale.
  const packed = await runOk('npm', ['pack', '--json', '--pack-destination', dir], process.env, ROOT);
  const [report] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  const paths = report!.files.map((f) => f.path);
  expect(paths).toContain('out/main/cli.js');
  expect(paths).toContain('out/renderer/index.html');
  expect(paths).toContain('out/main/THIRD-PARTY-NOTICES.txt');
  expect(
    paths.filter((p) => /\.(ts|tsx|map)$|^(e2e|bench|scripts|electron|shared|renderer|demo-exchange)\//.test(p)),
  ).toEqual([]);

  const npmEnv = { ...process.env, HOME: home, npm_config_cache: join(dir, 'npm-cache') };
  await runOk(
    'npm',
    [
      'install',
      '--global',
      '--prefix',
      prefix,
      '--omit=dev',
      '--offline',
      '--no-audit',
      '--no-fund',
      join(dir, report!.filename),
    ],
    npmEnv,
    dir,
  );
  expect(await readdir(join(prefix, 'lib/node_modules/uta-desk'))).not.toContain('node_modules');
  bin = join(prefix, 'bin/uta-desk');
  env = userEnv(home, `${join(prefix, 'bin')}:${process.env.PATH}`);
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('uta-desk --help and --version run from any folder; bad usage exits 2', async () => {
  const help = await runOk(bin, ['--help'], env);
  expect(help.stdout).toMatch(/^Usage: uta-desk <command>/m);
  expect((await runOk(bin, ['--version'], env)).stdout).toMatch(/^uta-desk 0\.1\.0 \(Node v\d+/);
  const bad = await run(bin, ['order'], env);
  expect(bad.code).toBe(2);
});

test('uta-desk serve --no-open: the link serves the app, and Instruments lists the Local demo', async ({ page }) => {
  await expectServes(bin, env, page, 'npm-package-serve.png');
});

test('uta-desk modify on the Local demo applies, and uta-desk activity lists it', async () => {
  await expectAmendListed(bin, env, '59990.0');
});
