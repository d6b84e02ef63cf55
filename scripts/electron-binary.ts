/**
 * Where the Electron binary is, without triggering a download: requiring the `electron` package
 * downloads the binary when it is missing, and here that download must never be attempted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function electronBinary(): string | undefined {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(__filename).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const relative = readFileSync(pathFile, 'utf8').trim();
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageDir, 'dist');
  const binary = join(dist, relative);
  return existsSync(binary) ? binary : undefined;
}
