// `npm start`: build, then open the app on the Local demo profile: in Electron where its binary is
// installed, otherwise (after one line saying why) in a browser through the browser host.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { version } from '../package.json';
import { runServe } from '../electron/web-host/serve';
import { electronBinary } from './electron-binary';

const binary = electronBinary();
const args = process.argv.slice(2);

// electron-vite exports no path to its bin: find it next to its package.json.
const electronVite = join(
  dirname(createRequire(__filename).resolve('electron-vite/package.json')),
  'bin/electron-vite.js',
);
// Quiet unless something is wrong: the link is what the operator is waiting for.
console.log('Building UTA Desk…');
const build = spawnSync(process.execPath, [electronVite, 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

if (binary) {
  const app = spawn(binary, ['.', ...args], { stdio: 'inherit' });
  app.on('exit', (code) => process.exit(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.kill(signal));
} else {
  console.log(
    'The Electron binary is not installed here (its download failed or was skipped), so UTA Desk runs in a browser instead: the same app, served on 127.0.0.1.',
  );
  runServe(args, { rendererDir: resolve(__dirname, '../out/renderer'), version }).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(`UTA Desk stopped: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}
