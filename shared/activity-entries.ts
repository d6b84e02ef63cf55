/**
 * What the Activity list holds: entries, each a single amend (one attempt) or an amend-many run (one
 * entry however many items; its items are read a page at a time when it is opened). Main pages the
 * log by entries, so a single amend made after a run of 300 items is still on the first page.
 */
import { callSourceSchema } from './call-source';
import { z } from 'zod';
import { ATTEMPT_STATUSES, attemptSchema, type AttemptStatus } from './attempts';
import { activitySearchSchema } from './attempt-search';
import { environmentSchema } from './profiles';
import { idTextSchema } from './schemas';

/** A run as its attempts in the log tell it (how it ended, and items never sent, are in its run summary). */
export const runEntrySchema = z.object({
  id: z.string(),
  /** Items in the run, as main numbered them (also those never sent). */
  size: z.number().int(),
  startedAt: z.number(),
  /** The end of its newest attempt; absent while one is under way. */
  finishedAt: z.number().optional(),
  profileId: z.string(),
  profileName: z.string(),
  environment: environmentSchema,
  /** Where the run was started from (its first item's source). */
  source: callSourceSchema.optional(),
  /** Items with an attempt in the log. */
  attempts: z.number().int(),
  /** Those attempts by outcome. */
  counts: z.partialRecord(z.enum(ATTEMPT_STATUSES), z.number().int()),
  /** With a search: how many of its attempts match (opening it lists only those). */
  matching: z.number().int().optional(),
});
export type RunEntry = z.infer<typeof runEntrySchema>;

export const activityEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('attempt'), attempt: attemptSchema }),
  z.object({ kind: z.literal('run'), run: runEntrySchema }),
]);
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const listActivityEntriesSchema = activitySearchSchema.extend({
  before: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(200).optional(),
});

export const activityEntryPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** Pass as `before` for the next page; null when the history is exhausted. */
  next: z.number().int().nullable(),
  /** Entries in the whole log. */
  total: z.number().int(),
  /** Attempts in the whole log. */
  attempts: z.number().int(),
  skippedLines: z.number().int(),
  /** Read from a team store: other desks add to it at any moment, so the list is read again often. */
  live: z.boolean().optional(),
});

export const listRunAttemptsSchema = activitySearchSchema.extend({
  runId: idTextSchema,
  after: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(500).optional(),
});

export const runAttemptPageSchema = z.object({
  /** In the order the run recorded them. */
  attempts: z.array(attemptSchema),
  /** Pass as `after` for the next page; null when there is no more. */
  next: z.number().int().nullable(),
  /** The run's attempts in the log (all of them, whatever the search). */
  total: z.number().int(),
});

/** "47 applied, 1 refused": what needs the operator first. */
const ATTENTION: AttemptStatus[] = [
  'unknown',
  'sending',
  'following',
  'cancelled',
  'rejected',
  'failed',
  'refused',
  'applied',
];

export function runCountWords(
  counts: Partial<Record<AttemptStatus, number>>,
  labels: Readonly<Record<AttemptStatus, string>>,
): string {
  return ATTENTION.filter((s) => counts[s])
    .map((s) => `${counts[s]} ${labels[s].toLowerCase()}`)
    .join(', ');
}
