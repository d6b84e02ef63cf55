/**
 * A change event in plain words, one text for the Changes feed, the History tab and their titles:
 * "status online → limit_open", "taker fee 0.0006 → 0.0008", "delisting scheduled for 2026-11-24
 * 08:00 UTC". Times are written in UTC: the feed is read next to exchange announcements, which use it.
 */
import type { ChangeEvent, ChangeKind } from '../../../shared/instrument-changes';
import { SPEC_BY_ID } from '../instruments/columns';

export const KIND_LABELS: Record<ChangeKind, string> = {
  listed: 'Listed',
  delisted: 'Delisted',
  status: 'Status',
  field: 'Field',
  'restriction-scheduled': 'Restriction scheduled',
  'restriction-cleared': 'Restriction cleared',
};

/** How worried the operator should be, as a badge tone. */
export const KIND_TONES: Record<ChangeKind, 'ok' | 'warn' | 'danger' | 'info' | 'neutral'> = {
  listed: 'info',
  delisted: 'danger',
  status: 'warn',
  field: 'neutral',
  'restriction-scheduled': 'warn',
  'restriction-cleared': 'ok',
};

/** What each restriction time stops (the exchange's announcements call offTime the delisting time). */
const RESTRICTION_WORDS: Readonly<Record<string, string>> = {
  offTime: 'delisting',
  limitOpenTime: 'open restriction',
  maintainTime: 'maintenance',
  deliveryTime: 'delivery',
  deliveryStartTime: 'delivery start',
};

const pad = (n: number): string => String(n).padStart(2, '0');

/** "2026-11-24 08:00 UTC" for a millisecond text; anything else as sent. Seconds only when not zero. */
export function utcTime(raw: string): string {
  const t = raw.trim();
  if (!/^\d{1,16}$/.test(t)) return t;
  const d = new Date(Number(t));
  if (Number.isNaN(d.getTime())) return t;
  const secs = d.getUTCSeconds();
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${secs ? `:${pad(secs)}` : ''} UTC`;
}

/** A field's name in words: the grid's label in lower case ("taker fee"), else the exchange's name. */
export function fieldWords(field: string | undefined): string {
  if (!field) return 'a field';
  const spec = SPEC_BY_ID.get(field);
  return spec ? spec.label.toLowerCase() : field;
}

/** A value as text in a sentence: an empty string is written as such rather than vanishing. */
const value = (v: string): string => (v === '' ? '(empty)' : v);

/** The event without its symbol: "status online → limit_open". */
export function eventText(e: Pick<ChangeEvent, 'kind' | 'field' | 'old' | 'new'>): string {
  switch (e.kind) {
    case 'listed':
      return e.new ? `listed (status ${e.new})` : 'listed';
    case 'delisted':
      return e.old ? `delisted (was ${e.old})` : 'delisted';
    case 'status':
      return `status ${e.old === undefined ? '(none)' : value(e.old)} → ${e.new === undefined ? '(none)' : value(e.new)}`;
    case 'restriction-scheduled': {
      const what = RESTRICTION_WORDS[e.field ?? ''] ?? fieldWords(e.field);
      const at = utcTime(e.new ?? '');
      return e.old === undefined ? `${what} scheduled for ${at}` : `${what} moved from ${utcTime(e.old)} to ${at}`;
    }
    case 'restriction-cleared': {
      const what = RESTRICTION_WORDS[e.field ?? ''] ?? fieldWords(e.field);
      return e.old === undefined ? `${what} cleared` : `${what} cleared (was ${utcTime(e.old)})`;
    }
    case 'field': {
      const name = fieldWords(e.field);
      if (e.old === undefined) return `${name} appeared: ${value(e.new ?? '')}`;
      if (e.new === undefined) return `${name} removed (was ${value(e.old)})`;
      return `${name} ${value(e.old)} → ${value(e.new)}`;
    }
  }
}

/** "BTCUSDT status online → limit_open". */
export function eventSentence(e: Pick<ChangeEvent, 'symbol' | 'kind' | 'field' | 'old' | 'new'>): string {
  return `${e.symbol} ${eventText(e)}`;
}

/** Local time of day (and the date when it is not today): "14:32:05", "2026-11-22 09:15:00". */
export function feedTime(ms: number, now: number): string {
  const d = new Date(ms);
  const today = new Date(now);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  const sameDay =
    d.getFullYear() === today.getFullYear() && d.getMonth() === today.getMonth() && d.getDate() === today.getDate();
  return sameDay ? time : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`;
}

export interface FetchGroup {
  fetchId: string;
  at: number;
  category: ChangeEvent['category'];
  events: ChangeEvent[];
}

/** Consecutive events of one fetch, in feed order (newest first); a fetch split across pages stays one group. */
export function groupByFetch(events: readonly ChangeEvent[]): FetchGroup[] {
  const groups: FetchGroup[] = [];
  let last: FetchGroup | undefined;
  for (const e of events) {
    if (!last || last.fetchId !== e.fetchId) {
      last = { fetchId: e.fetchId, at: e.at, category: e.category, events: [] };
      groups.push(last);
    }
    last.events.push(e);
  }
  return groups;
}

/**
 * "checked less than a minute ago", "checked 5 min ago": always in the past. The screen's clock
 * ticks every 30 s, so a check made since its last tick is "later" than the clock; it still happened.
 */
export function checkedAgo(at: number, now: number): string {
  const min = Math.floor(Math.max(0, now - at) / 60_000);
  if (min < 1) return 'checked less than a minute ago';
  if (min < 60) return `checked ${min} min ago`;
  if (min < 48 * 60) return `checked ${Math.floor(min / 60)} h${min % 60 ? ` ${min % 60} min` : ''} ago`;
  return `checked ${Math.floor(min / 1440)} d ${Math.floor((min % 1440) / 60)} h ago`;
}
