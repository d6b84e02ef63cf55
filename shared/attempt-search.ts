/**
 * How an attempt is named and found: its status words, order and symbol labels, and the Activity
 * search. Main runs the search over the log's history (paged); the renderer shows the same words.
 */
import { z } from 'zod';
import { ATTEMPT_STATUSES, type Attempt, type AttemptStatus } from './attempts';
import { sourceWords } from './call-source';
import { changeText } from './change-text';
import { attemptIds, describeIds } from './order-ids';
import { ENVIRONMENT_LABELS } from './profiles';

export const STATUS_LABELS: Readonly<Record<AttemptStatus, string>> = {
  sending: 'Sending',
  following: 'Following',
  applied: 'Applied',
  failed: 'Not applied',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
  refused: 'Refused',
  unknown: 'Unknown',
};

/** "1387…041 (demo-btc-open)": both of the order's ids the attempt knows (named, read or answered). */
export function orderLabel(a: Attempt): string {
  return describeIds(attemptIds(a));
}

export function symbolLabel(a: Attempt): string {
  const s = a.request.symbol ?? a.before?.symbol ?? a.after?.symbol;
  const c = a.request.category ?? a.before?.category ?? a.after?.category;
  return [s, c].filter(Boolean).join(' · ');
}

export const activitySearchSchema = z.strictObject({
  /** Words found anywhere in the order, symbol, change, outcome, profile, error code, run id or source ("CLI · alice"). */
  text: z.string().max(200).optional(),
  status: z.enum(ATTEMPT_STATUSES).optional(),
});
export type ActivitySearch = z.infer<typeof activitySearchSchema>;

export function isSearching(q: ActivitySearch): boolean {
  return Boolean(q.status || q.text?.trim());
}

/**
 * Every word the Activity search looks in, lowercased: order, symbol, change, outcome, profile,
 * environment, status, error code, run id and source. The one home of the search's text: the team
 * store keeps it per attempt (attempts.search_text) so its SQL finds exactly what this finds.
 */
export function searchText(a: Attempt): string {
  return [
    orderLabel(a),
    a.request.clientOid,
    a.request.orderId,
    a.after?.orderId,
    a.after?.clientOid,
    symbolLabel(a),
    changeText(a.request, a.before),
    a.summary,
    a.profileName,
    ENVIRONMENT_LABELS[a.environment],
    STATUS_LABELS[a.status],
    a.error?.code,
    a.run?.id,
    sourceWords(a.source),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

export function activityMatches(a: Attempt, q: ActivitySearch): boolean {
  if (q.status && a.status !== q.status) return false;
  const t = q.text?.trim().toLowerCase();
  if (!t) return true;
  return searchText(a).includes(t);
}
