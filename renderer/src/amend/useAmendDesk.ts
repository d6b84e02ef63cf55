/**
 * Everything the amend screen derives from its state: the instrument, the rule report (the same
 * checkAmend main runs), the attempt being followed, whether Send is allowed and why not, and the
 * actions Load order / Review / Send.
 */
import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkAmend, type AmendReport } from '../../../shared/amend-rules';
import { FINAL_STATUSES, type Attempt, type OrderGuard } from '../../../shared/attempts';
import { explainCode } from '../../../shared/errors';
import { categorySchema, type Category, type Instrument, type Order } from '../../../shared/schemas';
import { errorText } from '../components/ErrorPanel';
import { call } from '../lib/desk';
import { attemptIds, draftKey, guardFor, useAmend, type Draft } from './amend-store';
import { STATUS_LABELS } from './labels';

const ATTEMPT_POLL_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

export function draftIds(d: Draft): { orderId?: string; clientOid?: string } {
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

/** "Following: Accepted by …", without repeating a label the summary already starts with. */
export function statusLine(a: Attempt): string {
  const label = STATUS_LABELS[a.status];
  return a.summary.toLowerCase().startsWith(label.toLowerCase()) ? a.summary : `${label}: ${a.summary}`;
}

export const isFinalAttempt = (a: Attempt | undefined): boolean => !!a && FINAL_STATUSES.includes(a.status);

function guardAfter(a: Attempt): OrderGuard {
  if (a.status === 'cancelled' || a.error?.code === '25573') {
    return {
      state: 'locked',
      attemptId: a.id,
      reason: 'Cancelled by auto-cancel after a failed modification: it can no longer be modified.',
    };
  }
  if (a.status === 'unknown') {
    return {
      state: 'unknown',
      attemptId: a.id,
      reason: 'The outcome of the last modification is unknown: Load order to check it first.',
    };
  }
  if (a.status === 'sending' || a.status === 'following') {
    return {
      state: 'in-flight',
      attemptId: a.id,
      reason: 'A modification of this order is in progress: wait for its result.',
    };
  }
  return { state: 'free' };
}

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
  load(ref?: { orderId?: string; clientOid?: string }): void;
  review(): void;
  send(): void;
}

export function useAmendDesk(): AmendDesk {
  const qc = useQueryClient();
  const { draft, loaded, reviewed, showRequired, attemptId, guards } = useAmend();
  const { setLoaded, setDraft, noteGuard, setAttempt } = useAmend.getState();
  const [notice, setNotice] = useState('Ready: name an order and the change, then Review.');

  // --- the instrument, for the rules that need it ---
  const symbol = useDebounced(draft.symbol.trim().toUpperCase(), 300);
  const category = draft.category;
  const instrumentQ = useQuery({
    queryKey: ['amend-instrument', category, symbol],
    queryFn: () => call('listInstruments', { category: category as Category, symbol }),
    enabled: category !== '' && symbol !== '',
    staleTime: 60_000,
  });
  const current = symbol === draft.symbol.trim().toUpperCase();
  const instrument = current
    ? instrumentQ.data?.instruments.find((i) => i.symbol === symbol && i.category === category)
    : undefined;
  const instrumentNotFound = current && instrumentQ.isSuccess && !instrument;
  const instrumentPending = category !== '' && draft.symbol.trim() !== '' && (!current || instrumentQ.isFetching);

  // --- the order, when the loaded one is the one named ---
  const order = loaded && loadedMatches(loaded.order, draft) ? loaded.order : undefined;

  const report = useMemo(
    () =>
      checkAmend(
        {
          ...draft,
          symbol: draft.symbol.trim().toUpperCase(),
          category: draft.category || undefined,
          autoCancel: draft.autoCancel ? 'yes' : 'no',
        },
        { instrument, instrumentNotFound, order, now: Date.now() },
      ),
    [draft, instrument, instrumentNotFound, order],
  );
  // While the instrument is being fetched, "unknown" would be misleading: it is about to be known.
  const untouched = !draft.orderId.trim() && !draft.clientOid.trim() && !draft.qty.trim() && !draft.price.trim();
  const shownReport = untouched
    ? { ...report, warnings: [] }
    : instrumentPending
      ? { ...report, warnings: report.warnings.filter((w) => w.rule !== 'instrument-unknown') }
      : report;

  // --- the attempt being followed ---
  const attemptQ = useQuery({
    queryKey: ['attempt', attemptId],
    queryFn: () => call('getAttempt', { id: attemptId as string }),
    enabled: attemptId !== null,
    staleTime: 0,
    refetchInterval: (q) => (isFinalAttempt(q.state.data) ? false : ATTEMPT_POLL_MS),
  });
  const attempt = attemptQ.data;

  // A quiet load refreshes the order after an outcome without replacing the outcome in the status line.
  const loadM = useMutation({
    mutationFn: ({ ref }: { ref: { orderId?: string; clientOid?: string }; quiet?: boolean }) => call('getOrder', ref),
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
        setNotice(
          `Loaded order ${o.clientOid || o.orderId}: ${o.symbol} ${o.side ?? ''} ${o.qty ?? ''} @ ${o.price ?? ''}, ${o.orderStatus}.`,
        );
      }
    },
    onError: (e, { quiet }) => {
      if (!quiet) setNotice(`Could not load the order: ${errorText(e)}`);
    },
  });

  const sendM = useMutation({
    mutationFn: () => call('sendModification', { request: report.request }),
    onMutate: () => setNotice('Sending the modification…'),
    onSuccess: (a) => {
      qc.setQueryData(['attempt', a.id], a);
      setAttempt(a.id);
      noteGuard(attemptIds(a), guardAfter(a));
      setNotice(statusLine(a));
    },
    onError: (e) => setNotice(`Not sent: ${errorText(e)}`),
  });

  // When the attempt settles: remember what it means for the order, and show the order as it now is.
  const settledId = isFinalAttempt(attempt) ? attempt?.id : undefined;
  useEffect(() => {
    if (!attempt || !settledId) return;
    noteGuard(attemptIds(attempt), guardAfter(attempt));
    const code = attempt.error?.code;
    const explained = code && attempt.status !== 'rejected' ? explainCode(code) : undefined;
    setNotice(`${statusLine(attempt)}${explained ? ` ${explained}` : ''}`);
    const reload = ['applied', 'failed', 'cancelled'].includes(attempt.status) || code === '25573';
    void qc.invalidateQueries({ queryKey: ['open-orders'] });
    if (attempt.status === 'applied') setDraft({ qty: '', price: '' });
    if (reload) {
      const ids = attemptIds(attempt);
      loadM.mutate({ ref: ids.orderId ? { orderId: ids.orderId } : { clientOid: ids.clientOid }, quiet: true });
    }
    // Only the settling of a new attempt matters here, not every re-render of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledId]);

  useEffect(() => {
    if (attempt && !isFinalAttempt(attempt)) setNotice(statusLine(attempt));
  }, [attempt]);

  // --- may it be sent? ---
  const named = draftIds(draft);
  const allIds = { orderId: named.orderId ?? order?.orderId, clientOid: named.clientOid ?? order?.clientOid };
  const guard = guardFor(guards, allIds);
  const attemptOpen = attempt && !isFinalAttempt(attempt) ? attempt : undefined;
  const sameOrder =
    attemptOpen &&
    ((allIds.orderId && attemptIds(attemptOpen).orderId === allIds.orderId) ||
      (allIds.clientOid && attemptIds(attemptOpen).clientOid === allIds.clientOid));
  const reviewing = reviewed !== null && reviewed === draftKey(draft) && report.ok;

  let sendBlocked: string | null = null;
  if (sendM.isPending) sendBlocked = 'Sending…';
  else if (sameOrder) sendBlocked = 'A modification of this order is in progress: wait for its result.';
  else if (guard.state !== 'free') sendBlocked = guard.reason ?? 'This order cannot be modified now.';
  else if (!report.ok) sendBlocked = report.errors[0]?.message ?? 'Fix the problems above first.';
  else if (!reviewing) sendBlocked = 'Review the change first.';

  const loadBlocked = !named.orderId && !named.clientOid ? 'Give an Order ID or a Client order ID.' : null;

  let shownNotice = notice;
  if (sendM.isPending) shownNotice = 'Sending the modification…';
  else if (loadM.isPending && !loadM.variables?.quiet) shownNotice = 'Loading the order…';

  return {
    draft,
    report: shownReport,
    instrument,
    instrumentLoading: instrumentPending,
    instrumentError: current && instrumentQ.isError ? instrumentQ.error : undefined,
    order,
    orderGuard: guard,
    attempt,
    reviewing,
    showRequired,
    sendBlocked,
    loadBlocked,
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
      setNotice(
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
