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

/** What an alert is about; a "cleared" alert of the same condition resolves the earlier ones. */
export function conditionOf(category: Category, symbol: string, field: string): string {
  return `${category}:${symbol}:${field}`;
}

/** The status a symbol is back to normal at: an alert about its status is resolved. */
const NORMAL_STATUS = 'online';
/** The condition of a delisting ("listing") is cleared by the symbol being listed again. */
const LISTING = 'listing';

/** The alerts that events of watched symbols call for, and the conditions they clear. */
export function eventAlerts(events: readonly ChangeEvent[], watched: ReadonlySet<string>, now: number): DueAlert[] {
  const out: DueAlert[] = [];
  for (const e of events) {
    if (!watched.has(watchKey(e.category, e.symbol))) continue;
    const alert = (
      title: string,
      body: string,
      field: string,
      extra: { alsoGiven?: string[]; cleared?: true } = {},
    ) => {
      out.push({
        alert: {
          id: `event:${e.id}`,
          at: e.at,
          category: e.category,
          symbol: e.symbol,
          title,
          body,
          condition: conditionOf(e.category, e.symbol, field),
          ...(extra.cleared ? { cleared: true } : {}),
        },
        rememberUntil: now + EVENT_ALERT_MEMORY_MS,
        alsoGiven: extra.alsoGiven,
      });
    };
    const where = `${e.symbol} (${e.category})`;
    const statusWords = `Status changed from ${e.old ?? 'none'} to ${e.new ?? 'none'}.`;
    if (e.kind === 'status' && e.new === NORMAL_STATUS) {
      alert(`${where}: back ${NORMAL_STATUS}`, statusWords, 'status', { cleared: true });
    } else if (e.kind === 'status') {
      alert(`${where}: now ${e.new ?? 'no status'}`, statusWords, 'status');
    } else if (e.kind === 'delisted') {
      alert(`${where}: delisted`, `The exchange no longer lists it (last status ${e.old ?? 'unknown'}).`, LISTING);
    } else if (e.kind === 'listed') {
      // A brand-new listing cannot be watched yet: a watched symbol listed is one that comes back.
      alert(`${where}: listed again`, `The exchange lists it again (status ${e.new ?? 'unknown'}).`, LISTING, {
        cleared: true,
      });
    } else if (e.kind === 'restriction-scheduled' && e.field !== undefined) {
      const at = timeOf(e.new);
      const what = RESTRICTION_WORDS[e.field] ?? e.field;
      alert(
        `${where}: ${what.toLowerCase()} scheduled`,
        at === undefined
          ? `${e.field} is now ${e.new ?? ''}.`
          : `${what} ${relative(at, now)} (${utc(at)}).${e.old ? ` It was set for ${utc(timeOf(e.old) ?? 0)}.` : ''}`,
        e.field,
        {
          alsoGiven:
            at !== undefined && at >= now && at <= now + SOON_MS
              ? [soonAlertId(e.category, e.symbol, e.field, at)]
              : undefined,
        },
      );
    } else if (e.kind === 'restriction-cleared' && e.field !== undefined) {
      const what = RESTRICTION_WORDS[e.field] ?? e.field;
      alert(
        `${where}: ${what.toLowerCase()} cleared`,
        `The exchange no longer schedules a ${what.toLowerCase()}.`,
        e.field,
        {
          cleared: true,
        },
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
          condition: conditionOf(category, symbol, field),
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
