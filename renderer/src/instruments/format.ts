/**
 * Display text of instrument values. Exact: decimal strings go through decimal.js, never a float,
 * so "0.0002" becomes "0.02 %" and not "0.019999999999999997 %". Integer digits are grouped in
 * threes ("277,777,777,777") by moving characters; sorting, copying and the CSV keep the raw text.
 */
import { isNoLimitQty, NO_LIMIT, ratioAsPercent } from '../../../shared/instrument-text';
import { groupDigits, isPlainDecimalText, parseDecimalText } from '../../../shared/decimal-text';
import { isEmptyValue, isUnsetTime, timeMs, type RawValue } from './values';

export const UNSET = '—';

/** A number as the exchange wrote it, digits grouped; exponent forms ("1e-8") are written out in full. */
export function formatDecimal(v: RawValue): string {
  if (isEmptyValue(v)) return UNSET;
  const t = v.trim();
  if (isPlainDecimalText(t)) return groupDigits(t);
  const d = parseDecimalText(t);
  return d ? groupDigits(d.toFixed()) : t;
}

const PERCENT = ' %';

/** A decimal fraction as a percentage: "0.0002" → "0.02 %" (the words shared with the CLI). */
export function formatPercent(v: RawValue): string {
  if (isEmptyValue(v)) return UNSET;
  const p = ratioAsPercent(v);
  return p.endsWith(PERCENT) ? `${groupDigits(p.slice(0, -PERCENT.length))}${PERCENT}` : p;
}

/** maxOrderQty: "0" means the exchange sets no limit. */
export function formatMaxQty(v: RawValue): string {
  if (isEmptyValue(v)) return UNSET;
  return isNoLimitQty(v) ? NO_LIMIT : formatDecimal(v);
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** Local date-time, sortable and unambiguous: 2026-12-25 08:00:00. */
export function formatLocalDateTime(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Unix-millisecond time fields; "", "-1", "0" and null are "not configured". */
export function formatTime(v: RawValue): string {
  if (isUnsetTime(v)) return UNSET;
  const ms = timeMs(v);
  return ms === undefined ? (v as string).trim() : formatLocalDateTime(ms);
}

/** "in 3 d 4 h", "in 12 min", "2 h ago": for the titles of restriction warnings. */
export function formatRelative(ms: number, now: number): string {
  const delta = ms - now;
  const abs = Math.abs(delta);
  const min = Math.floor(abs / 60_000);
  let text: string;
  if (min < 1) text = 'less than a minute';
  else if (min < 60) text = `${min} min`;
  else if (min < 48 * 60) text = `${Math.floor(min / 60)} h${min % 60 ? ` ${min % 60} min` : ''}`;
  else text = `${Math.floor(min / 1440)} d ${Math.floor((min % 1440) / 60)} h`;
  return delta >= 0 ? `in ${text}` : `${text} ago`;
}

/**
 * Each status of the specification in words, for the grid, the filter and the detail panel. The
 * exchange's own code stays reachable: in each status cell's accessible description and tooltip,
 * and in the detail panel; sorting, filtering and the CSV export keep using the code.
 */
export const STATUS_LABELS: Readonly<Record<string, string>> = {
  online: 'Online',
  limit_open: 'Limit open',
  limit_close: 'Limit close',
  restrictedAPI: 'API restricted',
  listed: 'Listed',
  offline: 'Offline',
};

const STATUS_MEANINGS: Readonly<Record<string, string>> = {
  online: 'trading normally',
  limit_open: 'opening positions is restricted',
  limit_close: 'closing positions is restricted',
  restrictedAPI: 'trading through the API is restricted',
  listed: 'listed, not yet open for trading',
  offline: 'delisted or under maintenance',
};

const known = (table: Readonly<Record<string, string>>, status: string): string | undefined =>
  Object.hasOwn(table, status) ? table[status] : undefined;

/** A status in words: "API restricted" for restrictedAPI; a status this desk does not know stays as sent. */
export function statusLabel(status: RawValue): string {
  if (isEmptyValue(status)) return UNSET;
  const t = status.trim();
  return known(STATUS_LABELS, t) ?? t;
}

/** "API restricted: trading through the API is restricted". */
export function statusMeaning(status: string): string {
  const meaning = known(STATUS_MEANINGS, status);
  return meaning
    ? `${statusLabel(status)}: ${meaning}`
    : `${status || 'No status'}: a status this desk does not know yet`;
}

/** The meaning with the exchange's code, for a status cell's description and tooltip. */
export function statusDescription(status: string): string {
  return status ? `${statusMeaning(status)} (exchange code: ${status})` : statusMeaning(status);
}

/** Badge tone per status: how worried an operator should be. */
export function statusTone(status: string): 'ok' | 'warn' | 'danger' | 'info' | 'neutral' {
  switch (status) {
    case 'online':
      return 'ok';
    case 'limit_open':
    case 'limit_close':
    case 'restrictedAPI':
      return 'warn';
    case 'offline':
      return 'danger';
    case 'listed':
      return 'info';
    default:
      return 'neutral';
  }
}
