/** What the desk reads from the operator's draft: which order it names, and the rules' view of it. */
import type { AmendDraft, AmendReport } from '../../../shared/amend-draft';
import type { OrderIds } from '../../../shared/order-ids';
import type { Order } from '../../../shared/schemas';
import { draftKey, type Draft } from './amend-store';

export function draftIds(d: Draft): OrderIds {
  return { orderId: d.orderId.trim() || undefined, clientOid: d.clientOid.trim() || undefined };
}

/** Both identifiers of the order the draft names: what it gives, the rest from the loaded order. */
export function namedOrderIds(d: Draft, order: Order | undefined): OrderIds {
  const named = draftIds(d);
  return { orderId: named.orderId ?? order?.orderId, clientOid: named.clientOid ?? order?.clientOid };
}

/** The draft as the shared rules take it (the same input main checks). */
export function ruleDraft(d: Draft): AmendDraft {
  return {
    ...d,
    symbol: d.symbol.trim().toUpperCase(),
    category: d.category || undefined,
    autoCancel: d.autoCancel ? 'yes' : 'no',
  };
}

/**
 * The report as the form shows it: no warnings before anything is typed, and no "instrument
 * unknown" while the instrument is being fetched (it is about to be known).
 */
export function shownReport(report: AmendReport, d: Draft, instrumentPending: boolean): AmendReport {
  const untouched = !d.orderId.trim() && !d.clientOid.trim() && !d.qty.trim() && !d.price.trim();
  if (untouched) return { ...report, warnings: [] };
  if (instrumentPending) return { ...report, warnings: report.warnings.filter((w) => w.rule !== 'instrument-unknown') };
  return report;
}

/** Reviewed, and nothing edited since: the review still describes what Send would send. */
export function isReviewed(reviewed: string | null, d: Draft, report: AmendReport): boolean {
  return reviewed !== null && reviewed === draftKey(d) && report.ok;
}
