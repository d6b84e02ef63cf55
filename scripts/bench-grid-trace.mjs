/**
 * `npm run bench:grid -- --trace`: where the measured time of a mount, a sort click, a search
 * keystroke and the floor's click goes, from a Chrome trace of each (Chrome DevTools Protocol
 * `Tracing`), between the bench page's marks (bench/grid/marks.ts): the input → the paint of the
 * frame that shows the change → the frame after it. Every millisecond of the renderer's main thread
 * in that interval is put in one place:
 *   input     the tasks that dispatch the input's events (for a keystroke, keydown and the input
 *             event; for a mount, the task of its render): script (our listeners, React's render and
 *             commit, the sort or filter, the effects React runs before it returns), the style and
 *             layout that script forced, the browser's own pre-paint and hit testing after the event
 *   waiting   the main thread is idle: the frame is not due yet (vsync), or the compositor holds it
 *   tasks     any other task (timers, messages, idle callbacks, IPC)
 *   frame     the rendering task (BeginMainFrame): requestAnimationFrame callbacks (script), style,
 *             layout, pre-paint, paint, layerize, commit (which waits for the compositor thread)
 * A slice nested in another counts once, in the innermost one that has a place (a layout forced by
 * a script is layout, not script). After the paint, up to the frame after it, only waiting and busy.
 * The same places are summed twice: in wall-clock time, and in the main thread's CPU time (the
 * trace's thread clock), which a busy machine's other processes do not inflate: compare work in
 * CPU time, and waiting in wall-clock time.
 *
 * The bench also traces the same interactions on a fresh page whose CPU profile (the Profiler
 * domain, V8's sampler every 100 µs) runs from before its code was optimized, and names where the
 * script time goes: by library (React, TanStack, the app's own code) and by function, from the bench
 * page's source maps. The profiler slows scripts down, so those milliseconds are shares, not figures.
 *
 * Each trace is written as a JSON file that Chrome's DevTools (Performance panel, "Load profile")
 * and Perfetto open; the profile as a .cpuprofile that DevTools opens.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { MARKS } from '../bench/grid/marks.ts';

const CATEGORIES = [
  'toplevel', // every task (ThreadControllerImpl::RunTask): busy or idle
  'devtools.timeline', // events, script, style, layout, paint: what DevTools' Performance panel shows
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame', // BeginMainThreadFrame: which task is the frame
  'blink.user_timing', // the bench page's marks
  'v8.execute',
  'disabled-by-default-v8.gc',
];

/** Traces `act` on `page`. Returns the trace events. */
export async function traceInteraction(page, act) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: CATEGORIES.join(','),
    transferMode: 'ReportEvents',
  });
  // The renderer's own work of starting a trace settles before the input.
  await page.waitForTimeout(100);
  await act();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return events;
}

/**
 * Starts V8's sampling profiler on `page` (the Profiler domain, every 100 µs). Started on a fresh
 * page before any of its code is optimized, so that time spent in a function that the optimizer
 * inlined into another is still its own. Returns stop(), which resolves to the CPU profile.
 */
export async function startProfiler(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.detach();
    return profile;
  };
}

/** Writes a trace as Chrome's JSON trace format (DevTools and Perfetto open it). */
export function writeTrace(file, events) {
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
}

const ms = (us) => us / 1000;

/** What each slice of the main thread is, by its name; undefined: it takes its parent's place. */
function placeOf(name) {
  switch (name) {
    case 'FunctionCall':
    case 'RunMicrotasks':
    case 'TimerFire':
    case 'FireIdleCallback':
    case 'FireAnimationFrame':
    case 'EvaluateScript':
    case 'v8.compile':
    case 'V8.Execute':
      return 'script';
    case 'UpdateLayoutTree':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'PrePaint':
      return 'prePaint';
    case 'Paint':
      return 'paint';
    case 'Layerize':
      return 'layerize';
    case 'Commit':
      return 'commit';
    default:
      return /^(MinorGC|MajorGC|V8\.GC|BlinkGC)/.test(name) ? 'gc' : undefined;
  }
}

/** The page's renderer main thread: the CrRendererMain that set the bench's start mark. */
function mainThreadOf(events) {
  const mark = events.find((e) => e.cat === 'blink.user_timing' && e.name === MARKS.start);
  return mark && { pid: mark.pid, tid: mark.tid };
}

/** The slices of one thread as a forest: complete slices nest by time; instants are leaves. */
function forest(events, { pid, tid }) {
  const slices = events
    .filter((e) => e.pid === pid && e.tid === tid && (e.ph === 'X' || e.ph === 'I'))
    .map((e) => ({ e, start: e.ts, end: e.ts + (e.dur ?? 0), children: [] }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const roots = [];
  const stack = [];
  for (const s of slices) {
    // Out of the open slices that end before it (or that it overruns: rounding of the timestamps).
    while (stack.length && (s.start >= stack[stack.length - 1].end || s.end > stack[stack.length - 1].end)) stack.pop();
    (stack.length ? stack[stack.length - 1].children : roots).push(s);
    if (s.end > s.start) stack.push(s);
  }
  return roots;
}

function* descendants(node) {
  for (const c of node.children) {
    yield c;
    yield* descendants(c);
  }
}

/**
 * A task's kind: it renders a frame (which may dispatch events of its own: scroll, resize, pointer),
 * it makes the change (the input's events; the mount's render, which the driver runs through the
 * DevTools protocol: `driven`, its script has no slice of its own), or anything else.
 */
function kindOf(task) {
  let event = false;
  let mark;
  const visit = (node, inScript) => {
    const name = node.e.name;
    if (name === 'BeginMainThreadFrame' || name === 'FireAnimationFrame') return true;
    if (name === 'EventDispatch') event = true;
    if (name === MARKS.start) mark = { inScript };
    const scripted = inScript || name === 'EventDispatch' || placeOf(name) === 'script';
    return node.children.some((c) => visit(c, scripted));
  };
  if (visit(task, false)) return { kind: 'frame' };
  if (mark) return { kind: 'input', driven: !mark.inScript };
  return { kind: event ? 'input' : 'tasks' };
}

/** Adds the self time of `node` and its descendants inside [from, to] to `into`, by place. */
function addSelfTimes(node, from, to, into, inherited) {
  const place = placeOf(node.e.name) ?? inherited;
  let self = clipped(node, from, to);
  for (const c of node.children) {
    const t = clipped(c, from, to);
    self = { wall: self.wall - t.wall, cpu: self.cpu - t.cpu };
    addSelfTimes(c, from, to, into, place);
  }
  const sum = (into[place] ??= { wall: 0, cpu: 0 });
  sum.wall += ms(self.wall);
  sum.cpu += ms(Math.max(0, self.cpu));
}

/**
 * A slice's time inside [from, to]: wall-clock, and its thread's CPU time (the trace's thread
 * clock, `tdur`: what a busy machine's other processes do not inflate), in proportion when cut.
 */
function clipped(s, from, to) {
  const wall = Math.max(0, Math.min(to, s.end) - Math.max(from, s.start));
  const dur = s.end - s.start;
  const cpu = s.e.tdur ?? dur;
  return { wall, cpu: dur > 0 ? (cpu * wall) / dur : 0 };
}

/** How long any of `roots` runs inside [from, to] (their union: a few overlap by rounding). */
function busyIn(roots, from, to) {
  let busy = 0;
  let until = from;
  for (const r of roots) {
    const a = Math.max(until, r.start);
    const b = Math.min(to, r.end);
    if (b > a) busy += b - a;
    until = Math.max(until, Math.min(to, r.end));
  }
  return busy;
}

const INPUT_PLACES = ['script', 'style', 'layout', 'prePaint', 'gc', 'other'];
const FRAME_PLACES = ['script', 'style', 'layout', 'prePaint', 'paint', 'layerize', 'commit', 'gc', 'other'];

/**
 * The measured interval in a trace, from the page's marks (trace timestamps, µs): the input, the
 * paint, the frame after. The paint is the frame after when that came first (a late frame: the next
 * one was due at once, before the task that marks the paint), as the page measures it.
 */
function intervalOf(events) {
  const main = mainThreadOf(events);
  if (!main) return undefined;
  const markAt = (name) =>
    events.find((e) => e.cat === 'blink.user_timing' && e.name === name && e.pid === main.pid)?.ts;
  const start = markAt(MARKS.start);
  const frameAfter = markAt(MARKS.frameAfter);
  const paintMark = markAt(MARKS.paint);
  const paint = paintMark === undefined ? frameAfter : Math.min(paintMark, frameAfter ?? paintMark);
  if (start === undefined || paint === undefined) return undefined;
  return { main, start, paint, frameAfter };
}

/**
 * The breakdown of one traced interaction (see the top of this file), in ms. undefined when the
 * trace lacks the page's marks (the input never came).
 */
export function breakdown(events) {
  const interval = intervalOf(events);
  if (!interval) return undefined;
  const { main, start, paint, frameAfter } = interval;
  const roots = forest(events, main);
  const places = (names) => Object.fromEntries(names.map((p) => [p, 0]));
  const out = {
    paintMs: ms(paint - start),
    frameAfterMs: frameAfter === undefined ? undefined : ms(frameAfter - start),
    input: places(INPUT_PLACES),
    waiting: 0,
    tasks: 0,
    frame: places(FRAME_PLACES),
    // The same in the main thread's CPU time.
    cpu: { input: places(INPUT_PLACES), frame: places(FRAME_PLACES), tasks: 0 },
    afterWaiting: 0,
    afterBusy: 0,
    restyled: 0,
    laidOut: 0,
  };
  for (const task of roots) {
    const overlap = Math.min(paint, task.end) - Math.max(start, task.start);
    if (overlap <= 0) continue;
    const { kind, driven } = kindOf(task);
    if (kind === 'tasks') {
      out.tasks += ms(overlap);
      out.cpu.tasks += ms(clipped(task, start, paint).cpu);
      continue;
    }
    const into = {};
    // A script that the driver runs (the mount, through the DevTools protocol) has no slice of its own.
    addSelfTimes(task, start, paint, into, driven ? 'script' : 'other');
    for (const [place, t] of Object.entries(into)) {
      const at = place in out[kind] ? place : 'other';
      out[kind][at] += t.wall;
      out.cpu[kind][at] += t.cpu;
    }
    for (const d of descendants(task)) {
      if (d.start < start || d.start > paint) continue;
      if (d.e.name === 'UpdateLayoutTree') out.restyled += d.e.args?.elementCount ?? 0;
      if (d.e.name === 'Layout') out.laidOut += d.e.args?.beginData?.dirtyObjects ?? 0;
    }
  }
  out.waiting = ms(paint - start - busyIn(roots, start, paint));
  if (frameAfter !== undefined) {
    const after = busyIn(roots, paint, frameAfter);
    out.afterBusy = ms(after);
    out.afterWaiting = ms(frameAfter - paint - after);
  }
  const total = (group, names) => names.reduce((sum, p) => sum + group[p], 0);
  out.inputMs = total(out.input, INPUT_PLACES);
  out.frameMs = total(out.frame, FRAME_PLACES);
  out.cpu.inputMs = total(out.cpu.input, INPUT_PLACES);
  out.cpu.frameMs = total(out.cpu.frame, FRAME_PLACES);
  out.cpu.busyMs = out.cpu.inputMs + out.cpu.tasks + out.cpu.frameMs;
  return out;
}

/**
 * Maps the bench page's minified call frames to their sources (the page is built with hidden source
 * maps). V8 places a function at the "(" of its parameters: a name just before it is the function's
 * own (`function f(`, `f(){`), mapped back to the source's name; none (an arrow) is "(anonymous)".
 */
export function symbolicator(pageDir) {
  const scripts = new Map();
  const scriptOf = (url) => {
    let path;
    try {
      path = new URL(url).pathname;
    } catch {
      return undefined;
    }
    if (!scripts.has(path)) {
      try {
        scripts.set(path, {
          map: new TraceMap(readFileSync(join(pageDir, `${path}.map`), 'utf8')),
          lines: readFileSync(join(pageDir, path), 'utf8').split('\n'),
        });
      } catch {
        scripts.set(path, undefined);
      }
    }
    return scripts.get(path);
  };
  const NOT_NAMES = new Set(['function', 'async', 'return', 'typeof', 'void', 'await', 'yield', 'new', 'in', 'of']);
  return ({ url, functionName, lineNumber, columnNumber }) => {
    const script = url ? scriptOf(url) : undefined;
    const fallback = { name: functionName || '(anonymous)', source: url ?? '', line: lineNumber + 1 };
    if (!script) return fallback;
    const line = lineNumber + 1;
    const pos = originalPositionFor(script.map, { line, column: Math.max(0, columnNumber) });
    if (!pos.source) return fallback;
    const before = /([A-Za-z_$][\w$]*)\s*\*?\s*$/.exec((script.lines[lineNumber] ?? '').slice(0, columnNumber));
    let name = '(anonymous)';
    if (before && !NOT_NAMES.has(before[1])) {
      const at = originalPositionFor(script.map, { line, column: columnNumber - before[0].length });
      name = at.name ?? before[1];
    }
    return { name, source: pos.source, line: pos.line };
  };
}

/** Which library a source file belongs to: the app, the bench page, a package of node_modules. */
export function libraryOf(source) {
  const path = source.replace(/\\/g, '/');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
  if (pkg) {
    if (pkg === '@tanstack/table-core' || pkg === '@tanstack/react-table') return 'TanStack Table';
    if (pkg === '@tanstack/virtual-core' || pkg === '@tanstack/react-virtual') return 'TanStack Virtual';
    if (pkg === 'react' || pkg === 'react-dom' || pkg === 'scheduler') return 'React';
    return pkg;
  }
  if (path.includes('/renderer/src/')) return 'app';
  if (path.includes('/shared/')) return 'app';
  if (path.includes('/bench/grid/')) return 'bench page';
  return path ? 'other script' : '(native)';
}

/** A short place for a source file: from renderer/ or the package on. */
function shortSource(source) {
  const path = source.replace(/\\/g, '/');
  const pkg = /node_modules\/(.*)$/.exec(path)?.[1];
  if (pkg) return pkg.replace(/^((?:@[^/]+\/)?[^/]+)\/.*\/([^/]+)$/, '$1/…/$2');
  const m = /((?:renderer|shared|bench)\/.*)$/.exec(path);
  return m ? m[1] : path;
}

/**
 * The script time of one traced interaction between its start and paint marks, from a CPU profile
 * of the page (the Profiler domain's, recorded across the trace: its clock is the trace's): self time
 * by library and by function, and, apart, the samples taken while a script had forced a style or
 * layout (the script on the stack then forced it). In ms (profiled, so slowed down).
 */
export function scriptProfile(events, profile, symbolicate) {
  const interval = intervalOf(events);
  if (!interval || !profile) return undefined;
  const { main, start, paint: end } = interval;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples = [];
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    samples.push({ id, t });
  });
  samples.sort((a, b) => a.t - b.t);

  // Forced style and layout: style or layout slices inside a script slice.
  const forced = [];
  const walk = (node, inScript) => {
    const place = placeOf(node.e.name);
    if ((place === 'style' || place === 'layout') && inScript) forced.push(node);
    for (const c of node.children) walk(c, inScript || place === 'script');
  };
  for (const root of forest(events, main)) walk(root, false);

  const byLibrary = {};
  const byFunction = new Map();
  const forcedBy = new Map();
  const frameOf = new Map();
  const described = (id) => {
    if (!frameOf.has(id)) {
      const cf = nodes.get(id)?.callFrame ?? {};
      if (!cf.url) frameOf.set(id, { name: cf.functionName || '(unknown)', library: '(native)', where: '' });
      else {
        const s = symbolicate(cf);
        frameOf.set(id, { name: s.name, library: libraryOf(s.source), where: `${shortSource(s.source)}:${s.line}` });
      }
    }
    return frameOf.get(id);
  };
  for (let i = 0; i < samples.length; i++) {
    const { id, t: at } = samples[i];
    if (at < start || at >= end) continue;
    // A sample stands for the time to the next one, at most MAX_SAMPLE_US: a sampler thread starved
    // by a busy machine would otherwise credit one function with the whole stall.
    const dt = ms(Math.min(end, samples[i + 1]?.t ?? at + 100, at + MAX_SAMPLE_US) - at);
    const f = described(id);
    if (f.library === '(native)' && /^\((idle|program|root)\)$/.test(f.name)) continue;
    const key = `${f.name} (${f.where || f.library})`;
    // A forced style or layout is sampled in the script that forced it: counted apart, as the layout it is.
    if (forced.some((s) => at >= s.start && at < s.end)) {
      forcedBy.set(key, (forcedBy.get(key) ?? 0) + dt);
      continue;
    }
    byLibrary[f.library] = (byLibrary[f.library] ?? 0) + dt;
    byFunction.set(key, (byFunction.get(key) ?? 0) + dt);
  }
  return { byLibrary, byFunction, forcedBy };
}

const MAX_SAMPLE_US = 500;

const f1 = (x) => (x ?? 0).toFixed(1);

/**
 * Medians of each figure of the breakdowns of one kind: one line of wall-clock time (what the
 * measured interval is made of), one of the main thread's CPU time (what the work costs, less a busy
 * machine's preemption). Places under 0.05 ms are left out.
 */
export function printBreakdown(name, kind, samples, median) {
  const ok = samples.filter(Boolean);
  const pad = `${name.padEnd(4)} ${kind.padEnd(6)}`;
  if (ok.length === 0) {
    console.log(`${pad} trace: the marks were not found`);
    return;
  }
  const m = (get) => median(ok.map(get));
  const part = (get, places) =>
    places
      .map((p) => [p, m((s) => get(s)[p])])
      .filter(([, v]) => v >= 0.05)
      .map(([p, v]) => `${p} ${f1(v)}`)
      .join(' · ');
  console.log(
    `${pad} traced, medians of ${ok.length} (ms): to paint ${f1(m((s) => s.paintMs))} = ` +
      `input ${f1(m((s) => s.inputMs))} [${part((s) => s.input, INPUT_PLACES)}] + waiting ${f1(m((s) => s.waiting))} + ` +
      `tasks ${f1(m((s) => s.tasks))} + frame ${f1(m((s) => s.frameMs))} [${part((s) => s.frame, FRAME_PLACES)}]; ` +
      `to the frame after ${f1(m((s) => s.frameAfterMs))} = paint + waiting ${f1(m((s) => s.afterWaiting))} + busy ${f1(m((s) => s.afterBusy))}; ` +
      `${Math.round(m((s) => s.restyled))} elements restyled, ${Math.round(m((s) => s.laidOut))} objects laid out`,
  );
  console.log(
    `${pad} main thread CPU to paint ${f1(m((s) => s.cpu.busyMs))} = input ${f1(m((s) => s.cpu.inputMs))} ` +
      `[${part((s) => s.cpu.input, INPUT_PLACES)}] + tasks ${f1(m((s) => s.cpu.tasks))} + ` +
      `frame ${f1(m((s) => s.cpu.frameMs))} [${part((s) => s.cpu.frame, FRAME_PLACES)}]`,
  );
}

/** Means over the profiled samples: script by library, the top functions by self time, and what forced style or layout. */
export function printProfiles(name, kind, profiles, top = 8) {
  const ok = profiles.filter(Boolean);
  if (ok.length === 0) return;
  const mean = (maps) => {
    const sum = new Map();
    for (const m of maps) for (const [k, v] of m) sum.set(k, (sum.get(k) ?? 0) + v);
    return [...sum].map(([k, v]) => [k, v / ok.length]).sort((a, b) => b[1] - a[1]);
  };
  const libraries = mean(ok.map((p) => new Map(Object.entries(p.byLibrary))));
  const total = libraries.reduce((s, [, v]) => s + v, 0);
  const pad = `${name.padEnd(4)} ${kind.padEnd(6)}`;
  console.log(
    `${pad} profiled script (means of ${ok.length}, ms; the profiler slows scripts): ${f1(total)} = ` +
      libraries.map(([k, v]) => `${k} ${f1(v)}`).join(' · '),
  );
  console.log(
    `${pad} top self time: ` +
      mean(ok.map((p) => p.byFunction))
        .slice(0, top)
        .map(([k, v]) => `${k} ${f1(v)}`)
        .join(' · '),
  );
  const forced = mean(ok.map((p) => p.forcedBy));
  if (forced.length)
    console.log(
      `${pad} style/layout forced under: ` +
        forced
          .slice(0, 4)
          .map(([k, v]) => `${k} ${f1(v)}`)
          .join(' · '),
    );
}
