#!/usr/bin/env node
// The `uta-desk` command: runs the TypeScript CLI (electron/cli/uta-desk.ts) in a child Node process
// with tsx's loader, so the CLI needs no separate build. Output and exit code are the CLI's own.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Resolved from this file, so the command works from any working directory.
const tsxLoader = import.meta.resolve('tsx');
const entry = fileURLToPath(new URL('../electron/cli/uta-desk.ts', import.meta.url));

const child = spawn(process.execPath, ['--import', tsxLoader, entry, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 128 : 1);
});
child.on('error', (e) => {
  process.stderr.write(`uta-desk: could not start the CLI: ${e.message}\n`);
  process.exitCode = 1;
});
