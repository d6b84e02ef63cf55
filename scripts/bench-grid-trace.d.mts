/** Types of scripts/bench-grid-trace.mjs, for its test (the bench itself runs it as JavaScript). */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: Record<string, unknown>;
}
type Places = Record<string, number>;
export interface Breakdown {
  paintMs: number;
  frameAfterMs: number | undefined;
  input: Places;
  inputMs: number;
  waiting: number;
  tasks: number;
  frame: Places;
  frameMs: number;
  afterWaiting: number;
  afterBusy: number;
  restyled: number;
  laidOut: number;
}
export function traceInteraction(page: unknown, act: () => Promise<unknown>): Promise<TraceEvent[]>;
export function startProfiler(page: unknown): Promise<() => Promise<unknown>>;
export function writeTrace(file: string, events: TraceEvent[]): void;
export function breakdown(events: TraceEvent[]): Breakdown | undefined;
export function libraryOf(source: string): string;
