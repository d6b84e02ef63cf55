#!/usr/bin/env node
/**
 * npm run bench:grid — renders the real instrument grid (InstrumentBrowser) in Chromium with
 * 50,000 synthetic instruments and measures, over several fresh mounts:
 *   initialRenderMs   mount → the frame after the first paint
 *   sortMs            a real click on a numeric header → the frame after the re-sorted rows were painted
 *   filterMs          one real keystroke in "Search symbols" → the frame after the filtered rows were painted
 *   scrollFrameP95Ms  95th percentile of requestAnimationFrame deltas while scrolling the whole list
 *                     at two pages per frame. Faster than a page per frame the grid draws rows in
 *                     "scroll seek" mode (symbol only) until the scroll slows down; the per-run line
 *                     also reports a fling at 8 rows a frame, where every frame draws full rows.
 *   domRows           most row elements in the DOM at any time during either scroll
 * One warm-up run comes first (the JIT's first compilations; printed, not counted), then the
 * measured runs. Each run takes three samples of initial render, sort and filter, each from a
 * fresh mount after a full garbage collection (so one sample's garbage is not collected during the
 * next one's measurements), then measures the scrolls once. Prints one line per run, the spread
 * of each figure, then medians (over all samples; scroll over runs) as one JSON object on the last line.
 *
 * Run with `npm run bench:grid` (tsx). Options: --rows N (50000), --runs N (7), --headed. The page is built into out/bench-grid (ignored by git).
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import chromiumFlags from '../e2e/harness/chromium-flags.json' with { type: 'json' };
// Run through tsx (npm run bench:grid), which lets this script use the e2e harness's TypeScript server.
import { serveRenderer } from '../e2e/harness/static-server.ts';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const OUT = join(ROOT, 'out/bench-grid');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 50_000);
const RUNS = arg('runs', 7);
const WARMUP_RUNS = 1;
/** Mount, sort and keystroke samples per run: each is cheap, and the machine's noise needs many. */
const SAMPLES_PER_RUN = 3;
const SORT_HEADER = 'Min order amount';
const SEARCH_KEY = 'b';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x) => Math.round(x * 10) / 10;

async function buildPage() {
  await build({
    root: join(ROOT, 'bench/grid'),
    base: './',
    logLevel: 'warn',
    configFile: false,
    plugins: [react()],
    build: {
      outDir: OUT,
      emptyOutDir: true,
      reportCompressedSize: false,
      rollupOptions: { input: join(ROOT, 'bench/grid/grid-bench.html') },
    },
  });
}

async function main() {
  console.log(`building the bench page (vite) into ${OUT} …`);
  await buildPage();
  // Cross-origin isolation lifts the 100 µs clamp on performance.now() and rAF timestamps.
  const server = await serveRenderer(OUT, {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-embedder-policy': 'require-corp',
  });
  const url = `${server.url}/grid-bench.html`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: !process.argv.includes('--headed'),
    args: [...chromiumFlags.args, '--js-flags=--expose-gc'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(url);
    await page.waitForFunction(() => 'gridBench' in globalThis);
    const generated = await page.evaluate((n) => globalThis.gridBench.generate(n), ROWS);
    console.log(`generated ${generated} synthetic instruments; ${WARMUP_RUNS} warm-up run, then ${RUNS} measured runs`);

    // A "cold" sort once: clicked as soon as the grid is painted, before idle time ranked any column.
    await page.evaluate(() => globalThis.gridBench.mount());
    const cold = page.getByRole('columnheader', { name: SORT_HEADER, exact: true });
    await page.evaluate(() => globalThis.gridBench.arm('click'));
    await cold.click();
    console.log(
      `cold sort (no idle time before the click): ${round(await page.evaluate(() => globalThis.gridBench.settled()))} ms`,
    );
    await page.evaluate(() => globalThis.gridBench.unmount());

    /** A fresh mount, its initial render, a sort click, then one keystroke in the search box. */
    const mountSortFilter = async () => {
      await page.evaluate(() => globalThis.gc?.());
      const initialRenderMs = await page.evaluate(() => globalThis.gridBench.mount());
      await page.getByRole('grid').waitFor();
      // Let the mount's trailing work (effects, first measurements) settle like a user would.
      await page.waitForTimeout(300);

      const header = page.getByRole('columnheader', { name: SORT_HEADER, exact: true });
      await header.scrollIntoViewIfNeeded();
      await page.evaluate(() => globalThis.gridBench.arm('click'));
      await header.click();
      const sortMs = await page.evaluate(() => globalThis.gridBench.settled());
      const sortedHead = await page.evaluate(() => globalThis.gridBench.visibleTexts(0, 3));

      const search = page.getByLabel('Search symbols');
      await search.focus();
      await page.evaluate(() => globalThis.gridBench.arm('keydown'));
      await page.keyboard.press(SEARCH_KEY);
      const filterMs = await page.evaluate(() => globalThis.gridBench.settled());
      const shown = (await page.getByText(/^Showing/).innerText()).replace(/\s+/g, ' ');
      await search.fill('');
      await page.waitForTimeout(200);
      return { initialRenderMs, sortMs, filterMs, sortedHead, shown };
    };

    const samples = [];
    const runs = [];
    for (let run = 1 - WARMUP_RUNS; run <= RUNS; run++) {
      const own = [];
      for (let i = 1; i < SAMPLES_PER_RUN; i++) {
        own.push(await mountSortFilter());
        await page.evaluate(() => globalThis.gridBench.unmount());
      }
      const last = await mountSortFilter();
      own.push(last);
      const scroll = await page.evaluate(() => globalThis.gridBench.scroll({ pages: 2 }));
      // Also a fast fling (8 rows a frame, under a page): every frame renders full rows.
      const fling = await page.evaluate(() => globalThis.gridBench.scroll({ rows: 8 }, 400));
      await page.evaluate(() => globalThis.gridBench.unmount());

      if (run > 0) {
        samples.push(...own);
        runs.push({
          scrollFrameP95Ms: scroll.p95,
          flingP95: fling.p95,
          domRows: Math.max(scroll.domRowsMax, fling.domRowsMax),
        });
      }
      const list = (key) => own.map((o) => round(o[key])).join(', ');
      console.log(
        `${run > 0 ? `run ${run}` : 'warm-up'}: initial ${list('initialRenderMs')} ms · sort ${list('sortMs')} ms ` +
          `(top: ${last.sortedHead.join(', ')}) · filter "${SEARCH_KEY}" ${list('filterMs')} ms (${last.shown}) · ` +
          `scroll ${scroll.frames} frames, p95 ${round(scroll.p95)} ms, median ${round(scroll.median)} ms, ` +
          `max ${round(scroll.max)} ms · DOM rows ≤ ${scroll.domRowsMax} · ` +
          `fling 8 rows/frame: ${fling.frames} frames, p95 ${round(fling.p95)} ms, median ${round(fling.median)} ms`,
      );
    }

    const spread = (from, key) => {
      const xs = from.map((r) => r[key]);
      return `${key} ${round(Math.min(...xs))}–${round(Math.max(...xs))}`;
    };
    console.log(
      `spread over ${samples.length} samples: ${['initialRenderMs', 'sortMs', 'filterMs'].map((k) => spread(samples, k)).join(' · ')}; ` +
        `over ${RUNS} runs: ${['scrollFrameP95Ms', 'flingP95'].map((k) => spread(runs, k)).join(' · ')}`,
    );
    const result = {
      rows: ROWS,
      initialRenderMs: round(median(samples.map((r) => r.initialRenderMs))),
      sortMs: round(median(samples.map((r) => r.sortMs))),
      filterMs: round(median(samples.map((r) => r.filterMs))),
      scrollFrameP95Ms: round(median(runs.map((r) => r.scrollFrameP95Ms))),
      domRows: Math.max(...runs.map((r) => r.domRows)),
    };
    console.log(JSON.stringify(result));
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
