/**
 * "Revert…" on a finished run (its Activity row) and on an applied amend (its detail panel), with
 * the links both ways: what a revert run undoes, and what undid this one.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attempt } from '../../../shared/attempts';
import { runStatusWords, type RunSummary } from '../../../shared/batch-run';
import type { RevertSource } from '../../../shared/revert';
import { call } from '../lib/desk';
import { useUi } from '../app/store';
import { useRun } from '../amend-many/use-run';
import { RevertDialog, revertSubject } from './RevertDialog';
import { RevertLinkWords, shortId } from './RevertLinkWords';

function RevertButton({ source, label }: { source: RevertSource; label: string }) {
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState<string | undefined>();
  return (
    <>
      <button type="button" className="button revert-button" aria-label={label} onClick={() => setOpen(true)}>
        Revert…
      </button>
      {open ? (
        <RevertDialog
          source={source}
          onClose={() => setOpen(false)}
          onStarted={(runId) => {
            setOpen(false);
            setStarted(runId);
          }}
        />
      ) : null}
      {started ? <RevertStarted source={source} runId={started} /> : null}
    </>
  );
}

/**
 * Where a revert that was just started went, and how far it is: followed here (as Amend many follows
 * it), its row in this list kept current, and Amend many one press away.
 */
function RevertStarted({ source, runId }: { source: RevertSource; runId: string }) {
  const client = useQueryClient();
  const run = useRun(runId);
  // The list learns of the run once its first batch is in the log, and of each change after: only
  // when the run changed (react-query keeps the same object for an unchanged answer), not every poll.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: ['activity'] });
  }, [client, run.data]);
  return (
    <p className="revert-started field-hint" role="status" aria-label="Revert started">
      Revert {revertSubject(source)} started as run {shortId(runId)}: its progress is at the top of this list.{' '}
      {run.data ? <span className="revert-started-words">{runStatusWords(run.data)}.</span> : null}{' '}
      <button type="button" className="button" onClick={() => useUi.getState().setView('amend-many')}>
        Follow it on Amend many
      </button>
    </p>
  );
}

/** Under a run's name in Activity: its links, and Revert… once it is finished. */
export function RunRevert({ summary }: { summary: RunSummary | undefined }) {
  if (!summary) return null;
  const finished = summary.finishedAt !== undefined && summary.counts.applied > 0;
  return (
    <div className="revert-run">
      <RevertLinkWords run={summary} />
      {finished ? <RevertButton source={{ runId: summary.id }} label={`Revert run ${shortId(summary.id)}…`} /> : null}
    </div>
  );
}

/** In an applied amend's details: Revert…, and the runs that reverted it. */
export function AttemptRevert({ attempt }: { attempt: Attempt }) {
  const links = useQuery({
    queryKey: ['revert-links', attempt.id],
    queryFn: () => call('getRevertLinks', { attemptId: attempt.id }),
  });
  const by = links.data?.revertedBy ?? [];
  return (
    <div className="activity-check">
      <RevertButton source={{ attemptId: attempt.id }} label={`Revert this amend…`} />
      <span className="field-hint">
        {by.length
          ? `Reverted by run${by.length === 1 ? '' : 's'} ${by.map((r) => shortId(r.id)).join(', ')}.`
          : 'Previews setting the order back to its values before this amend; nothing is sent before you confirm.'}
      </span>
    </div>
  );
}
