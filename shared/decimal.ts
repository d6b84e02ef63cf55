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

/*
 * The decimal text patterns, one set for the whole app. None trims: callers decide about spaces.
 * "Plain" means without an exponent.
 */

/** Digits with an optional point: "12", "12.5", "12." or ".5", but not "." alone. */
const MANTISSA = String.raw`(?:\d+\.?\d*|\.\d+)`;
/** An exponent: "e-8", "E+3", "e10". */
const EXPONENT = String.raw`e[+-]?\d+`;

/**
 * A positive-or-zero plain decimal as the exchange writes it: digits, optional fraction ("0.5",
 * "12"); not "-1", "+1", ".5", "5." or "1e-8". What prices and quantities sent to it must be.
 */
export const EXCHANGE_DECIMAL = /^\d+(\.\d+)?$/;
/** A plain decimal as a person, a proxy or a newer API version may write it: "-0.5", "+12", ".5", "5.". */
export const PLAIN_DECIMAL_TEXT = new RegExp(`^[+-]?${MANTISSA}$`);
/** A decimal with an exponent: "1e-8", "-2.5E+3". */
export const EXPONENT_DECIMAL_TEXT = new RegExp(`^[+-]?${MANTISSA}${EXPONENT}$`, 'i');
/** A negative decimal, plain or with an exponent: "-0.0001", "-.5", "-1e-8". */
export const NEGATIVE_DECIMAL_TEXT = new RegExp(`^-${MANTISSA}(?:${EXPONENT})?$`, 'i');
/**
 * The parts of a plain decimal: [1] the sign ("" if none), [2] the integer digits, [3] the
 * fraction digits (undefined without a point). Both digit groups may be empty: a match is a plain
 * decimal only if one of them is not (PLAIN_DECIMAL_TEXT says so in one test).
 */
export const PLAIN_DECIMAL_PARTS = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export function isPlainDecimal(s: string): boolean {
  return EXCHANGE_DECIMAL.test(s);
}

/** Strictly positive plain decimal string ("0.5", "12", "3.10"); rejects "", "-1", "1e-8", " 1". */
export function isPositiveDecimal(s: string): boolean {
  return EXCHANGE_DECIMAL.test(s) && new Dec(s).gt(0);
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
