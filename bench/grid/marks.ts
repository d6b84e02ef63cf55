/**
 * The performance marks the grid bench page sets at both ends of what it measures, by which a trace
 * of it (`npm run bench:grid -- --trace`, scripts/bench-grid-trace.mjs) finds the measured interval:
 * the input event (or the mount's render), the paint of the frame that shows the change, the frame
 * after it. A mark costs microseconds; the page sets them on every measurement, traced or not.
 */
export const MARKS = { start: 'bench:start', paint: 'bench:paint', frameAfter: 'bench:frame-after' } as const;
