import { useRef, useState } from 'react';
import { downloadedWhere, downloadText } from '../lib/download';
import { ACTIVITY_CSV_HEADER } from '../../../shared/activity-csv';
import type { AttemptStatus } from '../../../shared/attempts';
import { call } from '../lib/desk';

type State =
  | { phase: 'idle' }
  | { phase: 'running'; rows: number; percent: number }
  | { phase: 'done'; rows: number; fileName: string }
  | { phase: 'failed'; message: string }
  | { phase: 'stopped'; rows: number };

/**
 * Export CSV of every attempt matching the filter, not only the rows loaded: main reads the whole
 * history in chunks (exportActivity) and the renderer joins them into one file, downloaded through a
 * blob link, which works the same in the desktop app and the browser host. Progress is how far back
 * in the history main has read; Stop ends it without a file.
 */
export function ActivityExport({ text, status }: { text: string; status: AttemptStatus | '' }) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const stop = useRef(false);

  const run = async () => {
    stop.current = false;
    setState({ phase: 'running', rows: 0, percent: 0 });
    const parts: string[] = [ACTIVITY_CSV_HEADER];
    let rows = 0;
    let before: number | undefined;
    try {
      for (;;) {
        const chunk = await call('exportActivity', {
          ...(before === undefined ? {} : { before }),
          ...(text ? { text } : {}),
          ...(status ? { status } : {}),
        });
        if (stop.current) {
          setState({ phase: 'stopped', rows });
          return;
        }
        parts.push(chunk.csv);
        rows += chunk.rows;
        if (chunk.next === null) break;
        before = chunk.next;
        const read = chunk.total === 0 ? 1 : (chunk.total - chunk.next) / chunk.total;
        setState({ phase: 'running', rows, percent: Math.floor(read * 100) });
      }
    } catch (e) {
      setState({ phase: 'failed', message: e instanceof Error ? e.message : String(e) });
      return;
    }
    const fileName = `uta-desk-activity-${new Date().toISOString().slice(0, 10)}.csv`;
    // One file from the chunks as they came.
    downloadText(fileName, parts);
    setState({ phase: 'done', rows, fileName });
  };

  const running = state.phase === 'running';
  return (
    <>
      {running ? (
        <button type="button" className="button" onClick={() => (stop.current = true)}>
          Stop export
        </button>
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => void run()}
          title="Every attempt that matches the search and outcome, not only those loaded"
        >
          Export CSV
        </button>
      )}
      <span className="muted activity-export-status" role="status" aria-label="Export progress">
        {state.phase === 'running'
          ? `Exporting… ${state.rows.toLocaleString('en-US')} attempts, ${state.percent}% of the history read`
          : state.phase === 'done'
            ? `Exported ${state.rows.toLocaleString('en-US')} attempt${state.rows === 1 ? '' : 's'} to ${state.fileName} ${downloadedWhere()}`
            : state.phase === 'stopped'
              ? `Export stopped after ${state.rows.toLocaleString('en-US')} attempts: no file saved`
              : state.phase === 'failed'
                ? `Export failed: ${state.message}`
                : ''}
      </span>
    </>
  );
}
