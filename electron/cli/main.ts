/**
 * Entry point of `npm run cli -- …` and the `uta-desk` bin: runs the CLI on this process's
 * arguments, streams and environment, and exits with its code.
 */
import { runCli } from './run-cli';

runCli(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // Only the message: an unexpected error object could carry request details.
    process.stderr.write(`uta-desk: unexpected failure: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
