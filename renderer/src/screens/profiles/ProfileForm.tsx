/**
 * Add or edit a profile, in a modal. Credentials start empty (the secret key and passphrase masked,
 * with a Show toggle): when editing, empty means "keep the stored value", and a stored secret is
 * never shown (main never sends it). The team store's password is one of them.
 * Where new secrets go to the passphrase vault, the form also asks for the vault passphrase (to
 * choose it, or to unlock the vault) and settles the vault before saving the profile.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useMutation } from '@tanstack/react-query';
import { DeskError } from '../../../../shared/errors';
import { MAX_DISPLAY_NAME, type ProfileSummary, type StorageStatus } from '../../../../shared/profiles';
import { MAX_STORE_ADDRESS, STORE_ADDRESS_EXAMPLE } from '../../../../shared/team-store-address';
import { FormField, type FieldControlProps } from '../../components/FormField';
import { ErrorPanel, errorText } from '../../components/ErrorPanel';
import { call } from '../../lib/desk';
import {
  emptyValues,
  fieldErrorsFromDetails,
  localProblems,
  MAX_TIMEOUT_MS,
  MIN_TIMEOUT_MS,
  toCreateInput,
  toUpdateInput,
  valuesFrom,
  vaultProblems,
  vaultStepFor,
  type FieldErrors,
  type FieldName,
  type ProfileFormValues,
} from './form-model';
import { ENVIRONMENT_OPTIONS } from './profile-words';
import { Modal } from './Modal';
import { BusyButton } from '../../components/BusyButton';

const LOCALES = [
  'en-US',
  'zh-CN',
  'zh-TW',
  'ja-JP',
  'ko-KR',
  'vi-VN',
  'ru-RU',
  'es-ES',
  'fr-FR',
  'de-DE',
  'pt-BR',
  'tr-TR',
];

/** The vault could not be set up or unlocked, so the profile was not sent. */
class VaultStepError extends Error {
  constructor(readonly reason: unknown) {
    super(errorText(reason));
    this.name = 'VaultStepError';
  }
}

export function ProfileForm({
  profile,
  storage,
  onClose,
  onSaved,
  onVaultChanged,
}: {
  /** The profile being edited; absent when adding one. */
  profile?: ProfileSummary;
  storage: StorageStatus;
  onClose: () => void;
  onSaved: (saved: ProfileSummary) => void;
  /** The form set up or unlocked the vault on the way to saving: the screen takes the new status. */
  onVaultChanged: (status: StorageStatus, step: 'setup' | 'unlock') => void;
}) {
  const mode = profile ? 'edit' : 'create';
  const [values, setValues] = useState<ProfileFormValues>(() => (profile ? valuesFrom(profile) : emptyValues()));
  const [shownErrors, setShownErrors] = useState<FieldErrors>({});
  const titleId = useId();
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const vaultRef = useRef<HTMLInputElement>(null);
  const vaultStep = vaultStepFor(storage, values);

  const save = useMutation({
    // The closure holds the typed secrets and vault passphrase: drop the finished mutation at once.
    gcTime: 0,
    mutationFn: async () => {
      if (vaultStep !== 'none') {
        const request = { passphrase: values.vaultPassphrase };
        let status: StorageStatus;
        try {
          status = await (vaultStep === 'setup' ? call('setupVault', request) : call('unlockVault', request));
        } catch (e) {
          throw new VaultStepError(e);
        }
        // The vault is open now: the passphrase is not needed any more, even if the save fails.
        setValues((v) => ({ ...v, vaultPassphrase: '', vaultRepeat: '' }));
        onVaultChanged(status, vaultStep);
      }
      return profile
        ? call('updateProfile', toUpdateInput(profile.id, values, profile.teamStore))
        : call('createProfile', toCreateInput(values));
    },
    onSuccess: onSaved,
    onError: (e) =>
      setShownErrors(
        e instanceof VaultStepError
          ? { vaultPassphrase: e.message }
          : e instanceof DeskError
            ? fieldErrorsFromDetails(e.data.details)
            : {},
      ),
  });

  // After a failed save, keep the keyboard where the problem is: a refused vault passphrase is
  // selected for retyping; otherwise focus goes back into the form if it fell out (the submit
  // button is disabled while saving, and vault fields vanish once the vault is open).
  const failure = save.error;
  useEffect(() => {
    if (!failure) return;
    if (failure instanceof VaultStepError && vaultRef.current) {
      vaultRef.current.focus();
      vaultRef.current.select();
      return;
    }
    const form = formRef.current;
    if (!form || form.contains(document.activeElement)) return;
    (
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form.querySelector<HTMLElement>('[type="submit"]')
    )?.focus();
  }, [failure]);

  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in shownErrors) setShownErrors((errs) => ({ ...errs, [key]: undefined }));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const problems = {
      ...localProblems(values, mode, profile?.hasSecret ?? false, profile?.teamStore !== undefined),
      ...vaultProblems(vaultStep, values),
    };
    flushSync(() => setShownErrors(problems));
    if (Object.keys(problems).length === 0) save.mutate();
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  const [revealed, setRevealed] = useState({ secretKey: false, passphrase: false, teamStorePassword: false });
  const secretHint = profile?.hasSecret ? 'Leave empty to keep the stored value.' : undefined;
  const storedPassword = profile?.teamStore?.hasPassword ?? false;

  const field = (
    name: FieldName,
    label: string,
    input: (props: FieldProps) => ReactNode,
    hint?: string,
    announce = false,
  ) => (
    <FormField id={`${ids}-${name}`} label={label} hint={hint} error={shownErrors[name]} announce={announce}>
      {input}
    </FormField>
  );

  // The API key names the key (it is shown on the card too); the secret key and passphrase are
  // masked until the operator asks to see them.
  const secretInput = (name: 'apiKey' | 'secretKey' | 'passphrase') => (props: FieldProps) => {
    const input = (
      <input
        {...props}
        type={name === 'apiKey' || revealed[name] ? 'text' : 'password'}
        autoComplete="off"
        spellCheck={false}
        placeholder={
          profile?.hasSecret
            ? name === 'apiKey' && profile.apiKeyHint
              ? `Unchanged (${profile.apiKeyHint})`
              : 'Unchanged'
            : ''
        }
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
      />
    );
    if (name === 'apiKey') return input;
    return (
      <span className="pf-secret-row">
        {input}
        <button
          type="button"
          className="button pf-reveal"
          aria-pressed={revealed[name]}
          // Not "Show secret key": a label search for the field would find the button too.
          aria-label={name === 'secretKey' ? 'Show secret' : 'Show passphrase'}
          onClick={() => setRevealed((r) => ({ ...r, [name]: !r[name] }))}
        >
          {revealed[name] ? 'Hide' : 'Show'}
        </button>
      </span>
    );
  };

  // Masked like the secret key, and like it never shown once stored: blank keeps the stored one.
  const storePasswordInput = (props: FieldProps) => (
    <span className="pf-secret-row">
      <input
        {...props}
        type={revealed.teamStorePassword ? 'text' : 'password'}
        autoComplete="off"
        spellCheck={false}
        maxLength={1024}
        placeholder={storedPassword ? 'Unchanged' : ''}
        value={values.teamStorePassword}
        onChange={(e) => set('teamStorePassword', e.target.value)}
      />
      <button
        type="button"
        className="button pf-reveal"
        aria-pressed={revealed.teamStorePassword}
        // Not "Show store password": a label search for the field would find the button too.
        aria-label="Show password"
        onClick={() => setRevealed((r) => ({ ...r, teamStorePassword: !r.teamStorePassword }))}
      >
        {revealed.teamStorePassword ? 'Hide' : 'Show'}
      </button>
    </span>
  );

  const vaultInput = (name: 'vaultPassphrase' | 'vaultRepeat') => (props: FieldProps) => (
    <input
      {...props}
      ref={name === 'vaultPassphrase' ? vaultRef : undefined}
      type="password"
      autoComplete={vaultStep === 'setup' ? 'new-password' : 'current-password'}
      spellCheck={false}
      maxLength={1024}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
    />
  );

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="pf-form-modal">
      <form ref={formRef} className="pf-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
        <h2 id={titleId} className="pf-modal-title">
          {profile ? `Edit profile ${profile.name}` : 'Add a profile'}
        </h2>

        {field('name', 'Name', (p) => (
          <input
            {...p}
            type="text"
            autoFocus
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            maxLength={64}
          />
        ))}

        {field('environment', 'Environment', (p) => (
          <select
            {...p}
            value={values.environment}
            onChange={(e) => set('environment', e.target.value as ProfileFormValues['environment'])}
          >
            {ENVIRONMENT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ))}
        {values.environment === 'live' ? (
          <p className="pf-live-note" role="note">
            LIVE: modifications sent with this profile change real orders on https://api.bitget.com.
          </p>
        ) : null}

        {values.environment === 'custom'
          ? field(
              'baseUrl',
              'Base URL',
              (p) => (
                <input
                  {...p}
                  type="text"
                  inputMode="url"
                  spellCheck={false}
                  placeholder="https://api.example.com"
                  value={values.baseUrl}
                  onChange={(e) => set('baseUrl', e.target.value)}
                />
              ),
              'https:// only; plain http:// only to 127.0.0.1, localhost or [::1].',
            )
          : null}

        <fieldset className="pf-secrets">
          <legend>Credentials</legend>
          {storage.warning ? <p className="pf-storage-note">{storage.warning}</p> : null}
          {field('apiKey', 'API key', secretInput('apiKey'), secretHint)}
          {field('secretKey', 'Secret key', secretInput('secretKey'), secretHint)}
          {field('passphrase', 'API passphrase', secretInput('passphrase'), secretHint)}
        </fieldset>

        <fieldset className="pf-secrets pf-team-store">
          <legend>Team store</legend>
          {field(
            'teamStoreUrl',
            'Store address',
            (p) => (
              <input
                {...p}
                type="text"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                maxLength={MAX_STORE_ADDRESS}
                placeholder={STORE_ADDRESS_EXAMPLE}
                value={values.teamStoreUrl}
                onChange={(e) => set('teamStoreUrl', e.target.value)}
              />
            ),
            profile?.teamStore
              ? 'The desks on this account share it; sslmode sets TLS. Empty it to remove the store.'
              : 'The desks on this account share it; sslmode sets TLS. Empty: no team store.',
          )}
          {field(
            'teamStorePassword',
            'Store password',
            storePasswordInput,
            storedPassword ? 'Leave empty to keep the stored value.' : undefined,
          )}
          {field(
            'teamDisplayName',
            'Display name',
            (p) => (
              <input
                {...p}
                type="text"
                autoComplete="off"
                maxLength={MAX_DISPLAY_NAME}
                value={values.teamDisplayName}
                onChange={(e) => set('teamDisplayName', e.target.value)}
              />
            ),
            profile?.teamStore
              ? 'How the team sees you with your changes.'
              : 'How the team sees you with your changes. Empty: your user name on this computer.',
          )}
        </fieldset>

        {vaultStep === 'setup' ? (
          <div className="pf-vault-fields">
            {field(
              'vaultPassphrase',
              'Vault passphrase (protects stored secrets)',
              vaultInput('vaultPassphrase'),
              'Seals the secrets on this computer. It cannot be recovered: if you forget it, enter the keys again.',
              true,
            )}
            {field('vaultRepeat', 'Repeat vault passphrase', vaultInput('vaultRepeat'))}
          </div>
        ) : null}
        {vaultStep === 'unlock' ? (
          <div className="pf-vault-fields">
            {field(
              'vaultPassphrase',
              'Vault passphrase (protects stored secrets)',
              vaultInput('vaultPassphrase'),
              'Unlocks the vault for this session.',
              true,
            )}
          </div>
        ) : null}

        <div className="pf-form-row">
          {field('locale', 'Locale', (p) => (
            <>
              <input
                {...p}
                type="text"
                list={`${ids}-locales`}
                value={values.locale}
                onChange={(e) => set('locale', e.target.value)}
              />
              <datalist id={`${ids}-locales`}>
                {LOCALES.map((l) => (
                  <option key={l} value={l} />
                ))}
              </datalist>
            </>
          ))}
          {field('timeoutMs', 'Timeout (ms)', (p) => (
            <input
              {...p}
              type="number"
              min={MIN_TIMEOUT_MS}
              max={MAX_TIMEOUT_MS}
              step={500}
              value={values.timeoutMs}
              onChange={(e) => set('timeoutMs', e.target.value)}
            />
          ))}
        </div>

        {save.isError && !(save.error instanceof VaultStepError) ? (
          <ErrorPanel error={save.error} title={profile ? 'Could not save the profile' : 'Could not add the profile'} />
        ) : null}

        <div className="pf-form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <BusyButton type="submit" className="button primary" busy={save.isPending}>
            {save.isPending ? 'Saving…' : profile ? 'Save changes' : 'Add profile'}
          </BusyButton>
        </div>
      </form>
    </Modal>
  );
}

type FieldProps = FieldControlProps;
