/**
 * The status line once the operator has asked for a review, said from the draft as it is now (not
 * as it was when Review was pressed): the banner and the line under Send read the same report, so
 * they cannot disagree after an edit.
 */
import { orderClosedIssue } from '../../../shared/amend-rules';
import type { AmendReport } from '../../../shared/amend-draft';
import type { NoticeKind } from './status-display';

export const REVIEW_READY = 'Review the change below, then Send modification.';
export const REVIEW_STALE = 'Changed since the review: Review it again before sending.';

/**
 * "Not ready: …" with one message per field, the problems the form shows beside them; for an order
 * that cannot change, the one sentence saying why (asking for a change there would ask the impossible).
 */
export function reviewNotice(report: Pick<AmendReport, 'ok' | 'problems'>, reviewing: boolean): [string, NoticeKind] {
  if (reviewing) return [REVIEW_READY, 'info'];
  const closed = orderClosedIssue(report.problems);
  if (closed) return [`${closed.message}.`, 'warning'];
  if (!report.ok) return [`Not ready: ${report.problems.map((p) => p.message).join('; ')}`, 'warning'];
  return [REVIEW_STALE, 'info'];
}
