// `npm start`: build when the sources changed since the last build, then open the app on the Local
// demo profile: in Electron where its binary is installed, otherwise (after one line saying why) in a
// browser through the browser host. Plain JavaScript, so it starts without a compile step.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build, ROOT as root } from './build/build.mjs';
import { electronBinary } from './electron-binary.cjs';
import { nodeSupport } from './node-support.mjs';

const args = process.argv.slice(2);

const support = nodeSupport(process.versions.node);
if (support.line) console.log(support.line);
if (!support.canBuild) process.exit(1);

const { status, built } = build({ ifStale: true, onBuild: () => console.log('Building UTA Desk…') });
if (status !== 0) process.exit(status);
if (!built) console.log('The build in out/ is current: starting without building.');

const binary = electronBinary();
let app;
if (binary) {
  app = spawn(binary, ['.', ...args], { cwd: root, stdio: 'inherit' });
} else {
  console.log(
    'The Electron binary is not installed here (Electron fetches it on first use; "npx install-electron" does it now), so UTA Desk runs in a browser instead: the same app, served on 127.0.0.1.',
  );
  app = spawn(process.execPath, [join(root, 'bin/uta-desk.mjs'), 'serve', ...args], { stdio: 'inherit' });
}
app.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
// Ctrl+C reaches the whole terminal's process group; a SIGTERM sent to npm start alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
