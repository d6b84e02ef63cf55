import { STATUS_LABELS, symbolLabel } from '../../../shared/attempt-search';
import type { Attempt } from '../../../shared/attempts';
import { changeParts } from '../../../shared/change-text';
import { attemptIds } from '../../../shared/order-ids';
import { formatDuration, formatTime, STATUS_BADGES } from '../amend/status-display';
import { durationMs } from './activity-rows';
import { OrderIdsCell } from './OrderIdsCell';
import { ProfileSourceCell } from './ProfileSourceCell';

/** One attempt: on its own, or an item of a run (indented under the run's row, with its item number). */
export function AttemptRow({
  a,
  selected,
  onSelect,
  onClose,
  inRun = false,
}: {
  a: Attempt;
  selected: boolean;
  onSelect(): void;
  /** Escape on a row closes the detail panel. */
  onClose?: () => void;
  inRun?: boolean;
}) {
  return (
    <tr
      data-attempt-id={a.id}
      aria-selected={selected}
      className={[selected ? 'selected' : '', inRun ? 'activity-run-item' : ''].join(' ').trim() || undefined}
      tabIndex={0}
      onClick={() => onSelect()}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onSelect();
        } else if (e.key === 'Escape' && onClose) {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <td>
        <div className="num">{formatTime(a.startedAt).slice(11)}</div>
        <div className="activity-sub">{formatTime(a.startedAt).slice(0, 10)}</div>
      </td>
      <ProfileSourceCell environment={a.environment} profileName={a.profileName} source={a.source} />
      <td className="activity-order">
        <OrderIdsCell ids={attemptIds(a)} />
        <div className="activity-sub">
          {symbolLabel(a) || '—'}
          {a.run ? ` · item ${a.run.index + 1} of ${a.run.size}` : ''}
        </div>
      </td>
      <td className="mono activity-change">
        {changeParts(a.request, a.before).map((part) => (
          <div key={part}>{part}</div>
        ))}
      </td>
      <td className={a.request.autoCancel === 'yes' ? 'activity-ac-yes' : 'muted'}>{a.request.autoCancel ?? 'no'}</td>
      <td>
        <span className={`badge ${STATUS_BADGES[a.status]}`}>{STATUS_LABELS[a.status]}</span>
      </td>
      <td className="num">{formatDuration(durationMs(a))}</td>
    </tr>
  );
}
