/**
 * The Linux server bundle as an operator gets it: `npm run dist:server` builds the .tar.gz and the
 * .deb, each run on the Node it carries (a `node` first on PATH that must never run proves it).
 * As root the .deb is installed with dpkg, upgraded over itself and removed, the operator's data
 * kept throughout; otherwise it is extracted and run from there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { ROOT } from './harness/paths';
import { expectAmendListed, expectServes, run, runOk, serve, userEnv, type Ran } from './harness/installed-app';

test.describe.configure({ mode: 'serial' });

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const runtime = JSON.parse(readFileSync(join(ROOT, 'packaging/server/node-runtime.json'), 'utf8')) as {
  version: string;
};
const NEWER = `${pkg.version}+upgrade1`;
const asRoot = process.getuid?.() === 0 && existsSync('/usr/bin/dpkg');

let dir: string;
let env: NodeJS.ProcessEnv;
let home: string;

const dist = () => join(dir, 'dist');
const tarball = () => join(dist(), `uta-desk-${pkg.version}-linux-x64.tar.gz`);
const deb = (version = pkg.version) => join(dist(), `uta-desk_${version}_amd64.deb`);

async function buildBundles(version: string): Promise<void> {
  await runOk(
    process.execPath,
    ['scripts/dist/server-bundle.mjs', '--out', dist(), '--version', version],
    process.env,
    ROOT,
  );
}

test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'renderer', 'the bundles are built once, in the renderer project');
  test.skip(process.platform !== 'linux' || process.arch !== 'x64', 'the server bundle is for Linux x64');
  testInfo.setTimeout(240_000);
  dir = await mkdtemp(join(tmpdir(), 'uta-desk-bundle-'));
  home = join(dir, 'home');
  // A machine's Node that is not the bundle's: first on PATH, it fails loudly if anything runs it.
  const machineNode = join(dir, 'machine-node');
  await mkdir(machineNode, { recursive: true });
  await writeFile(join(machineNode, 'node'), '#!/bin/sh\necho "the machine\'s node ran" >&2\nexit 97\n');
  await chmod(join(machineNode, 'node'), 0o755);
  env = userEnv(home, `${machineNode}:/usr/bin:/bin`);
  await buildBundles(pkg.version);
  if (asRoot) await buildBundles(NEWER);
});

test.afterAll(async () => {
  if (asRoot) await run('dpkg', ['-r', 'uta-desk'], process.env);
  if (dir) await rm(dir, { recursive: true, force: true });
});

function expectOwnNode(version: Ran, nodePath: string): void {
  expect(version.stdout).toBe(`uta-desk ${pkg.version} (Node v${runtime.version}, ${nodePath})\n`);
}

test('the .tar.gz runs from where it is extracted, on its own Node: serve, amend, activity', async ({ page }) => {
  const where = join(dir, 'extracted');
  await mkdir(where);
  await runOk('tar', ['-xzf', tarball(), '-C', where], process.env);
  const top = join(where, `uta-desk-${pkg.version}-linux-x64`);
  expect((await readdir(top)).sort()).toEqual(['LICENSE', 'README.md', 'app', 'bin', 'node']);
  const bin = join(top, 'bin/uta-desk');
  expectOwnNode(await runOk(bin, ['--version'], env), join(top, 'node/bin/node'));
  expect(await expectServes(bin, env, page, 'server-bundle-tarball-serve.png')).not.toContain("the machine's node ran");
  await expectAmendListed(bin, env, '59980.0');
  await rm(home, { recursive: true, force: true });
});

test('serve without a terminal prints a new one-time link on SIGHUP (systemctl --user reload)', async () => {
  const bin = join(dir, 'extracted', `uta-desk-${pkg.version}-linux-x64`, 'bin/uta-desk');
  const serving = await serve(bin, [], env);
  try {
    const pid = serving.pid();
    process.kill(pid, 'SIGHUP');
    await expect
      .poll(() => serving.output())
      .toMatch(/New link \(it works once; the previous one no longer does\): http/);
  } finally {
    expect(await serving.stop()).toBe(0);
  }
  await rm(home, { recursive: true, force: true });
});

test('the .deb: control fields, the user unit, and lintian finds no error or warning', async () => {
  const control = (await runOk('dpkg-deb', ['--field', deb()], process.env)).stdout;
  expect(control).toMatch(/^Package: uta-desk$/m);
  expect(control).toMatch(new RegExp(`^Version: ${pkg.version.replaceAll('.', '\\.')}$`, 'm'));
  expect(control).toMatch(/^Depends: libc6 \(>= [\d.]+\)/m);
  expect(control).not.toMatch(/nodejs/);
  const contents = (await runOk('dpkg-deb', ['--contents', deb()], process.env)).stdout;
  expect(contents).toMatch(/\.\/usr\/bin\/uta-desk -> \.\.\/lib\/uta-desk\/bin\/uta-desk/);
  expect(contents).toMatch(/\.\/usr\/lib\/uta-desk\/node\/bin\/node$/m);
  expect(contents).toMatch(/\.\/usr\/lib\/systemd\/user\/uta-desk\.service$/m);
  expect(contents).not.toMatch(/home|\.config/);
  const unit = await readFile(join(ROOT, 'packaging/server/uta-desk.service'), 'utf8');
  expect(unit).toMatch(/^ExecStart=\/usr\/bin\/uta-desk serve --port 8765 --no-open$/m);
  expect(unit).toMatch(/^WantedBy=default\.target$/m);
  test.skip(!existsSync('/usr/bin/lintian'), 'lintian is not installed here (.ci/run installs it)');
  const lint = await run('lintian', ['--fail-on', 'error,warning', deb()], process.env);
  expect(lint.stdout.split('\n').filter((l) => /^[EW]: /.test(l))).toEqual([]);
  expect(lint.code).toBe(0);
});

test('the .deb as root: install, run on its own Node, upgrade over itself, remove; the data stays', async ({
  page,
}) => {
  const bin = '/usr/bin/uta-desk';
  if (!asRoot) {
    // Without root the package is extracted and its tree run as it would be installed.
    const root = join(dir, 'deb-root');
    await runOk('dpkg-deb', ['-x', deb(), root], process.env);
    expectOwnNode(
      await runOk(join(root, 'usr/bin/uta-desk'), ['--version'], env),
      join(root, 'usr/lib/uta-desk/node/bin/node'),
    );
    await expectAmendListed(join(root, 'usr/bin/uta-desk'), env, '59970.0');
    return;
  }
  await runOk('dpkg', ['-i', deb()], process.env);
  expectOwnNode(await runOk(bin, ['--version'], env), '/usr/lib/uta-desk/node/bin/node');
  expect(await expectServes(bin, env, page, 'server-bundle-deb-serve.png')).not.toContain("the machine's node ran");
  await expectAmendListed(bin, env, '59970.0');
  const data = join(home, '.config/uta-desk');
  const before = (await readdir(data)).sort();
  expect(before.length).toBeGreaterThan(0);

  await runOk('dpkg', ['-i', deb(NEWER)], process.env);
  expect((await runOk('dpkg-query', ['-W', '-f', '${Version}', 'uta-desk'], process.env)).stdout).toBe(NEWER);
  // The upgraded command still lists the amend made before: the operator's folder was not touched.
  const activity = await runOk(bin, ['activity'], env);
  expect(activity.stdout).toContain('59970.0');

  await runOk('dpkg', ['-r', 'uta-desk'], process.env);
  expect(existsSync(bin)).toBe(false);
  expect(existsSync('/usr/lib/uta-desk')).toBe(false);
  expect((await readdir(data)).sort()).toEqual(expect.arrayContaining(before));
});
