/**
 * Exact sort keys. Every value becomes a string whose code-unit order is the wanted order, so a
 * column is ranked once per data set with the engine's native string sort, and each later sort is
 * a linear counting sort over integer ranks: exact (no float ever sees a decimal) and fast at 50k rows.
 *
 * A key of null means "unset": unset values go last in both directions.
 */
import { CATEGORIES, INSTRUMENT_STATUSES } from '../../../shared/schemas';
import { Dec } from '../../../shared/decimal';
import { isEmptyValue, isUnsetTime, type RawValue } from './values';

export type SortKeyOf = (raw: RawValue) => string | null;

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const LEN_WIDTH = 6;
const MAX_LEN = 10 ** LEN_WIDTH - 1;
/** Values that are not numbers at all still sort (after every number) instead of failing. */
const NOT_A_NUMBER = 'Z';
/** maxOrderQty "0" means "no limit": above every finite quantity. */
const INFINITY_KEY = 'Q';

function complement(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) out += String.fromCharCode(105 - digits.charCodeAt(i)); // '0'↔'9'
  return out;
}

function plainParts(t: string): [sign: string, int: string, frac: string] | undefined {
  const m = PLAIN.exec(t);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  return [m[1] ?? '', m[2] ?? '', m[3] ?? ''];
}

/**
 * Key of a decimal string: sign, then the length of the integer part, then the digits. Equal
 * numbers get equal keys ("0.1" and "0.10"); negatives use complemented digits and a terminator
 * above every digit so that -0.5 > -0.51.
 */
export function decimalKey(raw: string): string | undefined {
  const t = raw.trim();
  let parts = plainParts(t);
  if (!parts) {
    // Exponent forms and other notations decimal.js reads ("1e-8", "2.5E+3").
    let d: Dec;
    try {
      d = new Dec(t);
    } catch {
      return undefined;
    }
    if (!d.isFinite()) return undefined;
    parts = plainParts(d.toFixed());
    if (!parts) return undefined;
  }
  const [sign, intRaw, fracRaw] = parts;
  const int = intRaw.replace(/^0+/, '');
  const frac = fracRaw.replace(/0+$/, '');
  const len = Math.min(int.length, MAX_LEN);
  if (sign === '-' && (int !== '' || frac !== '')) {
    return `N${String(MAX_LEN - len).padStart(LEN_WIDTH, '0')}${complement(int)}${complement(frac)}~`;
  }
  return `P${String(len).padStart(LEN_WIDTH, '0')}${int}${frac}`;
}

export const numericKey: SortKeyOf = (raw) => {
  if (isEmptyValue(raw)) return null;
  return decimalKey(raw) ?? `${NOT_A_NUMBER}${raw.trim().toLowerCase()}`;
};

export const timeKey: SortKeyOf = (raw) => (isUnsetTime(raw) ? null : numericKey(raw));

export const maxQtyKey: SortKeyOf = (raw) => {
  const key = numericKey(raw);
  return key === `P${'0'.repeat(LEN_WIDTH)}` ? INFINITY_KEY : key;
};

export const textKey: SortKeyOf = (raw) => (isEmptyValue(raw) ? null : raw.trim().toLowerCase());

/** Values in a meaningful order first (by their position), any other value after them, alphabetically. */
function enumKey(order: readonly string[]): SortKeyOf {
  const width = String(order.length).length;
  return (raw) => {
    if (isEmptyValue(raw)) return null;
    const i = order.indexOf(raw.trim());
    return i >= 0 ? `A${String(i).padStart(width, '0')}` : `B${raw.trim().toLowerCase()}`;
  };
}

/** online first, offline last: from "trading normally" to "not trading at all". */
export const statusKey = enumKey(INSTRUMENT_STATUSES);
export const categoryKey = enumKey(CATEGORIES);

/** A comparator from a key function, empties last in both directions (for small lists and tests). */
export function compareBy(keyOf: SortKeyOf, desc = false): (a: RawValue, b: RawValue) => number {
  return (a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    if (ka === null || kb === null) return ka === kb ? 0 : ka === null ? 1 : -1;
    const c = ka < kb ? -1 : ka > kb ? 1 : 0;
    return desc ? -c : c;
  };
}

/** Dense ranks of one column: equal values share a rank; -1 marks unset. */
export interface ColumnRanks {
  ranks: Int32Array;
  count: number;
}

export function buildRanks(n: number, rawAt: (i: number) => RawValue, keyOf: SortKeyOf): ColumnRanks {
  // Most columns repeat a handful of values: key each distinct raw value once.
  const slotOfRaw = new Map<RawValue, number>();
  const slotKeys: Array<string | null> = [];
  const slots = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const raw = rawAt(i);
    let slot = slotOfRaw.get(raw);
    if (slot === undefined) {
      slot = slotKeys.length;
      slotKeys.push(keyOf(raw));
      slotOfRaw.set(raw, slot);
    }
    slots[i] = slot;
  }
  const distinct = [...new Set(slotKeys.filter((k): k is string => k !== null))].sort();
  const rankOfKey = new Map<string, number>();
  distinct.forEach((k, r) => rankOfKey.set(k, r));
  const slotRank = Int32Array.from(slotKeys, (k) => (k === null ? -1 : (rankOfKey.get(k) ?? -1)));
  const ranks = new Int32Array(n);
  for (let i = 0; i < n; i++) ranks[i] = slotRank[slots[i]!]!;
  return { ranks, count: distinct.length };
}

export interface RankedSort {
  ranks: ColumnRanks;
  desc: boolean;
}

/**
 * Row indexes ordered by several keys, first key most significant. One stable counting sort per
 * key, least significant first (LSD): linear in the row count, ties keep the exchange's order.
 */
export function sortIndexes(n: number, keys: readonly RankedSort[]): Int32Array {
  let order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let k = keys.length - 1; k >= 0; k--) {
    const { ranks, desc } = keys[k]!;
    const { count } = ranks;
    const r = ranks.ranks;
    // Buckets 0..count-1 hold values, bucket count holds the unset ones: last either way.
    const bucket = (row: number): number => {
      const v = r[row]!;
      return v < 0 ? count : desc ? count - 1 - v : v;
    };
    const starts = new Int32Array(count + 2);
    for (let i = 0; i < n; i++) starts[bucket(order[i]!) + 1]!++;
    for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
    const next = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const row = order[i]!;
      next[starts[bucket(row)]!++] = row;
    }
    order = next;
  }
  return order;
}
