/**
 * The amend screen's state and actions, put together: the draft checked by the same rules main
 * runs, the order it names with main's guard on it, the attempt being followed, and Load order /
 * Review / Send. Main decides every guard; the desk shows it and keeps Send from what main would refuse.
 */
import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkAmend, type AmendReport } from '../../../shared/amend-rules';
import type { Attempt, AttemptWithGuard, OrderGuard } from '../../../shared/attempts';
import { attemptIds, type OrderIds } from '../../../shared/order-ids';
import { categorySchema, type Instrument, type Order } from '../../../shared/schemas';
import { errorText } from '../components/ErrorPanel';
import { call } from '../lib/desk';
import { useNow } from '../lib/useNow';
import { useAmend, type Draft } from './amend-store';
import { loadBlockedReason, sendBlockedReason, sendHint, type SendHint } from './blocked-reasons';
import { draftIds, isReviewed, loadedMatches, namedOrderIds, namesSameOrder, ruleDraft, shownReport } from './draft';
import { changesOrder, orderRef } from './followed-attempt';
import { guardOf } from './known-guards';
import type { NoticeKind } from './status-display';
import { useDraftInstrument } from './useDraftInstrument';
import { useFollowedAttempt } from './useFollowedAttempt';

/** How often the rules see the time move (an instrument's scheduled halt). */
const CLOCK_STEP_MS = 1000;

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
  const { draft, loaded, reviewed, showRequired, guards, notice, noticeKind } = useAmend();
  const { setLoaded, setDraft, noteGuard, say } = useAmend.getState();
  const now = useNow(CLOCK_STEP_MS);
  const ins = useDraftInstrument(draft);
  const order = loaded && loadedMatches(loaded.order, draft) ? loaded.order : undefined;

  const report = useMemo(
    () => checkAmend(ruleDraft(draft), { instrument: ins.instrument, instrumentNotFound: ins.notFound, order, now }),
    [draft, ins.instrument, ins.notFound, order, now],
  );

  // A quiet load refreshes the order after an outcome without replacing the outcome in the status line.
  const loadM = useMutation({
    mutationFn: ({ ref }: { ref: OrderIds; quiet?: boolean }) => call('getOrder', ref),
    onSuccess: ({ order: o, guard }, { quiet }) => {
      noteGuard({ orderId: o.orderId, clientOid: o.clientOid }, guard);
      const d = useAmend.getState().draft;
      // A refresh after an outcome must not replace an order the operator has loaded since.
      if (quiet && !loadedMatches(o, d)) return;
      setLoaded({ order: o, guard, at: Date.now() });
      const cat = categorySchema.safeParse(o.category);
      if (!d.orderId.trim() && !d.clientOid.trim()) {
        setDraft({ clientOid: o.clientOid || '', orderId: o.clientOid ? '' : o.orderId });
      }
      if (cat.success && (d.category !== cat.data || d.symbol !== o.symbol)) {
        setDraft({ category: cat.data, symbol: o.symbol });
      }
      if (!quiet) {
        const closed = o.orderStatus === 'filled' || o.orderStatus === 'cancelled';
        say(
          `Loaded order ${o.clientOid || o.orderId}: ${o.symbol} ${o.side ?? ''} ${o.qty ?? ''} @ ${o.price ?? ''}, ${o.orderStatus}.`,
          closed ? 'warning' : 'info',
        );
      }
    },
    onError: (e, { quiet }) => {
      if (!quiet) say(`Could not load the order: ${errorText(e)}`, 'error');
    },
  });

  // Once an attempt settles, show the order as it now is, and clear an applied change for the next one.
  const { attempt, follow } = useFollowedAttempt((a: AttemptWithGuard) => {
    void qc.invalidateQueries({ queryKey: ['open-orders'] });
    if (a.status === 'applied') setDraft({ qty: '', price: '' });
    if (changesOrder(a)) loadM.mutate({ ref: orderRef(a), quiet: true });
  });

  const [sendAnswers, setSendAnswers] = useState(0);
  const sendM = useMutation({
    mutationFn: (request: AmendReport['request']) => call('sendModification', { request }),
    onMutate: () => say('Sending the modification…', 'progress'),
    onSuccess: follow,
    onError: (e) => {
      // Main's own words may already say it ("Not sent: UTA Desk could not record this change — …").
      const why = errorText(e);
      say(/^Not sent\b/.test(why) ? why : `Not sent: ${why}`, 'error');
    },
    onSettled: () => setSendAnswers((n) => n + 1),
  });

  const guard = guardOf(guards, namedOrderIds(draft, order));
  const reviewing = isReviewed(reviewed, draft, report);
  const sendState = { sending: sendM.isPending, guard, report, reviewed: reviewing };
  const sendBlocked = sendBlockedReason(sendState);
  const sent = sendM.variables;

  let shownNotice = notice;
  let shownKind = noticeKind;
  if (sendM.isPending) [shownNotice, shownKind] = ['Sending the modification…', 'progress'];
  else if (loadM.isPending && !loadM.variables?.quiet) [shownNotice, shownKind] = ['Loading the order…', 'progress'];

  return {
    draft,
    report: shownReport(report, draft, ins.pending),
    instrument: ins.instrument,
    instrumentLoading: ins.pending,
    instrumentError: ins.error,
    order,
    orderGuard: guard,
    attempt: attempt && namesSameOrder(attemptIds(attempt), draft) ? attempt : undefined,
    reviewing,
    showRequired,
    sendBlocked,
    sendHint: sendHint({ ...sendState, showRequired }),
    loadBlocked: loadBlockedReason(draft),
    loading: loadM.isPending,
    sending: sendM.isPending,
    loadError: loadM.error,
    sendError: sent && namesSameOrder(sent, draft) ? sendM.error : null,
    sendAnswers,
    notice: shownNotice,
    noticeKind: shownKind,
    load: (ref) => {
      const r = ref ?? draftIds(useAmend.getState().draft);
      if (r.orderId || r.clientOid) loadM.mutate({ ref: r });
    },
    review: () => {
      useAmend.getState().review(report.ok);
      if (report.ok) say('Review the change below, then Send modification.', 'info');
      else say(`Not ready: ${report.errors.map((e) => e.message).join('; ')}`, 'warning');
    },
    send: () => {
      if (!sendBlocked) sendM.mutate(report.request);
    },
  };
}
