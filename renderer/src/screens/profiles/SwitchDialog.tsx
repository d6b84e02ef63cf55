/**
 * Asks before the desk switches to a LIVE profile: from then on every modification changes real
 * orders. Names the profile and what its last connection test said, so a profile whose test failed
 * is not taken for a working one. Cancel has the focus; Escape cancels.
 */
import { useId } from 'react';
import type { ProfileSummary } from '../../../../shared/profiles';
import { useSwitchProfile } from '../../app/profile-scope';
import { ErrorPanel } from '../../components/ErrorPanel';
import { useNow } from '../../lib/useNow';
import { Modal } from './Modal';
import { testTime } from './profile-words';
import { BusyButton } from '../../components/BusyButton';

export function lastTestSentence(profile: ProfileSummary, now: number): { text: string; failed: boolean } {
  const t = profile.lastTest;
  if (!t) return { text: 'It has not been tested: nothing shows yet that its keys work.', failed: false };
  return t.ok
    ? { text: `Its last connection test passed at ${testTime(t.at, now)}.`, failed: false }
    : { text: `Its last connection test failed at ${testTime(t.at, now)}: ${t.headline}.`, failed: true };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function SwitchDialog({ profile, onClose }: { profile: ProfileSummary; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const now = useNow(60_000);
  const select = useSwitchProfile(profile.id);
  const test = lastTestSentence(profile, now);
  return (
    <Modal labelledBy={titleId} describedBy={textId} role="alertdialog" onClose={onClose} className="pf-confirm">
      <h2 id={titleId} className="pf-modal-title">
        Switch to the LIVE profile {profile.name}?
      </h2>
      <div id={textId} className="pf-confirm-text">
        <p>Modifications sent with it change real orders on {hostOf(profile.baseUrl)}.</p>
        <p className={test.failed ? 'pf-result pf-result-bad' : undefined}>{test.text}</p>
        <p>Every screen then shows this profile only: what the current profile showed is cleared.</p>
      </div>
      {select.isError ? <ErrorPanel error={select.error} title="Could not switch to this profile" /> : null}
      <div className="pf-form-actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          Cancel
        </button>
        <BusyButton className="button danger" onClick={() => select.mutate()} busy={select.isPending}>
          Use {profile.name} (LIVE)
        </BusyButton>
      </div>
    </Modal>
  );
}
