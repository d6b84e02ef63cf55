/** One profile: what it points at, how its secrets are kept, and what can be done with it. */
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ENVIRONMENT_LABELS,
  type ConnectionTest,
  type Environment,
  type LastTest,
  type ProfileSummary,
} from '../../../../shared/profiles';
import { storeAddressWords } from '../../../../shared/team-store-address';
import { errorText } from '../../components/ErrorPanel';
import { call } from '../../lib/desk';
import { useNow } from '../../lib/useNow';
import { APP_STATUS_KEY } from '../../app/Header';
import { useSwitchProfile } from '../../app/profile-scope';
import { earlierTestWords, ENVIRONMENT_BADGE, skewText, STORAGE_WORDS } from './profile-words';
import { PROFILES_KEY } from './query-keys';
import { ResetDemoDialog } from './ResetDemoDialog';
import { SwitchDialog } from './SwitchDialog';
import { BusyButton } from '../../components/BusyButton';

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

  const select = useSwitchProfile(profile.id);
  // A LIVE profile is used only after a confirmation that names it and its last test.
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [resetDone, setResetDone] = useState(false);
  const resetButton = useRef<HTMLButtonElement>(null);
  const testButton = useRef<HTMLButtonElement>(null);
  const confirm = useMutation({
    mutationFn: () => call('confirmProfileDestination', { id: profile.id }),
    // The Confirm button leaves with the warning: focus goes to the card's next step.
    onSuccess: () => testButton.current?.focus(),
    onSettled: () => queryClient.invalidateQueries(),
  });
  const test = useMutation({
    mutationFn: () => call('testConnection', { id: profile.id }),
    // The test measures the clock skew, and its result becomes the profile's last test: the header
    // shows both for the active profile, and the list the last test of each.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: APP_STATUS_KEY }),
        queryClient.invalidateQueries({ queryKey: PROFILES_KEY }),
      ]),
  });

  // Main forgets the last test when the host or the credentials change (an edit): the result shown
  // here was about the old ones, and "Connection failed" under a fixed key would mislead.
  const { reset: forgetResult } = test;
  const tested = useRef(profile.lastTest !== undefined);
  useEffect(() => {
    if (tested.current && profile.lastTest === undefined) forgetResult();
    tested.current = profile.lastTest !== undefined;
  }, [profile.lastTest, forgetResult]);

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
          {profile.tampered ? <span className="badge badge-danger">Tampered</span> : null}
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
        {profile.teamStore ? <TeamStoreFact store={profile.teamStore} /> : null}
      </dl>
      {profile.teamStore?.problem ? (
        <p className="pf-result pf-result-bad pf-store-problem">
          <strong>Team store not usable.</strong> {profile.teamStore.problem}
        </p>
      ) : null}

      {profile.tampered ? (
        <Tampered
          profile={profile}
          sealedFor={profile.tampered}
          confirming={confirm.isPending}
          onConfirm={() => confirm.mutate()}
          onReenter={onEdit}
        />
      ) : null}
      {confirm.isError ? (
        <p className="pf-result pf-result-bad" role="alert">
          Could not confirm the destination: {errorText(confirm.error)}
        </p>
      ) : null}

      <div className="pf-card-actions">
        {profile.active ? null : (
          <BusyButton
            className="button primary"
            onClick={() => (profile.environment === 'live' ? setConfirming(true) : select.mutate())}
            busy={select.isPending}
          >
            Use this profile
          </BusyButton>
        )}
        <button
          ref={testButton}
          type="button"
          className="button"
          // Not disabled while testing: a disabled button drops the focus to the page.
          onClick={() => {
            if (!test.isPending) test.mutate();
          }}
          aria-disabled={test.isPending}
          aria-busy={test.isPending}
        >
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
        {profile.environment === 'local-demo' ? (
          <button
            ref={resetButton}
            type="button"
            className="button"
            onClick={() => {
              setResetDone(false);
              setResetting(true);
            }}
          >
            Reset demo exchange
          </button>
        ) : null}
        {profile.builtin ? (
          <span className="pf-builtin-note muted">Built in: always available, kept across restarts</span>
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
      {resetting ? (
        <ResetDemoDialog
          onClose={() => {
            setResetting(false);
            resetButton.current?.focus();
          }}
          onReset={() => {
            setResetting(false);
            setResetDone(true);
            resetButton.current?.focus();
          }}
        />
      ) : null}
      {confirming ? <SwitchDialog profile={profile} onClose={() => setConfirming(false)} /> : null}
      <div aria-live="polite">
        {resetDone ? (
          <p className="pf-result pf-result-ok" role="status">
            Demo exchange reset: its orders and instruments are back to how they were at first.
          </p>
        ) : null}
        {test.data ? <ConnectionResult result={test.data} /> : null}
        {!test.data && !test.isPending && profile.lastTest ? <EarlierResult last={profile.lastTest} /> : null}
        {test.isError ? (
          <p className="pf-result pf-result-bad" role="status">
            The test could not run: {errorText(test.error)}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** Where the team store is (host and database: no user, no password) and who the operator is on it. */
function TeamStoreFact({ store }: { store: NonNullable<ProfileSummary['teamStore']> }) {
  return (
    <>
      <dt>Team store</dt>
      <dd>
        <span className="mono">{storeAddressWords(store.url)}</span> · as {store.displayName} ·{' '}
        {store.hasPassword ? 'password stored' : 'no password'}
      </dd>
    </>
  );
}

function ConnectionResult({ result }: { result: ConnectionTest }) {
  // The result may land below the fold (the card's last line): bring it into view, the focus stays put.
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    shown.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);
  return (
    <div
      ref={shown}
      className={`pf-result ${result.ok ? 'pf-result-ok' : 'pf-result-bad'}`}
      role="status"
      aria-label="Connection test result"
    >
      <strong>{result.ok ? 'Connection OK' : 'Connection failed'}</strong>
      <p>{result.message}</p>
      <p className="pf-result-numbers mono">
        {/* No latency when nothing answered: "0 ms" would read like a fast exchange. */}
        {result.latencyMs !== null ? `Latency ${result.latencyMs} ms · ` : ''}Clock skew {skewText(result.skewMs)}
      </p>
    </div>
  );
}

/** The result of a test run earlier (this session or before a restart), until the card runs a new one. */
function EarlierResult({ last }: { last: LastTest }) {
  const now = useNow(60_000);
  return (
    <p
      className={`pf-result pf-earlier ${last.ok && last.hostSilentSince === undefined ? 'pf-result-ok' : 'pf-result-bad'}`}
      title={last.message}
    >
      {earlierTestWords(last, now)}
    </p>
  );
}

/**
 * profiles.json was changed outside UTA Desk: the profile points elsewhere than its secrets were
 * sealed for. Main sends them nowhere until the operator confirms the new destination here or
 * enters them again (Edit).
 */
function Tampered({
  profile,
  sealedFor,
  confirming,
  onConfirm,
  onReenter,
}: {
  profile: ProfileSummary;
  sealedFor: NonNullable<ProfileSummary['tampered']>;
  confirming: boolean;
  onConfirm: () => void;
  onReenter: () => void;
}) {
  const label = (env: string) => ENVIRONMENT_LABELS[env as Environment] ?? env;
  const was = `${label(sealedFor.environment)}, ${sealedFor.baseUrl}`;
  const now = `${label(profile.environment)}, ${profile.baseUrl}`;
  return (
    <div className="pf-tampered" role="alert">
      <p>
        <strong>Changed outside UTA Desk.</strong> This profile now points to <span className="mono">{now}</span>, but
        its secrets were sealed for <span className="mono">{was}</span>. They are not sent anywhere until you confirm
        the new destination or enter them again.
      </p>
      <div className="pf-card-actions">
        <BusyButton onClick={onConfirm} busy={confirming}>
          {confirming ? 'Confirming…' : 'Confirm new destination'}
        </BusyButton>
        <button type="button" className="button" onClick={onReenter}>
          Re-enter secrets
        </button>
      </div>
    </div>
  );
}
