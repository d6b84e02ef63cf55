/**
 * Amending many orders at once, as main runs it and the desk shows it: one run of up to
 * MAX_RUN_ITEMS modifications, sent through Batch Modify Orders (at most 20 of one category per
 * request) and each item followed to its outcome like a single amend. Every item that reaches the
 * exchange (or is refused on the way) is an Attempt in the activity log, tagged with its run.
 */
import { z } from 'zod';
import { ATTEMPT_STATUSES } from './attempts';
import { environmentSchema } from './profiles';
import { idTextSchema, modifyOrderRequestSchema } from './schemas';

/** Enough for every open order of an account the desk pages through; bounds what crosses the boundary. */
export const MAX_RUN_ITEMS = 500;

export const RUN_STATES = [
  'running', // requests are being sent or items followed
  'paused', // nothing new is sent; what was sent is still followed
  'stopped', // nothing new will be sent; items not sent are 'not-sent'; sent ones are followed to their end
  'done', // every item has a final status
] as const;
export type RunState = (typeof RUN_STATES)[number];

/** An item's status: an attempt's, or one of the two states an item has before (or instead of) being one. */
export const RUN_ITEM_STATUSES = ['queued', 'not-sent', ...ATTEMPT_STATUSES] as const;
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
});
export type RunCounts = z.infer<typeof runCountsSchema>;

export const batchRunSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  profileName: z.string(),
  environment: environmentSchema,
  startedAt: z.number(),
  finishedAt: z.number().optional(),
  state: z.enum(RUN_STATES),
  counts: runCountsSchema,
  /** Batch Modify Orders requests sent so far. */
  requests: z.number().int(),
  items: z.array(runItemSchema),
});
export type BatchRun = z.infer<typeof batchRunSchema>;

export const startRunSchema = z.strictObject({
  items: z.array(modifyOrderRequestSchema).min(1).max(MAX_RUN_ITEMS),
});

export const runControlSchema = z.strictObject({
  id: idTextSchema,
  /** check: read every item whose outcome is unknown again (Check again). */
  action: z.enum(['pause', 'resume', 'stop', 'check']),
});
