/**
 * An amend-many run as one entry of the Activity list: when it ran, on which profile, how many
 * items and how it ended. Its button opens the items (each a full attempt, paged from main) beneath
 * it. What main knows of the run (its summary: how it ended, items never sent) says its status and
 * fills its bar; a run main no longer keeps a summary of is told from its attempts' counts.
 */
import { STATUS_LABELS } from '../../../shared/attempt-search';
import { runBarValue, runProgressWords, runStatusWords, type RunSummary } from '../../../shared/batch-run';
import { runCountWords, type RunEntry } from '../../../shared/activity-entries';
import { formatDuration, formatTime } from '../amend/status-display';
import { RunRevert } from './RevertAction';
import { runBadge } from './run-groups';
import { ProfileSourceCell } from './ProfileSourceCell';

export function RunRow({
  run: g,
  summary,
  open,
  onToggle,
}: {
  run: RunEntry;
  summary: RunSummary | undefined;
  open: boolean;
  onToggle(): void;
}) {
  const size = summary?.counts.total ?? g.size;
  // With a search, the run is listed because some of its items match: opened, it lists those.
  const shown = g.matching === undefined ? `${size} items` : `${size} items · ${g.matching} matching`;
  const badge = runBadge(summary, g);
  const finishedAt = summary ? summary.finishedAt : g.finishedAt;
  return (
    <tr className="activity-run" data-run-id={g.id}>
      <td>
        <div className="num">{formatTime(g.startedAt).slice(11)}</div>
        <div className="activity-sub">{formatTime(g.startedAt).slice(0, 10)}</div>
      </td>
      <ProfileSourceCell environment={g.environment} profileName={g.profileName} source={summary?.source ?? g.source} />
      <td className="activity-order">
        <button
          type="button"
          className="activity-run-toggle"
          aria-expanded={open}
          onClick={onToggle}
          title={`Run ${g.id}`}
        >
          <span className="activity-run-caret" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          Amend many · {shown}
        </button>
        <div className="activity-sub mono">run {g.id}</div>
        <RunRevert summary={summary} />
      </td>
      <td className="activity-change">
        {summary ? (
          <>
            <div className="activity-run-words">{runStatusWords(summary)}</div>
            <div className="activity-run-bar">
              <div
                className="activity-run-meter"
                role="progressbar"
                aria-label={`Run ${g.id} progress`}
                aria-valuemin={0}
                aria-valuemax={summary.counts.total}
                aria-valuenow={runBarValue(summary)}
                aria-valuetext={runProgressWords(summary)}
              >
                <div
                  className="activity-run-fill"
                  style={{
                    width: `${summary.counts.total ? Math.round((runBarValue(summary) / summary.counts.total) * 100) : 0}%`,
                  }}
                />
              </div>
              <span className="num activity-sub" aria-hidden="true">
                {runBarValue(summary)} / {summary.counts.total}
              </span>
            </div>
          </>
        ) : (
          runCountWords(g.counts, STATUS_LABELS)
        )}
      </td>
      <td className="muted">—</td>
      <td>
        <span className={`badge ${badge.badge}`}>{badge.label}</span>
      </td>
      <td className="num">{formatDuration(finishedAt === undefined ? undefined : finishedAt - g.startedAt)}</td>
    </tr>
  );
}
