/**
 * Which strings count as numbers here: plain decimals as the exchange writes them, and exponent
 * forms ("1e-8") that a proxy or a newer API version might produce. decimal.js alone would also
 * read "0x10" or "Infinity", which would show a made-up value for junk.
 */
import { Dec } from '../../../shared/decimal';

const PLAIN = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const EXPONENT = /^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i;

export function parseDecimalText(raw: string): Dec | undefined {
  const t = raw.trim();
  if (!PLAIN.test(t) && !EXPONENT.test(t)) return undefined;
  try {
    return new Dec(t);
  } catch {
    return undefined;
  }
}

export function isPlainDecimalText(raw: string): boolean {
  return PLAIN.test(raw.trim());
}
