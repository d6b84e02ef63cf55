/**
 * Add or edit a profile, in a modal. Secrets are password inputs that start empty: when editing,
 * empty means "keep the stored value", and a stored secret is never shown (main never sends it).
 */
import { useId, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { DeskError } from '../../../../shared/errors';
import type { ProfileSummary, StorageStatus } from '../../../../shared/profiles';
import { ErrorPanel } from '../../components/ErrorPanel';
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
  type FieldErrors,
  type FieldName,
  type ProfileFormValues,
} from './form-model';
import { ENVIRONMENT_OPTIONS } from './labels';
import { Modal } from './Modal';

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

export function ProfileForm({
  profile,
  storage,
  onClose,
  onSaved,
}: {
  /** The profile being edited; absent when adding one. */
  profile?: ProfileSummary;
  storage: StorageStatus;
  onClose: () => void;
  onSaved: (saved: ProfileSummary) => void;
}) {
  const mode = profile ? 'edit' : 'create';
  const [values, setValues] = useState<ProfileFormValues>(() => (profile ? valuesFrom(profile) : emptyValues()));
  const [shownErrors, setShownErrors] = useState<FieldErrors>({});
  const titleId = useId();
  const ids = useId();

  const save = useMutation({
    mutationFn: () =>
      profile ? call('updateProfile', toUpdateInput(profile.id, values)) : call('createProfile', toCreateInput(values)),
    onSuccess: onSaved,
    onError: (e) => setShownErrors(e instanceof DeskError ? fieldErrorsFromDetails(e.data.details) : {}),
  });

  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in shownErrors) setShownErrors((errs) => ({ ...errs, [key]: undefined }));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problems = localProblems(values, mode, profile?.hasSecret ?? false);
    setShownErrors(problems);
    if (Object.keys(problems).length === 0) save.mutate();
  };

  const weak = !storage.strong && storage.backend !== 'unavailable';
  const noEncryption = storage.backend === 'unavailable';
  const secretHint = profile?.hasSecret ? 'Leave empty to keep the stored value.' : undefined;

  const field = (name: FieldName, label: string, input: (props: FieldProps) => ReactNode, hint?: string) => {
    const id = `${ids}-${name}`;
    const error = shownErrors[name];
    const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {input({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
        {hint ? (
          <span id={`${id}-hint`} className="field-hint">
            {hint}
          </span>
        ) : null}
        {error ? (
          <span id={`${id}-error`} className="field-error">
            {error}
          </span>
        ) : null}
      </div>
    );
  };

  const secretInput = (name: 'apiKey' | 'secretKey' | 'passphrase') => (props: FieldProps) => (
    <input
      {...props}
      type="password"
      autoComplete="off"
      spellCheck={false}
      disabled={noEncryption}
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

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="pf-form-modal">
      <form className="pf-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
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
          {noEncryption ? (
            <p className="pf-storage-note" role="note">
              {storage.warning}
            </p>
          ) : null}
          {field('apiKey', 'API key', secretInput('apiKey'), secretHint)}
          {field('secretKey', 'Secret key', secretInput('secretKey'), secretHint)}
          {field('passphrase', 'Passphrase', secretInput('passphrase'), secretHint)}
          {weak ? (
            <div className="pf-weak">
              <p className="pf-storage-note" id={`${ids}-weak`}>
                {storage.warning}
              </p>
              <label className="pf-check">
                <input
                  type="checkbox"
                  checked={values.acceptWeakStorage}
                  onChange={(e) => set('acceptWeakStorage', e.target.checked)}
                  aria-describedby={`${ids}-weak`}
                />
                Accept weaker storage for this profile
              </label>
            </div>
          ) : null}
        </fieldset>

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

        {save.isError ? (
          <ErrorPanel error={save.error} title={profile ? 'Could not save the profile' : 'Could not add the profile'} />
        ) : null}

        <div className="pf-form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? 'Saving…' : profile ? 'Save changes' : 'Add profile'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

interface FieldProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}
