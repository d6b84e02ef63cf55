/**
 * `npm run bench:grid -- --phases`: where a sort click and a search keystroke spend the main
 * thread, from a devtools trace of each (Chrome DevTools Protocol, the "devtools.timeline"
 * categories), from the input event to the end of the frame that shows the change:
 *   script    JavaScript (React's render and commit, the sort and the filter), less the style and
 *             layout it forced
 *   style     style recalculation, with the number of elements restyled
 *   layout    layout, with the number of layout objects it had to lay out (dirty)
 *   prePaint, paint, layerize, commit   the frame's rendering steps
 * Sums of wall-clock slices: a busy machine inflates them all, so compare variants of one run.
 */

/** The phases of one traced interaction: from the input event to the commit of its frame. */
function phasesOf(events, inputType) {
  const mainThreads = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const main = events
    .filter((e) => e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const input = main.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === inputType);
  if (!input) return undefined;
  // The frame that shows the change: the first paint of the document after the input, and its commit.
  const paint = main.find(
    (e) => e.name === 'Paint' && e.ts > input.ts + input.dur && e.args?.data?.nodeName === '#document',
  );
  const commit = paint && main.find((e) => e.name === 'Commit' && e.ts > paint.ts);
  const last = commit ?? paint;
  if (!last) return undefined;
  const end = last.ts + last.dur;
  const out = { script: 0, style: 0, restyled: 0, layout: 0, dirty: 0, prePaint: 0, paint: 0, layerize: 0, commit: 0 };
  const ms = (e) => e.dur / 1000;
  // Outermost slices only: a paint nests paints, a script call nests the layout it forced.
  let scriptEnd = 0;
  let paintEnd = 0;
  for (const e of main) {
    if (e.ts < input.ts || e.ts > end) continue;
    const inScript = e.ts < scriptEnd;
    if (e.name === 'FunctionCall' && !inScript) {
      out.script += ms(e);
      scriptEnd = e.ts + e.dur;
    } else if (e.name === 'UpdateLayoutTree') {
      out.style += ms(e);
      out.restyled += e.args?.elementCount ?? 0;
      if (inScript) out.script -= ms(e);
    } else if (e.name === 'Layout') {
      out.layout += ms(e);
      out.dirty += e.args?.beginData?.dirtyObjects ?? 0;
      if (inScript) out.script -= ms(e);
    } else if (e.name === 'PrePaint') out.prePaint += ms(e);
    else if (e.name === 'Paint' && e.ts >= paintEnd) {
      out.paint += ms(e);
      paintEnd = e.ts + e.dur;
    } else if (e.name === 'Layerize') out.layerize += ms(e);
    else if (e.name === 'Commit') out.commit += ms(e);
  }
  return out;
}

/** Traces `act` (a real input of `inputType`) on `page` and returns its phases. */
export async function tracePhases(page, inputType, act) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await act();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return phasesOf(events, inputType);
}

const PHASE_KEYS = ['script', 'style', 'layout', 'prePaint', 'paint', 'layerize', 'commit'];

/** One line per variant and interaction: median of each phase, and the elements restyled and laid out. */
export function printPhases(name, kind, samples, median) {
  const ok = samples.filter(Boolean);
  if (ok.length === 0) return;
  const m = (k) => median(ok.map((s) => s[k]));
  const total = PHASE_KEYS.reduce((sum, k) => sum + m(k), 0);
  console.log(
    `${name.padEnd(4)} ${kind.padEnd(6)} phases (medians of ${ok.length}, ms): ` +
      PHASE_KEYS.map((k) => `${k} ${m(k).toFixed(1)}`).join(' · ') +
      ` · sum ${total.toFixed(1)} · ${Math.round(m('restyled'))} elements restyled, ${Math.round(m('dirty'))} objects laid out`,
  );
}
