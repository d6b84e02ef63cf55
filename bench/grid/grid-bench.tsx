/**
 * In-page side of `npm run bench:grid`: mounts the real InstrumentBrowser with synthetic rows and
 * measures, with performance.now() and a double requestAnimationFrame ("the frame after the change
 * has been painted"), what scripts/bench-grid.mjs triggers with real input events.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { Instrument } from '../../shared/schemas';
import { NO_FILTERS } from '../../renderer/src/instruments/filters';
import type { ChangesSinceSeen as ChangesSinceSeenType } from '../../renderer/src/instruments/ChangesSinceSeen';
import { InstrumentBrowser } from '../../renderer/src/instruments/InstrumentBrowser';
import { useInstrumentBrowser } from '../../renderer/src/instruments/prefs';
import type { RowMark, RowMarks } from '../../renderer/src/instruments/row-marks';
import { instrumentKey } from '../../renderer/src/instruments/values';
import { ROW_HEIGHT } from '../../renderer/src/instruments/grid-layout';
import { MARKS } from './marks';
import { syntheticInstruments } from './synthetic';
import '../../renderer/src/styles.css';
import '../../renderer/src/instruments/instruments.css';

/**
 * The changes count the screen mounts beside the browser (in its header). A glob, not an import: a
 * paired run builds this page over an older renderer, where the count was inside the browser and
 * this file does not exist (the glob is then empty, and the page mounts the browser alone).
 */
const ChangesSinceSeen = Object.values(
  import.meta.glob<{ ChangesSinceSeen: typeof ChangesSinceSeenType }>(
    '../../renderer/src/instruments/ChangesSinceSeen.tsx',
    { eager: true },
  ),
)[0]?.ChangesSinceSeen;

const painted = (): Promise<number> =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))));

/**
 * Both ends of "the change is on screen": `paint`, when the main thread has produced the frame
 * that shows it (a task posted from that frame's requestAnimationFrame runs once the frame's
 * style, layout, paint and commit are done), and `frameAfter`, the start of the frame after it
 * (a double requestAnimationFrame: never less than one frame interval, 16.7 ms at 60 Hz).
 */
export interface Settled {
  paint: number;
  frameAfter: number;
}

function settle(): Promise<Settled> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      let paint = 0;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        paint = performance.now();
        performance.mark(MARKS.paint);
      };
      channel.port2.postMessage(null);
      requestAnimationFrame(() => {
        // The message task always runs before the next frame's callbacks.
        const frameAfter = performance.now();
        performance.mark(MARKS.frameAfter);
        resolve({ paint: paint || frameAfter, frameAfter });
      });
    });
  });
}

export interface GridBench {
  generate(rows: number): number;
  /** Milliseconds from render() to the first paint and to the frame after it (see Settled). */
  mount(): Promise<Settled>;
  /** Starts the clock at the next `type` event (capture phase, before React sees it). */
  arm(type: 'click' | 'keydown'): void;
  /** Milliseconds from the armed event to its result's paint and to the frame after it. */
  settled(): Promise<Settled>;
  /** Scrolls from the top by `step` each frame ({ pages } of the viewport or { rows }), to the end or maxFrames. */
  scroll(
    step: { pages?: number; rows?: number },
    maxFrames?: number,
  ): Promise<{ frames: number; p95: number; median: number; max: number; domRowsMax: number }>;
  domRows(): number;
  /**
   * The browser's share of a sort: the mounted grid's DOM copied as it is (same elements, classes
   * and styles), React's root unmounted, and every click on the copy then writes into each cell of
   * each row in view the texts of the same column's cell of another row; no React, no app. A sort
   * of the real grid beyond this is the app's (React, the order, the header). Returns the rows.
   */
  floor(): number;
  visibleTexts(column: number, count: number): string[];
  unmount(): Promise<void>;
}

/**
 * What the app passes with a change history: stars on every row, a watched symbol in 500 and a
 * "new" or "changed" badge on one in 250 (the grid's per-row extras cost what they cost in the app).
 */
function benchMarks(rows: readonly Instrument[]): RowMarks {
  const marks = new Map<string, RowMark>();
  const watched = new Set<string>();
  rows.forEach((r, i) => {
    if (i % 500 === 7) watched.add(instrumentKey(r));
    if (i % 250 === 3) marks.set(instrumentKey(r), i % 500 === 3 ? 'new' : 'changed');
  });
  return { marks, watched, toggleWatch() {}, markSeen() {}, error: null };
}

export function installGridBench(container: HTMLElement): GridBench {
  let data: Instrument[] = [];
  let rowMarks: RowMarks | undefined;
  let root: Root | undefined;
  let pending: Promise<Settled> | undefined;
  const since =
    (t0: number) =>
    (t: Settled): Settled => ({ paint: t.paint - t0, frameAfter: t.frameAfter - t0 });
  const grid = () => container.querySelector<HTMLElement>('[role="grid"]')!;
  const bodyRows = () => container.querySelectorAll('.ig-body [role="row"]').length;

  return {
    generate(rows) {
      data = syntheticInstruments(rows);
      rowMarks = benchMarks(data);
      return data.length;
    },
    async mount() {
      useInstrumentBrowser.setState({ sorting: [], filters: NO_FILTERS, selectedKey: null, detailsOpen: false });
      root = createRoot(container);
      const t0 = performance.now();
      performance.mark(MARKS.start);
      flushSync(() =>
        root!.render(
          <>
            {/* As the screen mounts them: the changes count (in its header) and the browser. */}
            {ChangesSinceSeen ? <ChangesSinceSeen instruments={data} rowMarks={rowMarks} /> : null}
            <InstrumentBrowser instruments={data} scopeLabel="Synthetic" exportScope="BENCH" rowMarks={rowMarks} />
          </>,
        ),
      );
      return since(t0)(await settle());
    },
    arm(type) {
      pending = new Promise((resolve) => {
        window.addEventListener(
          type,
          () => {
            const t0 = performance.now();
            performance.mark(MARKS.start);
            void settle().then(since(t0)).then(resolve);
          },
          { capture: true, once: true },
        );
      });
    },
    settled() {
      if (!pending) throw new Error('arm() first');
      return pending;
    },
    async scroll({ pages, rows }, maxFrames = Infinity) {
      const el = grid();
      el.scrollTop = 0;
      await painted();
      const stepPx = Math.max(1, Math.floor(rows !== undefined ? rows * ROW_HEIGHT : el.clientHeight * (pages ?? 1)));
      const max = el.scrollHeight - el.clientHeight;
      const deltas: number[] = [];
      let domRowsMax = 0;
      await new Promise<void>((resolve) => {
        let last: number | undefined;
        const frame = (ts: number) => {
          if (last !== undefined) deltas.push(ts - last);
          last = ts;
          domRowsMax = Math.max(domRowsMax, bodyRows());
          if (el.scrollTop >= max || deltas.length >= maxFrames) {
            resolve();
            return;
          }
          el.scrollTop = Math.min(max, el.scrollTop + stepPx);
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      const sorted = [...deltas].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { frames: deltas.length, p95: at(0.95), median: at(0.5), max: sorted[sorted.length - 1] ?? 0, domRowsMax };
    },
    domRows: bodyRows,
    floor() {
      // The whole browser, not the grid alone: the copy keeps the grid's place and size.
      const copy = container.querySelector('.ib')!.cloneNode(true) as HTMLElement;
      const top = grid().scrollTop;
      root?.unmount();
      root = undefined;
      container.append(copy);
      copy.querySelector('[role="grid"]')!.scrollTop = top;
      const rows = [...copy.querySelectorAll<HTMLElement>('.ig-body [role="row"]')].sort(
        (a, b) => Number(a.dataset.pos) - Number(b.dataset.pos),
      );
      const textsOf = (cell: Element): Text[] => {
        const out: Text[] = [];
        const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) out.push(walk.currentNode as Text);
        return out;
      };
      const cells = rows.map((row) => [...row.children].map(textsOf));
      const texts = cells.map((row) => row.map((cell) => cell.map((t) => t.data)));
      let shift = 0;
      copy.addEventListener('click', () => {
        shift = (shift % (rows.length - 1)) + 1;
        cells.forEach((row, i) => {
          const from = texts[(i + shift) % rows.length]!;
          row.forEach((cell, j) => {
            const source = from[j];
            // A cell of another shape (a badge, a padding) keeps its text: the count is what matters.
            if (source?.length === cell.length) cell.forEach((t, k) => (t.data = source[k]!));
          });
        });
      });
      return rows.length;
    },
    visibleTexts(column, count) {
      return [...container.querySelectorAll('.ig-body [role="row"]')]
        .sort((a, b) => Number((a as HTMLElement).dataset.pos) - Number((b as HTMLElement).dataset.pos))
        .slice(0, count)
        .map((r) => r.children[column]?.textContent ?? '');
    },
    async unmount() {
      performance.clearMarks();
      root?.unmount();
      root = undefined;
      container.replaceChildren();
      await painted();
    },
  };
}
