/**
 * Exact sort keys. Every value becomes a string whose code-unit order is the wanted order, so a
 * column is ranked once per data set (native sorts of short runs, merged in steps), and its
 * sorted orders come from integer ranks (sort-order.ts): exact (no float ever sees a decimal)
 * and fast at 50k rows.
 *
 * A key of null means "unset": unset values go last in both directions.
 */
import { EXPONENT_DECIMAL_TEXT, PLAIN_DECIMAL_PARTS, PLAIN_DECIMAL_TEXT } from '../../../shared/decimal';
import { CATEGORIES, INSTRUMENT_STATUSES } from '../../../shared/schemas';
import { parseDecimalText } from '../../../shared/decimal-text';
import { isEmptyValue, isUnsetTime, type RawValue } from './values';

export type SortKeyOf = (raw: RawValue) => string | null;

const LEN_WIDTH = 6;
const MAX_LEN = 10 ** LEN_WIDTH - 1;
/** Values that are not numbers at all still sort (after every number) instead of failing. */
const NOT_A_NUMBER = 'Z';
/** maxOrderQty "0" means "no limit": above every finite quantity. */
const INFINITY_KEY = 'Q';

/** Character codes the scanners below compare with charCodeAt() (no one-character strings). */
const CHAR_PLUS = '+'.charCodeAt(0);
const CHAR_MINUS = '-'.charCodeAt(0);
const CHAR_DOT = '.'.charCodeAt(0);
const CHAR_0 = '0'.charCodeAt(0);
const CHAR_9 = '9'.charCodeAt(0);

/** Each digit mirrored ('0'↔'9', '1'↔'8', …): a larger magnitude gets a smaller key. */
function complement(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) out += String.fromCharCode(CHAR_0 + CHAR_9 - digits.charCodeAt(i));
  return out;
}

function plainParts(t: string): [sign: string, int: string, frac: string] | undefined {
  const m = PLAIN_DECIMAL_PARTS.exec(t);
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
    // Exponent forms ("1e-8", "2.5E+3"), written out exactly.
    const d = parseDecimalText(t);
    if (!d) return undefined;
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

/** How a column sorts: its key function, plus a fast path for numeric columns. */
export interface SortRule {
  keyOf: SortKeyOf;
  numeric?: { isUnset(raw: RawValue): boolean; zeroIsInfinity: boolean };
}

export const TEXT_RULE: SortRule = { keyOf: textKey };
export const STATUS_RULE: SortRule = { keyOf: statusKey };
export const CATEGORY_RULE: SortRule = { keyOf: categoryKey };
export const NUMERIC_RULE: SortRule = { keyOf: numericKey, numeric: { isUnset: isEmptyValue, zeroIsInfinity: false } };
export const TIME_RULE: SortRule = { keyOf: timeKey, numeric: { isUnset: isUnsetTime, zeroIsInfinity: false } };
export const MAX_QTY_RULE: SortRule = { keyOf: maxQtyKey, numeric: { isUnset: isEmptyValue, zeroIsInfinity: true } };

/** Significant digits of a plain decimal ("0.00120" → 2), or -1 when `t` is not one. */
function plainSignificantDigits(t: string): number {
  let i = 0;
  const len = t.length;
  if (len === 0) return -1;
  const c0 = t.charCodeAt(0);
  if (c0 === CHAR_PLUS || c0 === CHAR_MINUS) i = 1;
  let digits = 0;
  let dots = 0;
  let first = -1;
  let last = -1;
  for (; i < len; i++) {
    const c = t.charCodeAt(i);
    if (c === CHAR_DOT) {
      if (++dots > 1) return -1;
      continue;
    }
    if (c < CHAR_0 || c > CHAR_9) return -1;
    digits++;
    if (c !== CHAR_0) {
      if (first < 0) first = digits;
      last = digits;
    }
  }
  if (digits === 0) return -1;
  if (first < 0) return 0;
  // Trailing zeros of an integer part count for nothing either (1000 is 1e3).
  return last - first + 1;
}

/** Significant decimal digits that always survive a round trip through a double (C's DBL_DIG). */
const DBL_DIG = 15;

/**
 * The value as a double when that double orders and equates exactly like the decimal: at most
 * DBL_DIG significant digits (distinct such decimals round to distinct doubles, monotonically)
 * and far from overflow and subnormals. undefined when the decimal needs the exact string key.
 */
export function exactFloat(raw: string): number | undefined {
  const t = raw.trim();
  let sig = plainSignificantDigits(t);
  if (sig < 0) {
    if (!EXPONENT_DECIMAL_TEXT.test(t)) return undefined;
    sig = plainSignificantDigits(t.slice(0, t.search(/e/i)));
  }
  const f = Number(t);
  if (sig === 0) return 0;
  if (sig > DBL_DIG || !Number.isFinite(f)) return undefined;
  const abs = Math.abs(f);
  return abs > 1e-300 && abs < 1e300 ? f : undefined;
}

/**
 * Rows handled between two yields of a ranking job: about a millisecond of work on a slow
 * machine, so a job driven from idle callbacks never delays a keystroke by more than that.
 */
export const ROWS_PER_STEP = 1024;

/** A ranking computed in steps: each next() does at most about ROWS_PER_STEP rows of work. */
export type RankJob = Generator<void, ColumnRanks, void>;

/** Runs a job to its end at once. */
export function finish<T>(job: Generator<void, T, void>): T {
  for (;;) {
    const r = job.next();
    if (r.done) return r.value;
  }
}

/**
 * The strings in code-unit order (what sort() does), as native sorts of short runs and then
 * merges of runs, yielding between steps so that 50,000 symbols never block for 50 ms.
 */
export function* sortStrings(values: readonly string[]): Generator<void, string[], void> {
  const n = values.length;
  let src = new Array<string>(n);
  for (let lo = 0; lo < n; lo += ROWS_PER_STEP) {
    const run = values.slice(lo, lo + ROWS_PER_STEP).sort();
    for (let i = 0; i < run.length; i++) src[lo + i] = run[i]!;
    yield;
  }
  let dst = new Array<string>(n);
  for (let width = ROWS_PER_STEP; width < n; width *= 2) {
    let written = 0;
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k++) {
        dst[k] = j >= hi || (i < mid && src[i]! <= src[j]!) ? src[i++]! : src[j++]!;
        if (++written % ROWS_PER_STEP === 0) yield;
      }
    }
    [src, dst] = [dst, src];
  }
  return src;
}

/** Ranks the keys of the distinct raw values (given per value, see rankJob); null keys rank -1. */
function* rankKeys(
  valueKeys: ReadonlyArray<string | null>,
  stepped: boolean,
): Generator<void, { valueRank: Int32Array; count: number }, void> {
  const keys = [...new Set(valueKeys.filter((k): k is string => k !== null))];
  // At once (a click before idle time ranked the column): the native sort, far quicker than
  // the merges in script, whose steps only matter when they yield to input.
  const distinct = stepped ? yield* sortStrings(keys) : keys.sort();
  const rankOfKey = new Map<string, number>();
  for (let r = 0; r < distinct.length; r++) {
    rankOfKey.set(distinct[r]!, r);
    if (r % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  const valueRank = new Int32Array(valueKeys.length);
  for (let v = 0; v < valueKeys.length; v++) {
    const k = valueKeys[v]!;
    valueRank[v] = k === null ? -1 : (rankOfKey.get(k) ?? -1);
    if (v % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  return { valueRank, count: distinct.length };
}

const UNSET_CLASS = 1;
const INFINITY_CLASS = 2;
const JUNK_CLASS = 3;

/**
 * Numeric fast path, row by row without a key string: doubles where they are exact, a native
 * Float64Array sort, ranks by binary search. undefined when some value needs the exact string key.
 */
function* rankNumeric(
  n: number,
  rawAt: (i: number) => RawValue,
  rule: NonNullable<SortRule['numeric']>,
): Generator<void, ColumnRanks | undefined, void> {
  const values = new Float64Array(n);
  const cls = new Uint8Array(n);
  const junk = new Map<string, number>();
  let numbers = 0;
  for (let i = 0; i < n; i++) {
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
    const raw = rawAt(i);
    if (rule.isUnset(raw)) {
      cls[i] = UNSET_CLASS;
      continue;
    }
    // Most values are short plain decimals: at most DBL_DIG digits, so exact as doubles. A native
    // regular expression says so, which costs the same before the JIT has compiled this loop.
    const text = raw as string;
    const f = text.length <= DBL_DIG && PLAIN_DECIMAL_TEXT.test(text) ? +text : exactFloat(text);
    if (f === undefined) {
      if (decimalKey(raw as string) !== undefined) return undefined;
      cls[i] = JUNK_CLASS;
      junk.set((raw as string).trim().toLowerCase(), 0);
    } else if (rule.zeroIsInfinity && f === 0) {
      cls[i] = INFINITY_CLASS;
    } else {
      values[i] = f;
      numbers++;
    }
  }
  const sorted = new Float64Array(numbers);
  for (let i = 0, k = 0; i < n; i++) if (cls[i] === 0) sorted[k++] = values[i]!;
  yield;
  // One native sort of doubles: a few milliseconds at 50,000 rows.
  sorted.sort();
  yield;
  // Keep distinct values only: equal doubles are equal decimals here. (Not a Map of value to rank:
  // at 50,000 distinct values its boxed keys and rehashes cost a garbage collection in the click.)
  let distinct = 0;
  for (let i = 0; i < numbers; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i]!;
  let hasInfinity = 0;
  for (let i = 0; i < n && !hasInfinity; i++) if (cls[i] === INFINITY_CLASS) hasInfinity = 1;
  const junkBase = distinct + hasInfinity;
  [...junk.keys()].sort().forEach((j, r) => junk.set(j, junkBase + r));
  const ranks = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
    const c = cls[i];
    if (c === UNSET_CLASS) ranks[i] = -1;
    else if (c === INFINITY_CLASS) ranks[i] = distinct;
    else if (c === JUNK_CLASS) ranks[i] = junk.get((rawAt(i) as string).trim().toLowerCase())!;
    else {
      const f = values[i]!;
      let lo = 0;
      let hi = distinct - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid]! < f) lo = mid + 1;
        else hi = mid;
      }
      ranks[i] = lo;
    }
  }
  return { ranks, count: junkBase + junk.size };
}

export function buildRanks(n: number, rawAt: (i: number) => RawValue, rule: SortRule): ColumnRanks {
  return finish(rankJob(n, rawAt, rule, false));
}

/**
 * buildRanks as a job. Stepped, each step does about ROWS_PER_STEP rows of work (idle-time work that
 * must yield to input); not stepped, it yields as often but sorts key strings natively at once.
 */
export function* rankJob(n: number, rawAt: (i: number) => RawValue, rule: SortRule, stepped = true): RankJob {
  const fast = rule.numeric ? yield* rankNumeric(n, rawAt, rule.numeric) : undefined;
  if (fast) return fast;
  // Key strings cost more: key each distinct raw value once (most columns repeat a few values).
  // raws[v] is distinct value v; valueOfRow[i] is the value of row i.
  const valueOfRaw = new Map<RawValue, number>();
  const raws: RawValue[] = [];
  const valueOfRow = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
    const raw = rawAt(i);
    let v = valueOfRaw.get(raw);
    if (v === undefined) {
      v = raws.length;
      raws.push(raw);
      valueOfRaw.set(raw, v);
    }
    valueOfRow[i] = v;
  }
  const keys = new Array<string | null>(raws.length);
  for (let v = 0; v < raws.length; v++) {
    keys[v] = rule.keyOf(raws[v]);
    if (v % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  const { valueRank, count } = yield* rankKeys(keys, stepped);
  const ranks = new Int32Array(n);
  for (let i = 0; i < n; i++) ranks[i] = valueRank[valueOfRow[i]!]!;
  return { ranks, count };
}
