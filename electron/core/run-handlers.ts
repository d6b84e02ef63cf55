/**
 * Amending many orders at once: start a run, read it, pause / resume / stop / check it. The logic
 * lives in AmendRuns (electron/amend/amend-runs.ts), which shares single amends' guards and rules;
 * a revert is planned by Reverts (electron/amend/revert-plan.ts) and runs as one of them.
 */
import { AmendRuns } from '../amend/amend-runs';
import type { AmendService } from '../amend/amend-service';
import { RunRecords } from '../amend/run-records';
import { Reverts } from '../amend/revert-plan';
import type { CallSource, Caller } from '../../shared/call-source';
import type { CoreContext } from './context';
import type { CoreHandlers } from './handlers';
import { activeSession } from './order-handlers';

type RunMethods =
  | 'startRun'
  | 'getRun'
  | 'controlRun'
  | 'listRuns'
  | 'checkAttempt'
  | 'previewRevert'
  | 'startRevert'
  | 'getRevertLinks';

export function createAmendRuns(ctx: CoreContext, amend: AmendService): AmendRuns {
  return new AmendRuns({
    steps: amend.steps,
    session: () => activeSession(ctx),
    records: new RunRecords(ctx.deps.userDataDir),
    onError: (e) => console.error('[runs] a run stopped sending after a fault:', e instanceof Error ? e.message : e),
  });
}

export function createReverts(ctx: CoreContext, amend: AmendService, runs: AmendRuns): Reverts {
  return new Reverts({ runs, steps: amend.steps, session: () => activeSession(ctx) });
}

/** `sourceOf`: what a run records of where it was started from (see source-tag.ts). */
export function runHandlers(
  runs: AmendRuns,
  reverts: Reverts,
  sourceOf: (caller?: Caller) => CallSource,
): Pick<CoreHandlers, RunMethods> {
  return {
    startRun: ({ items, skipped }, caller) => runs.start(items, skipped, sourceOf(caller)),
    getRun: ({ id }) => runs.get(id),
    controlRun: ({ id, action }) => runs.control(id, action),
    listRuns: async ({ ids }) => ({ runs: ids ? await runs.summaries(ids) : await runs.unfinished() }),
    checkAttempt: ({ id }) => runs.checkAttempt(id),
    previewRevert: (source) => reverts.preview(source),
    startRevert: ({ runId, attemptId, send, skipped }, caller) =>
      reverts.start({
        source: runId !== undefined ? { runId } : { attemptId },
        send,
        ...(skipped ? { skipped } : {}),
        caller: sourceOf(caller),
      }),
    getRevertLinks: (source) => reverts.links(source),
  };
}
