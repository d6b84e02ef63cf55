/**
 * Amending many orders at once, as main runs it and the desk shows it: one run of up to
 * MAX_RUN_ITEMS modifications, sent through Batch Modify Orders (at most 20 of one category per
 * request) and each item followed to its outcome like a single amend. Every item that reaches the
 * exchange (or is refused on the way) is an Attempt in the activity log, tagged with its run.
 */
import { z } from 'zod';
import { ATTEMPT_STATUSES, type AttemptStatus } from './attempts';
import { callSourceSchema } from './call-source';
import { environmentSchema } from './profiles';
import { idTextSchema, modifyOrderRequestSchema } from './schemas';

/** Enough for every open order of an account the desk pages through; bounds what crosses the boundary. */
export const MAX_RUN_ITEMS = 500;

export const RUN_STATES = [
  'checking', // every order is read and checked; nothing has been sent yet (Stop cancels: nothing is sent)
  'running', // requests are being sent or items followed
  'paused', // nothing new is sent; what was sent is still followed
  'stopped', // nothing new will be sent; items not sent are 'not-sent'; sent ones are followed to their end
  'done', // every item has a final status
] as const;
export type RunState = (typeof RUN_STATES)[number];

export const STOPPED_BY = [
  'operator', // Stop (or Cancel while checking)
  'desk-stopped', // UTA Desk closed, crashed or was restarted during the run
  'fault', // an unexpected fault of the desk
  'not-recorded', // a request's items could not be recorded (write-ahead), so it and the rest were not sent
] as const;
export type StoppedBy = (typeof STOPPED_BY)[number];

/**
 * An item's status: an attempt's, or one an item has before (or instead of) being one: waiting,
 * not sent (the run stopped first), or excluded by the preview (the rule gives nothing to send).
 */
export const RUN_ITEM_STATUSES = ['queued', 'not-sent', 'excluded', ...ATTEMPT_STATUSES] as const;
export type RunItemStatus = (typeof RUN_ITEM_STATUSES)[number];

export const runItemSchema = z.object({
  index: z.number().int().min(0),
  /** The item's attempt, once it has one (it is checked, refused or sent). */
  attemptId: z.string().optional(),
  request: modifyOrderRequestSchema,
  category: z.string().optional(),
  symbol: z.string().optional(),
  status: z.enum(RUN_ITEM_STATUSES),
  /** Plain words: the attempt's summary, or why it was not sent. */
  summary: z.string(),
});
export type RunItem = z.infer<typeof runItemSchema>;

export const runCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  /** Sent, answer or outcome still awaited ('sending' or 'following'). */
  inFlight: z.number().int(),
  applied: z.number().int(),
  /** Refused by a local rule or guard, or rejected by the exchange: nothing changed. */
  refused: z.number().int(),
  /** Not applied by the engine ('failed', 'cancelled'). */
  failed: z.number().int(),
  unknown: z.number().int(),
  notSent: z.number().int(),
  /** Excluded by the preview: never sent. */
  excluded: z.number().int(),
});
export type RunCounts = z.infer<typeof runCountsSchema>;

/** What a revert run undoes: a whole run, or one applied attempt (shared/revert-rules.ts). */
export const revertLinkSchema = z.object({ kind: z.enum(['run', 'attempt']), id: idTextSchema });
export type RevertLink = z.infer<typeof revertLinkSchema>;

export const batchRunSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  profileName: z.string(),
  environment: environmentSchema,
  startedAt: z.number(),
  finishedAt: z.number().optional(),
  state: z.enum(RUN_STATES),
  /** Why nothing more was sent before every item was: Stop (or Cancel), UTA Desk stopping, a fault. */
  stoppedBy: z.enum(STOPPED_BY).optional(),
  /** Items whose check is over (refused, or checked and waiting to be sent): `total` once sending starts. */
  checked: z.number().int(),
  counts: runCountsSchema,
  /** Batch Modify Orders requests sent so far. */
  requests: z.number().int(),
  /** Left unfinished by an earlier session of UTA Desk and restored from the user-data folder. */
  restored: z.boolean().optional(),
  /** Which host started it and the OS user (absent in records made before sources were kept). */
  source: callSourceSchema.optional(),
  /** This run undoes that run or attempt ("Reverts …"). */
  reverts: revertLinkSchema.optional(),
  /** Runs that undo this one, oldest first ("Reverted by …"). */
  revertedBy: z.array(idTextSchema).max(200).optional(),
  items: z.array(runItemSchema),
});
export type BatchRun = z.infer<typeof batchRunSchema>;

/** A run without its items: what Activity shows on a run's row. */
export const runSummarySchema = batchRunSchema.omit({ items: true });
export type RunSummary = z.infer<typeof runSummarySchema>;

/**
 * A row of the preview that is not sent, handed over with the run so the summary accounts for every
 * selected order: refused (a rule says the exchange would refuse it; recorded as a refused attempt)
 * or excluded (the rule gives nothing to send for it).
 */
export const skippedItemSchema = z.strictObject({
  request: modifyOrderRequestSchema,
  verdict: z.enum(['refused', 'excluded']),
  why: z.string().trim().min(1).max(1000),
});
export type SkippedItem = z.infer<typeof skippedItemSchema>;

export const startRunSchema = z
  .strictObject({
    items: z.array(modifyOrderRequestSchema).min(1).max(MAX_RUN_ITEMS),
    skipped: z.array(skippedItemSchema).max(MAX_RUN_ITEMS).optional(),
  })
  .refine((r) => r.items.length + (r.skipped?.length ?? 0) <= MAX_RUN_ITEMS, {
    message: `A run holds at most ${MAX_RUN_ITEMS} orders`,
  });

export const listRunsSchema = z.strictObject({
  /** These runs' summaries, where main still knows them; absent: the runs an earlier session left unfinished. */
  ids: z.array(idTextSchema).max(200).optional(),
});

export const runControlSchema = z.strictObject({
  id: idTextSchema,
  /** check: read every item whose outcome is unknown again (Check again). stop while checking cancels the run. */
  action: z.enum(['pause', 'resume', 'stop', 'check']),
});

// ---------- how a run reads: the one home of a run's status words (Amend many and Activity) ----------

type RunFacts = Pick<BatchRun, 'state' | 'stoppedBy' | 'checked' | 'counts' | 'requests'>;

/** Items with a decided outcome: sent and settled (applied, not applied, unknown) or refused. */
export function decidedCount(c: RunCounts): number {
  return c.applied + c.refused + c.failed + c.unknown;
}

/**
 * What the bar fills with, against `total`: while checking, the items checked; after, the items
 * decided. Items never sent (stopped, excluded) never fill it, so a stopped run never shows full.
 */
export function runBarValue(run: RunFacts): number {
  return run.state === 'checking' ? run.checked : decidedCount(run.counts);
}

/** "174 applied, 3 unknown, 127 not sent": the counts that are not zero, what needs the operator first. */
export function runCountWords(c: RunCounts): string {
  const parts: [number, string][] = [
    [c.applied, 'applied'],
    [c.unknown, 'unknown'],
    [c.failed, 'not applied'],
    [c.refused, 'refused'],
    [c.inFlight, 'in flight'],
    [c.queued, 'waiting'],
    [c.notSent, 'not sent'],
    [c.excluded, 'excluded'],
  ];
  const said = parts.filter(([n]) => n > 0).map(([n, w]) => `${n} ${w}`);
  return said.length ? said.join(', ') : 'no items';
}

/** A run's status in one line: what is happening, or what happened ("Stopped — 174 applied, 130 not sent"). */
export function runStatusWords(run: RunFacts): string {
  const c = run.counts;
  const counts = runCountWords(c);
  switch (run.state) {
    case 'checking':
      return `Checking ${run.checked} of ${c.total} — nothing has been sent yet`;
    case 'running':
      return `Running — ${counts}`;
    case 'paused':
      return `Paused: nothing new is sent; what was sent is still followed — ${counts}`;
    case 'stopped':
      return `Stopping: nothing new is sent; what was sent is followed to its outcome — ${counts}`;
    case 'done':
      break;
  }
  if (run.stoppedBy === 'operator' && run.requests === 0) {
    return `Cancelled before sending — nothing was sent (${counts})`;
  }
  if (run.stoppedBy === 'operator') return `Stopped — ${counts}`;
  if (run.stoppedBy === 'desk-stopped') return `Interrupted: UTA Desk stopped during the run — ${counts}`;
  if (run.stoppedBy === 'fault') return `Stopped by a fault of the desk — ${counts}`;
  if (run.stoppedBy === 'not-recorded')
    return `Stopped: UTA Desk could not record the next request, so it was not sent — ${counts}. Once it can record again, Check again sends the rest`;
  if (c.unknown) return `Finished with ${c.unknown} unknown — ${counts}`;
  return `Finished — ${counts}`;
}

/** A run's one status word: the Activity screen's badge and the CLI's row alike. */
export type RunWord =
  'Checking' | 'Running' | 'Stopping' | 'Unknown' | 'Cancelled' | 'Stopped' | 'Interrupted' | 'Applied' | 'Finished';

/** From what main recorded of the run: never "Applied" unless every item was. runStatusWords says the rest. */
export function runWord(run: RunFacts): RunWord {
  const c = run.counts;
  switch (run.state) {
    case 'checking':
      return 'Checking';
    case 'running':
    case 'paused':
      return 'Running';
    case 'stopped':
      return 'Stopping';
    case 'done':
      break;
  }
  if (c.unknown) return 'Unknown';
  if (run.stoppedBy === 'operator') return run.requests === 0 ? 'Cancelled' : 'Stopped';
  if (run.stoppedBy) return 'Interrupted';
  return c.applied === c.total ? 'Applied' : 'Finished';
}

/** The same word from the log's counts alone, for a run whose record main no longer keeps. */
export function runWordOfCounts(counts: Partial<Record<AttemptStatus, number>>, size: number): RunWord {
  if (counts.unknown) return 'Unknown';
  if (counts.sending || counts.following) return 'Running';
  return (counts.applied ?? 0) === size ? 'Applied' : 'Finished';
}

/** The bar's value text: every count in words, including the zeros. */
export function runProgressWords(run: RunFacts): string {
  const c = run.counts;
  if (run.state === 'checking') return `${run.checked} of ${c.total} checked; nothing sent yet`;
  const parts = [
    `${c.applied} applied`,
    `${c.refused} refused`,
    `${c.failed} not applied`,
    `${c.unknown} unknown`,
    `${c.notSent} not sent`,
    `${c.excluded} excluded`,
  ];
  if (c.inFlight) parts.unshift(`${c.inFlight} in flight`);
  if (c.queued) parts.unshift(`${c.queued} waiting`);
  return `${decidedCount(c)} of ${c.total} decided: ${parts.join(', ')}`;
}

/** Nothing more can change in the run except by Check again. */
export function runIsOver(run: Pick<BatchRun, 'state' | 'counts'>): boolean {
  return run.state === 'done' || (run.state === 'stopped' && run.counts.inFlight === 0 && run.counts.queued === 0);
}
