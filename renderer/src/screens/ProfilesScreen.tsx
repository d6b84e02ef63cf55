/**
 * Profiles: which exchange and account the desk talks to. Lists the profiles (masked metadata only),
 * adds, edits, deletes and selects them, tests connections, and says how secrets are stored here.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../shared/contract';
import type { ProfileSummary, StorageStatus } from '../../../shared/profiles';
import { APP_STATUS_KEY } from '../app/Header';
import { ErrorPanel } from '../components/ErrorPanel';
import { ScreenHeader } from '../components/ScreenHeader';
import { call } from '../lib/desk';
import { DeleteDialog } from './profiles/DeleteDialog';
import { storageSummary } from './profiles/profile-words';
import { ProfileCard } from './profiles/ProfileCard';
import { ProfileForm } from './profiles/ProfileForm';
import { PROFILES_KEY } from './profiles/query-keys';
import { VaultPanel, type VaultChange } from './profiles/VaultPanel';
import './profiles/profiles.css';

export { PROFILES_KEY };

type Dialog =
  { kind: 'add' } | { kind: 'edit'; profile: ProfileSummary } | { kind: 'delete'; profile: ProfileSummary } | null;

export function ProfilesScreen() {
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: PROFILES_KEY, queryFn: () => call('listProfiles', {}) });
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const refreshProfiles = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PROFILES_KEY }),
      queryClient.invalidateQueries({ queryKey: APP_STATUS_KEY }),
    ]);

  // A vault call answers with the new storage status: show it at once, then reload what depends on it.
  const vaultChanged = (storage: StorageStatus, change: VaultChange | 'setup') => {
    queryClient.setQueryData<ResponseOf<'listProfiles'>>(PROFILES_KEY, (old) => (old ? { ...old, storage } : old));
    queryClient.setQueryData<ResponseOf<'getAppStatus'>>(APP_STATUS_KEY, (old) => (old ? { ...old, storage } : old));
    // Unlocking or locking changes what the active profile's client can do on every screen.
    void (change === 'unlock' || change === 'lock' ? queryClient.invalidateQueries() : refreshProfiles());
  };

  const profiles = q.data?.profiles;
  const active = profiles?.find((p) => p.active);

  return (
    <section className="screen pf-screen" aria-label="Profiles">
      <ScreenHeader
        title="Profiles"
        subtitle={
          profiles
            ? `${profiles.length} profile${profiles.length === 1 ? '' : 's'} · active: ${active?.name ?? '—'}`
            : undefined
        }
      >
        <button type="button" className="button primary" onClick={() => setDialog({ kind: 'add' })} disabled={!q.data}>
          Add profile
        </button>
      </ScreenHeader>

      {q.isError ? (
        <ErrorPanel error={q.error} onRetry={() => void q.refetch()} title="Could not load the profiles" />
      ) : null}
      {q.isPending ? <p role="status">Loading profiles…</p> : null}

      {q.data ? (
        <div className="pf-body">
          <StorageNotice storage={q.data.storage} />
          <VaultPanel storage={q.data.storage} profiles={q.data.profiles} onVaultChanged={vaultChanged} />
          <ul className="pf-list" aria-label="Profiles">
            {q.data.profiles.map((p) => (
              <ProfileCard
                key={p.id}
                profile={p}
                onEdit={() => setDialog({ kind: 'edit', profile: p })}
                onDelete={() => setDialog({ kind: 'delete', profile: p })}
              />
            ))}
          </ul>
        </div>
      ) : null}

      {dialog?.kind === 'add' && q.data ? (
        <ProfileForm
          storage={q.data.storage}
          onClose={close}
          onVaultChanged={vaultChanged}
          onSaved={() => {
            close();
            void refreshProfiles();
          }}
        />
      ) : null}
      {dialog?.kind === 'edit' && q.data ? (
        <ProfileForm
          key={dialog.profile.id}
          profile={dialog.profile}
          storage={q.data.storage}
          onClose={close}
          onVaultChanged={vaultChanged}
          onSaved={(saved) => {
            close();
            // Editing the active profile changes what every screen talks to.
            void (saved.active ? queryClient.invalidateQueries() : refreshProfiles());
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteDialog
          profile={dialog.profile}
          onClose={close}
          onDeleted={() => {
            const wasActive = dialog.profile.active;
            close();
            void (wasActive ? queryClient.invalidateQueries() : refreshProfiles());
          }}
        />
      ) : null}
    </section>
  );
}

/** Where new secrets go: the OS keyring, or the passphrase vault (and its state). */
function StorageNotice({ storage }: { storage: StorageStatus }) {
  return (
    <section
      className={`pf-storage ${storage.sealsWith === 'os' ? 'pf-storage-strong' : 'pf-storage-vault'}`}
      aria-label="Secret storage on this computer"
    >
      <p>
        <strong>Secret storage on this computer:</strong> {storageSummary(storage)}
      </p>
      {storage.warning ? (
        <p className="pf-storage-warning" role={storage.strong ? 'status' : 'note'}>
          {storage.warning}
        </p>
      ) : null}
    </section>
  );
}
