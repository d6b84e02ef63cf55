/** What the desk reads from the operator's draft: which order it names, and the rules' view of it. */
import type { AmendDraft, AmendReport } from '../../../shared/amend-rules';
import type { OrderIds } from '../../../shared/order-ids';
import type { Order } from '../../../shared/schemas';
import { draftKey, type Draft } from './amend-store';

export function draftIds(d: Draft): OrderIds {
  return { orderId: d.orderId.trim() || undefined, clientOid: d.clientOid.trim() || undefined };
}

/** The loaded order is the one the draft names: by Order ID when given (it wins), else by client order ID. */
export function loadedMatches(order: Order | undefined, d: Draft): boolean {
  if (!order) return false;
  const { orderId, clientOid } = draftIds(d);
  if (orderId) return order.orderId === orderId;
  if (clientOid) return order.clientOid === clientOid;
  return false;
}

/**
 * The given identifiers are the order the draft names, by the same rule: by Order ID when the draft
 * gives one (it wins), else by client order ID. An outcome or a send error is shown only then.
 */
export function namesSameOrder(ids: OrderIds, d: Draft): boolean {
  const { orderId, clientOid } = draftIds(d);
  if (orderId) return ids.orderId === orderId;
  if (clientOid) return ids.clientOid === clientOid;
  return false;
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
