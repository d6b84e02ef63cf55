/** One profile: what it points at, how its secrets are kept, and what can be done with it. */
import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectionTest, ProfileSummary } from '../../../../shared/profiles';
import { errorText } from '../../components/ErrorPanel';
import { call } from '../../lib/desk';
import { APP_STATUS_KEY } from '../../app/Header';
import { ENVIRONMENT_BADGE, skewText, STORAGE_WORDS } from './profile-words';

export function ProfileCard({
  profile,
  onEdit,
  onDelete,
}: {
  profile: ProfileSummary;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const queryClient = useQueryClient();
  const nameId = useId();
  const env = ENVIRONMENT_BADGE[profile.environment];
  const storage = STORAGE_WORDS[profile.storage];

  const select = useMutation({
    mutationFn: () => call('selectProfile', { id: profile.id }),
    // Instruments, orders and the header all depend on the active profile.
    onSettled: () => queryClient.invalidateQueries(),
  });
  const test = useMutation({
    mutationFn: () => call('testConnection', { id: profile.id }),
    // The test measures the clock skew, which the header shows for the active profile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: APP_STATUS_KEY }),
  });

  return (
    <li
      className={`pf-card${profile.active ? ' pf-card-active' : ''}${profile.environment === 'live' ? ' pf-card-live' : ''}`}
      aria-labelledby={nameId}
    >
      <div className="pf-card-head">
        <h3 id={nameId} className="pf-card-name">
          {profile.name}
        </h3>
        <span className={env.className}>{env.text}</span>
        {profile.active ? <span className="badge badge-info">Active</span> : null}
      </div>

      <dl className="pf-facts">
        <dt>Base URL</dt>
        <dd className="mono">{profile.baseUrl}</dd>
        <dt>API key</dt>
        <dd className="mono">{profile.apiKeyHint ?? '—'}</dd>
        <dt>Storage</dt>
        <dd className="pf-badges">
          <span className={storage.className} title={storage.title}>
            {storage.text}
          </span>
          {profile.locked ? (
            <span
              className="badge badge-warn"
              title="Its secrets are sealed in the passphrase vault, which is locked: unlock the vault to use them."
            >
              Locked
            </span>
          ) : null}
        </dd>
        <dt>Locale · timeout</dt>
        <dd>
          {profile.locale} · {profile.timeoutMs.toLocaleString('en-US')} ms
        </dd>
      </dl>

      <div className="pf-card-actions">
        {profile.active ? null : (
          <button type="button" className="button primary" onClick={() => select.mutate()} disabled={select.isPending}>
            Use this profile
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={() => test.mutate()}
          disabled={test.isPending}
          aria-busy={test.isPending}
        >
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
        {profile.builtin ? (
          <span className="pf-builtin-note muted">Built in: always available</span>
        ) : (
          <>
            <button type="button" className="button" onClick={onEdit}>
              Edit
            </button>
            <button type="button" className="button pf-delete" onClick={onDelete}>
              Delete
            </button>
          </>
        )}
      </div>

      {select.isError ? (
        <p className="pf-result pf-result-bad" role="alert">
          Could not select this profile: {errorText(select.error)}
        </p>
      ) : null}
      <div aria-live="polite">
        {test.data ? <ConnectionResult result={test.data} /> : null}
        {test.isError ? (
          <p className="pf-result pf-result-bad" role="status">
            The test could not run: {errorText(test.error)}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function ConnectionResult({ result }: { result: ConnectionTest }) {
  return (
    <div
      className={`pf-result ${result.ok ? 'pf-result-ok' : 'pf-result-bad'}`}
      role="status"
      aria-label="Connection test result"
    >
      <strong>{result.ok ? 'Connection OK' : 'Connection failed'}</strong>
      <p>{result.message}</p>
      <p className="pf-result-numbers mono">
        Latency {result.latencyMs} ms · Clock skew {skewText(result.skewMs)}
      </p>
    </div>
  );
}
