#!/usr/bin/env node
// The `uta-desk` command: runs the built CLI (out/main/cli.js, made by `npm run build`), in this
// process. V8's compile cache keeps a repeated command's start-up to the work it does.
import { existsSync } from 'node:fs';
import nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../out/main/cli.js', import.meta.url));
if (!existsSync(entry)) {
  process.stderr.write(`uta-desk: the built CLI is missing (${entry}): run "npm run build" in this checkout first.\n`);
  process.exit(1);
}
// Node 22.1 and later; where it is missing the command only starts slower.
nodeModule.enableCompileCache?.();
nodeModule.createRequire(import.meta.url)(entry);
