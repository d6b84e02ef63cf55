/**
 * The amend desk's keys: what the keyboard help lists, and the one the screen answers itself
 * (Ctrl+Enter: Send). Enter in the ID fields is AmendForm's, the arrows in Open orders the list's.
 */
import type { KeyboardEvent } from 'react';
import type { KeyList } from '../components/KeyList';

export const AMEND_KEYS: KeyList = [
  ['Enter', 'In Order ID or Client order ID: Load order'],
  ['Enter', 'In Quantity, Price or the steps: Review'],
  ['Ctrl+Enter', 'Send modification, once reviewed (else Send takes the focus and says what is missing)'],
  ['↑ ↓', 'In Quantity or Price: one step up or down (Shift: ten)'],
  ['↑ ↓, Home, End', 'In Open orders (one Tab stop): previous, next, first or last order'],
  ['Page Up, Page Down', 'In Open orders: a page of orders up or down'],
  ['Enter, Space', 'In Open orders: pick the order (it is loaded)'],
];

/** Ctrl+Enter (Cmd+Enter on a Mac): Send modification, from anywhere on the desk. */
export const isSendKey = (e: KeyboardEvent): boolean =>
  e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
