#!/usr/bin/env node
/**
 * npm run bench:grid — renders the real instrument grid (InstrumentBrowser) in Chromium with
 * 50,000 synthetic instruments and measures, over several fresh mounts:
 *   initialRenderMs   mount → the frame after the first paint
 *   sortMs            a real click on a numeric header → the frame after the re-sorted rows were painted
 *   filterMs          one real keystroke in "Search symbols" → the frame after the filtered rows were painted
 *                     (the key goes down; it is released after the measurement, as a finger lifts later)
 *   …PaintMs          the same three, up to the paint itself: when the main thread has produced the
 *                     frame that shows the change. "The frame after" is a double requestAnimationFrame,
 *                     which can never be under one frame interval (16.7 ms at 60 Hz); the paint can.
 *   scrollFrameP95Ms  95th percentile of requestAnimationFrame deltas while scrolling the whole list
 *                     at two pages per frame. Faster than a page per frame the grid draws rows in
 *                     "scroll seek" mode (symbol only) until the scroll slows down.
 *   flingP95Ms        the same at 8 rows a frame (under a page: every frame draws full rows), 400 frames.
 *   domRows           most row elements in the DOM at any time during either scroll
 *   floorPaintMs      the browser's own share of a sort: the rows in view copied as plain DOM (React
 *                     unmounted), a click rewriting every cell's text, click → paint (3 per run);
 *   floorMs           and click → the frame after. Compare a paint with floorPaintMs and a frame after
 *                     with floorMs: the frame after adds the wait for the next frame (up to a whole
 *                     interval) to the paint, so a frame after less a floor's paint is not the app's share.
 *                     Neither difference is: the floor's click waits for the frame (vsync), and an app
 *                     whose input task ends before that frame is due shows none of its work (--trace).
 * One warm-up run comes first (the JIT's first compilations; printed, not counted), then the
 * measured runs. Each run takes three samples of initial render, sort and filter, each from a
 * fresh mount after a full garbage collection (so one sample's garbage is not collected during the
 * next one's measurements), then measures the scrolls once. Prints one line per run, the spread
 * of each figure, then medians (over all samples; scroll over runs) as one JSON object on the last line.
 *
 * Paired: `--base <git ref>` also builds the grid of that commit (its renderer and shared folders,
 * from git, measured by this checkout's bench page) and measures both in the same browser,
 * alternating run by run (the order flips every run), so a noisy machine weighs on both alike.
 * The last line then holds { base, new } with medians and min/max of each figure.
 *
 * With --trace, each page then traces more mounts, sort clicks, keystrokes and floor clicks
 * (TRACE_SAMPLES of each), then as many on a fresh page under V8's sampling profiler; writes each
 * trace into out/bench-grid-trace/ (Chrome's JSON trace format: DevTools' Performance panel and
 * Perfetto open it) with the profile (.cpuprofile), and prints where the measured interval goes: the
 * input's task (script, forced style and layout), waiting for the frame, other tasks, the frame
 * (style, layout, paint, layerize, commit), then the wait for the frame after, in wall-clock and in
 * main-thread CPU time; and, from the profile, the script time by library and the top functions by
 * self time (scripts/bench-grid-trace.mjs). The figures above are measured without a trace. `--runs 0
 * --trace` traces after the warm-up run alone.
 *
 * With --cpu-slowdown N, the pages' main threads run N times slower (DevTools' CPU throttling): what
 * the figures do on a slower machine, such as which of them follow its speed and which the frame clock.
 *
 * Run with `npm run bench:grid` (tsx). Options: --rows N (50000), --runs N (7), --base REF, --trace,
 * --cpu-slowdown N, --headed. CHROMIUM_PATH chooses the browser (/usr/bin/chromium). Pages are built into
 * out/bench-grid and out/bench-grid-base (ignored by git), with hidden source maps (for --trace).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import chromiumFlags from '../e2e/harness/chromium-flags.json' with { type: 'json' };
// Run through tsx (npm run bench:grid), which lets this script use the e2e harness's TypeScript server.
import { serveRenderer } from '../e2e/harness/static-server.ts';
import {
  breakdown,
  printBreakdown,
  printProfiles,
  scriptProfile,
  startProfiler,
  symbolicator,
  traceInteraction,
  writeTrace,
} from './bench-grid-trace.mjs';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const argValue = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROWS = Number(argValue('rows') ?? 50_000);
const RUNS = Number(argValue('runs') ?? 7);
const BASE_REF = argValue('base');
const WARMUP_RUNS = 1;
const TRACE = process.argv.includes('--trace');
/** --cpu-slowdown N: the page's main thread N times slower (DevTools' CPU throttling), as on a slower machine. */
const CPU_SLOWDOWN = Number(argValue('cpu-slowdown') ?? 1);
const TRACE_SAMPLES = 5;
const TRACE_DIR = join(ROOT, 'out/bench-grid-trace');
/** Mount, sort and keystroke samples per run: each is cheap, and the machine's noise needs many. */
const SAMPLES_PER_RUN = 3;
const FLOOR_CLICKS = 3;
const SORT_HEADER = 'Min order amount';
const SEARCH_KEY = 'b';
const SAMPLE_KEYS = ['initialPaintMs', 'initialRenderMs', 'sortPaintMs', 'sortMs', 'filterPaintMs', 'filterMs'];
const FLOOR_KEYS = ['floorPaintMs', 'floorMs'];
const RUN_KEYS = ['scrollFrameP95Ms', 'flingP95Ms'];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x) => Math.round(x * 10) / 10;

/** Builds the page of the grid in `srcRoot` (a checkout: bench/grid, renderer, shared) into `outDir`. */
async function buildPage(srcRoot, outDir) {
  await build({
    root: join(srcRoot, 'bench/grid'),
    base: './',
    logLevel: 'error',
    configFile: false,
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
      // Maps beside the scripts, not named in them: the page runs the same code; --trace reads them.
      sourcemap: 'hidden',
      rollupOptions: { input: join(srcRoot, 'bench/grid/grid-bench.html') },
    },
  });
}

/**
 * The base commit's renderer and shared folders with this checkout's bench page (the same
 * measuring code for both), under out/ so that their imports find this checkout's node_modules.
 */
function checkoutBase(ref) {
  const dir = join(ROOT, 'out/bench-grid-base-src');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['archive', '--format=tar', ref, 'renderer', 'shared'], {
    cwd: ROOT,
    maxBuffer: 1 << 28,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  cpSync(join(ROOT, 'bench/grid'), join(dir, 'bench/grid'), { recursive: true });
  return dir;
}

/** One grid page in its own tab, warmed up, measured run by run. */
async function openVariant(browser, name, url) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => console.error(`${name}: page error:`, e.message));
  await page.goto(url);
  await page.waitForFunction(() => 'gridBench' in globalThis);
  await slowDown(page);
  await page.evaluate((n) => globalThis.gridBench.generate(n), ROWS);
  return { name, page, url, samples: [], runs: [], floor: [] };
}

/** --cpu-slowdown: throttles the page's renderer main thread (its scripts, style, layout and paint). */
async function slowDown(page) {
  if (CPU_SLOWDOWN === 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** A fresh mount, its initial render, a sort click, then one keystroke in the search box. */
async function mountSortFilter(page) {
  await page.evaluate(() => globalThis.gc?.());
  const initial = await page.evaluate(() => globalThis.gridBench.mount());
  await page.getByRole('grid').waitFor();
  // Let the mount's trailing work (effects, first measurements) settle like a user would.
  await page.waitForTimeout(300);

  const header = page.getByRole('columnheader', { name: SORT_HEADER, exact: true });
  await header.scrollIntoViewIfNeeded();
  await page.evaluate(() => globalThis.gridBench.arm('click'));
  await header.click();
  const sort = await page.evaluate(() => globalThis.gridBench.settled());
  const sortedHead = await page.evaluate(() => globalThis.gridBench.visibleTexts(0, 3));

  const search = page.getByLabel('Search symbols');
  await search.focus();
  await page.evaluate(() => globalThis.gridBench.arm('keydown'));
  // The key is released after the measurement, as a person's finger does tens of milliseconds
  // later: a release sent at once (keyboard.press) queues its events ahead of the task that
  // reads the paint time, which then lands a frame late.
  await page.keyboard.down(SEARCH_KEY);
  const filter = await page.evaluate(() => globalThis.gridBench.settled());
  await page.keyboard.up(SEARCH_KEY);
  const shown = (await page.getByText(/^Showing/).innerText()).replace(/\s+/g, ' ');
  await search.fill('');
  await page.waitForTimeout(200);
  return {
    initialRenderMs: initial.frameAfter,
    initialPaintMs: initial.paint,
    sortMs: sort.frameAfter,
    sortPaintMs: sort.paint,
    filterMs: filter.frameAfter,
    filterPaintMs: filter.paint,
    sortedHead,
    shown,
  };
}

/** One run of a variant: SAMPLES_PER_RUN mounts with sort and filter, then the scroll and the fling. */
async function measureRun(variant, run) {
  const { page } = variant;
  await page.bringToFront();
  const own = [];
  for (let i = 1; i < SAMPLES_PER_RUN; i++) {
    own.push(await mountSortFilter(page));
    await page.evaluate(() => globalThis.gridBench.unmount());
  }
  const last = await mountSortFilter(page);
  own.push(last);
  const scroll = await page.evaluate(() => globalThis.gridBench.scroll({ pages: 2 }));
  // Also a fast fling (8 rows a frame, under a page): every frame renders full rows.
  const fling = await page.evaluate(() => globalThis.gridBench.scroll({ rows: 8 }, 400));
  const floor = await measureFloor(page);
  await page.evaluate(() => globalThis.gridBench.unmount());

  if (run > 0) {
    variant.samples.push(...own);
    variant.floor.push(...floor);
    variant.runs.push({
      scrollFrameP95Ms: scroll.p95,
      flingP95Ms: fling.p95,
      domRows: Math.max(scroll.domRowsMax, fling.domRowsMax),
    });
  }
  const list = (key, from = own) => from.map((o) => round(o[key])).join(', ');
  // Paints first: a paint is what compares with the floor's paint (see floorMs above).
  console.log(
    `${variant.name.padEnd(4)} ${run > 0 ? `run ${run}` : 'warm-up'}: mount paint ${list('initialPaintMs')} ms (frame after ${list('initialRenderMs')}) · ` +
      `sort paint ${list('sortPaintMs')} ms (frame after ${list('sortMs')}; top: ${last.sortedHead.join(', ')}) · ` +
      `filter "${SEARCH_KEY}" paint ${list('filterPaintMs')} ms (frame after ${list('filterMs')}; ${last.shown}) · ` +
      `scroll ${scroll.frames} frames, p95 ${round(scroll.p95)} ms, max ${round(scroll.max)} ms · DOM rows ≤ ${scroll.domRowsMax} · ` +
      `fling 8 rows/frame: ${fling.frames} frames, p95 ${round(fling.p95)} ms, median ${round(fling.median)} ms · ` +
      `floor paint ${list('floorPaintMs', floor)} ms (frame after ${list('floorMs', floor)})`,
  );
}

/**
 * The browser's share of a sort (gridBench.floor): the rows in view copied as plain DOM, each click
 * rewriting every cell's text, measured like a sort (click → paint, → the frame after). FLOOR_CLICKS samples.
 */
async function measureFloor(page) {
  await makeFloor(page);
  const out = [];
  for (let i = 0; i < FLOOR_CLICKS; i++) {
    await page.waitForTimeout(100);
    const { paint, frameAfter } = await clickSort(page);
    out.push({ floorPaintMs: paint, floorMs: frameAfter });
  }
  return out;
}

/** The floor's page: the rows at the top, as the sorts see them, once the scroll has settled (full rows, not seeking). */
async function makeFloor(page) {
  await page.getByRole('grid').evaluate((g) => (g.scrollTop = 0));
  await page.waitForTimeout(300);
  await page.evaluate(() => globalThis.gridBench.floor());
}

/** A real click on the sort header, measured (arm → click → settled). */
async function clickSort(page) {
  await page.evaluate(() => globalThis.gridBench.arm('click'));
  await page.getByRole('columnheader', { name: SORT_HEADER, exact: true }).click();
  return page.evaluate(() => globalThis.gridBench.settled());
}

/**
 * One sample of each interaction, as the measured runs do them: a mount, a sort click, a keystroke
 * in the search, then the floor's click. With `trace`, each is traced (--trace); returns
 * the traces.
 */
async function interactionSample(page, trace) {
  const traced = (act) => (trace ? traceInteraction(page, act) : act());
  await page.evaluate(() => globalThis.gc?.());
  const mount = await traced(() => page.evaluate(() => globalThis.gridBench.mount()));
  await page.getByRole('grid').waitFor();
  await page.waitForTimeout(300);
  await page.getByRole('columnheader', { name: SORT_HEADER, exact: true }).scrollIntoViewIfNeeded();
  const sort = await traced(() => clickSort(page));
  const search = page.getByLabel('Search symbols');
  await search.focus();
  const keystroke = await traced(async () => {
    await page.evaluate(() => globalThis.gridBench.arm('keydown'));
    await page.keyboard.down(SEARCH_KEY);
    await page.evaluate(() => globalThis.gridBench.settled());
  });
  await page.keyboard.up(SEARCH_KEY);
  await search.fill('');
  await page.waitForTimeout(200);
  await makeFloor(page);
  await page.waitForTimeout(100);
  const floor = await traced(() => clickSort(page));
  await page.evaluate(() => globalThis.gridBench.unmount());
  return { mount, sort, search: keystroke, floor };
}

const TRACED = ['mount', 'sort', 'search', 'floor'];

/**
 * --trace: TRACE_SAMPLES traced samples of each interaction on the variant's page; then as many on a
 * fresh page whose CPU profile runs from its start (after a warm-up like the measured runs'), for the
 * script's functions. Writes the traces and the profile, prints the breakdowns.
 */
async function measureTrace(browser, { name, page, url }, pageDir) {
  await page.bringToFront();
  const found = Object.fromEntries(TRACED.map((k) => [k, { breakdowns: [], profiles: [] }]));
  for (let i = 1; i <= TRACE_SAMPLES; i++) {
    const traces = await interactionSample(page, true);
    for (const kind of TRACED) {
      writeTrace(join(TRACE_DIR, `${name}-${kind}-${i}.json`), traces[kind]);
      found[kind].breakdowns.push(breakdown(traces[kind]));
    }
  }

  const profiled = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await profiled.goto(url);
  await profiled.waitForFunction(() => 'gridBench' in globalThis);
  await slowDown(profiled);
  // Before the page has run anything but its modules' top level: nothing is optimized yet.
  const stopProfiler = await startProfiler(profiled);
  await profiled.evaluate((n) => globalThis.gridBench.generate(n), ROWS);
  for (let i = 0; i < SAMPLES_PER_RUN; i++) await interactionSample(profiled, false);
  const traces = [];
  for (let i = 1; i <= TRACE_SAMPLES; i++) traces.push(await interactionSample(profiled, true));
  const profile = await stopProfiler();
  await profiled.close();
  writeFileSync(join(TRACE_DIR, `${name}-profiled.cpuprofile`), JSON.stringify(profile));
  const symbolicate = symbolicator(pageDir);
  traces.forEach((t, i) => {
    for (const kind of TRACED) {
      writeTrace(join(TRACE_DIR, `${name}-${kind}-${i + 1}-profiled.json`), t[kind]);
      found[kind].profiles.push(scriptProfile(t[kind], profile, symbolicate));
    }
  });

  for (const kind of TRACED) {
    printBreakdown(name, kind, found[kind].breakdowns, median);
    printProfiles(name, kind, found[kind].profiles);
  }
}

/** Medians (and min–max) of a variant's figures. */
function summary({ samples, runs, floor }) {
  const out = { rows: ROWS };
  const put = (from, key) => {
    const xs = from.map((r) => r[key]);
    out[key] = round(median(xs));
    out[`${key}Range`] = [round(Math.min(...xs)), round(Math.max(...xs))];
  };
  for (const key of SAMPLE_KEYS) put(samples, key);
  for (const key of FLOOR_KEYS) put(floor, key);
  for (const key of RUN_KEYS) put(runs, key);
  out.domRows = Math.max(...runs.map((r) => r.domRows));
  return out;
}

async function main() {
  const pages = [{ name: 'new', dir: join(ROOT, 'out/bench-grid'), src: ROOT }];
  if (BASE_REF) {
    console.log(`checking out ${BASE_REF}'s grid into out/bench-grid-base-src …`);
    pages.unshift({ name: 'base', dir: join(ROOT, 'out/bench-grid-base'), src: checkoutBase(BASE_REF) });
  }
  for (const p of pages) {
    console.log(`building the ${p.name} bench page (vite) into ${p.dir} …`);
    await buildPage(p.src, p.dir);
  }
  // Cross-origin isolation lifts the 100 µs clamp on performance.now() and rAF timestamps.
  const headers = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
  const servers = await Promise.all(pages.map((p) => serveRenderer(p.dir, headers)));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: !process.argv.includes('--headed'),
    args: [...chromiumFlags.args, '--js-flags=--expose-gc'],
  });
  try {
    const variants = [];
    for (let i = 0; i < pages.length; i++) {
      variants.push(await openVariant(browser, pages[i].name, `${servers[i].url}/grid-bench.html`));
    }
    // Figures of another browser or machine are not comparable: say which ones these are, every time.
    const cpu = cpus();
    console.log(
      `Chromium ${browser.version()} (${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}); ${cpu[0]?.model ?? 'unknown CPU'} × ${cpu.length}; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `${ROWS} synthetic instruments; ${WARMUP_RUNS} warm-up run, then ${RUNS} measured runs` +
        (variants.length > 1 ? ` of each page, alternating (${BASE_REF} = base, this checkout = new)` : '') +
        (CPU_SLOWDOWN === 1 ? '' : `; the pages' main threads slowed down ${CPU_SLOWDOWN}× (--cpu-slowdown)`),
    );

    // A "cold" sort once: clicked as soon as the grid is painted, before idle time ranked any column.
    for (const { name, page } of variants) {
      await page.bringToFront();
      await page.evaluate(() => globalThis.gridBench.mount());
      const cold = await clickSort(page);
      console.log(
        `${name.padEnd(4)} cold sort (no idle time before the click): paint ${round(cold.paint)} ms (frame after ${round(cold.frameAfter)})`,
      );
      await page.evaluate(() => globalThis.gridBench.unmount());
    }

    for (let run = 1 - WARMUP_RUNS; run <= RUNS; run++) {
      // Alternate which page goes first, so neither always follows the other's garbage.
      const order = run % 2 ? variants : [...variants].reverse();
      for (const v of order) await measureRun(v, run);
    }

    if (TRACE) {
      rmSync(TRACE_DIR, { recursive: true, force: true });
      mkdirSync(TRACE_DIR, { recursive: true });
      console.log(`tracing ${TRACE_SAMPLES} samples of each, then ${TRACE_SAMPLES} profiled, into ${TRACE_DIR}`);
      for (let i = 0; i < variants.length; i++) await measureTrace(browser, variants[i], pages[i].dir);
    }

    // --runs 0 (with --trace): the warm-up run and the traces alone.
    if (RUNS < 1) return;
    const results = Object.fromEntries(variants.map((v) => [v.name, summary(v)]));
    for (const v of variants) {
      const r = results[v.name];
      console.log(
        `${v.name.padEnd(4)} medians (min–max): ` +
          [...SAMPLE_KEYS, ...FLOOR_KEYS, ...RUN_KEYS]
            .map((k) => `${k} ${r[k]} (${r[`${k}Range`].join('–')})`)
            .join(' · '),
      );
    }
    const where = {
      chromium: browser.version(),
      cpu: `${cpu[0]?.model ?? 'unknown'} × ${cpu.length}`,
      ...(CPU_SLOWDOWN === 1 ? {} : { cpuSlowdown: CPU_SLOWDOWN }),
    };
    console.log(
      JSON.stringify(variants.length > 1 ? { ...where, base: BASE_REF, ...results } : { ...where, ...results.new }),
    );
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
