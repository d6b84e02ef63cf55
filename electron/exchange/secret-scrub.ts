/**
 * Scrubs credentials out of what an exchange sends back. A server that echoes the request's headers
 * in its msg (or anywhere in its answer) would otherwise get the API key and passphrase into the
 * activity log, the renderer and the CLI's output. The client scrubs every answer once, where it
 * turns the HTTP answer into data or a DeskError, so nothing downstream ever sees the secrets.
 *
 * What is replaced by `[redacted]`:
 * - the profile's API key, secret key and passphrase, raw or with any of their characters
 *   percent-encoded (either hex case, space as "+" or "%20"), JSON-escaped (\" \\ \/ \uXXXX), or
 *   base64-encoded as a whole (standard or URL-safe, padded or not), letter case ignored;
 * - the value of anything shaped like an ACCESS-* header: `ACCESS-KEY: x`, `"ACCESS-SIGN":"x"`,
 *   `access-passphrase=x`, `["ACCESS-KEY","x"]`, an `{"access-key": "x"}` member of the answer's
 *   JSON, letter case ignored (also ACCESS_KEY).
 *
 * Where a secret is replaced:
 * - in texts (the msg, error messages), everywhere when it has at least MIN_TEXT_SECRET characters,
 *   and only where it stands apart when shorter (a passphrase "p" leaves "HTTP" alone);
 * - in the data of an answer (order IDs, prices, statuses), only when it has at least
 *   MIN_DATA_SECRET characters and stands apart, so that a short or numeric secret never rewrites an
 *   order ID or a price.
 * "Stands apart": no letter or digit right before or after it, a %XX or JSON escape counting as a
 * separator (`%3Dsecret%26`, `\u0022secret`).
 */
import { DeskError } from '../../shared/errors';

export const REDACTED = '[redacted]';

/** Shorter secrets are replaced in texts only where they stand apart. */
export const MIN_TEXT_SECRET = 4;
/** Shorter secrets are not replaced in data values, which they could corrupt. */
export const MIN_DATA_SECRET = 8;

const BEFORE = '(?:(?<![\\p{L}\\p{N}])|(?<=%[0-9a-f]{2})|(?<=\\\\u[0-9a-f]{4})|(?<=\\\\[nrtbf]))';
const AFTER = '(?![\\p{L}\\p{N}])';

export interface SecretScrubber {
  /** A text with every secret and ACCESS-* value replaced. */
  text(s: string): string;
  /**
   * A parsed JSON answer, copied with its secrets replaced (msg as a text, the rest as data). Given
   * the raw text it was parsed from, an answer whose text shows no trace of a secret, an ACCESS-*
   * name or a \u escape (which could hide either) is returned as it is, without the walk.
   */
  answer(json: unknown, rawText?: string): unknown;
  /** The same DeskError if it carries no secret, else a copy with message, exchangeMsg and details scrubbed. */
  error(e: DeskError): DeskError;
}

/** Values after an ACCESS-* name and a separator (`: `, `=`, `":"`, `","`, URL-encoded or not). */
const ACCESS_VALUE = new RegExp(
  [
    '(access[-_][a-z0-9_-]*[a-z0-9])', // the name
    '(', // the separator, kept
    '(?:\\\\*["\']|%22|%27)?(?:[ \\t]|%20|\\+)*(?:[:=]|%3a|%3d)(?:[ \\t]|%20|\\+)*(?:\\\\*["\']|%22|%27)?',
    '|(?:\\\\*["\']|%22)[ \\t]*(?:,|%2c)[ \\t]*(?:\\\\*["\']|%22)', // a quoted pair: "ACCESS-KEY","x"
    ')',
    `(?!${escapeRegExp(REDACTED)})`,
    '([^\\s"\'\\\\,;&<>{}()\\[\\]]+)', // the value, up to a delimiter
  ].join(''),
  'gi',
);
const ACCESS_NAME = /^access[-_]/i;
/** In raw JSON text: an ACCESS-* name, or a \u escape that could spell one (or a secret). */
const TRACE = /access[-_]|\\u/i;

export function secretScrubber(secrets: ReadonlyArray<string | undefined>): SecretScrubber {
  const values = [
    ...new Set(secrets.flatMap((s) => (s === undefined ? [] : [s, s.trim()])).filter((s) => s.length > 0)),
  ];
  const length = (v: string) => [...v].length;
  const apart = (re: string) => (re ? `${BEFORE}(?:${re})${AFTER}` : '');
  const textRe = regExp([
    alternation(values.filter((v) => length(v) >= MIN_TEXT_SECRET)),
    apart(alternation(values.filter((v) => length(v) < MIN_TEXT_SECRET))),
  ]);
  const dataRe = regExp([apart(alternation(values.filter((v) => length(v) >= MIN_DATA_SECRET)))]);
  // Without the g flag, so that test() keeps no state. Every form a data secret can take in JSON text
  // is one the text expression matches (its characters raw or JSON-escaped).
  const traceRe = textRe ? new RegExp(textRe.source, 'iu') : undefined;
  const mayHoldSecrets = (raw: string) => TRACE.test(raw) || (traceRe?.test(raw) ?? false);

  const text = (s: string): string => scrubWith(s, textRe);
  const data = (s: string): string => scrubWith(s, dataRe);

  const deep = (v: unknown): unknown => {
    if (typeof v === 'string') return data(v);
    if (Array.isArray(v)) {
      // ["ACCESS-KEY", "x", …] (raw header pairs): the element after an ACCESS-* name is its value.
      return v.map((item, i) => (isAccessName(v[i - 1]) && typeof item === 'string' ? REDACTED : deep(item)));
    }
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, item] of Object.entries(v)) {
        out[data(k)] = ACCESS_NAME.test(k) && typeof item === 'string' ? REDACTED : deep(item);
      }
      return out;
    }
    return v;
  };

  return {
    text,
    answer(json, rawText) {
      if (rawText !== undefined && !mayHoldSecrets(rawText)) return json;
      const scrubbed = deep(json);
      if (scrubbed !== null && typeof scrubbed === 'object' && !Array.isArray(scrubbed)) {
        const env = scrubbed as Record<string, unknown>;
        const original = (json as Record<string, unknown>).msg;
        if (typeof original === 'string') env.msg = text(original);
      }
      return scrubbed;
    },
    error(e) {
      const d = e.data;
      const message = text(d.message);
      const exchangeMsg = d.exchangeMsg === undefined ? undefined : text(d.exchangeMsg);
      const details = d.details?.map(text);
      const same =
        message === d.message &&
        exchangeMsg === d.exchangeMsg &&
        (details ?? []).every((line, i) => line === d.details?.[i]);
      if (same) return e;
      return new DeskError({
        ...d,
        message,
        ...(exchangeMsg === undefined ? {} : { exchangeMsg }),
        ...(details === undefined ? {} : { details }),
      });
    },
  };
}

function regExp(alternatives: readonly string[]): RegExp | undefined {
  const source = alternatives.filter((a) => a !== '').join('|');
  return source ? new RegExp(source, 'giu') : undefined;
}

function isAccessName(v: unknown): boolean {
  return typeof v === 'string' && ACCESS_NAME.test(v);
}

function scrubWith(s: string, secrets: RegExp | undefined): string {
  const out = secrets ? s.replace(secrets, REDACTED) : s;
  return out.replace(ACCESS_VALUE, (_, name: string, sep: string) => `${name}${sep}${REDACTED}`);
}

/** One regular-expression alternation matching every value in every encoding, longest first. */
function alternation(values: readonly string[]): string {
  const patterns = values.flatMap((v) => {
    const b64 = Buffer.from(v, 'utf8').toString('base64').replace(/=+$/, '');
    const b64url = b64.replace(/\+/g, '-').replace(/\//g, '_');
    return [
      { len: v.length, re: [...v].map(charPattern).join('') },
      { len: b64.length, re: `${escapeRegExp(b64)}=*` },
      { len: b64url.length, re: `${escapeRegExp(b64url)}=*` },
    ];
  });
  return patterns
    .sort((a, b) => b.len - a.len)
    .map((p) => p.re)
    .join('|');
}

const JSON_SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\\\"',
  '\\': '\\\\\\\\',
  '/': '\\\\/',
  '\b': '\\\\b',
  '\f': '\\\\f',
  '\n': '\\\\n',
  '\r': '\\\\r',
  '\t': '\\\\t',
};

/** One character, raw or encoded: percent-encoded UTF-8, "+" for a space, a JSON escape. */
function charPattern(c: string): string {
  const alternatives = new Set<string>([escapeRegExp(c)]);
  alternatives.add([...Buffer.from(c, 'utf8')].map((b) => `%${hex(b, 2)}`).join(''));
  if (c === ' ') alternatives.add('\\+');
  const short = JSON_SHORT_ESCAPES[c];
  if (short) alternatives.add(short);
  let unicode = '';
  for (let i = 0; i < c.length; i++) unicode += `\\\\u${hex(c.charCodeAt(i), 4)}`;
  alternatives.add(unicode);
  return `(?:${[...alternatives].join('|')})`;
}

function hex(n: number, digits: number): string {
  return n.toString(16).padStart(digits, '0');
}

function escapeRegExp(s: string): string {
  // Only syntax characters (and "/"): the unicode-mode expressions refuse any other escape.
  return s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
