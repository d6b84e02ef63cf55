// `npm run build` and `npm start`'s build: electron-vite's build of main, the CLI, preload and the
// renderer into out/ (or UTA_DESK_OUT), stamped with the hash of its inputs once it succeeds.
// `--if-stale` builds only when the sources differ from the stamp (npm start, npm pack).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clearStamp, inputsHash, isCurrent, writeStamp } from './build-stamp.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds unless `ifStale` and out/ is current. Returns the build's exit status (0 when it was current),
 * and whether it built; the build's warnings and errors go to this process's output.
 */
export function build({ ifStale = false, onBuild = () => {} } = {}) {
  const out = resolve(ROOT, process.env.UTA_DESK_OUT ?? 'out');
  const hash = inputsHash(ROOT);
  if (ifStale && isCurrent(out, hash)) return { status: 0, built: false };
  onBuild();
  // electron-vite exports no path to its bin: find it next to its package.json.
  const electronVite = join(
    dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')),
    'bin/electron-vite.js',
  );
  clearStamp(out);
  const run = spawnSync(process.execPath, [electronVite, 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (run.status === 0) writeStamp(out, hash);
  return { status: run.status ?? 1, built: true };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  const { status, built } = build({ ifStale });
  // stderr: npm pack --json prints its report on stdout after this.
  if (!built) console.error('The build in out/ is current: not built again.');
  process.exit(status);
}
