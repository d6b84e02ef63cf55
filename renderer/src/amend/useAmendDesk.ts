/**
 * The amend screen's state and actions, put together: the draft checked by the same rules main
 * runs, the order it names with main's guard on it, the attempt being followed, and Load order /
 * Review / Send. Main decides every guard; the desk shows it and keeps Send from what main would refuse.
 */
import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkAmend, type AmendReport } from '../../../shared/amend-rules';
import type { Attempt, AttemptWithGuard, OrderGuard } from '../../../shared/attempts';
import type { OrderIds } from '../../../shared/order-ids';
import { categorySchema, type Instrument, type Order } from '../../../shared/schemas';
import { errorText } from '../components/ErrorPanel';
import { call } from '../lib/desk';
import { useNow } from '../lib/useNow';
import { useAmend, type Draft } from './amend-store';
import { loadBlockedReason, sendBlockedReason } from './blocked-reasons';
import { draftIds, isReviewed, loadedMatches, namedOrderIds, ruleDraft, shownReport } from './draft';
import { changesOrder, orderRef } from './followed-attempt';
import { guardOf } from './known-guards';
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
  attempt: Attempt | undefined;
  reviewing: boolean;
  showRequired: boolean;
  sendBlocked: string | null;
  loadBlocked: string | null;
  loading: boolean;
  sending: boolean;
  loadError: unknown;
  sendError: unknown;
  notice: string;
  load(ref?: OrderIds): void;
  review(): void;
  send(): void;
}

export function useAmendDesk(): AmendDesk {
  const qc = useQueryClient();
  const { draft, loaded, reviewed, showRequired, guards, notice } = useAmend();
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
      setLoaded({ order: o, guard, at: Date.now() });
      noteGuard({ orderId: o.orderId, clientOid: o.clientOid }, guard);
      const cat = categorySchema.safeParse(o.category);
      const d = useAmend.getState().draft;
      if (!d.orderId.trim() && !d.clientOid.trim()) {
        setDraft({ clientOid: o.clientOid || '', orderId: o.clientOid ? '' : o.orderId });
      }
      if (cat.success && (d.category !== cat.data || d.symbol !== o.symbol)) {
        setDraft({ category: cat.data, symbol: o.symbol });
      }
      if (!quiet) {
        say(
          `Loaded order ${o.clientOid || o.orderId}: ${o.symbol} ${o.side ?? ''} ${o.qty ?? ''} @ ${o.price ?? ''}, ${o.orderStatus}.`,
        );
      }
    },
    onError: (e, { quiet }) => {
      if (!quiet) say(`Could not load the order: ${errorText(e)}`);
    },
  });

  // Once an attempt settles, show the order as it now is, and clear an applied change for the next one.
  const { attempt, follow } = useFollowedAttempt((a: AttemptWithGuard) => {
    void qc.invalidateQueries({ queryKey: ['open-orders'] });
    if (a.status === 'applied') setDraft({ qty: '', price: '' });
    if (changesOrder(a)) loadM.mutate({ ref: orderRef(a), quiet: true });
  });

  const sendM = useMutation({
    mutationFn: () => call('sendModification', { request: report.request }),
    onMutate: () => say('Sending the modification…'),
    onSuccess: follow,
    onError: (e) => say(`Not sent: ${errorText(e)}`),
  });

  const guard = guardOf(guards, namedOrderIds(draft, order));
  const reviewing = isReviewed(reviewed, draft, report);
  const sendBlocked = sendBlockedReason({ sending: sendM.isPending, guard, report, reviewed: reviewing });

  let shownNotice = notice;
  if (sendM.isPending) shownNotice = 'Sending the modification…';
  else if (loadM.isPending && !loadM.variables?.quiet) shownNotice = 'Loading the order…';

  return {
    draft,
    report: shownReport(report, draft, ins.pending),
    instrument: ins.instrument,
    instrumentLoading: ins.pending,
    instrumentError: ins.error,
    order,
    orderGuard: guard,
    attempt,
    reviewing,
    showRequired,
    sendBlocked,
    loadBlocked: loadBlockedReason(draft),
    loading: loadM.isPending,
    sending: sendM.isPending,
    loadError: loadM.error,
    sendError: sendM.error,
    notice: shownNotice,
    load: (ref) => {
      const r = ref ?? draftIds(useAmend.getState().draft);
      if (r.orderId || r.clientOid) loadM.mutate({ ref: r });
    },
    review: () => {
      useAmend.getState().review(report.ok);
      say(
        report.ok
          ? 'Review the change below, then Send modification.'
          : `Not ready: ${report.errors.map((e) => e.message).join('; ')}`,
      );
    },
    send: () => {
      if (!sendBlocked) sendM.mutate();
    },
  };
}
