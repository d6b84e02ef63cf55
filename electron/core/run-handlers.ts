/**
 * Amending many orders at once: start a run, read it, pause / resume / stop / check it. The logic
 * lives in AmendRuns (electron/amend/amend-runs.ts), which shares the single desk's guards and rules.
 */
import { AmendRuns } from '../amend/amend-runs';
import type { AmendService } from '../amend/amend-service';
import { RunRecords } from '../amend/run-records';
import type { CallSource, Caller } from '../../shared/call-source';
import type { CoreContext } from './context';
import type { CoreHandlers } from './handlers';
import { activeSession } from './order-handlers';

type RunMethods = 'startRun' | 'getRun' | 'controlRun' | 'listRuns' | 'checkAttempt';

export function createAmendRuns(ctx: CoreContext, amend: AmendService): AmendRuns {
  return new AmendRuns({
    steps: amend.steps,
    session: () => activeSession(ctx),
    records: new RunRecords(ctx.deps.userDataDir),
    onError: (e) => console.error('[runs] a run stopped sending after a fault:', e instanceof Error ? e.message : e),
  });
}

/** `sourceOf`: what a run records of where it was started from (see call-source.ts). */
export function runHandlers(
  runs: AmendRuns,
  sourceOf: (caller?: Caller) => CallSource,
): Pick<CoreHandlers, RunMethods> {
  return {
    startRun: ({ items, skipped }, caller) => runs.start(items, skipped, sourceOf(caller)),
    getRun: ({ id }) => runs.get(id),
    controlRun: ({ id, action }) => runs.control(id, action),
    listRuns: async ({ ids }) => ({ runs: ids ? await runs.summaries(ids) : await runs.unfinished() }),
    checkAttempt: ({ id }) => runs.checkAttempt(id),
  };
}
