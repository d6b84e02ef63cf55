/** Asks before putting the Local demo's exchange back to its starting orders and instruments. */
import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorPanel } from '../../components/ErrorPanel';
import { call } from '../../lib/desk';
import { Modal } from './Modal';
import { BusyButton } from '../../components/BusyButton';

export function ResetDemoDialog({ onClose, onReset }: { onClose: () => void; onReset: () => void }) {
  const titleId = useId();
  const textId = useId();
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: () => call('resetLocalDemo', {}),
    onSuccess: () => {
      // Every order list, order and instrument read before the reset is out of date.
      void queryClient.invalidateQueries();
      onReset();
    },
  });
  return (
    <Modal labelledBy={titleId} describedBy={textId} role="alertdialog" onClose={onClose} className="pf-confirm">
      <h2 id={titleId} className="pf-modal-title">
        Reset the demo exchange?
      </h2>
      <div id={textId} className="pf-confirm-text">
        <p>
          The Local demo&apos;s orders, fills and instrument changes go back to how they were at first. The Activity log
          keeps its records.
        </p>
      </div>
      {reset.isError ? <ErrorPanel error={reset.error} title="Could not reset the demo exchange" /> : null}
      <div className="pf-form-actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          Cancel
        </button>
        <BusyButton className="button danger" onClick={() => reset.mutate()} busy={reset.isPending}>
          Reset demo exchange
        </BusyButton>
      </div>
    </Modal>
  );
}
