/**
 * The grid's numeric columns: whole numbers, aligned on the point (lib/number-align.tsx). Each
 * column's figures are counted once per fetched list, from the displayed texts, and set both the
 * column's least width (a number is never cut, a drag stops there) and every cell's padding.
 */
import type { Instrument } from '../../../shared/schemas';
import { addFigures, figuresWidthChars, noFigures, type NumberFigures } from '../lib/number-align';
import { columnValue, COLUMN_SPECS, FORMAT_OF_KIND, isNumericKind, type ColumnKind } from './columns';
import { CELL_CHROME_PX, MONO_PX } from './grid-layout';
import { MONO_EM_BOUND } from './text-fit';

/** The room a column needs so that no number in it is cut: its content and the cell's padding. */
export function figuresWidthPx(f: NumberFigures): number {
  return Math.ceil(figuresWidthChars(f) * MONO_PX * MONO_EM_BOUND) + CELL_CHROME_PX;
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const ZERO = 48;
const POINT = 46;
const PERCENT_TAIL = 2; // " %"
const NO_LIMIT_CHARS = 8; // "no limit"

/** Characters of `n` integer digits once grouped in threes. */
const grouped = (n: number): number => (n > 0 ? n + Math.floor((n - 1) / 3) : 0);

/**
 * Widens `f` to hold the displayed text of `raw` in a column of `kind`, read off the raw
 * characters without formatting it: what FORMAT_OF_KIND would write (grouped digits, a ratio as a
 * percentage, 0 as "no limit"), counted. False for anything but a plain decimal without spaces
 * (blank, exponent forms, junk): the caller formats those. number-cells.test.ts holds the two equal.
 */
function addRawFigures(f: NumberFigures, raw: string, kind: ColumnKind): boolean {
  const n = raw.length;
  let i = 0;
  const first = n > 0 ? raw.charCodeAt(0) : 0;
  const sign = first === 45 || first === 43 ? 1 : 0;
  i = sign;
  const intStart = i;
  while (i < n && isDigit(raw.charCodeAt(i))) i++;
  const intDigits = i - intStart;
  const point = i < n && raw.charCodeAt(i) === POINT;
  if (point) i++;
  const fracStart = i;
  while (i < n && isDigit(raw.charCodeAt(i))) i++;
  const fracDigits = i - fracStart;
  if (i !== n || intDigits + fracDigits === 0) return false;
  let zero = true;
  for (let k = intStart; k < n && zero; k++) {
    const c = raw.charCodeAt(k);
    if (c !== ZERO && c !== POINT) zero = false;
  }
  if (kind === 'maxQty' && zero) {
    f.word = Math.max(f.word, NO_LIMIT_CHARS);
    return true;
  }
  if (kind !== 'percent') {
    f.head = Math.max(f.head, sign + grouped(intDigits));
    f.frac = Math.max(f.frac, point ? 1 + fracDigits : 0);
    return true;
  }
  // × 100 by moving the point two places (shiftPoint): leading zeros of the new integer part and
  // trailing zeros of the new fraction go; "-0" loses its sign.
  let lead = 0;
  for (let k = 0; k < intDigits + 2; k++) {
    const c =
      k < intDigits
        ? raw.charCodeAt(intStart + k)
        : k - intDigits < fracDigits
          ? raw.charCodeAt(fracStart + k - intDigits)
          : ZERO;
    if (c !== ZERO) break;
    lead++;
  }
  const intLen = Math.max(1, intDigits + 2 - lead);
  let rest = Math.max(0, fracDigits - 2);
  while (rest > 0 && raw.charCodeAt(fracStart + 2 + rest - 1) === ZERO) rest--;
  f.head = Math.max(f.head, (sign && !zero && raw.charCodeAt(0) === 45 ? 1 : 0) + grouped(intLen));
  f.frac = Math.max(f.frac, rest > 0 ? rest + 1 : 0);
  f.tail = Math.max(f.tail, PERCENT_TAIL);
  return true;
}

/**
 * The figures of every numeric column of a list, counted once when it arrives: a loop over each
 * value's characters; only values that are not plain decimals (rare) are formatted to be counted.
 */
export function numberFigures(rows: readonly Instrument[]): ReadonlyMap<string, NumberFigures> {
  const out = new Map<string, NumberFigures>();
  for (const spec of COLUMN_SPECS) {
    if (!isNumericKind(spec.kind)) continue;
    const { id, kind, derive } = spec;
    const f = noFigures();
    for (let r = 0; r < rows.length; r++) {
      const v = derive ? derive(rows[r]!) : (rows[r] as Record<string, unknown>)[id];
      if (typeof v === 'string' && addRawFigures(f, v, kind)) continue;
      if (v === undefined || v === null || v === '') f.word = Math.max(f.word, 1);
      else addFigures(f, FORMAT_OF_KIND[kind](columnValue(rows[r]!, id)));
    }
    out.set(id, f);
  }
  return out;
}

const FIGURES = new WeakMap<readonly Instrument[], ReadonlyMap<string, NumberFigures>>();

/** numberFigures of a fetched list, counted on the first call for it and then kept. */
export function figuresOf(rows: readonly Instrument[]): ReadonlyMap<string, NumberFigures> {
  let f = FIGURES.get(rows);
  if (!f) {
    f = numberFigures(rows);
    FIGURES.set(rows, f);
  }
  return f;
}

/** The least width of each numeric column for a list: its numbers, whole (see table-columns.ts). */
export function neededWidths(rows: readonly Instrument[]): ReadonlyMap<string, number> {
  const out = new Map<string, number>();
  for (const [id, f] of figuresOf(rows)) out.set(id, figuresWidthPx(f));
  return out;
}
