/** Why Send or Load order cannot be used now, in the words shown next to the buttons. */
import type { AmendReport } from '../../../shared/amend-rules';
import type { OrderGuard } from '../../../shared/attempts';
import type { Draft } from './amend-store';
import { draftIds } from './draft';

export interface SendState {
  /** A send is on its way to main. */
  sending: boolean;
  /** Main's guard on the order the draft names. */
  guard: OrderGuard;
  report: Pick<AmendReport, 'ok' | 'errors'>;
  /** Reviewed, and unchanged since. */
  reviewed: boolean;
}

/** Null when Send may be used; else the first thing in the way, in the order the operator meets them. */
export function sendBlockedReason(s: SendState): string | null {
  if (s.sending) return 'Sending…';
  if (s.guard.state !== 'free') return s.guard.reason ?? 'This order cannot be modified now.';
  if (!s.report.ok) return s.report.errors[0]?.message ?? 'Fix the problems above first.';
  if (!s.reviewed) return 'Review the change first.';
  return null;
}

export function loadBlockedReason(d: Draft): string | null {
  const { orderId, clientOid } = draftIds(d);
  return !orderId && !clientOid ? 'Give an Order ID or a Client order ID.' : null;
}
