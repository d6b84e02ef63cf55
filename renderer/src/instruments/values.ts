/**
 * What a raw instrument value means before it is formatted or sorted: the exchange sends every
 * value as a string and writes "not configured" in several ways ("", "-1", "0", null, missing).
 */
import type { Instrument } from '../../../shared/schemas';

export type RawValue = string | null | undefined;

/** Reads any field, known or not, as the exchange sent it (strings, or null for some margin pairs). */
export function rawField(instrument: Instrument, field: string): RawValue {
  const v = (instrument as Record<string, unknown>)[field];
  if (v === undefined || v === null) return v;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Empty for any field: missing, null, or an empty (or blank) string. */
export function isEmptyValue(v: RawValue): v is '' | null | undefined {
  return v === undefined || v === null || v.trim() === '';
}

/** Time fields also use "-1" and "0" for "not configured". */
export function isUnsetTime(v: RawValue): boolean {
  if (isEmptyValue(v)) return true;
  const t = v.trim();
  return t === '-1' || t === '0';
}

/** The fields whose being set means trading on the pair is (or will be) restricted. */
export const RESTRICTION_FIELDS = ['offTime', 'limitOpenTime', 'maintainTime'] as const;
export type RestrictionField = (typeof RESTRICTION_FIELDS)[number];

export const RESTRICTION_LABELS: Record<RestrictionField, string> = {
  offTime: 'Trading halt',
  limitOpenTime: 'Opening restricted',
  maintainTime: 'Maintenance',
};

export function hasRestriction(instrument: Instrument): boolean {
  return RESTRICTION_FIELDS.some((f) => !isUnsetTime(rawField(instrument, f)));
}

/** Milliseconds of a set time field, or undefined when unset or not a whole number. */
export function timeMs(v: RawValue): number | undefined {
  if (isUnsetTime(v)) return undefined;
  const t = (v as string).trim();
  if (!/^\d{1,16}$/.test(t)) return undefined;
  return Number(t);
}

/** A restriction time that has not been reached yet: the operator should know before it bites. */
export function isFutureTime(v: RawValue, now: number): boolean {
  const ms = timeMs(v);
  return ms !== undefined && ms > now;
}

/** The set restriction times that lie in the future, earliest first. */
export function upcomingRestrictions(
  instrument: Instrument,
  now: number,
): Array<{ field: RestrictionField; at: number }> {
  const out: Array<{ field: RestrictionField; at: number }> = [];
  for (const field of RESTRICTION_FIELDS) {
    const at = timeMs(rawField(instrument, field));
    if (at !== undefined && at > now) out.push({ field, at });
  }
  return out.sort((a, b) => a.at - b.at);
}

/** "YES"/"yes"/"true" as the exchange writes booleans. */
export function isYes(v: RawValue): boolean {
  if (isEmptyValue(v)) return false;
  const t = v.trim().toLowerCase();
  return t === 'yes' || t === 'true';
}

export function instrumentKey(instrument: Instrument): string {
  return `${instrument.category}:${instrument.symbol}`;
}
