/**
 * The values of single options, each checked and turned into what a command takes; anything wrong is
 * a UsageError naming the option, raised before any request.
 */
import { DeskError } from '../../shared/errors';
import { LIVE_BASE_URL } from '../../shared/profiles';
import {
  CATEGORIES,
  MAX_DECIMAL_LENGTH,
  TICKER_CATEGORIES,
  type Category,
  type TickerCategory,
} from '../../shared/schemas';
import { normalizeBaseUrl } from '../profiles/base-url';
import { UsageError } from './usage-error';

export const flags = (names: readonly string[]) => names.map((n) => `--${n}`).join(', ');

/** The value as given (trimmed), bounded like every decimal the desk sends. */
export function decimalOption(flag: string, value: string | undefined): string | undefined {
  const t = textOption(flag, value);
  if (t !== undefined && t.length > MAX_DECIMAL_LENGTH)
    throw new UsageError(`${flag} is longer than ${MAX_DECIMAL_LENGTH} characters.`);
  return t;
}

export function orderRef(
  orderId: string | undefined,
  clientOid: string | undefined,
): { orderId?: string; clientOid?: string } {
  const ref = { orderId: textOption('--order-id', orderId), clientOid: textOption('--client-oid', clientOid) };
  if (!ref.orderId && !ref.clientOid) throw new UsageError('Give the order with --order-id ID or --client-oid ID.');
  return ref;
}

export function textOption(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const t = value.trim();
  if (!t) throw new UsageError(`${flag} needs a value.`);
  return t;
}

export function categoryOption(value: string): Category {
  const upper = value.trim().toUpperCase();
  if (!(CATEGORIES as readonly string[]).includes(upper))
    throw new UsageError(`--category must be one of ${CATEGORIES.join(', ')}.`);
  return upper as Category;
}

export function tickerCategoryOption(value: string): TickerCategory {
  const upper = value.trim().toUpperCase();
  if (upper === 'MARGIN')
    throw new UsageError(
      'There are no MARGIN tickers: margin pairs trade on the SPOT book, so use --category SPOT (same symbol).',
    );
  if (!(TICKER_CATEGORIES as readonly string[]).includes(upper))
    throw new UsageError(`--category must be one of ${TICKER_CATEGORIES.join(', ')}.`);
  return upper as TickerCategory;
}

export function integerOption(flag: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`${flag} must be a whole number.`);
  const n = Number(value.trim());
  if (n < min || n > max) throw new UsageError(`${flag} must be between ${min} and ${max}.`);
  return n;
}

/** "30m", "24h", "7d" in milliseconds. */
export function durationOption(flag: string, value: string): number {
  const m = /^(\d{1,6})\s*([mhd])$/i.exec(value);
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[(m?.[2] ?? '').toLowerCase() as 'm' | 'h' | 'd'];
  if (!m || unit === undefined || Number(m[1]) === 0)
    throw new UsageError(`${flag} takes a duration such as 30m, 24h or 7d.`);
  return Math.min(Number(m[1]) * unit, 10 * 365 * 86_400_000);
}

export function baseUrlOption(value: string | undefined): string {
  if (value === undefined) return LIVE_BASE_URL;
  try {
    return normalizeBaseUrl(value);
  } catch (e) {
    throw new UsageError(e instanceof DeskError ? `--base-url: ${e.message}` : '--base-url is not valid.');
  }
}
