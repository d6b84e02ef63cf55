/**
 * Turns every way a request can fail into one DeskError: the exchange's rejections (with its code),
 * rate limits, server errors, malformed answers, broken connections and timeouts. The messages name
 * the host and path only; headers (and so credentials) never reach an error, and what the exchange
 * says (its msg, its data) has been through the profile's SecretScrubber first.
 *
 * A failure is "not sent" (mayHaveTakenEffect false) only on evidence that no byte of the request
 * left this computer; anything else after sending may have taken effect.
 */
import { z } from 'zod';
import { DeskError, deskError, EXCHANGE_CODE, explainCode } from '../../shared/errors';
import { SUCCESS_CODE } from '../../shared/schemas';
import type { SecretScrubber } from './secret-scrub';
import type { WireVerdict } from './wire-progress';

export interface RequestInfo {
  host: string;
  path: string;
  /** A Modify Order: a failure after sending leaves its outcome unknown. */
  mutating: boolean;
  timeoutMs: number;
}

const UNKNOWN_OUTCOME = 'The modification may or may not have been applied: check the order before trying again.';

const envelopeSchema = z.object({ code: z.string(), msg: z.string(), requestTime: z.number().optional() });

/**
 * The successful envelope as JSON, or a DeskError describing what went wrong. The answer is scrubbed
 * of the profile's secrets as soon as it is parsed: the msg, the data and so every error built here.
 */
export function interpretAnswer(status: number, text: string, req: RequestInfo, scrub: SecretScrubber): unknown {
  let json: unknown;
  let parsed = false;
  try {
    json = scrub.answer(JSON.parse(text), text);
    parsed = true;
  } catch {
    // handled below with the status
  }
  const env = parsed ? envelopeSchema.safeParse(json) : undefined;
  if (env?.success && env.data.code === SUCCESS_CODE && status >= 200 && status < 300) return json;

  if (status === 429 || env?.data?.code === EXCHANGE_CODE.rateLimited) {
    throw deskError(
      'rate-limit',
      req.mutating
        ? "The exchange's rate limit rejected the modification: it was not applied, and the desk did not resend it."
        : `The exchange's rate limit rejected the request on ${req.path} (HTTP 429).`,
      {
        code: env?.data?.code ?? EXCHANGE_CODE.rateLimited,
        exchangeMsg: env?.data?.msg,
        httpStatus: status,
        requestTime: env?.data?.requestTime,
        path: req.path,
      },
    );
  }
  if (env?.success) {
    const { code, msg, requestTime } = env.data;
    const serverFailed = status >= 500;
    const words = explainCode(code) ?? msg;
    throw new DeskError({
      kind: 'exchange',
      message: req.mutating && serverFailed ? `${words} ${UNKNOWN_OUTCOME}` : words,
      code,
      exchangeMsg: msg,
      httpStatus: status,
      requestTime,
      path: req.path,
      // A 4xx with a code was refused before anything happened; a server failure may have come after.
      mayHaveTakenEffect: req.mutating && serverFailed,
    });
  }
  if (status >= 500) {
    throw deskError(
      'exchange',
      `The exchange's server failed (HTTP ${status}) on ${req.path}.${req.mutating ? ` ${UNKNOWN_OUTCOME}` : ''}`,
      { httpStatus: status, path: req.path, mayHaveTakenEffect: req.mutating },
    );
  }
  const what = parsed ? 'an answer that is not the API envelope' : 'a body that is not JSON';
  // A 2xx that cannot be read may still be an accepted modification.
  const mayHaveTakenEffect = req.mutating && status >= 200 && status < 300;
  throw deskError(
    'internal',
    `${req.host} answered HTTP ${status} with ${what} on ${req.path}.${mayHaveTakenEffect ? ` ${UNKNOWN_OUTCOME}` : ''}`,
    { httpStatus: status, path: req.path, mayHaveTakenEffect },
  );
}

export function timeoutError(req: RequestInfo): DeskError {
  return deskError(
    'timeout',
    `No answer from ${req.host} within ${req.timeoutMs} ms on ${req.path}.${req.mutating ? ` ${UNKNOWN_OUTCOME}` : ''}`,
    { path: req.path, mayHaveTakenEffect: req.mutating },
  );
}

/**
 * Codes meaning the connection was never made (or the request never built), so nothing reached the
 * exchange. ECONNRESET, EPIPE, UND_ERR_SOCKET and the like are not here: they can come after sending.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_INVALID_ARG',
  'ERR_INVALID_URL',
  'ERR_INVALID_CHAR',
  'ERR_INVALID_HTTP_TOKEN',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
]);

const CODE_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed',
  EAI_NONAME: 'host not found',
  EAI_FAIL: 'DNS lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_INVALID_ARG: 'the request could not be built',
  ERR_INVALID_URL: 'invalid URL',
  ERR_INVALID_CHAR: 'invalid character in a header',
  ERR_INVALID_HTTP_TOKEN: 'invalid header name',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed',
};

/**
 * Failures fetch reports without a code but only before it opens a connection: its own checks of
 * the headers and the URL (a TypeError thrown while building the request, not the "fetch failed" of
 * a network error) and the ports and schemes it refuses to use.
 */
const BUILD_FAILURE = /invalid header (name|value)|ByteString|Failed to parse URL|Invalid URL/i;
const REFUSED_BEFORE_CONNECTING = /^(bad port|URL scheme must be a HTTP\(S\) scheme)$/;

/** The system error code under fetch's "fetch failed" TypeError (possibly inside an AggregateError). */
export function networkCode(e: unknown): string | undefined {
  return causes(e).find((c): c is { code: string } => typeof (c as { code?: unknown }).code === 'string')?.code;
}

/** The error, then its causes (the first of an AggregateError's errors), at most a few deep. */
function causes(e: unknown): object[] {
  const chain: object[] = [];
  let cur: unknown = e;
  while (cur && typeof cur === 'object' && !chain.includes(cur) && chain.length < 8) {
    chain.push(cur);
    const o = cur as { errors?: unknown[]; cause?: unknown };
    cur = Array.isArray(o.errors) && o.errors.length > 0 ? o.errors[0] : o.cause;
  }
  return chain;
}

/** Words for a failure known to have happened before the request left this computer, or undefined. */
function notSentWords(e: unknown): string | undefined {
  const code = networkCode(e);
  if (code !== undefined) return NOT_SENT_CODES.has(code) ? (CODE_WORDS[code] ?? code) : undefined;
  if (e instanceof TypeError && e.message !== 'fetch failed' && BUILD_FAILURE.test(e.message))
    return 'the request could not be built';
  const refused = causes(e).find((c) => c instanceof Error && REFUSED_BEFORE_CONNECTING.test(c.message)) as
    Error | undefined;
  return refused ? `refused by fetch: ${refused.message}` : undefined;
}

/**
 * A fetch that failed before an answer. `wire` says whether the request was written to a socket,
 * when that is known: not written means not sent, whatever the error; otherwise the error decides.
 * The error's own message is never quoted (fetch puts header values in it).
 */
export function transportError(e: unknown, req: RequestInfo, wire: WireVerdict = 'unknown'): DeskError {
  const code = networkCode(e);
  const notSent = wire === 'written' ? undefined : notSentWords(e);
  if (notSent !== undefined || wire === 'not-written') {
    const words = notSent ?? (code && CODE_WORDS[code]) ?? code ?? 'the connection could not be made';
    return notSentError(req, `Could not reach ${req.host} (${words}): nothing was sent.`);
  }
  const words = (code && CODE_WORDS[code]) ?? code ?? 'network error';
  return deskError(
    'network',
    `The connection to ${req.host} failed before an answer arrived (${words}) on ${req.path}.${req.mutating ? ` ${UNKNOWN_OUTCOME}` : ''}`,
    { path: req.path, mayHaveTakenEffect: req.mutating },
  );
}

/** The time ran out before the connection was made: the request was never written. */
export function connectTimeoutError(req: RequestInfo): DeskError {
  return notSentError(
    req,
    `Could not connect to ${req.host} within ${req.timeoutMs} ms on ${req.path}: nothing was sent.`,
  );
}

/** A failure before anything left this computer: safe to correct and send again. */
export function notSentError(req: Pick<RequestInfo, 'path'>, message: string): DeskError {
  return deskError('network', message, { path: req.path, mayHaveTakenEffect: false });
}
