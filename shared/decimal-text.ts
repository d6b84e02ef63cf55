/**
 * Which strings count as numbers here: plain decimals as the exchange writes them, and exponent
 * forms ("1e-8") that a proxy or a newer API version might produce. decimal.js alone would also
 * read "0x10" or "Infinity", which would show a made-up value for junk.
 */
import { Dec, EXPONENT_DECIMAL_TEXT, PLAIN_DECIMAL_PARTS, PLAIN_DECIMAL_TEXT } from './decimal';

export function parseDecimalText(raw: string): Dec | undefined {
  const t = raw.trim();
  if (!PLAIN_DECIMAL_TEXT.test(t) && !EXPONENT_DECIMAL_TEXT.test(t)) return undefined;
  try {
    return new Dec(t);
  } catch {
    return undefined;
  }
}

export function isPlainDecimalText(raw: string): boolean {
  return PLAIN_DECIMAL_TEXT.test(raw.trim());
}

/**
 * A plain decimal times 10^places, written out exactly like decimal.js's toFixed() (no leading or
 * trailing zeros, "0" for zero), by moving the point in the digits: no parsing, no arithmetic.
 * undefined when `raw` is not a plain decimal.
 */
export function shiftPoint(raw: string, places: number): string | undefined {
  const m = PLAIN_DECIMAL_PARTS.exec(raw.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const frac = (m[3] ?? '').padEnd(places, '0');
  const int = ((m[2] ?? '') + frac.slice(0, places)).replace(/^0+/, '') || '0';
  const rest = frac.slice(places).replace(/0+$/, '');
  const abs = rest ? `${int}.${rest}` : int;
  return m[1] === '-' && abs !== '0' ? `-${abs}` : abs;
}

/** Whether a plain decimal is zero ("0", "0.000", "-0"); undefined when `raw` is not one. */
export function isPlainZero(raw: string): boolean | undefined {
  const t = raw.trim();
  return PLAIN_DECIMAL_TEXT.test(t) ? !/[1-9]/.test(t) : undefined;
}

/**
 * A plain decimal with its integer digits grouped in threes: "277777777777" → "277,777,777,777",
 * "-1234.5678" → "-1,234.5678" (the fraction is not grouped). By moving characters only, so a
 * value of any length stays exact; anything else (exponent forms, words) comes back as it was.
 */
export function groupDigits(text: string): string {
  const m = PLAIN_DECIMAL_PARTS.exec(text);
  if (!m || (m[2] === '' && m[3] === undefined)) return text;
  const int = m[2] ?? '';
  if (int.length <= 3) return text;
  const head = int.length % 3 || 3;
  let grouped = int.slice(0, head);
  for (let i = head; i < int.length; i += 3) grouped += `,${int.slice(i, i + 3)}`;
  return `${m[1]}${grouped}${m[3] === undefined ? '' : `.${m[3]}`}`;
}
