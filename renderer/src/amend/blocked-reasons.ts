/** Why Send or Load order cannot be used now, in the words shown next to the buttons. */
import type { AmendReport } from '../../../shared/amend-draft';
import type { OrderGuard } from '../../../shared/attempts';
import type { Draft } from './amend-store';
import { draftIds } from './draft';

/** Rules that only say something is still missing: not an error until the operator asks for a review. */
export const REQUIRED_RULES: readonly string[] = ['identity-required', 'change-required'];

export interface SendState {
  /** A send is on its way to main. */
  sending: boolean;
  /** Main's guard on the order the draft names. */
  guard: OrderGuard;
  report: Pick<AmendReport, 'ok' | 'errors'>;
  /** Reviewed, and unchanged since. */
  reviewed: boolean;
}

/**
 * Null when Send may be used; else the first thing in the way, in the order the operator meets them.
 * What is wrong with the order itself (filled, cancelled) comes before the fields: no change can cure it.
 */
export function sendBlockedReason(s: SendState): string | null {
  if (s.sending) return 'Sending…';
  if (s.guard.state !== 'free') return s.guard.reason ?? 'This order cannot be modified now.';
  if (!s.report.ok) {
    const first = s.report.errors.find((e) => e.field === 'order') ?? s.report.errors[0];
    return first?.message ?? 'Fix the problems above first.';
  }
  if (!s.reviewed) return 'Review the change first.';
  return null;
}

export interface SendHint {
  text: string;
  /** ready: Send may be used; next: nothing is wrong, a step is still to take; blocked: something is in the way. */
  tone: 'ready' | 'next' | 'blocked';
}

export const READY_TO_SEND = 'Ready to send: the exchange answers “accepted”, then the desk follows the order.';
export const NEXT_STEP = 'Send is available once a change is given and reviewed.';

/**
 * The line under Send. A warning only for what is wrong; before a review (an empty form, or right
 * after an outcome) "give a change" is the next step, not a problem.
 */
export function sendHint(s: SendState & { showRequired: boolean }): SendHint {
  const blocked = sendBlockedReason(s);
  if (blocked === null) return { text: READY_TO_SEND, tone: 'ready' };
  const onlyMissing =
    !s.sending &&
    s.guard.state === 'free' &&
    !s.report.ok &&
    s.report.errors.length > 0 &&
    s.report.errors.every((e) => REQUIRED_RULES.includes(e.rule));
  if (onlyMissing && !s.showRequired) return { text: NEXT_STEP, tone: 'next' };
  if (s.report.ok && !s.reviewed) return { text: blocked, tone: 'next' };
  return { text: blocked, tone: 'blocked' };
}

export function loadBlockedReason(d: Draft): string | null {
  const { orderId, clientOid } = draftIds(d);
  return !orderId && !clientOid ? 'Give an Order ID or a Client order ID.' : null;
}
