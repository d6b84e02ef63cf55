/**
 * One error shape for everything that can go wrong between the renderer and the exchange, and
 * the plain-words explanation of each exchange code. Shared so the renderer, the CLI and main say
 * the same thing.
 */
import { z } from 'zod';

export const ERROR_KINDS = [
  'validation', // an IPC payload or CLI argument is malformed
  'rule', // an amend rule is broken; nothing was sent
  'exchange', // the exchange answered with a non-success code
  'rate-limit', // HTTP 429
  'network', // connection refused/reset before an answer
  'timeout', // no answer in time
  'vault', // credential storage problem
  'not-found', // unknown profile, attempt, …
  'conflict', // refused locally because of the order's state (in flight, locked)
  'forbidden', // IPC from a frame that is not the app
  'internal',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const deskErrorSchema = z.object({
  kind: z.enum(ERROR_KINDS),
  message: z.string(),
  /** Exchange result code when the exchange answered ("40009", "25204", "429"). */
  code: z.string().optional(),
  /** The exchange's own msg, verbatim. */
  exchangeMsg: z.string().optional(),
  httpStatus: z.number().optional(),
  requestTime: z.number().optional(),
  /** Path of the request that failed, without query (no secrets in paths). */
  path: z.string().optional(),
  /**
   * True when the request may have reached the exchange and taken effect (timeout or connection
   * lost after sending). Such a modify must be checked, never resent blindly.
   */
  mayHaveTakenEffect: z.boolean(),
  /** Field-level details for validation errors: "path: message". */
  details: z.array(z.string()).optional(),
});
export type DeskErrorData = z.infer<typeof deskErrorSchema>;

/** Thrown in the renderer and CLI when a desk call fails; carries the structured error. */
export class DeskError extends Error {
  readonly data: DeskErrorData;
  constructor(data: DeskErrorData) {
    super(data.message);
    this.name = 'DeskError';
    this.data = data;
  }
}

export function deskError(
  kind: ErrorKind,
  message: string,
  extra: Partial<Omit<DeskErrorData, 'kind' | 'message'>> = {},
): DeskError {
  return new DeskError({ kind, message, mayHaveTakenEffect: false, ...extra });
}

/** Plain-words meaning of the exchange's codes (exchange-facts.md), with what to do next. */
export const EXCHANGE_CODE_EXPLANATIONS: Readonly<Record<string, string>> = {
  '40001': 'The API key header is missing: the profile has no API key.',
  '40002': 'The API secret is missing from the profile.',
  '40003': 'The request was not signed: the profile has no secret.',
  '40005': 'The request timestamp was rejected as invalid.',
  '40006':
    'The exchange does not know this API key. Check the key, and that the profile points at the right environment.',
  '40008':
    "The request's timestamp is too far from the exchange's clock. The desk measures the skew and corrects it; check this computer's clock if it persists.",
  '40009': 'The signature was rejected: the secret key is wrong for this API key.',
  '40011': 'The passphrase header is missing: the profile has no passphrase.',
  '40012': 'The API key or passphrase is incorrect.',
  '40014':
    "This API key lacks the permission for this operation (UTA trade / read), or this computer's IP is not on the key's whitelist.",
  '40017': 'The exchange rejected a parameter of the request.',
  '40034': 'A parameter does not exist on the exchange.',
  '40084': 'This API key belongs to a classic account; the v3 endpoints need a unified trading account.',
  '40099': 'Wrong environment: a live key was used on demo trading, or a demo key on live.',
  '429': 'Too many requests: the rate limit was exceeded. Wait a moment and try again.',
  '25100': 'This trading pair does not exist.',
  '25101': 'This trading pair is not open for trading.',
  '25102': 'This trading pair is closed for maintenance.',
  '25114': 'A modification of this order is still in progress; wait for its result.',
  '25204': 'The order does not exist (or belongs to another account).',
  '25207': 'The quantity is outside the allowed bounds.',
  '25208': 'The quantity is outside the allowed bounds.',
  '25244': 'The price is not a multiple of the price step.',
  '25568': 'The order does not meet the modification requirements (for example it is completely filled).',
  '25571': 'The new price and quantity are the same as before.',
  '25573': 'The order was cancelled by a failed auto-cancel modification and can no longer be modified.',
  '25610': 'Too many decimal places for the price or the quantity.',
  '25611': 'The order value would be below the minimum order amount.',
};

export function explainCode(code: string | undefined): string | undefined {
  return code === undefined ? undefined : EXCHANGE_CODE_EXPLANATIONS[code];
}

/** One sentence an operator can act on, for any DeskErrorData. */
export function describeError(e: DeskErrorData): string {
  const explained = explainCode(e.code);
  if (e.kind === 'exchange' || e.kind === 'rate-limit') {
    const words = explained ?? e.exchangeMsg ?? e.message;
    return `${words} (code ${e.code ?? '?'}${e.exchangeMsg ? `: ${e.exchangeMsg}` : ''})`;
  }
  return e.message;
}
