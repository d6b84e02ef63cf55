/**
 * The passphrase vault on the Profiles screen: unlock it once per session, lock it again, or change
 * its passphrase. The passphrase lives in this component's state only while it is typed, and is
 * sent with plain calls (not react-query mutations, whose cache would keep it as their variables).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ProfileSummary, StorageStatus } from '../../../../shared/profiles';
import { errorText } from '../../components/ErrorPanel';
import { call } from '../../lib/desk';
import { ChangePassphraseDialog } from './ChangePassphraseDialog';
import { profileCount } from './profile-words';

export type VaultChange = 'unlock' | 'lock' | 'change';

/**
 * Whether the screen shows the vault: new secrets go to it, or some profile's secrets are in it (its
 * API secrets, or a team store password that keeps it locked).
 */
export function showsVault(storage: StorageStatus, profiles: readonly ProfileSummary[]): boolean {
  return storage.sealsWith === 'passphrase' || profiles.some((p) => p.storage === 'passphrase' || p.locked);
}

export function VaultPanel({
  storage,
  profiles,
  onVaultChanged,
}: {
  storage: StorageStatus;
  profiles: readonly ProfileSummary[];
  onVaultChanged: (status: StorageStatus, change: VaultChange) => void;
}) {
  const ids = useId();
  const [passphrase, setPassphrase] = useState('');
  const [busy, setBusy] = useState<'unlock' | 'lock' | null>(null);
  const [unlockError, setUnlockError] = useState<string | null>(null);
  const [lockError, setLockError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [changing, setChanging] = useState(false);

  const fieldRef = useRef<HTMLInputElement>(null);
  const stateRef = useRef<HTMLParagraphElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  // Where focus goes once the next render is on screen: the controls it was on have gone.
  const focusNext = useRef<'state' | 'change' | null>(null);
  const vault = storage.vault;
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    (target === 'state' ? stateRef : changeRef).current?.focus();
  }, [vault, changing]);

  const keepTyping = () => {
    fieldRef.current?.focus();
    fieldRef.current?.select();
  };

  const unlock = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (passphrase === '') {
      setUnlockError('Enter the vault passphrase');
      keepTyping();
      return;
    }
    setBusy('unlock');
    setUnlockError(null);
    setMessage('');
    try {
      const status = await call('unlockVault', { passphrase });
      setPassphrase('');
      focusNext.current = 'state';
      onVaultChanged(status, 'unlock');
    } catch (err) {
      setUnlockError(errorText(err));
      keepTyping();
    } finally {
      setBusy(null);
    }
  };

  const lock = async () => {
    if (busy) return;
    setBusy('lock');
    setLockError(null);
    setMessage('');
    try {
      const status = await call('lockVault', {});
      focusNext.current = 'state';
      onVaultChanged(status, 'lock');
    } catch (err) {
      setLockError(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const closeChange = () => {
    focusNext.current = 'change';
    setChanging(false);
  };

  if (!showsVault(storage, profiles)) return null;
  const lockedCount = profiles.filter((p) => p.locked).length;
  const sealedCount = profiles.filter((p) => p.storage === 'passphrase').length;
  const fieldId = `${ids}-passphrase`;
  const errorId = `${ids}-error`;

  return (
    <section className="pf-vault" aria-label="Passphrase vault">
      {vault === 'unset' ? (
        <p ref={stateRef} tabIndex={-1} className="pf-vault-state">
          <strong>Passphrase vault:</strong> Secrets you add will be sealed with a passphrase you choose when you add
          the first one.
        </p>
      ) : null}

      {vault === 'locked' ? (
        <>
          <p ref={stateRef} tabIndex={-1} className="pf-vault-state">
            <strong>Passphrase vault:</strong> Locked.{' '}
            {lockedCount > 0
              ? `${profileCount(lockedCount)} ${lockedCount === 1 ? 'has' : 'have'} locked secrets. Unlock the vault once for this session.`
              : 'Unlock the vault once for this session to use or add the secrets sealed in it.'}
          </p>
          <form className="pf-vault-unlock" onSubmit={(e) => void unlock(e)} noValidate>
            <div className="field">
              <label htmlFor={fieldId}>Vault passphrase</label>
              <input
                ref={fieldRef}
                id={fieldId}
                type="password"
                autoComplete="current-password"
                spellCheck={false}
                maxLength={1024}
                value={passphrase}
                onChange={(e) => {
                  setPassphrase(e.target.value);
                  setUnlockError(null);
                }}
                aria-invalid={unlockError ? true : undefined}
                aria-describedby={unlockError ? errorId : undefined}
              />
            </div>
            <button
              type="submit"
              className="button primary"
              aria-busy={busy === 'unlock'}
              aria-disabled={busy !== null || undefined}
            >
              {busy === 'unlock' ? 'Unlocking…' : 'Unlock'}
            </button>
          </form>
          {unlockError ? (
            <p id={errorId} className="pf-vault-error" role="alert">
              {unlockError}
            </p>
          ) : null}
        </>
      ) : null}

      {vault === 'unlocked' ? (
        <>
          <p ref={stateRef} tabIndex={-1} className="pf-vault-state">
            <strong>Passphrase vault:</strong> Unlocked for this session. Its secrets can be used until you lock it or
            close the desk.
          </p>
          <div className="pf-vault-actions">
            <button
              type="button"
              className="button"
              onClick={() => void lock()}
              aria-busy={busy === 'lock'}
              aria-disabled={busy !== null || undefined}
            >
              Lock now
            </button>
            <button
              ref={changeRef}
              type="button"
              className="button"
              onClick={() => {
                setMessage('');
                setChanging(true);
              }}
              aria-haspopup="dialog"
            >
              Change passphrase
            </button>
          </div>
          {lockError ? (
            <p className="pf-vault-error" role="alert">
              Could not lock the vault: {lockError}
            </p>
          ) : null}
        </>
      ) : null}

      {/* Always present, so what is put in it is announced. */}
      <p className="pf-vault-message" role="status">
        {message}
      </p>

      {changing ? (
        <ChangePassphraseDialog
          onClose={closeChange}
          onChanged={(status) => {
            setMessage(
              sealedCount > 0
                ? `Passphrase changed; the secrets of ${profileCount(sealedCount)} were re-sealed.`
                : 'Passphrase changed.',
            );
            closeChange();
            onVaultChanged(status, 'change');
          }}
        />
      ) : null}
    </section>
  );
}
