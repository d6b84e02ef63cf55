/** The instrument browser's keyboard shortcuts, listed in a dialog ("?" or the ? button). */
import { useId } from 'react';
import { Modal } from '../screens/profiles/Modal';

const SHORTCUTS: ReadonlyArray<readonly [keys: string, what: string]> = [
  ['/', 'Search symbols'],
  ['↑ ↓', 'Previous or next row'],
  ['Page Up, Page Down', 'A page of rows up or down'],
  ['Home, End', 'First or last row'],
  ['← →', 'Scroll the columns sideways'],
  ['Ctrl+← Ctrl+→', 'Previous or next column group (its header takes the focus)'],
  ['Enter', 'Details of the selected row'],
  ['Escape', 'Close the details (from anywhere in the panel)'],
  ['W', 'Watch or stop watching the selected symbol'],
  ['Tab', 'From the rows to the header row, then on; in the header row, ← → between columns, Enter sorts'],
  ['?', 'This list'],
];

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="ib-shortcuts">
      <h2 id={titleId} className="ib-shortcuts-title">
        Keyboard shortcuts
      </h2>
      <dl className="ib-shortcuts-list">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="ib-shortcut">
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <div className="ib-shortcuts-actions">
        <button type="button" className="button primary" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </Modal>
  );
}
