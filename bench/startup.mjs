/**
 * `npm run bench:startup`: how long an operator waits for UTA Desk to start, three ways:
 *   help    `uta-desk --help`, to its exit;
 *   serve   `uta-desk serve --no-open` on a new user-data folder, to the link it prints;
 *   restart a second `npm start` (nothing changed since the first), to the link it prints.
 * Options: --runs N (default 9), --base REF: the same figures for a git ref (a worktree beside this
 * checkout, sharing its node_modules), measured in the same run, alternating base and new.
 * Prints each figure's median and spread (min–max) in ms, then one JSON line.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { runs: { type: 'string' }, base: { type: 'string' } } });
const RUNS = Number(values.runs ?? 9);
const LINK = /Open this link \(it works once\): \S+/;

/** Runs `args` to its end (or, with `until`, to the first output matching it, then stops it); ms. */
function timed(cwd, cmd, args, { until, env } = {}) {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let took;
    const onData = (chunk) => {
      output += chunk;
      if (until && took === undefined && until.test(output)) {
        took = performance.now() - started;
        process.kill(-child.pid, 'SIGINT');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const limit = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(limit);
      if (until ? took === undefined : code !== 0)
        fail(new Error(`${cmd} ${args.join(' ')} (in ${cwd}): ${code}\n${output}`));
      else done(took ?? performance.now() - started);
    });
  });
}

/** The three measurements of one checkout; each serve gets a new user-data folder (a first start). */
function measures(dir) {
  const home = () => mkdtempSync(join(tmpdir(), 'uta-desk-bench-home-'));
  const withHome = async (fn) => {
    const h = home();
    try {
      return await fn({ HOME: h, XDG_CONFIG_HOME: join(h, '.config') });
    } finally {
      rmSync(h, { recursive: true, force: true });
    }
  };
  return {
    help: () => timed(dir, process.execPath, ['bin/uta-desk.mjs', '--help']),
    serve: () =>
      withHome((env) => timed(dir, process.execPath, ['bin/uta-desk.mjs', 'serve', '--no-open'], { until: LINK, env })),
    restart: () => withHome((env) => timed(dir, 'npm', ['start', '--silent', '--', '--no-open'], { until: LINK, env })),
  };
}

function baseCheckout(ref) {
  const dir = join(ROOT, 'out/bench-startup-base');
  rmSync(dir, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: ROOT });
  execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: ROOT, stdio: 'ignore' });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { median: Math.round(median), min: Math.round(s[0]), max: Math.round(s.at(-1)) };
};

const sides = [{ name: 'new', dir: ROOT }];
let baseDir;
if (values.base) {
  console.log(`checking out ${values.base} into out/bench-startup-base …`);
  baseDir = baseCheckout(values.base);
  sides.unshift({ name: 'base', dir: baseDir });
}
try {
  for (const side of sides) {
    // Each side's build is made (and stamped, where the side stamps) before anything is timed.
    await timed(side.dir, 'npm', ['start', '--silent', '--', '--no-open'], {
      until: LINK,
      env: { HOME: mkdtempSync(join(tmpdir(), 'uta-desk-bench-home-')) },
    });
    side.run = measures(side.dir);
    side.figures = { help: [], serve: [], restart: [] };
  }
  console.log(
    `node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}; ${RUNS} runs each` +
      (sides.length > 1 ? `, alternating (${values.base} = base, this checkout = new)` : ''),
  );
  for (let i = 0; i < RUNS; i++) {
    const order = i % 2 ? [...sides].reverse() : sides;
    for (const what of ['help', 'serve', 'restart'])
      for (const side of order) side.figures[what].push(await side.run[what]());
  }
  const result = {};
  for (const side of sides) {
    result[side.name] = Object.fromEntries(Object.entries(side.figures).map(([k, xs]) => [k, stats(xs)]));
    for (const [what, s] of Object.entries(result[side.name]))
      console.log(
        `${side.name.padEnd(4)} ${what.padEnd(8)} median ${String(s.median).padStart(5)} ms  (${s.min}–${s.max})`,
      );
  }
  console.log(JSON.stringify(values.base ? { base: values.base, ...result } : result.new));
} finally {
  if (baseDir) {
    rmSync(baseDir, { recursive: true, force: true });
    execFileSync('git', ['worktree', 'prune'], { cwd: ROOT });
  }
}
