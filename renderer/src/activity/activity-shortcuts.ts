/** Activity's keys, as the keyboard help lists them (the rows and the details panel do them). */
import type { KeyList } from '../components/KeyList';

export const ACTIVITY_KEYS: KeyList = [
  ['Enter, Space', 'On an attempt’s row: its details'],
  ['Escape', 'On a row or in the details: close the details'],
];
