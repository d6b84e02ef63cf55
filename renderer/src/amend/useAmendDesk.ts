/**
 * The amend screen's state and actions, put together: the draft checked by the same rules main
 * runs, the order it names with main's guard on it, the attempt being followed, and Load order /
 * Review / Send. Main decides every guard; the desk shows it and keeps Send from what main would refuse.
 */
import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkAmend } from '../../../shared/amend-rules';
import type { AmendReport } from '../../../shared/amend-draft';
import type { Attempt, AttemptWithGuard, OrderGuard } from '../../../shared/attempts';
import { attemptIds, orderName, type OrderIds } from '../../../shared/order-ids';
import { orderStatusLabel } from '../../../shared/order-status';
import type { Instrument, Order } from '../../../shared/schemas';
import { errorText } from '../components/ErrorPanel';
import { call } from '../lib/desk';
import { useNow } from '../lib/useNow';
import { aboutOrder, namesOrder, useAmend, type Draft } from './amend-store';
import { loadBlockedReason, sendBlockedReason, sendHint, type SendHint } from './blocked-reasons';
import { draftIds, isReviewed, namedOrderIds, ruleDraft, shownReport } from './draft';
import { changesOrder, orderRef } from './followed-attempt';
import { guardOf } from './known-guards';
import { reviewNotice } from './review-notice';
import type { NoticeKind } from './status-display';
import { useDraftInstrument } from './useDraftInstrument';
import { useFollowedAttempt } from './useFollowedAttempt';

/** How often the rules see the time move (an instrument's scheduled halt). */
const CLOCK_STEP_MS = 1000;
const SENDING = 'Sending the modification…';

export interface AmendDesk {
  draft: Draft;
  report: AmendReport;
  instrument: Instrument | undefined;
  instrumentLoading: boolean;
  instrumentError: unknown;
  order: Order | undefined;
  orderGuard: OrderGuard;
  /** The attempt followed, while the draft names its order: an outcome is never shown beside another order. */
  attempt: Attempt | undefined;
  reviewing: boolean;
  showRequired: boolean;
  sendBlocked: string | null;
  /** The line under Send: why it is disabled, or the next step. */
  sendHint: SendHint;
  loadBlocked: string | null;
  loading: boolean;
  sending: boolean;
  loadError: unknown;
  /** Why the last send did not reach main, while the draft names the order it was for. */
  sendError: unknown;
  /** Counts the answers to sends, so the screen can move focus to the outcome when one arrives. */
  sendAnswers: number;
  notice: string;
  noticeKind: NoticeKind;
  load(ref?: OrderIds): void;
  review(): void;
  send(): void;
}

export function useAmendDesk(): AmendDesk {
  const qc = useQueryClient();
  const { draft, loaded, reviewed, showRequired, guards, notice, noticeKind, noticeAbout } = useAmend();
  const { loadGen, landedGen, reviewAsked } = useAmend();
  const { say } = useAmend.getState();
  const now = useNow(CLOCK_STEP_MS);
  const ins = useDraftInstrument(draft);
  const order = loaded && namesOrder(draft, loaded.order) ? loaded.order : undefined;

  const report = useMemo(
    () => checkAmend(ruleDraft(draft), { instrument: ins.instrument, instrumentNotFound: ins.notFound, order, now }),
    [draft, ins.instrument, ins.notFound, order, now],
  );

  // A load carries the number it was asked under: the store takes only the newest one's answer. A
  // quiet load refreshes the order after an outcome, only while that order is still the one loaded.
  const loadM = useMutation({
    mutationFn: ({ ref }: { ref: OrderIds; gen: number; quiet?: boolean }) => call('getOrder', ref),
    onSuccess: ({ order: o, guard }, { gen, quiet }) => {
      const s = useAmend.getState();
      s.noteGuard({ orderId: o.orderId, clientOid: o.clientOid }, guard);
      if (quiet) return s.refreshLoaded(o, guard);
      if (!s.landLoad(gen, o, guard) || s.reviewAsked === gen) return;
      const closed =
        o.orderStatus === 'filled' || o.orderStatus === 'cancelled' || o.reduceOnly?.toUpperCase() === 'YES';
      say(
        `Loaded order ${orderName(o)}: ${o.symbol} ${o.side ?? ''} ${o.qty ?? ''} @ ${o.price ?? ''}, ${orderStatusLabel(o.orderStatus).toLowerCase()}.`,
        closed ? 'warning' : 'info',
      );
    },
    onError: (e, { gen, quiet }) => {
      if (quiet) return;
      const s = useAmend.getState();
      if (s.failLoad(gen) && s.reviewAsked !== gen) say(`Could not load the order: ${errorText(e)}`, 'error');
    },
  });

  // Once an attempt settles, show the order as it now is, and clear an applied change for the next one.
  const { attempt, follow } = useFollowedAttempt((a: AttemptWithGuard) => {
    void qc.invalidateQueries({ queryKey: ['open-orders'] });
    if (a.status === 'applied') useAmend.getState().changeApplied(attemptIds(a));
    if (changesOrder(a)) loadM.mutate({ ref: orderRef(a), gen: useAmend.getState().loadGen, quiet: true });
  });

  const [sendAnswers, setSendAnswers] = useState(0);
  const sendM = useMutation({
    mutationFn: (request: AmendReport['request']) => call('sendModification', { request }),
    onMutate: (request) => useAmend.getState().sayAbout(request, SENDING, 'progress'),
    onSuccess: follow,
    onError: (e, request) => {
      // Main's own words may already say it ("Not sent: UTA Desk could not record this change — …").
      const why = errorText(e);
      useAmend.getState().sayAbout(request, /^Not sent\b/.test(why) ? why : `Not sent: ${why}`, 'error');
    },
    onSettled: () => setSendAnswers((n) => n + 1),
  });

  const loading = landedGen < loadGen;
  const guard = guardOf(guards, namedOrderIds(draft, order));
  const reviewing = isReviewed(reviewed, draft, report);
  // One message per field, as the form shows them: the line under Send names the same problem.
  const sendState = {
    sending: sendM.isPending,
    guard,
    report: { ok: report.ok, errors: report.problems },
    reviewed: reviewing,
  };
  const sendBlocked = sendBlockedReason(sendState);
  const hint = sendHint({ ...sendState, showRequired });
  // The send on its way or last answered, while the draft names its order.
  const sent = sendM.variables && namesOrder(draft, sendM.variables) ? sendM.variables : undefined;

  const doReview = () => {
    if (useAmend.getState().review(report.ok) === 'done') say('', 'info', 'review');
  };
  // A Review pressed while a load was on its way is done once that order has loaded and its
  // instrument is known: it reviews what Send would send for that order.
  const reviewDue = reviewAsked !== null && landedGen >= reviewAsked && !ins.pending;
  useEffect(() => {
    if (reviewDue) doReview();
  });

  let shownNotice = notice;
  let shownKind = noticeKind;
  if (sendM.isPending && sent) [shownNotice, shownKind] = [aboutOrder(sent, SENDING), 'progress'];
  else if (loading) [shownNotice, shownKind] = ['Loading the order…', 'progress'];
  else if (noticeAbout === 'review') [shownNotice, shownKind] = reviewNotice(report, reviewing);

  return {
    draft,
    report: shownReport(report, draft, ins.pending),
    instrument: ins.instrument,
    instrumentLoading: ins.pending,
    instrumentError: ins.error,
    order,
    orderGuard: guard,
    attempt: attempt && namesOrder(draft, attemptIds(attempt)) ? attempt : undefined,
    reviewing,
    showRequired,
    sendBlocked,
    sendHint: hint,
    loadBlocked: loadBlockedReason(draft),
    loading,
    sending: sendM.isPending,
    loadError: loading ? null : loadM.error,
    sendError: sent ? sendM.error : null,
    sendAnswers,
    notice: shownNotice,
    noticeKind: shownKind,
    load: (ref) => {
      const r = ref ?? draftIds(useAmend.getState().draft);
      if (!r.orderId && !r.clientOid) return;
      loadM.mutate({ ref: r, gen: useAmend.getState().startLoad() });
    },
    review: doReview,
    send: () => {
      if (!sendBlocked) sendM.mutate(report.request);
    },
  };
}
