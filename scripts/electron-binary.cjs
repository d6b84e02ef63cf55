/**
 * Where the Electron binary is, without triggering a download: requiring the `electron` package
 * downloads the binary when it is missing, and here that download must never be attempted.
 * Plain CommonJS: `npm start` runs it before anything is built, and the e2e harness loads it too.
 */
const { existsSync, readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

/** @returns {string | undefined} */
exports.electronBinary = function electronBinary() {
  let packageDir;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const relative = readFileSync(pathFile, 'utf8').trim();
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageDir, 'dist');
  const binary = join(dist, relative);
  return existsSync(binary) ? binary : undefined;
};
