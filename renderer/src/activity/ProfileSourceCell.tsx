import type { ReactNode } from 'react';
import { sourceWords, type CallSource } from '../../../shared/call-source';
import { ENVIRONMENT_LABELS, type Environment } from '../../../shared/profiles';

/**
 * Profile, environment and where the attempt or run came from ("CLI · alice") in one cell: a column
 * of its own would push Outcome and Duration under the detail panel of a medium window.
 */
export function ProfileSourceCell({
  environment,
  profileName,
  source,
}: {
  environment: Environment;
  profileName: string;
  source: CallSource | undefined;
}): ReactNode {
  return (
    <td>
      <span className={`activity-env env-${environment}`}>{ENVIRONMENT_LABELS[environment]}</span>
      <div className="activity-sub">{profileName}</div>
      {source ? <div className="activity-sub activity-source">{sourceWords(source)}</div> : null}
    </td>
  );
}
