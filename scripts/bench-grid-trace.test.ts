import { describe, expect, it } from 'vitest';
import { MARKS } from '../bench/grid/marks';
import { breakdown, libraryOf, type TraceEvent } from './bench-grid-trace.mjs';

/** A slice of the page's main thread (pid 1, tid 1), times in µs. */
const X = (name: string, ts: number, end: number, args?: Record<string, unknown>): TraceEvent => ({
  name,
  ph: 'X',
  pid: 1,
  tid: 1,
  ts,
  dur: end - ts,
  args,
});
const mark = (name: string, ts: number): TraceEvent => ({
  name,
  cat: 'blink.user_timing',
  ph: 'I',
  pid: 1,
  tid: 1,
  ts,
});

describe("the --trace breakdown of the bench's measured interval", () => {
  it('puts each millisecond between the marks in the input task, waiting, other tasks or the frame', () => {
    const b = breakdown([
      // The click's task: script that forces a layout, inside the event's dispatch.
      X('ThreadControllerImpl::RunTask', 900, 11_000),
      X('EventDispatch', 950, 10_000, { data: { type: 'click' } }),
      mark(MARKS.start, 1000),
      X('FunctionCall', 960, 9000),
      X('Layout', 5000, 7000, { beginData: { dirtyObjects: 40 } }),
      // Idle, then the frame that shows the change: it dispatches an event of its own.
      X('ThreadControllerImpl::RunTask', 13_000, 18_000),
      { name: 'BeginMainThreadFrame', ph: 'I', pid: 1, tid: 1, ts: 13_010 },
      X('FireAnimationFrame', 13_020, 13_100),
      X('EventDispatch', 13_200, 13_300, { data: { type: 'scroll' } }),
      X('Paint', 14_000, 16_000),
      X('Commit', 16_000, 17_000),
      // The task that marks the paint, then the frame after.
      X('ThreadControllerImpl::RunTask', 18_000, 18_100),
      mark(MARKS.paint, 18_050),
      X('ThreadControllerImpl::RunTask', 30_000, 30_500),
      X('FireAnimationFrame', 30_010, 30_100),
      mark(MARKS.frameAfter, 30_050),
      // Another thread's work is not the page's main thread's.
      { ...X('ThreadControllerImpl::RunTask', 11_000, 13_000), tid: 2 },
    ])!;
    expect(b.paintMs).toBeCloseTo(17.05);
    expect(b.frameAfterMs).toBeCloseTo(29.05);
    expect(b.input).toMatchObject({ script: 6, layout: 2, other: 2 });
    expect(b.inputMs).toBeCloseTo(10);
    expect(b.waiting).toBeCloseTo(2);
    expect(b.tasks).toBeCloseTo(0.05);
    expect(b.frame.script).toBeCloseTo(0.08);
    expect(b.frame).toMatchObject({ paint: 2, commit: 1 });
    expect(b.frameMs).toBeCloseTo(5);
    expect(b.afterBusy).toBeCloseTo(0.1);
    expect(b.afterWaiting).toBeCloseTo(11.9);
    expect(b.laidOut).toBe(40);
  });

  it("counts a mount's render, which the driver runs with no script slice, as script", () => {
    const b = breakdown([
      X('ThreadControllerImpl::RunTask', 0, 10_000),
      X('Receive mojo message', 0, 10_000),
      mark(MARKS.start, 1000),
      X('UpdateLayoutTree', 6000, 7000),
      X('EventDispatch', 9000, 9500, { data: { type: 'slotchange' } }),
      mark(MARKS.paint, 10_000),
    ])!;
    expect(b.input).toMatchObject({ script: 8, style: 1 });
    expect(b.frameAfterMs).toBeUndefined();
  });

  it('takes the frame after as the paint when the next frame came before the task that marks the paint', () => {
    const b = breakdown([
      X('ThreadControllerImpl::RunTask', 0, 1000),
      X('EventDispatch', 0, 1000, { data: { type: 'click' } }),
      mark(MARKS.start, 100),
      mark(MARKS.frameAfter, 5000),
      mark(MARKS.paint, 5100),
    ])!;
    expect(b.paintMs).toBeCloseTo(4.9);
  });

  it('is undefined without the start mark', () => {
    expect(breakdown([X('ThreadControllerImpl::RunTask', 0, 1000)])).toBeUndefined();
  });

  it('names the library of a source file', () => {
    expect(libraryOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('React');
    expect(libraryOf('../../node_modules/@tanstack/virtual-core/dist/esm/index.js')).toBe('TanStack Virtual');
    expect(libraryOf('../../renderer/src/instruments/GridRow.tsx')).toBe('app');
    expect(libraryOf('../../bench/grid/grid-bench.tsx')).toBe('bench page');
  });
});
