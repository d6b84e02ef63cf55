/**
 * Query strings as the exchange reads them. The signature covers the query exactly as the client
 * sent it (parameter order kept) but with values percent-decoded, so a client that signs the raw
 * value and sends it encoded (the documented way, and the only one that works for non-ASCII
 * values) verifies; a client that signs the encoded form does not, as on the real service.
 */
export interface ParsedQuery {
  /** First value of each parameter; later duplicates are ignored. */
  readonly params: ReadonlyMap<string, string>;
  /** The `k=v&k=v` text that goes into the prehash ("" when the query is empty). */
  readonly signedText: string;
}

/** RFC 3986 percent-decoding; '+' stays '+'. Malformed escapes are kept verbatim rather than refused. */
function decode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function parseQuery(raw: string): ParsedQuery {
  const params = new Map<string, string>();
  if (raw === '') return { params, signedText: '' };
  const signed: string[] = [];
  for (const segment of raw.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    const key = decode(eq < 0 ? segment : segment.slice(0, eq));
    const value = eq < 0 ? '' : decode(segment.slice(eq + 1));
    signed.push(eq < 0 ? key : `${key}=${value}`);
    if (!params.has(key)) params.set(key, value);
  }
  return { params, signedText: signed.join('&') };
}
