/**
 * Untrusted input fit to quote in a refusal: a refusal names what it refused, but never echoes it at
 * length (10 KB of channel name came back once) nor carries a line break or NUL into a log line or
 * a header an adapter might build from it.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Surrogate}]/gu;

/** At most `max` characters (code points) of `text`, every control or format character shown as "?". */
export function excerpt(text: string, max = 40): string {
  const points = Array.from(text.replace(UNPRINTABLE, '?'));
  return points.length > max ? `${points.slice(0, max).join('')}…` : points.join('');
}
