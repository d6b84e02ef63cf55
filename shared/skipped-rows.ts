/** The preview's rows that are not sent, as a run takes them (the app's Amend many and Revert, and the CLI): so its summary accounts for every selected order. */
import type { PlanRow } from './plan-row';
import type { SkippedItem } from './batch-run';
import { categorySchema, MAX_ID_LENGTH, type ModifyOrderRequest } from './schemas';

const MAX_WHY = 1000;

function idOf(id: string | undefined): string | undefined {
  const t = id?.trim();
  return t && t.length <= MAX_ID_LENGTH ? t : undefined;
}

/** The order a row names, and the change the rule gives it where it gives one. */
function requestOf(row: PlanRow): ModifyOrderRequest {
  if (row.request) return row.request;
  const category = categorySchema.safeParse(row.category);
  const orderId = idOf(row.orderId);
  const clientOid = idOf(row.clientOid);
  const symbol = row.symbol.trim().slice(0, MAX_ID_LENGTH);
  return {
    ...(orderId ? { orderId } : {}),
    ...(clientOid ? { clientOid } : {}),
    ...(category.success ? { category: category.data } : {}),
    ...(symbol ? { symbol } : {}),
  };
}

/** Why a preview row is not sent, in the preview's words (bounded as a run records them). */
function whyNotSent(r: PlanRow): string {
  const why =
    r.status === 'refused'
      ? r.errors.map((e) => (e.code ? `${e.message} (exchange code ${e.code})` : e.message)).join('; ')
      : (r.exclusion?.message ?? 'Excluded by the preview');
  return (why || 'Refused by the preview').slice(0, MAX_WHY);
}

const verdictOf = (r: PlanRow) => (r.status === 'refused' ? ('refused' as const) : ('excluded' as const));

export function skippedOf(rows: readonly PlanRow[]): SkippedItem[] {
  return rows
    .filter((r) => r.status !== 'ready')
    .map((r) => ({ request: requestOf(r), verdict: verdictOf(r), why: whyNotSent(r) }));
}

/** A revert preview's rows not sent, as startRevert takes them: by the attempt each would undo. */
export function revertSkippedOf(
  rows: readonly (PlanRow & { attemptId: string })[],
): { attemptId: string; verdict: 'refused' | 'excluded'; why: string }[] {
  return rows
    .filter((r) => r.status !== 'ready')
    .map((r) => ({ attemptId: r.attemptId, verdict: verdictOf(r), why: whyNotSent(r) }));
}
