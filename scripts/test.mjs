// `npm test`: typecheck, lint, unit tests, build, e2e — stopping at the first failing stage — and
// one closing line with the counts of both test runners.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'uta-desk-test-'));
const unitReport = join(dir, 'vitest.json');
const e2eReport = join(dir, 'playwright.json');

const stages = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']],
  ['typecheck (web)', 'npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']],
  ['typecheck (e2e)', 'npx', ['tsc', '-p', 'tsconfig.e2e.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['unit tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]],
  ['build', 'npx', ['electron-vite', 'build']],
  [
    'e2e',
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport },
  ],
];

const counts = { passed: 0, failed: 0, skipped: 0 };

function readUnit() {
  if (!existsSync(unitReport)) return;
  const r = JSON.parse(readFileSync(unitReport, 'utf8'));
  counts.passed += r.numPassedTests ?? 0;
  counts.failed += r.numFailedTests ?? 0;
  counts.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function readE2e() {
  if (!existsSync(e2eReport)) return;
  const s = JSON.parse(readFileSync(e2eReport, 'utf8')).stats ?? {};
  counts.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  counts.failed += s.unexpected ?? 0;
  counts.skipped += s.skipped ?? 0;
}

let failedStage;
for (const [name, cmd, args, env] of stages) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (name === 'unit tests') readUnit();
  if (name === 'e2e') readE2e();
  if (r.status !== 0) {
    failedStage = name;
    break;
  }
}

console.log(
  `\n${failedStage ? `FAILED at ${failedStage}` : 'All stages passed'} (electron e2e project skips where no Electron binary exists)`,
);
console.log(`Summary: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStage ? 1 : 0);
