/**
 * Revert over the contract: preview the undoing of a finished run or of one applied attempt (every
 * applied item read fresh and planned by shared/revert-rules.ts), then start it as a normal run.
 * The start names the attempts the operator confirmed; main sends those and nothing else.
 */
import { z } from 'zod';
import type { AmendField } from './amend-draft';
import type { ExclusionReason } from './plan-row-values';
import { MAX_RUN_ITEMS, revertLinkSchema, runSummarySchema } from './batch-run';
import { environmentSchema } from './profiles';
import { idTextSchema, modifyOrderRequestSchema } from './schemas';

/** A run id or an attempt id: exactly one. */
export const revertSourceSchema = z
  .strictObject({ runId: idTextSchema.optional(), attemptId: idTextSchema.optional() })
  .refine((s) => (s.runId === undefined) !== (s.attemptId === undefined), {
    message: 'Name a run or an attempt to revert, not both',
  });
export type RevertSource = z.infer<typeof revertSourceSchema>;

const AMEND_FIELDS = [
  'orderId',
  'clientOid',
  'qty',
  'price',
  'autoCancel',
  'symbol',
  'category',
  'order',
  'instrument',
] as const satisfies readonly AmendField[];
const EXCLUSIONS = [
  'rule-invalid',
  'no-id',
  'duplicate',
  'not-open',
  'unknown-category',
  'no-instrument',
  'no-price',
  'no-qty',
  'no-side',
  'no-step',
  'price-not-positive',
  'qty-not-positive',
  'below-filled',
  'unchanged',
  'not-applied',
  'unreadable',
  'modified-since',
] as const satisfies readonly ExclusionReason[];

const text = z.string().max(2000);
const issueSchema = z.object({
  rule: text,
  field: z.enum(AMEND_FIELDS),
  severity: z.enum(['error', 'warning']),
  message: text,
  code: text.optional(),
  fixes: z.array(text).max(10).optional(),
});
const valuesSchema = z.object({ price: text.optional(), qty: text.optional() });

/** shared/revert-rules.ts RevertRow on the wire. */
export const revertRowSchema = z.object({
  attemptId: idTextSchema,
  orderId: text,
  clientOid: text.optional(),
  category: text,
  symbol: text,
  side: text.optional(),
  status: z.enum(['ready', 'refused', 'excluded']),
  current: valuesSchema.extend({ filledQty: text.optional() }),
  next: valuesSchema,
  change: text.optional(),
  request: modifyOrderRequestSchema.optional(),
  errors: z.array(issueSchema).max(50),
  warnings: z.array(issueSchema).max(50),
  exclusion: z.object({ reason: z.enum(EXCLUSIONS), message: text, code: text.optional() }).optional(),
});

export const revertPreviewSchema = z.object({
  /** What is undone: the run or the attempt, with its profile (a revert goes with that profile only). */
  source: revertLinkSchema.extend({
    startedAt: z.number(),
    profileId: idTextSchema,
    profileName: text,
    environment: environmentSchema,
    /**
     * The run's or the attempt's words ("Amend many run of 30 items", "Amend of BTCUSDT: price 101.1 →
     * 102.11"), without a time: each host says `startedAt` in its own format.
     */
    label: text,
  }),
  rows: z.array(revertRowSchema).max(MAX_RUN_ITEMS),
  /** Runs that reverted it before (finished or not). */
  revertedBy: z.array(runSummarySchema).max(200),
  /** When a revert of it is under way, its words: a second one is refused until it is finished. */
  blocked: text.optional(),
  readAt: z.number(),
});
export type RevertPreview = z.infer<typeof revertPreviewSchema>;

export const startRevertSchema = z
  .strictObject({
    runId: idTextSchema.optional(),
    attemptId: idTextSchema.optional(),
    /** The attempts to undo, as the preview showed them ready: only these are sent. */
    send: z.array(idTextSchema).min(1).max(MAX_RUN_ITEMS),
    /** The other applied items and why they are not sent, as the preview said (recorded with the run). */
    skipped: z
      .array(
        z.strictObject({
          attemptId: idTextSchema,
          verdict: z.enum(['refused', 'excluded']),
          why: z.string().trim().min(1).max(1000),
        }),
      )
      .max(MAX_RUN_ITEMS)
      .optional(),
  })
  .refine((s) => (s.runId === undefined) !== (s.attemptId === undefined), {
    message: 'Name a run or an attempt to revert, not both',
  });
