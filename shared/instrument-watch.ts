/**
 * What the desk shows of instrument history: the change feed, which rows changed since the operator
 * last looked, the symbols they watch, when each category was last checked, and the alerts due for
 * watched symbols. The events themselves are shared/instrument-changes.ts.
 */
import { z } from 'zod';
import { CHANGE_KINDS, changeEventSchema } from './instrument-changes';
import { boundedText, categorySchema, CATEGORIES, MAX_ID_LENGTH } from './schemas';

const symbolText = boundedText(MAX_ID_LENGTH, { trim: true });

export const watchedSymbolSchema = z.object({ category: categorySchema, symbol: symbolText });
export type WatchedSymbol = z.infer<typeof watchedSymbolSchema>;
/** Far more than anyone watches; bounds the profile's settings. */
export const MAX_WATCHED = 500;

export const listChangesSchema = z.strictObject({
  category: categorySchema.optional(),
  kinds: z.array(z.enum(CHANGE_KINDS)).max(CHANGE_KINDS.length).optional(),
  symbol: symbolText.optional(),
  watchedOnly: z.boolean().optional(),
  /** Paging: pass the previous page's `next`. */
  before: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(500).optional(),
});

export const changePageSchema = z.object({
  events: z.array(changeEventSchema),
  next: z.number().int().nullable(),
  /** Events recorded for the profile. */
  total: z.number().int(),
  /** Of those, the ones that pass the filters (on every page). */
  matched: z.number().int(),
});

/** A row's badge in the grid: listed, or changed otherwise, since the operator last looked. */
export const changeMarkSchema = z.object({
  symbol: symbolText,
  mark: z.enum(['new', 'changed']),
  /** The newest unseen event's time. */
  at: z.number(),
});
export type ChangeMark = z.infer<typeof changeMarkSchema>;

export const categoryCheckSchema = z.object({
  category: categorySchema,
  /** When its instruments were last fetched and compared (ms); absent until the first time. */
  lastChecked: z.number().optional(),
  count: z.number().int().optional(),
  /** Why the last background refresh failed, in words (the previous snapshot stays). */
  error: z.string().max(500).optional(),
  /** An empty answer for a category that had many instruments was not recorded (see instrument-history). */
  suspicious: z.string().max(500).optional(),
});

export const changeStatusSchema = z.object({
  /** Background refresh of all categories every N minutes; 0 = off. */
  refreshMinutes: z.number().int().min(0).max(1440),
  categories: z.array(categoryCheckSchema).max(CATEGORIES.length),
  watched: z.array(watchedSymbolSchema).max(MAX_WATCHED),
});
export type ChangeStatus = z.infer<typeof changeStatusSchema>;

/** A desktop notification due for a watched symbol. */
export const changeAlertSchema = z.object({
  id: z.string().max(300),
  at: z.number(),
  category: categorySchema,
  symbol: symbolText,
  title: z.string().max(200),
  body: z.string().max(1000),
  /** The profile it is about: an alert belongs to it and is never shown for another. */
  profileId: z.string().max(64).optional(),
  /**
   * What it is about ("SPOT:BTCUSDT:maintainTime", "SPOT:BTCUSDT:status"): a later alert of the same
   * condition with `cleared` resolves the earlier ones.
   */
  condition: z.string().max(300).optional(),
  /** Says the condition has cleared (a maintenance removed, a status back to online, listed again). */
  cleared: z.boolean().optional(),
});
export type ChangeAlert = z.infer<typeof changeAlertSchema>;
