/**
 * Exact decimal helpers over the exchange's decimal strings. Prices and quantities never pass
 * through a float: decimal.js with a precision far above anything the exchange sends.
 */
import DecimalJs from 'decimal.js';

export const Dec = DecimalJs.clone({
  precision: 1000,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  toExpNeg: -1000,
  toExpPos: 1000,
});
export type Dec = InstanceType<typeof Dec>;

/** A positive-or-zero plain decimal as the exchange writes it: digits, optional fraction. */
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

export function isPlainDecimal(s: string): boolean {
  return PLAIN_DECIMAL.test(s);
}

/** Strictly positive plain decimal string ("0.5", "12", "3.10"); rejects "", "-1", "1e-8", " 1". */
export function isPositiveDecimal(s: string): boolean {
  return PLAIN_DECIMAL.test(s) && new Dec(s).gt(0);
}

/** Parses any numeric string decimal.js understands; undefined for "", null-ish or junk. */
export function toDec(s: string | null | undefined): Dec | undefined {
  if (s === undefined || s === null) return undefined;
  const t = s.trim();
  if (t === '') return undefined;
  try {
    const d = new Dec(t);
    return d.isFinite() ? d : undefined;
  } catch {
    return undefined;
  }
}

/** Decimal places that matter: trailing zeros of the fraction do not count ("1.500" → 1). */
export function significantDecimals(s: string): number {
  const dot = s.indexOf('.');
  if (dot < 0) return 0;
  return s.slice(dot + 1).replace(/0+$/, '').length;
}

/** True when value is an exact multiple of step. A missing, empty or zero step means "no step". */
export function isMultipleOf(value: string, step: string | undefined): boolean {
  const st = toDec(step);
  if (!st || st.isZero()) return true;
  const v = toDec(value);
  if (!v) return false;
  return v.mod(st).isZero();
}

export function compareDecimal(a: string, b: string): number {
  return new Dec(a).cmp(new Dec(b));
}

export function multiply(a: string, b: string): string {
  return new Dec(a).mul(new Dec(b)).toFixed();
}

/** Canonical text of a decimal ("1.500" → "1.5", "007" → "7"); junk is returned unchanged. */
export function normalizeDecimal(s: string): string {
  const d = toDec(s);
  return d ? d.toFixed() : s;
}

/** |a − b| / b as a decimal string, or undefined when b is zero or either side is not a number. */
export function relativeDistance(a: string, b: string): Dec | undefined {
  const da = toDec(a);
  const db = toDec(b);
  if (!da || !db || db.isZero()) return undefined;
  return da.minus(db).abs().div(db.abs());
}
