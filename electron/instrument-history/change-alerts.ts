/**
 * Alerts for watched symbols, shown as desktop notifications: a status change (a delisting
 * included), a newly scheduled restriction, and a restriction starting within the next hour. Each
 * has an id that the same occurrence always gets, so the store can give it once.
 */
import { isSetTime, RESTRICTION_FIELDS, type ChangeEvent } from '../../shared/instrument-changes';
import type { ChangeAlert } from '../../shared/instrument-watch';
import type { Category, Instrument } from '../../shared/schemas';

/** "Starting within the next hour". */
export const SOON_MS = 60 * 60 * 1000;
/** How long an event's alert id is remembered: events never repeat, this only guards a re-record. */
const EVENT_ALERT_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;

const RESTRICTION_WORDS: Readonly<Record<string, string>> = {
  offTime: 'Trading halt',
  limitOpenTime: 'Opening restriction',
  maintainTime: 'Maintenance',
  deliveryTime: 'Delivery',
  deliveryStartTime: 'Delivery period',
};

export interface DueAlert {
  alert: ChangeAlert;
  /** Until when its id must be remembered as given. */
  rememberUntil: number;
  /** Ids this alert stands for too (a restriction scheduled within the hour is its "starting soon" as well). */
  alsoGiven?: string[];
}

/** A restriction time set on an instrument. */
export interface RestrictionTime {
  field: string;
  at: number;
}

export const watchKey = (category: Category, symbol: string): string => `${category}\0${symbol}`;

/** The alerts that events of watched symbols call for. */
export function eventAlerts(events: readonly ChangeEvent[], watched: ReadonlySet<string>, now: number): DueAlert[] {
  const out: DueAlert[] = [];
  for (const e of events) {
    if (!watched.has(watchKey(e.category, e.symbol))) continue;
    const alert = (title: string, body: string, alsoGiven?: string[]): void => {
      out.push({
        alert: { id: `event:${e.id}`, at: e.at, category: e.category, symbol: e.symbol, title, body },
        rememberUntil: now + EVENT_ALERT_MEMORY_MS,
        alsoGiven,
      });
    };
    const where = `${e.symbol} (${e.category})`;
    if (e.kind === 'status') {
      alert(`${where}: now ${e.new ?? 'no status'}`, `Status changed from ${e.old ?? 'none'} to ${e.new ?? 'none'}.`);
    } else if (e.kind === 'delisted') {
      alert(`${where}: delisted`, `The exchange no longer lists it (last status ${e.old ?? 'unknown'}).`);
    } else if (e.kind === 'restriction-scheduled' && e.field !== undefined) {
      const at = timeOf(e.new);
      const what = RESTRICTION_WORDS[e.field] ?? e.field;
      alert(
        `${where}: ${what.toLowerCase()} scheduled`,
        at === undefined
          ? `${e.field} is now ${e.new ?? ''}.`
          : `${what} ${relative(at, now)} (${utc(at)}).${e.old ? ` It was set for ${utc(timeOf(e.old) ?? 0)}.` : ''}`,
        at !== undefined && at >= now && at <= now + SOON_MS
          ? [soonAlertId(e.category, e.symbol, e.field, at)]
          : undefined,
      );
    }
  }
  return out;
}

/** The restriction times set on each instrument (symbols without any are left out). */
export function restrictionTimes(instruments: readonly Instrument[]): Map<string, RestrictionTime[]> {
  const out = new Map<string, RestrictionTime[]>();
  for (const row of instruments) {
    if (!row || typeof row.symbol !== 'string') continue;
    const times: RestrictionTime[] = [];
    for (const field of RESTRICTION_FIELDS) {
      const v = row[field];
      const at = typeof v === 'string' ? timeOf(v) : undefined;
      if (at !== undefined) times.push({ field, at });
    }
    if (times.length > 0) out.set(row.symbol, times);
  }
  return out;
}

/** Alerts for watched restrictions that start within SOON_MS of now (not those already past). */
export function soonAlerts(
  category: Category,
  restrictions: ReadonlyMap<string, readonly RestrictionTime[]>,
  watched: ReadonlySet<string>,
  now: number,
): DueAlert[] {
  const out: DueAlert[] = [];
  for (const [symbol, times] of restrictions) {
    if (!watched.has(watchKey(category, symbol))) continue;
    for (const { field, at } of times) {
      if (at < now || at > now + SOON_MS) continue;
      const what = RESTRICTION_WORDS[field] ?? field;
      out.push({
        alert: {
          id: soonAlertId(category, symbol, field, at),
          at: now,
          category,
          symbol,
          title: `${symbol} (${category}): ${what.toLowerCase()} ${relative(at, now)}`,
          body: `${what} starts at ${utc(at)}.`,
        },
        rememberUntil: at + SOON_MS,
      });
    }
  }
  return out;
}

export function soonAlertId(category: Category, symbol: string, field: string, at: number): string {
  return `soon:${category}:${symbol}:${field}:${at}`;
}

/** A restriction field's value as a time (ms), when it is set. */
export function timeOf(v: string | undefined): number | undefined {
  if (!isSetTime(v)) return undefined;
  const n = Number(v.trim());
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

function utc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function relative(at: number, now: number): string {
  const min = Math.round((at - now) / 60_000);
  if (min < 0) return 'already started';
  if (min < 1) return 'starting now';
  if (min < 120) return `in ${min} min`;
  const h = Math.round(min / 60);
  return h < 48 ? `in ${h} h` : `in ${Math.round(h / 24)} days`;
}
