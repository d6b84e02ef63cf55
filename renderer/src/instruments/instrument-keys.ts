/** The instrument browser's keys, as the keyboard help lists them (the grid and the panel do them). */
import type { KeyList } from '../components/KeyList';

export const INSTRUMENT_KEYS: KeyList = [
  ['↓', 'From Search symbols: into the rows'],
  ['↑ ↓', 'Previous or next row'],
  ['Page Up, Page Down', 'A page of rows up or down'],
  ['Home, End', 'First or last row'],
  ['← →', 'Scroll the columns sideways'],
  ['Ctrl+← Ctrl+→', 'Previous or next column group (its header takes the focus)'],
  ['Enter', 'Details of the selected row'],
  ['Escape', 'Close the details (from anywhere in the panel)'],
  ['W', 'Watch or stop watching the selected symbol'],
  ['Tab', 'From the rows to the header row, then on; in the header row, ← → between columns, Enter sorts'],
];
