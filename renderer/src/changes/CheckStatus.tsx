/** When each category was last compared with the exchange, and how often main checks in the background. */
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeStatus } from '../../../shared/instrument-watch';
import { CATEGORIES } from '../../../shared/schemas';
import { errorText } from '../components/ErrorPanel';
import { call } from '../lib/desk';
import { formatLocalDateTime } from '../instruments/format';
import { checkedAgo } from './change-words';
import { STATUS_KEY } from './queries';
import { BusyButton } from '../components/BusyButton';

export function CheckStatus({ status, now }: { status: ChangeStatus | undefined; now: number }) {
  const byCategory = new Map(status?.categories.map((c) => [c.category, c]));
  return (
    <div className="ch-status">
      <ul className="ch-checks" aria-label="Last checked">
        {CATEGORIES.map((category) => {
          const c = byCategory.get(category);
          return (
            <li key={category} className={c?.error ? 'has-error' : c?.suspicious ? 'has-note' : undefined}>
              <span className="ch-check-cat">{category}</span>
              <span
                className="ch-check-time"
                title={c?.lastChecked ? formatLocalDateTime(c.lastChecked) : 'Not fetched yet on this profile'}
              >
                {c?.lastChecked ? checkedAgo(c.lastChecked, now) : 'not checked yet'}
              </span>
              {c?.count !== undefined ? (
                <span className="ch-check-count num muted" title={`${c.count} instruments`}>
                  ({c.count.toLocaleString('en-US')})
                </span>
              ) : null}
              {c?.error ? (
                <span className="badge badge-danger ch-check-note" title={c.error}>
                  failed: {c.error}
                </span>
              ) : null}
              {c?.suspicious ? (
                <span className="badge badge-warn ch-check-note" title={c.suspicious}>
                  {c.suspicious}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {status ? <RefreshSetting minutes={status.refreshMinutes} /> : null}
    </div>
  );
}

function RefreshSetting({ minutes }: { minutes: number }) {
  const qc = useQueryClient();
  const id = useId();
  // The box follows the saved value whenever it changes (saved here or elsewhere); typing edits a draft.
  const [draft, setDraft] = useState(String(minutes));
  const [draftOf, setDraftOf] = useState(minutes);
  if (draftOf !== minutes) {
    setDraftOf(minutes);
    setDraft(String(minutes));
  }
  const save = useMutation({
    mutationFn: (m: number) => call('setRefreshMinutes', { minutes: m }),
    onSuccess: (s) => qc.setQueryData(STATUS_KEY, s),
  });
  const value = Number(draft);
  const valid = draft.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= 1440;
  return (
    <form
      className="ch-refresh"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) save.mutate(value);
      }}
    >
      <label htmlFor={`${id}-minutes`}>Check every</label>
      <input
        id={`${id}-minutes`}
        type="number"
        className="num"
        min={0}
        max={1440}
        step={1}
        value={draft}
        aria-invalid={!valid}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setDraft(e.target.value)}
      />
      <span className="muted">min</span>
      <BusyButton
        type="submit"
        className="button small"
        unavailable={!valid || value === minutes}
        busy={save.isPending}
      >
        Save
      </BusyButton>
      <span
        id={`${id}-hint`}
        className={save.isError ? 'field-error' : 'muted'}
        role={save.isError ? 'alert' : undefined}
      >
        {save.isError
          ? `Not saved: ${errorText(save.error)}`
          : minutes === 0
            ? 'off: only your fetches compare'
            : '0 = off'}
      </span>
    </form>
  );
}
