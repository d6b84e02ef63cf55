import { SOURCE_LABELS, type CallSource } from '../../../shared/call-source';

/** Where an attempt or a run came from: the host on the first line, the OS user under it. */
export function SourceCell({ source }: { source: CallSource | undefined }) {
  if (!source)
    return (
      <td className="muted" title="Recorded before UTA Desk kept where attempts came from">
        —
      </td>
    );
  return (
    <td className="activity-source">
      <div>{SOURCE_LABELS[source.host]}</div>
      <div className="activity-sub">{source.user}</div>
    </td>
  );
}
