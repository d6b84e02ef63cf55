/**
 * Entry point of the `uta-desk` command: runs the CLI on this process's arguments, streams and
 * environment, and exits with its code. It is built to out/main/cli.js, beside out/renderer, which
 * `serve` serves; `npm run cli` runs this source through tsx, with the app built by `npm run build`.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { version } from '../../package.json';
import { runCli } from './run-cli';

/** out/renderer: beside the built file (out/main/cli.js), or the checkout's build for the source. */
const rendererDir =
  [resolve(__dirname, '../renderer'), resolve(__dirname, '../../out/renderer')].find((dir) =>
    existsSync(resolve(dir, 'index.html')),
  ) ?? resolve(__dirname, '../renderer');

runCli(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  tty: { input: process.stdin, prompt: process.stderr },
  version,
  trapSignals: true,
  serve: { rendererDir },
}).then(
  (code) => {
    // Idle keep-alive sockets of the exchange clients would hold the process seconds more once the
    // command is done (the core, when it ran here, is closed already): exit once the output is out.
    process.exitCode = code;
    process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  },
  (e: unknown) => {
    // Only the message: an unexpected error object could carry request details.
    process.stderr.write(`uta-desk: unexpected failure: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
