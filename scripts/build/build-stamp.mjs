/**
 * Whether out/ was built from the sources as they are: a SHA-256 of every file the build reads,
 * written into out/ after a build that succeeded. `npm start` builds only when it differs.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the build reads: the app's source folders and the files that configure the build. */
const INPUT_DIRS = ['electron', 'shared', 'renderer', 'demo-exchange', 'scripts/build'];
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'electron.vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'tsconfig.web.json',
];
/** Tests and test helpers are never in the build. */
const NOT_BUILT = /\.test\.tsx?$|(^|\/)testing\//;

export const STAMP_FILE = '.inputs-sha256';

/** @param {string} root */
export function inputsHash(root) {
  const files = [...INPUT_FILES];
  for (const dir of INPUT_DIRS) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = relative(root, join(entry.parentPath ?? entry.path, entry.name)).replaceAll('\\', '/');
      if (!NOT_BUILT.test(path)) files.push(path);
    }
  }
  const hash = createHash('sha256');
  for (const path of files.sort()) {
    // The name and the content, each ended by a NUL, so no two sets of files hash alike.
    hash.update(`${path}\0`);
    hash.update(existsSync(join(root, path)) ? readFileSync(join(root, path)) : '(missing)');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** @param {string} outDir @param {string} hash */
export function isCurrent(outDir, hash) {
  const stamp = join(outDir, STAMP_FILE);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}

/** Forget the stamp before a build, so a build that fails half-way is never taken for current. */
export function clearStamp(outDir) {
  rmSync(join(outDir, STAMP_FILE), { force: true });
}

/** @param {string} outDir @param {string} hash */
export function writeStamp(outDir, hash) {
  writeFileSync(join(outDir, STAMP_FILE), `${hash}\n`);
}
