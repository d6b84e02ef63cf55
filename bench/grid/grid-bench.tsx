/**
 * In-page side of `npm run bench:grid`: mounts the real InstrumentBrowser with synthetic rows and
 * measures, with performance.now() and a double requestAnimationFrame ("the frame after the change
 * has been painted"), what scripts/bench-grid.mjs triggers with real input events.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { Instrument } from '../../shared/schemas';
import { NO_FILTERS } from '../../renderer/src/instruments/filters';
import { InstrumentBrowser } from '../../renderer/src/instruments/InstrumentBrowser';
import { useInstrumentBrowser } from '../../renderer/src/instruments/prefs';
import { ROW_HEIGHT } from '../../renderer/src/instruments/grid-layout';
import { syntheticInstruments } from './synthetic';
import '../../renderer/src/styles.css';
import '../../renderer/src/instruments/instruments.css';

const painted = (): Promise<number> =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))));

export interface GridBench {
  generate(rows: number): number;
  mount(): Promise<number>;
  /** Starts the clock at the next `type` event (capture phase, before React sees it). */
  arm(type: 'click' | 'keydown'): void;
  /** Milliseconds from the armed event to the frame after its result was painted. */
  settled(): Promise<number>;
  /** Scrolls from the top by `step` each frame ({ pages } of the viewport or { rows }), to the end or maxFrames. */
  scroll(
    step: { pages?: number; rows?: number },
    maxFrames?: number,
  ): Promise<{ frames: number; p95: number; median: number; max: number; domRowsMax: number }>;
  domRows(): number;
  visibleTexts(column: number, count: number): string[];
  unmount(): Promise<void>;
}

export function installGridBench(container: HTMLElement): GridBench {
  let data: Instrument[] = [];
  let root: Root | undefined;
  let pending: Promise<number> | undefined;
  const grid = () => container.querySelector<HTMLElement>('[role="grid"]')!;
  const bodyRows = () => container.querySelectorAll('.ig-body [role="row"]').length;

  return {
    generate(rows) {
      data = syntheticInstruments(rows);
      return data.length;
    },
    async mount() {
      useInstrumentBrowser.setState({ sorting: [], filters: NO_FILTERS, selectedKey: null, detailsOpen: false });
      root = createRoot(container);
      const t0 = performance.now();
      flushSync(() =>
        root!.render(<InstrumentBrowser instruments={data} scopeLabel="Synthetic" exportScope="BENCH" />),
      );
      const t1 = await painted();
      return t1 - t0;
    },
    arm(type) {
      pending = new Promise((resolve) => {
        window.addEventListener(
          type,
          () => {
            const t0 = performance.now();
            void painted().then((t1) => resolve(t1 - t0));
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
    visibleTexts(column, count) {
      return [...container.querySelectorAll('.ig-body [role="row"]')]
        .sort((a, b) => Number((a as HTMLElement).dataset.pos) - Number((b as HTMLElement).dataset.pos))
        .slice(0, count)
        .map((r) => r.children[column]?.textContent ?? '');
    },
    async unmount() {
      root?.unmount();
      root = undefined;
      await painted();
    },
  };
}
