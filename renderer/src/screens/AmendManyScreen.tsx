/**
 * Amend many: one rule applied to many open orders. Select the orders, state the rule, read the
 * preview (the shared planner: every row checked by the amend rules), confirm with the count and
 * the profile named, then follow the run main carries out to each item's outcome.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { guardLookup, planAmends, type AmendPlan } from '../../../shared/amend-plan';
import type { PlanRow } from '../../../shared/plan-row';
import { categorySchema, type ModifyOrderRequest } from '../../../shared/schemas';
import { appStatusQuery } from '../app/Header';
import { useNow } from '../lib/useNow';
import { useUi } from '../app/store';
import { ScreenHeader } from '../components/ScreenHeader';
import { useAmendMany } from '../amend-many/amend-many-store';
import { ConfirmPanel } from '../amend-many/ConfirmPanel';
import { ladderOrder, matchesFilter, orderKey } from '../amend-many/order-filter';
import { OrderPicker } from '../amend-many/OrderPicker';
import { PreviewTable } from '../amend-many/PreviewTable';
import { planRuleOf } from '../amend-many/rule-form';
import { RuleForm } from '../amend-many/RuleForm';
import { RunPanel } from '../amend-many/RunPanel';
import { useAllOpenOrders } from '../amend-many/use-open-orders';
import { usePlanInputs } from '../amend-many/use-plan-inputs';
import { UnfinishedRuns } from '../amend-many/UnfinishedRuns';
import { skippedOf } from '../../../shared/skipped-rows';
import { useControlRun, useRun, useStartRun, useUnfinishedRuns } from '../amend-many/use-run';
import '../amend/amend.css';
import '../amend-many/amend-many.css';

export function AmendManyScreen() {
  const prefill = useUi((s) => s.amendManyPrefill);
  const { filter, selected, rule, phase, runId, planned } = useAmendMany();
  const { takePrefill, setPhase, startedRun, newPlan } = useAmendMany.getState();
  const reviewButton = useRef<HTMLButtonElement>(null);

  // "Amend many…" and "Amend open orders of this symbol…" hand over their filter once.
  useEffect(() => {
    if (!prefill || useAmendMany.getState().prefillNonce === prefill.nonce) return;
    takePrefill(prefill.nonce, {
      ...(prefill.category ? { category: prefill.category } : {}),
      ...(prefill.symbol ? { symbol: prefill.symbol } : {}),
    });
  }, [prefill, takePrefill]);

  const category = categorySchema.safeParse(filter.category);
  const open = useAllOpenOrders(category.success ? category.data : undefined);
  const loaded = useMemo(() => open.data?.orders ?? [], [open.data]);
  // Main's guards as the orders were listed: an order in flight (here or on another desk), with an
  // unknown outcome or locked is refused in the preview in main's words, not only after Send.
  const guards = useMemo(() => guardLookup(open.data?.guards ?? {}), [open.data]);
  const shown = useMemo(() => ladderOrder(loaded.filter((o) => matchesFilter(o, filter))), [loaded, filter]);
  const chosen = useMemo(() => shown.filter((o) => selected.has(orderKey(o))), [shown, selected]);
  const inputs = usePlanInputs(chosen);
  // Instrument maintenance windows turn with the time; the minute is fine enough for a preview.
  const now = useNow(30_000);
  const planRule = useMemo(() => planRuleOf(rule), [rule]);
  const livePlan = useMemo(
    () =>
      planAmends({
        orders: chosen,
        instruments: inputs.instruments,
        market: inputs.market,
        rule: planRule,
        now,
        guards,
      }),
    [chosen, inputs.instruments, inputs.market, planRule, now, guards],
  );
  // The confirmation answers for the plan it showed: a reload behind it must not change what is sent.
  const [confirmed, setConfirmed] = useState<AmendPlan | null>(null);
  const plan = phase === 'confirm' && confirmed ? confirmed : livePlan;
  const touched =
    rule.priceValue.trim() !== '' ||
    rule.qtyValue.trim() !== '' ||
    (rule.priceMode === 'none' && rule.qtyMode === 'none');
  const profile = useQuery(appStatusQuery).data?.activeProfile;

  const start = useStartRun((run) => startedRun(run.id, plan.rows));
  const runQuery = useRun(phase === 'run' ? runId : null);
  const control = useControlRun(runId);
  const unfinished = useUnfinishedRuns(phase === 'plan');
  const plannedByKey = useMemo(
    () =>
      new Map<string, PlanRow>(planned.map((r) => [orderKey({ orderId: r.orderId, clientOid: r.clientOid ?? '' }), r])),
    [planned],
  );

  const canReview = plan.summary.toSend > 0 && !inputs.pending && plan.ruleErrors.length === 0;
  const reviewBlock = inputs.pending
    ? 'Loading the instruments of the selected orders…'
    : chosen.length === 0
      ? 'Select at least one open order.'
      : plan.ruleErrors.length
        ? 'Fix the rule first.'
        : plan.summary.toSend === 0
          ? 'No selected order is ready to send.'
          : '';

  // A second press before the first one's render (a double click) would start a second run: main's
  // guards refuse all its items, and the screen would follow that run of refusals, not the one sent.
  const starting = useRef(false);
  const send = () => {
    if (starting.current) return;
    starting.current = true;
    const items = plan.rows
      .filter((r) => r.status === 'ready' && r.request)
      .map((r) => r.request as ModifyOrderRequest);
    // Every row of the preview goes with the run, so its summary accounts for each selected order.
    start.mutate(
      { items, skipped: skippedOf(plan.rows) },
      {
        onSettled: () => {
          starting.current = false;
        },
      },
    );
  };

  const locked = phase !== 'plan';
  return (
    <section className="screen am-screen" aria-label="Amend many">
      <ScreenHeader
        title="Amend many"
        subtitle="One rule for many open orders: every order is checked and previewed before anything is sent, and followed until its outcome is known."
      />
      {phase === 'run' ? (
        <RunPanel
          run={runQuery.data}
          planned={plannedByKey}
          error={runQuery.error}
          controlling={control.isPending}
          controlError={control.error}
          onControl={(action) => control.mutate(action)}
          onNewPlan={() => {
            newPlan();
            void unfinished.refetch();
            void open.refetch();
            // The summary is gone: the operator starts again from the filter.
            requestAnimationFrame(() => document.getElementById('am-category')?.focus());
          }}
        />
      ) : (
        <>
          <UnfinishedRuns runs={unfinished.data?.runs ?? []} onOpen={(id) => startedRun(id, [])} />
          <div className="am-top">
            <OrderPicker
              loaded={loaded}
              shown={shown}
              truncated={open.data?.truncated ?? false}
              loading={open.isPending}
              fetching={open.isFetching}
              error={open.error}
              refetch={() => void open.refetch()}
              locked={locked}
            />
            <RuleForm problems={touched ? plan.ruleErrors : []} locked={locked} />
          </div>
          {inputs.instrumentsError ? (
            <p className="amend-banner danger" role="alert">
              The instruments of the selected orders could not be loaded: their rows are excluded until they are.
            </p>
          ) : null}
          {inputs.tickersError ? (
            <p className="amend-banner warn" role="note">
              Market prices could not be read: the price-band warning is not checked in this preview.
            </p>
          ) : null}
          <PreviewTable plan={plan} pending={inputs.pending && chosen.length > 0} />
          {phase === 'confirm' ? (
            <ConfirmPanel
              summary={plan.summary}
              profile={profile}
              autoCancel={rule.autoCancel}
              sending={start.isPending}
              error={start.error}
              onSend={send}
              onBack={() => {
                start.reset();
                setPhase('plan');
                requestAnimationFrame(() => reviewButton.current?.focus());
              }}
            />
          ) : (
            <div className="am-review-bar">
              <span className={`am-review-reason${canReview ? ' ready' : ''}`} id="am-review-reason">
                {canReview
                  ? `${plan.summary.toSend} modification${plan.summary.toSend === 1 ? '' : 's'} ready. Nothing is sent before you confirm.`
                  : reviewBlock}
              </span>
              <button
                type="button"
                className="button primary"
                ref={reviewButton}
                disabled={!canReview}
                aria-describedby="am-review-reason"
                onClick={() => {
                  setConfirmed(livePlan);
                  start.reset();
                  setPhase('confirm');
                }}
              >
                Review and send…
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
