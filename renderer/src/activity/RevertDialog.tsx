/**
 * Revert…: the undoing of a finished run or of one applied amend, previewed and confirmed as Amend
 * many's are (its preview table and its confirmation, the count, the profile, red for live, and the
 * run or amend being reverted named). Main reads every applied order fresh for the preview; what
 * changed since is excluded with why. Once started, the revert is a run like any other: the dialog
 * closes and the operator stays in Activity, where the run's progress is at the top of the list
 * (RevertAction says so, with the way to Amend many, which follows it too).
 */
import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { summarize, type AmendPlan } from '../../../shared/amend-plan';
import type { PlanRow } from '../../../shared/plan-row';
import { ENVIRONMENT_LABELS } from '../../../shared/profiles';
import type { RevertPreview, RevertSource } from '../../../shared/revert';
import type { RevertRow } from '../../../shared/revert-rules';
import { revertSkippedOf } from '../../../shared/skipped-rows';
import { ConfirmPanel } from '../amend-many/ConfirmPanel';
import { useAmendMany } from '../amend-many/amend-many-store';
import { PreviewTable } from '../amend-many/PreviewTable';
import { runKey } from '../amend-many/use-run';
import { ErrorPanel } from '../components/ErrorPanel';
import { call } from '../lib/desk';
import { Modal } from '../screens/profiles/Modal';
import { shortId } from './RevertLinkWords';
import { formatTime } from '../amend/status-display';
import '../amend/amend.css';
import '../amend-many/amend-many.css';
import './revert.css';

export function revertSubject(source: RevertSource): string {
  return source.runId !== undefined ? `run ${shortId(source.runId)}` : `amend ${shortId(source.attemptId ?? '')}`;
}

export function RevertDialog({
  source,
  onClose,
  onStarted,
}: {
  source: RevertSource;
  onClose(): void;
  /** The revert run started: its id. */
  onStarted(runId: string): void;
}) {
  const client = useQueryClient();
  const subject = revertSubject(source);
  const preview = useQuery({
    queryKey: ['revert-preview', source.runId ?? '', source.attemptId ?? ''],
    queryFn: () => call('previewRevert', source),
    // Each opening reads the orders again: a preview is a look at them now.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const plan = useMemo<AmendPlan | undefined>(() => {
    if (!preview.data) return undefined;
    const rows = preview.data.rows as PlanRow[];
    return { rows, summary: summarize(rows), ruleErrors: [] };
  }, [preview.data]);
  const start = useMutation({
    mutationFn: (p: RevertPreview) =>
      call('startRevert', {
        ...source,
        send: p.rows.filter((r) => r.status === 'ready').map((r) => r.attemptId),
        skipped: revertSkippedOf(p.rows as RevertRow[]),
      }),
    onSuccess: (run) => {
      client.setQueryData(runKey(run.id), run);
      void client.invalidateQueries({ queryKey: ['activity'] });
      void client.invalidateQueries({ queryKey: ['activity-runs'] });
      useAmendMany.getState().startedRun(run.id, plan?.rows ?? []);
      onStarted(run.id);
    },
  });
  const s = preview.data?.source;
  const live = s?.environment === 'live';
  const blocked = preview.data?.blocked;
  return (
    <Modal labelledBy="revert-title" describedBy="revert-what" className="revert-modal" onClose={onClose}>
      <div className="revert-head">
        <h2 id="revert-title" className="pf-modal-title">
          Revert {subject}
        </h2>
        <button type="button" className="button" aria-label="Close revert" title="Close (Escape)" onClick={onClose}>
          ×
        </button>
      </div>
      <p id="revert-what" className="revert-what">
        Sets each applied order back to its price and quantity before the {source.runId ? 'run' : 'amend'}. Orders
        filled, cancelled or modified since are left as they are.
        {s ? (
          <>
            {' '}
            <span className={`amend-env env-${s.environment}`}>{ENVIRONMENT_LABELS[s.environment]}</span> profile{' '}
            {s.profileName} · {s.label} · started {formatTime(s.startedAt)}
          </>
        ) : null}
      </p>
      {preview.data?.revertedBy.length ? (
        <p className="revert-what muted">
          Reverted before by run{preview.data.revertedBy.length === 1 ? '' : 's'}{' '}
          <span className="mono">{preview.data.revertedBy.map((r) => shortId(r.id)).join(', ')}</span>
        </p>
      ) : null}
      {preview.isPending ? (
        <p role="status" className="muted">
          Reading the orders as they are now…
        </p>
      ) : null}
      {preview.error ? <ErrorPanel error={preview.error} title="Could not preview the revert" /> : null}
      {blocked ? (
        <p className="amend-banner warn" role="alert">
          {blocked}
        </p>
      ) : null}
      {plan ? (
        <PreviewTable
          plan={plan}
          pending={false}
          title="Preview: back to the earlier values"
          empty="Nothing of it was applied: there is nothing to revert."
        />
      ) : null}
      {plan && preview.data && !blocked && plan.summary.toSend > 0 ? (
        <ConfirmPanel
          summary={plan.summary}
          profile={s ? { environment: s.environment, name: s.profileName } : undefined}
          subject={`to revert ${subject}`}
          autoCancel={false}
          sending={start.isPending}
          error={start.error}
          onSend={() => start.mutate(preview.data)}
          onBack={onClose}
        />
      ) : null}
      {plan && plan.summary.toSend === 0 ? (
        <p className="revert-what" role="status">
          No order can go back now: see why on each row.{' '}
          {live ? 'Nothing was sent to the live account.' : 'Nothing was sent.'}
        </p>
      ) : null}
    </Modal>
  );
}
