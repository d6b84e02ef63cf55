/**
 * Turns every way a request can fail into one DeskError: the exchange's rejections (with its code),
 * rate limits, server errors, malformed answers, broken connections and timeouts. The messages name
 * the host and path only; headers (and so credentials) never reach an error.
 */
import { z } from 'zod';
import { DeskError, deskError, EXCHANGE_CODE, explainCode } from '../../shared/errors';
import { SUCCESS_CODE } from '../../shared/schemas';

export interface RequestInfo {
  host: string;
  path: string;
  /** A Modify Order: a failure after sending leaves its outcome unknown. */
  mutating: boolean;
  timeoutMs: number;
}

const UNKNOWN_OUTCOME = 'The modification may or may not have been applied: check the order before trying again.';

const envelopeSchema = z.object({ code: z.string(), msg: z.string(), requestTime: z.number().optional() });

/** The successful envelope as JSON, or a DeskError describing what went wrong. */
export function interpretAnswer(status: number, text: string, req: RequestInfo): unknown {
  let json: unknown;
  let parsed = false;
  try {
    json = JSON.parse(text);
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

/** Codes meaning the connection was never made, so nothing reached the exchange. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
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
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed',
};

/** The system error code under fetch's "fetch failed" TypeError (possibly inside an AggregateError). */
export function networkCode(e: unknown): string | undefined {
  const seen = new Set<unknown>();
  let cur: unknown = e;
  while (cur && typeof cur === 'object' && !seen.has(cur)) {
    seen.add(cur);
    const o = cur as { code?: unknown; errors?: unknown[]; cause?: unknown };
    if (typeof o.code === 'string') return o.code;
    if (Array.isArray(o.errors) && o.errors.length > 0) {
      cur = o.errors[0];
      continue;
    }
    cur = o.cause;
  }
  return undefined;
}

export function transportError(e: unknown, req: RequestInfo): DeskError {
  const code = networkCode(e);
  const notSent = code !== undefined && NOT_SENT_CODES.has(code);
  const words = (code && CODE_WORDS[code]) ?? code ?? 'network error';
  const message = notSent
    ? `Could not reach ${req.host} (${words}): nothing was sent.`
    : `The connection to ${req.host} failed before an answer arrived (${words}) on ${req.path}.${req.mutating ? ` ${UNKNOWN_OUTCOME}` : ''}`;
  return deskError('network', message, { path: req.path, mayHaveTakenEffect: req.mutating && !notSent });
}
