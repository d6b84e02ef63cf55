/**
 * Words for instrument values that are not what they seem raw, for the app and the CLI alike:
 * ratios are shown as percentages ("0.0002" → "0.02 %") and a max order quantity of 0 is "no
 * limit". Exact: plain decimals move their point, never through a float. Raw values stay raw
 * where they are data (the CLI's --json, the CSV export).
 */
import { isPlainZero, parseDecimalText, shiftPoint } from './decimal-text';

export const NO_LIMIT = 'no limit';

/** A decimal fraction as a percentage: "0.0002" → "0.02 %", "-0.0001" → "-0.01 %"; other text as sent. */
export function ratioAsPercent(raw: string): string {
  // Plain decimals (all the exchange sends) by moving the point: formatting a screenful of new
  // rows after a keystroke must not build thousands of Decimal objects.
  const shifted = shiftPoint(raw, 2);
  if (shifted !== undefined) return `${shifted} %`;
  const d = parseDecimalText(raw);
  return d ? `${d.mul(100).toFixed()} %` : raw.trim();
}

/** Whether a max order quantity means "no limit" (the exchange sends 0). */
export function isNoLimitQty(raw: string): boolean {
  return (isPlainZero(raw) ?? parseDecimalText(raw)?.isZero()) === true;
}
