/** Amend many's keys, as the keyboard help lists them (the order list does them). */
import type { KeyList } from '../components/KeyList';

export const AMEND_MANY_KEYS: KeyList = [
  ['↑ ↓, Home, End', 'In the open orders (one Tab stop): previous, next, first or last order'],
  ['Page Up, Page Down', 'In the open orders: a page of orders up or down'],
  ['Space', 'Select or unselect the order'],
  ['Tab', 'From the open orders to the rule'],
];
