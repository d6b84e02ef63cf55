/**
 * A run through the core (`modify-batch`'s startRun, `revert`'s startRevert: main checks every item
 * against its own fresh read, records each batch before it goes, sends and follows), then getRun
 * until the run is over — or, with --no-follow, until every item the exchange was sent has its
 * answer. Progress goes to stderr as it changes (not with --quiet).
 */
import { runIsOver, runProgressWords, type BatchRun, type SkippedItem } from '../../shared/batch-run';
import { unwrap, type DeskApi } from '../../shared/contract';
import type { ModifyOrderRequest } from '../../shared/schemas';
import type { GlobalOptions } from './global-options';
import type { CliIo, TextSink } from './output';

export interface RunFollowOptions {
  follow: boolean;
  /** Where progress lines go; undefined: none (--quiet). */
  progress?: TextSink;
  /** Between two getRun (tests shorten it). */
  pollMs?: number;
}

/** The follow a command asks for: progress on stderr unless --quiet, the test's poll interval. */
export function followOptionsOf(io: CliIo, global: GlobalOptions, follow: boolean): RunFollowOptions {
  return {
    follow,
    ...(global.quiet ? {} : { progress: io.stderr }),
    ...(io.pollMs ? { pollMs: io.pollMs } : {}),
  };
}

const POLL_MS = 200;
/** A progress line at most this often, however fast the counts move. */
const PROGRESS_EVERY_MS = 1000;

/** Nothing of the run is still on the wire without an answer, and nothing waits to be sent. */
function answered(run: BatchRun): boolean {
  if (run.state === 'checking') return false;
  return run.items.every((i) => i.status !== 'queued' && i.status !== 'sending') || runIsOver(run);
}

export function startAndFollowRun(
  api: DeskApi,
  items: readonly ModifyOrderRequest[],
  skipped: readonly SkippedItem[],
  options: RunFollowOptions,
): Promise<BatchRun> {
  return followRun(
    api,
    () => unwrap(api.startRun({ items: [...items], ...(skipped.length ? { skipped: [...skipped] } : {}) })),
    options,
  );
}

/** Starts a run with `start` (any contract call that answers with the run) and follows it. */
export async function followRun(
  api: DeskApi,
  start: () => Promise<BatchRun>,
  options: RunFollowOptions,
): Promise<BatchRun> {
  let run = await start();
  options.progress?.write(`Run ${run.id} started: ${runProgressWords(run)}\n`);
  const done = options.follow ? runIsOver : answered;
  let said = '';
  let saidAt = 0;
  while (!done(run)) {
    await new Promise((r) => setTimeout(r, options.pollMs ?? POLL_MS));
    run = await unwrap(api.getRun({ id: run.id }));
    const words = runProgressWords(run);
    if (words !== said && Date.now() - saidAt >= PROGRESS_EVERY_MS) {
      options.progress?.write(`${words}\n`);
      said = words;
      saidAt = Date.now();
    }
  }
  return run;
}
