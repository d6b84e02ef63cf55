/**
 * Changes the vault passphrase: main re-seals every stored secret under the new one in one write,
 * or changes nothing. The passphrases live in this dialog's state only, and go when it closes.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { DeskError } from '../../../../shared/errors';
import { MIN_VAULT_PASSPHRASE, type StorageStatus } from '../../../../shared/profiles';
import { FormField } from '../../components/FormField';
import { ErrorPanel } from '../../components/ErrorPanel';
import { call } from '../../lib/desk';
import {
  changeErrorsFromDetails,
  changePassphraseProblems,
  type ChangePassphraseErrors,
  type ChangePassphraseValues,
} from './form-model';
import { Modal } from './Modal';

const EMPTY: ChangePassphraseValues = { current: '', next: '', repeat: '' };

export function ChangePassphraseDialog({
  onClose,
  onChanged,
}: {
  onClose: () => void;
  onChanged: (status: StorageStatus) => void;
}) {
  const titleId = useId();
  const textId = useId();
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<ChangePassphraseValues>(EMPTY);
  const [errors, setErrors] = useState<ChangePassphraseErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const set = (key: keyof ChangePassphraseValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const focusFirstProblem = () => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problems = changePassphraseProblems(values);
    flushSync(() => {
      setErrors(problems);
      setFailure(null);
    });
    if (Object.keys(problems).length > 0) {
      focusFirstProblem();
      return;
    }
    setBusy(true);
    try {
      const status = await call('changeVaultPassphrase', { current: values.current, next: values.next });
      setValues(EMPTY);
      onChanged(status);
    } catch (err) {
      const fromMain = err instanceof DeskError ? changeErrorsFromDetails(err.data.details) : {};
      flushSync(() => {
        setFailure(err);
        setErrors(fromMain);
        setBusy(false);
      });
      if (Object.keys(fromMain).length > 0) {
        focusFirstProblem();
      } else {
        // Most likely a wrong current passphrase: ready to be typed again.
        currentRef.current?.focus();
        currentRef.current?.select();
      }
      return;
    }
    setBusy(false);
  };

  const field = (
    name: keyof ChangePassphraseValues,
    label: string,
    autoComplete: 'current-password' | 'new-password',
    hint?: ReactNode,
  ) => (
    <FormField id={`${ids}-${name}`} label={label} hint={hint} error={errors[name]}>
      {(props) => (
        <input
          {...props}
          ref={name === 'current' ? currentRef : undefined}
          type="password"
          autoComplete={autoComplete}
          autoFocus={name === 'current'}
          spellCheck={false}
          maxLength={1024}
          value={values[name]}
          onChange={(e) => set(name, e.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <Modal labelledBy={titleId} describedBy={textId} onClose={onClose} className="pf-confirm">
      <form ref={formRef} className="pf-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={titleId}>
        <h2 id={titleId} className="pf-modal-title">
          Change the vault passphrase
        </h2>
        <p id={textId} className="pf-vault-modal-text">
          Every secret in the vault is sealed again with the new passphrase, all at once. It cannot be recovered: if you
          forget it, enter the keys again.
        </p>
        {field('current', 'Current passphrase', 'current-password')}
        {field('next', 'New passphrase', 'new-password', `At least ${MIN_VAULT_PASSPHRASE} characters; spaces count.`)}
        {field('repeat', 'Repeat new passphrase', 'new-password')}
        {failure ? <ErrorPanel error={failure} title="The passphrase was not changed" /> : null}
        <div className="pf-form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" aria-busy={busy} aria-disabled={busy || undefined}>
            {busy ? 'Changing…' : 'Save new passphrase'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
