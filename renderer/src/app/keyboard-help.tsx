/**
 * The keyboard help ("?" anywhere, or the Instruments' ? button): the keys of the screen shown, then
 * the ones that work everywhere. Each screen's list lives with the screen that answers its keys.
 */
import { useId } from 'react';
import { ACTIVITY_KEYS } from '../activity/activity-shortcuts';
import { AMEND_MANY_KEYS } from '../amend-many/picker-keys';
import { AMEND_KEYS } from '../amend/desk-keys';
import { KeyGroup, type KeyList } from '../components/KeyList';
import { INSTRUMENT_KEYS } from '../instruments/instrument-keys';
import { Modal } from '../screens/profiles/Modal';
import { VIEW_LABELS } from './NavRail';
import { useUi, VIEWS, type View } from './store';
import './keyboard-help.css';

const SCREEN_KEYS: Record<View, KeyList> = {
  instruments: INSTRUMENT_KEYS,
  amend: AMEND_KEYS,
  profiles: [],
  activity: ACTIVITY_KEYS,
  'amend-many': AMEND_MANY_KEYS,
  changes: [],
};

const GLOBAL_KEYS: KeyList = [
  [`Ctrl+1–${VIEWS.length}`, `A screen: ${VIEWS.map((v, i) => `${i + 1} ${VIEW_LABELS[v]}`).join(', ')}`],
  ['/', 'The search box of this screen (Instruments, Activity, Changes), from anywhere on it'],
  ['Escape', 'Close a dialog or a details panel; in a search box, clear it'],
  ['?', 'This list (in a text field, ? is typed)'],
];

export function KeyboardHelp() {
  const view = useUi((s) => s.view);
  const setHelpOpen = useUi((s) => s.setHelpOpen);
  const titleId = useId();
  const close = () => setHelpOpen(false);
  return (
    <Modal labelledBy={titleId} onClose={close} className="kh-dialog">
      <h2 id={titleId} className="pf-modal-title">
        Keyboard shortcuts
      </h2>
      <KeyGroup
        title={VIEW_LABELS[view]}
        keys={SCREEN_KEYS[view]}
        empty="No keys of its own: Tab and Shift+Tab move between its controls, Enter and Space press them."
      />
      <KeyGroup title="Everywhere" keys={GLOBAL_KEYS} />
      <div className="kh-actions">
        <button type="button" className="button primary" onClick={close} autoFocus>
          Close
        </button>
      </div>
    </Modal>
  );
}
