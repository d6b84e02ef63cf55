// `npm start`: build, then open the app on the Local demo profile. Without the Electron binary it
// says so in one sentence instead of failing with a stack trace.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

const binary = electronBinary();
if (!binary) {
  console.error(
    'UTA Desk cannot start: the Electron binary is not installed (its download failed or was skipped) — run `npm install` on a machine that can reach the Electron release host, or `node node_modules/electron/install.js` to retry the download.',
  );
  process.exit(1);
}

const build = spawnSync(process.execPath, [require.resolve('electron-vite/bin/electron-vite.js'), 'build'], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const app = spawn(binary, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
app.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
