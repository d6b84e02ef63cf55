/**
 * What changed between two fetches of a category's instruments: listings, delistings, status
 * changes, restrictions scheduled or cleared, and any other field (schema fields and unknown ones
 * alike). The exchange only ever returns the current state, so these events are the history.
 *
 * Values are compared as decimals when both sides are decimal texts ("0.10" and "0.1" are the same
 * fee), else as text. Rows are keyed by symbol; when a snapshot lists a symbol twice the last row
 * wins, in both snapshots alike, so a duplicate can never read as a listing or a change.
 */
import { z } from 'zod';
import { Dec, EXPONENT_DECIMAL_TEXT, PLAIN_DECIMAL_TEXT } from './decimal';
import { categorySchema, type Category, type Instrument } from './schemas';

export const CHANGE_KINDS = [
  'listed',
  'delisted',
  'status',
  'field',
  'restriction-scheduled',
  'restriction-cleared',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * Times at which the exchange restricts or stops a symbol: delisting, open-limit, maintenance and
 * delivery. They get their own kinds because an operator is warned before one bites.
 */
export const RESTRICTION_FIELDS: readonly string[] = [
  'offTime',
  'limitOpenTime',
  'maintainTime',
  'deliveryTime',
  'deliveryStartTime',
];
/**
 * How the exchange writes "no time set" in those fields: "", "-1" or "0". An absent field, and any
 * decimal not above zero ("0.0", "-1.0"), count as unset too.
 */
export function isSetTime(v: string | undefined): v is string {
  if (v === undefined) return false;
  const t = v.trim();
  if (t === '') return false;
  return !(isDecimalText(t) && new Dec(t).lte(0));
}

/**
 * Any text an event carries is cut to this many characters: an unknown field may hold anything,
 * and one event stays one small line of the change log.
 */
export const MAX_CHANGE_TEXT = 1000;

export const changeEventSchema = z.object({
  /** Unique and stable: the fetch's id and the event's place in that fetch. */
  id: z.string().min(1).max(200),
  /** When the fetch that saw the change was made (ms). */
  at: z.number(),
  /** Events of one fetch share it: the feed groups by it. */
  fetchId: z.string().min(1).max(200),
  profileId: z.string().min(1).max(200),
  category: categorySchema,
  symbol: z.string().min(1).max(MAX_CHANGE_TEXT),
  kind: z.enum(CHANGE_KINDS),
  /** The field that changed (status, field and restriction kinds). */
  field: z.string().max(MAX_CHANGE_TEXT).optional(),
  /**
   * The value before and after. Absent when there was none (a field that appeared or disappeared; a
   * restriction time that was unset). A listing carries the new status, a delisting the last one.
   */
  old: z.string().max(MAX_CHANGE_TEXT).optional(),
  new: z.string().max(MAX_CHANGE_TEXT).optional(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

export interface DiffMeta {
  profileId: string;
  category: Category;
  fetchId: string;
  /** The fetch time (ms). */
  at: number;
}

export interface SnapshotComparison {
  events: ChangeEvent[];
  /** The current snapshot, one row per symbol (the last of duplicates), in order of first appearance. */
  rows: Map<string, Instrument>;
  /**
   * True when both snapshots hold the same symbols with textually equal rows, so a stored previous
   * snapshot need not be rewritten. False for a first snapshot.
   */
  identical: boolean;
}

/** The change events from `previous` to `current`; none for a first snapshot (`previous` undefined): it is the baseline. */
export function diffInstruments(
  previous: readonly Instrument[] | undefined,
  current: readonly Instrument[],
  meta: DiffMeta,
): ChangeEvent[] {
  return compareSnapshots(previous, current, meta).events;
}

/**
 * diffInstruments, and what a store needs besides: the deduplicated current rows and whether
 * anything differs at all. `previous` may be given as the `rows` of an earlier comparison, which
 * saves indexing it again.
 */
export function compareSnapshots(
  previous: readonly Instrument[] | ReadonlyMap<string, Instrument> | undefined,
  current: readonly Instrument[],
  meta: DiffMeta,
): SnapshotComparison {
  const rows = bySymbol(current);
  if (previous === undefined) return { events: [], rows, identical: false };
  const before = previous instanceof Map ? previous : bySymbol(previous as readonly Instrument[]);
  const events: ChangeEvent[] = [];
  const emit: Emit = (symbol, kind, field, old, now) => {
    const e: ChangeEvent = {
      id: `${meta.fetchId}:${events.length}`,
      at: meta.at,
      fetchId: meta.fetchId,
      profileId: meta.profileId,
      category: meta.category,
      symbol: cap(symbol),
      kind,
    };
    if (field !== undefined) e.field = cap(field);
    if (old !== undefined) e.old = cap(old);
    if (now !== undefined) e.new = cap(now);
    events.push(e);
  };

  let identical = before.size === rows.size;
  let matched = 0;
  for (const [symbol, row] of rows) {
    const old = before.get(symbol);
    if (old === undefined) {
      identical = false;
      emit(symbol, 'listed', undefined, undefined, text(own(row, 'status')));
      continue;
    }
    matched++;
    // Nearly every row is unchanged from one fetch to the next: an allocation-free check first.
    if (sameRow(old, row)) continue;
    identical = false;
    for (const key in row) {
      if (key !== 'symbol') diffField(symbol, key, text(own(old, key)), text(own(row, key)), emit);
    }
    for (const key in old) {
      if (key !== 'symbol' && !Object.hasOwn(row, key)) diffField(symbol, key, text(own(old, key)), undefined, emit);
    }
  }
  // Every earlier symbol still listed: nothing to look for.
  if (matched < before.size) {
    for (const [symbol, old] of before) {
      if (!rows.has(symbol)) {
        identical = false;
        emit(symbol, 'delisted', undefined, text(own(old, 'status')), undefined);
      }
    }
  }
  return { events, rows, identical };
}

type Emit = (
  symbol: string,
  kind: ChangeKind,
  field: string | undefined,
  old: string | undefined,
  now: string | undefined,
) => void;

function diffField(symbol: string, key: string, old: string | undefined, now: string | undefined, emit: Emit): void {
  if (sameValue(old, now)) return;
  if (key === 'status') return emit(symbol, 'status', key, old, now);
  if (RESTRICTION_FIELDS.includes(key)) {
    const wasSet = isSetTime(old);
    const isSet = isSetTime(now);
    // "" → "-1" (or a field that appears unset) changes nothing an operator acts on.
    if (!wasSet && !isSet) return;
    if (isSet) return emit(symbol, 'restriction-scheduled', key, wasSet ? old : undefined, now);
    return emit(symbol, 'restriction-cleared', key, old, undefined);
  }
  emit(symbol, 'field', key, old, now);
}

/** The rows by symbol: the last row of a symbol wins, kept at the place of its first appearance. */
function bySymbol(list: readonly Instrument[]): Map<string, Instrument> {
  const map = new Map<string, Instrument>();
  for (const row of list) {
    // A row without a symbol cannot be followed from one fetch to the next.
    if (row && typeof row.symbol === 'string' && row.symbol !== '') map.set(row.symbol, row);
  }
  return map;
}

/** Reused by sameRow: comparing two equal rows allocates nothing. */
const keyBuffer: string[] = [];
const valueBuffer: unknown[] = [];

/**
 * The same keys in the same order with identical values. Strict: a "no" only sends the row to the
 * field-by-field diff, which decides. Each row is read by a for-in over itself, V8's fast path;
 * looking one row's keys up in the other is several times slower.
 */
function sameRow(a: Instrument, b: Instrument): boolean {
  let n = 0;
  for (const k in a) {
    keyBuffer[n] = k;
    valueBuffer[n] = a[k];
    n++;
  }
  let j = 0;
  for (const k in b) {
    if (j >= n || keyBuffer[j] !== k || valueBuffer[j] !== b[k]) return false;
    j++;
  }
  return j === n;
}

function own(row: Instrument, key: string): unknown {
  return Object.hasOwn(row, key) ? row[key] : undefined;
}

/** A field's value as text: the exchange sends strings; null counts as absent; anything else by its JSON. */
function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'function' || typeof v === 'symbol') return undefined;
  return JSON.stringify(v);
}

function sameValue(a: string | undefined, b: string | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return isDecimalText(a) && isDecimalText(b) && new Dec(a).eq(new Dec(b));
}

function isDecimalText(s: string): boolean {
  return PLAIN_DECIMAL_TEXT.test(s) || EXPONENT_DECIMAL_TEXT.test(s);
}

function cap(s: string): string {
  return s.length > MAX_CHANGE_TEXT ? `${s.slice(0, MAX_CHANGE_TEXT - 1)}…` : s;
}
