/**
 * An amend-many run as one entry of the Activity list: when it ran, on which profile, how many
 * items and how they ended. Its button opens the items (each a full attempt) beneath it.
 */
import { STATUS_LABELS } from '../../../shared/attempt-search';
import { ENVIRONMENT_LABELS } from '../../../shared/profiles';
import { formatDuration, formatTime, STATUS_BADGES } from '../amend/status-display';
import { runCountWords, runHeadline, type RunGroup } from './run-groups';

export function RunRow({ group: g, open, onToggle }: { group: RunGroup; open: boolean; onToggle(): void }) {
  const headline = runHeadline(g);
  const shown = g.items.length === g.size ? `${g.size} items` : `${g.items.length} of ${g.size} items shown`;
  return (
    <tr className="activity-run">
      <td>
        <div className="num">{formatTime(g.startedAt).slice(11)}</div>
        <div className="activity-sub">{formatTime(g.startedAt).slice(0, 10)}</div>
      </td>
      <td>
        <span className={`activity-env env-${g.environment}`}>{ENVIRONMENT_LABELS[g.environment]}</span>
        <div className="activity-sub">{g.profileName}</div>
      </td>
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
      <td className="activity-change">{runCountWords(g, STATUS_LABELS)}</td>
      <td className="muted">—</td>
      <td>
        <span className={`badge ${STATUS_BADGES[headline]}`}>{STATUS_LABELS[headline]}</span>
      </td>
      <td className="num">{formatDuration(g.finishedAt === undefined ? undefined : g.finishedAt - g.startedAt)}</td>
    </tr>
  );
}
