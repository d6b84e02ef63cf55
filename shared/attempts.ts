/** An amend attempt as followed by main and shown by the desk and the Activity screen. */
import { z } from 'zod';
import { callSourceSchema } from './call-source';
import { deskErrorSchema } from './errors';
import { modifyOrderRequestSchema, orderSchema } from './schemas';
import { environmentSchema } from './profiles';

export const ATTEMPT_STATUSES = [
  'sending', // signed and on the wire, no answer yet
  'following', // accepted by the exchange; polling order details for the engine's result
  'applied', // the new values show in the order
  'failed', // the engine did not apply it; autoCancel no: the original order is unchanged
  'cancelled', // the engine failed it and autoCancel yes cancelled the order
  'rejected', // the exchange answered with an error code; nothing changed
  'refused', // a local rule or guard stopped it; nothing was sent
  'unknown', // timeout or lost connection: the modification may or may not have happened
] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
export const FINAL_STATUSES: readonly AttemptStatus[] = [
  'applied',
  'failed',
  'cancelled',
  'rejected',
  'refused',
  'unknown',
];

export const orderSnapshotSchema = orderSchema.pick({
  orderId: true,
  clientOid: true,
  category: true,
  symbol: true,
  price: true,
  qty: true,
  cumExecQty: true,
  orderStatus: true,
  updatedTime: true,
});
export type OrderSnapshot = z.infer<typeof orderSnapshotSchema>;

export const timelineEventSchema = z.object({
  at: z.number(),
  label: z.string(),
  detail: z.string().optional(),
});

export const attemptSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  profileName: z.string(),
  environment: environmentSchema,
  startedAt: z.number(),
  finishedAt: z.number().optional(),
  /** The body that was (or would have been) sent; it never holds a secret. */
  request: modifyOrderRequestSchema,
  status: z.enum(ATTEMPT_STATUSES),
  /** Plain-words outcome for the status line. */
  summary: z.string(),
  before: orderSnapshotSchema.optional(),
  after: orderSnapshotSchema.optional(),
  /** The exchange's answer to the modify request (envelope without secrets). */
  answer: z.object({ code: z.string(), msg: z.string(), requestTime: z.number().optional() }).optional(),
  error: deskErrorSchema.optional(),
  timeline: z.array(timelineEventSchema),
  /** Set when the attempt is one item of an amend-many run: which run, and which item of how many. */
  run: z.object({ id: z.string(), index: z.number().int().min(0), size: z.number().int().min(1) }).optional(),
  /** Which host carried it and the OS user (absent in records made before sources were kept). */
  source: callSourceSchema.optional(),
});
export type Attempt = z.infer<typeof attemptSchema>;

/** What main knows about an order's modifiability, beyond the exchange's own view. */
export const orderGuardSchema = z.object({
  state: z.enum(['free', 'in-flight', 'locked', 'unknown']),
  attemptId: z.string().optional(),
  reason: z.string().optional(),
});
export type OrderGuard = z.infer<typeof orderGuardSchema>;

/**
 * An attempt as main answers it to the desk: with the guard main now holds on its order, so the
 * desk shows main's decision instead of deriving its own from the attempt's status.
 */
export const attemptWithGuardSchema = attemptSchema.extend({ guard: orderGuardSchema });
export type AttemptWithGuard = z.infer<typeof attemptWithGuardSchema>;
