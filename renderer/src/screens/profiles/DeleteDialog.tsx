/** Asks before deleting a profile: its stored credentials are erased and cannot be recovered. */
import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ProfileSummary } from '../../../../shared/profiles';
import { ErrorPanel } from '../../components/ErrorPanel';
import { call } from '../../lib/desk';
import { Modal } from './Modal';
import { BusyButton } from '../../components/BusyButton';

export function DeleteDialog({
  profile,
  onClose,
  onDeleted,
}: {
  profile: ProfileSummary;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const remove = useMutation({ mutationFn: () => call('deleteProfile', { id: profile.id }), onSuccess: onDeleted });
  return (
    <Modal labelledBy={titleId} describedBy={textId} role="alertdialog" onClose={onClose} className="pf-confirm">
      <h2 id={titleId} className="pf-modal-title">
        Delete profile {profile.name}?
      </h2>
      <div id={textId} className="pf-confirm-text">
        <p>Its API key, secret and passphrase are erased from this computer. This cannot be undone.</p>
        {profile.active ? <p>It is the active profile: the desk switches to Local demo.</p> : null}
      </div>
      {remove.isError ? <ErrorPanel error={remove.error} title="Could not delete the profile" /> : null}
      <div className="pf-form-actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          Cancel
        </button>
        <BusyButton className="button danger" onClick={() => remove.mutate()} busy={remove.isPending}>
          Delete profile
        </BusyButton>
      </div>
    </Modal>
  );
}
