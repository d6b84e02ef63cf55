// `npm start`: build, then open the app on the Local demo profile. Without the Electron binary it
// says so in one sentence instead of failing with a stack trace.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { electronBinary } from './electron-binary';

const binary = electronBinary();
if (!binary) {
  console.error(
    'UTA Desk cannot start because the Electron binary is not installed (its download failed or was skipped): run `node node_modules/electron/install.js` on a machine that can reach the Electron release host, then `npm start` again.',
  );
  process.exit(1);
}

const electronVite = createRequire(__filename).resolve('electron-vite/bin/electron-vite.js');
const build = spawnSync(process.execPath, [electronVite, 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const app = spawn(binary, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
app.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.kill(signal));
