// `npm test`: typecheck, lint, build, unit tests, e2e — stopping at the first failing stage — then each
// stage's time and one closing line with the counts of both test runners.
//
// The checks that do not depend on each other (the three typechecks, lint, the build) run two at a time,
// each one's output printed in one piece when it ends; the two test runners then run one after the
// other with their output live. The e2e suite reuses the one build made here.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';

const dir = mkdtempSync(join(tmpdir(), 'uta-desk-test-'));
const unitReport = join(dir, 'vitest.json');
const e2eReport = join(dir, 'playwright.json');

/** Test files mostly wait (servers, timers, browsers): two at a time even on two cores. */
const testWorkers = String(Math.max(2, availableParallelism() - 1));

const checks = [
  { name: 'typecheck', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.node.json', '--noEmit'] },
  { name: 'typecheck (web)', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.web.json', '--noEmit'] },
  { name: 'typecheck (e2e)', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.e2e.json', '--noEmit'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  // Warnings and errors only; any warning fails the stage (npm start shows the same build to operators).
  { name: 'build', cmd: 'node', args: ['scripts/build/build.mjs'], quiet: true },
];

const runners = [
  {
    name: 'unit tests',
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      `--maxWorkers=${testWorkers}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${unitReport}`,
    ],
    after: readUnit,
  },
  {
    name: 'e2e',
    cmd: 'npx',
    args: ['playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport },
    after: readE2e,
  },
];

const counts = { passed: 0, failed: 0, skipped: 0 };
/** Every test's wall time, for the ten slowest printed at the end: where the suite's time goes. */
const timings = [];

function readUnit() {
  if (!existsSync(unitReport)) return;
  const r = JSON.parse(readFileSync(unitReport, 'utf8'));
  counts.passed += r.numPassedTests ?? 0;
  counts.failed += r.numFailedTests ?? 0;
  counts.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const file of r.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.duration)
        timings.push({ ms: t.duration, name: `unit  ${relative(process.cwd(), file.name)} › ${t.fullName}` });
}

/** Playwright's report nests suites (files, describes) around specs, each with a result per run. */
function e2eTimings(suite, file = suite.file) {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? [])
      for (const r of t.results ?? [])
        if (r.duration && r.status !== 'skipped')
          timings.push({ ms: r.duration, name: `e2e   ${file} › ${spec.title} [${t.projectName}]` });
  for (const child of suite.suites ?? []) e2eTimings(child, file ?? child.file);
}

function readE2e() {
  if (!existsSync(e2eReport)) return;
  const report = JSON.parse(readFileSync(e2eReport, 'utf8'));
  for (const suite of report.suites ?? []) e2eTimings(suite);
  const s = report.stats ?? {};
  counts.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  counts.failed += s.unexpected ?? 0;
  counts.skipped += s.skipped ?? 0;
}

/** CPU seconds (user + system) of the children waited for so far; Linux only (/proc), else undefined. */
function childCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime are fields 16 and 17 of proc(5), in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * The build's own warnings, without Node's process warnings (`(node:123) Warning: …`, printed by
 * Node itself about a dependency) and the note vite adds when UTA_DESK_OUT is outside the project.
 */
function viteWarnings(output) {
  return output
    .split('\n')
    .filter((line) => line.trim())
    .filter((line) => !/^\(node:\d+\) |^\(Use `node --trace-warnings/.test(line))
    .filter((line) => !/is not inside project root and will not be emptied|^Use --emptyOutDir to override/.test(line))
    .join('\n');
}

const header = (stage) => `\n=== ${stage.name}: ${stage.cmd} ${stage.args.join(' ')}`;

/**
 * Runs one stage; `buffered` keeps its output until it ends (stages running side by side). Resolves with its
 * wall time and whether it passed. CPU time is only known per process group, so it is taken per phase.
 */
function run(stage, { buffered }) {
  if (!buffered) console.log(header(stage));
  const started = performance.now();
  const child = spawn(stage.cmd, stage.args, {
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...stage.env },
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const wall = (performance.now() - started) / 1000;
      let ok = code === 0;
      if (buffered) {
        console.log(header(stage));
        if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      }
      if (ok && stage.quiet && viteWarnings(output)) {
        console.log(`${stage.name}: printed the warnings above; fix them (a clean build prints nothing).`);
        ok = false;
      }
      stage.after?.();
      resolve({ name: stage.name, wall, ok });
    });
  });
}

/** Runs `stages` `width` at a time; after a failure, lets the running ones finish and starts no more. */
async function phase(stages, width) {
  const cpuBefore = childCpuSeconds();
  const started = performance.now();
  const results = [];
  const queue = [...stages];
  let failed = false;
  const lane = async () => {
    while (queue.length > 0 && !failed) {
      const result = await run(queue.shift(), { buffered: width > 1 });
      results.push(result);
      if (!result.ok) failed = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, stages.length) }, lane));
  const cpuAfter = childCpuSeconds();
  return {
    results,
    wall: (performance.now() - started) / 1000,
    cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
  };
}

const phases = [];
const started = performance.now();
let failedStage;
for (const [stages, width] of [
  [checks, 2],
  [runners.slice(0, 1), 1],
  [runners.slice(1), 1],
]) {
  const done = await phase(stages, width);
  phases.push(done);
  failedStage = done.results.find((r) => !r.ok)?.name;
  if (failedStage) break;
}

const secs = (s) => `${s.toFixed(1).padStart(6)} s`;
const cpuText = (cpu) => (cpu === undefined ? '' : `   CPU ${secs(cpu)}`);
console.log('\nStage times (wall clock; CPU: user + system of all the processes of a step):');
let totalCpu = 0;
for (const { results, wall, cpu } of phases) {
  totalCpu += cpu ?? 0;
  if (results.length === 1) {
    console.log(`  ${results[0].name.padEnd(20)} ${secs(wall)}${cpuText(cpu)}`);
    continue;
  }
  console.log('  side by side, two at a time:');
  for (const r of results) console.log(`    ${r.name.padEnd(18)} ${secs(r.wall)}`);
  console.log(`    ${'together'.padEnd(18)} ${secs(wall)}${cpuText(cpu)}`);
}
console.log(
  `  ${'total'.padEnd(20)} ${secs((performance.now() - started) / 1000)}${cpuText(childCpuSeconds() === undefined ? undefined : totalCpu)}`,
);
if (timings.length > 0) {
  console.log('\nThe ten slowest tests:');
  for (const t of timings.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${secs(t.ms / 1000)}  ${t.name}`);
}
console.log(
  `\n${failedStage ? `FAILED at ${failedStage}` : 'All stages passed'} (electron e2e project skips where no Electron binary exists)`,
);
console.log(`Summary: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStage ? 1 : 0);
