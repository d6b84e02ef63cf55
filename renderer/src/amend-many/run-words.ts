/** How a run and its items read on the Amend many screen and in Activity: labels, badges, progress words. */
import { STATUS_LABELS } from '../../../shared/attempt-search';
import type { BatchRun, RunItemStatus, RunState } from '../../../shared/batch-run';
import { STATUS_BADGES } from '../amend/status-display';

export const ITEM_LABELS: Record<RunItemStatus, string> = {
  queued: 'Waiting',
  'not-sent': 'Not sent',
  ...STATUS_LABELS,
};

export const ITEM_BADGES: Record<RunItemStatus, string> = {
  queued: '',
  'not-sent': '',
  ...STATUS_BADGES,
};

export const RUN_STATE_WORDS: Record<RunState, string> = {
  running: 'Running',
  paused: 'Paused: nothing new is sent; what was sent is still followed',
  stopped: 'Stopped: nothing new is sent; what was sent is followed to its outcome',
  done: 'Done: nothing more is sent or followed',
};

/** Items whose outcome is known, not sent, or final: what the progress bar fills with. */
export function settledCount(run: BatchRun): number {
  return run.counts.total - run.counts.queued - run.counts.inFlight;
}

/** The progress bar's value text and the status line: every count in words. */
export function progressWords(run: BatchRun): string {
  const c = run.counts;
  const parts = [
    `${c.applied} applied`,
    `${c.refused} refused`,
    `${c.failed} not applied`,
    `${c.unknown} unknown`,
    `${c.notSent} not sent`,
  ];
  if (c.inFlight) parts.unshift(`${c.inFlight} in flight`);
  if (c.queued) parts.unshift(`${c.queued} waiting`);
  return `${settledCount(run)} of ${c.total} settled: ${parts.join(', ')}`;
}
