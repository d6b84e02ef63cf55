/** What the renderer is told about the active profile's private order stream. */
import { z } from 'zod';

export const ORDER_STREAM_STATES = ['connecting', 'connected', 'reconnecting', 'down'] as const;

export const orderStreamStatusSchema = z.object({
  state: z.enum(ORDER_STREAM_STATES),
  /** When it entered this state (ms since the epoch). */
  since: z.number(),
  /** Why it is not connected, in words. */
  reason: z.string().max(500).optional(),
  /** Connections that failed or dropped since it was last connected. */
  attempts: z.number().int().min(0),
  /** When the next connection attempt starts, while one is scheduled. */
  retryAt: z.number().optional(),
});
export type OrderStreamStatus = z.infer<typeof orderStreamStatusSchema>;
