/**
 * An amend-many run as one entry of the Activity list: when it ran, on which profile, how many
 * items and how it ended. Its button opens the items (each a full attempt) beneath it. What main
 * knows of the run (its summary: how it ended, items never sent) says its status and fills its bar;
 * a run main no longer knows is told from its attempts.
 */
import { STATUS_LABELS } from '../../../shared/attempt-search';
import { runBarValue, runProgressWords, runStatusWords, type RunSummary } from '../../../shared/batch-run';
import { formatDuration, formatTime, STATUS_BADGES } from '../amend/status-display';
import { runBadge, runCountWords, runHeadline, type RunGroup } from './run-groups';
import { ProfileSourceCell } from './ProfileSourceCell';

export function RunRow({
  group: g,
  summary,
  open,
  onToggle,
}: {
  group: RunGroup;
  summary: RunSummary | undefined;
  open: boolean;
  onToggle(): void;
}) {
  const size = summary?.counts.total ?? g.size;
  // Items never sent (stopped, excluded, waiting) have no attempt: only the others can be listed.
  const attempts = summary ? size - summary.counts.notSent - summary.counts.excluded - summary.counts.queued : g.size;
  const shown =
    g.items.length === attempts ? `${size} items` : `${size} items · ${g.items.length} of ${attempts} attempts shown`;
  const badge = summary
    ? runBadge(summary)
    : { label: STATUS_LABELS[runHeadline(g)], badge: STATUS_BADGES[runHeadline(g)] };
  const finishedAt = summary ? summary.finishedAt : g.finishedAt;
  return (
    <tr className="activity-run">
      <td>
        <div className="num">{formatTime(g.startedAt).slice(11)}</div>
        <div className="activity-sub">{formatTime(g.startedAt).slice(0, 10)}</div>
      </td>
      <ProfileSourceCell
        environment={g.environment}
        profileName={g.profileName}
        source={summary?.source ?? g.items[0]?.source}
      />
      <td className="activity-order">
        <button
          type="button"
          className="activity-run-toggle"
          aria-expanded={open}
          onClick={onToggle}
          title={`Run ${g.runId}`}
        >
          <span className="activity-run-caret" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          Amend many · {shown}
        </button>
        <div className="activity-sub mono">run {g.runId}</div>
      </td>
      <td className="activity-change">
        {summary ? (
          <>
            <div className="activity-run-words">{runStatusWords(summary)}</div>
            <div className="activity-run-bar">
              <div
                className="activity-run-meter"
                role="progressbar"
                aria-label={`Run ${g.runId} progress`}
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
          runCountWords(g, STATUS_LABELS)
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
