/**
 * After a restart: the runs an earlier session left unfinished (or with outcomes unknown), each with
 * how it ended and a way to open it — its items, and Check again for the unknown ones.
 */
import { runStatusWords, type RunSummary } from '../../../shared/batch-run';
import { ENVIRONMENT_LABELS } from '../../../shared/profiles';
import { formatTime } from '../amend/status-display';

export function UnfinishedRuns({ runs, onOpen }: { runs: readonly RunSummary[]; onOpen(id: string): void }) {
  if (runs.length === 0) return null;
  return (
    <section className="panel am-unfinished" aria-labelledby="am-unfinished-title">
      <h2 id="am-unfinished-title">Unfinished runs from before the restart</h2>
      <ul className="am-unfinished-list">
        {runs.map((r) => {
          const started = formatTime(r.startedAt);
          return (
            <li key={r.id}>
              <span className="num">{started}</span>
              <span className={`amend-env env-${r.environment}`}>{ENVIRONMENT_LABELS[r.environment]}</span>
              <span className="muted">{r.profileName}</span>
              <span className="am-unfinished-words">{runStatusWords(r)}</span>
              <button
                type="button"
                className="button"
                aria-label={`Open the run started ${started}`}
                onClick={() => onOpen(r.id)}
              >
                Open
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
