/** A run's links with what it reverts and what reverted it, in words ("Reverts run 1a2b3c4d"). */
import type { RunSummary } from '../../../shared/batch-run';

/** The first 8 characters of an id: enough to tell runs apart on screen; the full id is its title. */
export const shortId = (id: string) => id.slice(0, 8);

export function RevertLinkWords({ run }: { run: Pick<RunSummary, 'reverts' | 'revertedBy'> }) {
  const by = run.revertedBy ?? [];
  if (!run.reverts && by.length === 0) return null;
  return (
    <span className="revert-links">
      {run.reverts ? (
        <span title={`${run.reverts.kind === 'run' ? 'Run' : 'Attempt'} ${run.reverts.id}`}>
          Reverts {run.reverts.kind === 'run' ? 'run' : 'amend'} <span className="mono">{shortId(run.reverts.id)}</span>
        </span>
      ) : null}
      {by.length ? (
        <span title={by.map((id) => `Run ${id}`).join('\n')}>
          Reverted by run{by.length === 1 ? '' : 's'} <span className="mono">{by.map(shortId).join(', ')}</span>
        </span>
      ) : null}
    </span>
  );
}
