/** What the desk says and does about the attempt it follows, as it moves towards a final status. */
import { FINAL_STATUSES, type Attempt } from '../../../shared/attempts';
import { EXCHANGE_CODE, explainCode } from '../../../shared/errors';
import { attemptIds, type OrderIds } from '../../../shared/order-ids';
import { STATUS_LABELS } from '../../../shared/attempt-search';

export const isFinalAttempt = (a: Attempt | undefined): boolean => !!a && FINAL_STATUSES.includes(a.status);

/** "Following: Accepted by …", without repeating a label the summary already starts with. */
export function statusLine(a: Attempt): string {
  const label = STATUS_LABELS[a.status];
  return a.summary.toLowerCase().startsWith(label.toLowerCase()) ? a.summary : `${label}: ${a.summary}`;
}

/**
 * The status line once the attempt is final, with the meaning of its exchange code. A rejection's
 * summary already explains its code.
 */
export function settledLine(a: Attempt): string {
  const explained = a.status !== 'rejected' ? explainCode(a.error?.code) : undefined;
  return explained ? `${statusLine(a)} ${explained}` : statusLine(a);
}

/** Whether the order may now look different from what the desk shows, so it is worth reading again. */
export function changesOrder(a: Attempt): boolean {
  return (
    a.status === 'applied' ||
    a.status === 'failed' ||
    a.status === 'cancelled' ||
    a.error?.code === EXCHANGE_CODE.cancelledByAutoCancel
  );
}

/** How to read the attempt's order again: by Order ID when known (it wins), else by client order ID. */
export function orderRef(a: Attempt): OrderIds {
  const ids = attemptIds(a);
  return ids.orderId ? { orderId: ids.orderId } : { clientOid: ids.clientOid };
}
