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
  'storage', // a file in the user-data folder could not be written (disk full, read-only, …)
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

/**
 * The exchange's result codes the desk acts on or explains, by name: code that branches on a code
 * says which one it means. The wire values come from exchange-facts.md.
 */
export const EXCHANGE_CODE = {
  apiKeyMissing: '40001',
  secretMissing: '40002',
  signatureMissing: '40003',
  timestampInvalid: '40005',
  apiKeyUnknown: '40006',
  timestampExpired: '40008',
  signatureWrong: '40009',
  passphraseMissing: '40011',
  keyOrPassphraseWrong: '40012',
  permissionDenied: '40014',
  parameterInvalid: '40017',
  parameterUnknown: '40034',
  classicAccount: '40084',
  wrongEnvironment: '40099',
  rateLimited: '429',
  pairUnknown: '25100',
  pairNotTrading: '25101',
  pairMaintenance: '25102',
  modificationInProgress: '25114',
  orderNotFound: '25204',
  qtyBelowMinimum: '25207',
  qtyAboveMaximum: '25208',
  offStep: '25244',
  notModifiable: '25568',
  unchanged: '25571',
  cancelledByAutoCancel: '25573',
  tooManyDecimals: '25610',
  amountBelowMinimum: '25611',
} as const;
export type ExchangeCode = (typeof EXCHANGE_CODE)[keyof typeof EXCHANGE_CODE];

const C = EXCHANGE_CODE;

/** Plain-words meaning of the exchange's codes (exchange-facts.md), with what to do next. */
export const EXCHANGE_CODE_EXPLANATIONS: Readonly<Record<string, string>> = {
  [C.apiKeyMissing]: 'The API key header is missing: the profile has no API key.',
  [C.secretMissing]: 'The API secret is missing from the profile.',
  [C.signatureMissing]: 'The request was not signed: the profile has no secret.',
  [C.timestampInvalid]: 'The request timestamp was rejected as invalid.',
  [C.apiKeyUnknown]:
    'The exchange does not know this API key. Check the key, and that the profile points at the right environment.',
  [C.timestampExpired]:
    "The request's timestamp is too far from the exchange's clock. The desk measures the skew and corrects it; check this computer's clock if it persists.",
  [C.signatureWrong]: 'The signature was rejected: the secret key is wrong for this API key.',
  [C.passphraseMissing]: 'The passphrase header is missing: the profile has no passphrase.',
  [C.keyOrPassphraseWrong]: 'The API key or passphrase is incorrect.',
  [C.permissionDenied]:
    "This API key lacks the permission for this operation (UTA trade / read), or this computer's IP is not on the key's whitelist.",
  [C.parameterInvalid]: 'The exchange rejected a parameter of the request.',
  [C.parameterUnknown]: 'A parameter does not exist on the exchange.',
  [C.classicAccount]: 'This API key belongs to a classic account; the v3 endpoints need a unified trading account.',
  [C.wrongEnvironment]: 'Wrong environment: a live key was used on demo trading, or a demo key on live.',
  [C.rateLimited]: 'Too many requests: the rate limit was exceeded. Wait a moment and try again.',
  [C.pairUnknown]: 'This trading pair does not exist.',
  [C.pairNotTrading]: 'This trading pair is not open for trading.',
  [C.pairMaintenance]: 'This trading pair is closed for maintenance.',
  [C.modificationInProgress]: 'A modification of this order is still in progress; wait for its result.',
  [C.orderNotFound]: 'The order does not exist (or belongs to another account).',
  [C.qtyBelowMinimum]: 'The quantity is outside the allowed bounds.',
  [C.qtyAboveMaximum]: 'The quantity is outside the allowed bounds.',
  [C.offStep]: 'The price is not a multiple of the price step.',
  [C.notModifiable]: 'The order does not meet the modification requirements (for example it is completely filled).',
  [C.unchanged]: 'The new price and quantity are the same as before.',
  [C.cancelledByAutoCancel]:
    'The order was cancelled by a failed auto-cancel modification and can no longer be modified.',
  [C.tooManyDecimals]: 'Too many decimal places for the price or the quantity.',
  [C.amountBelowMinimum]: 'The order value would be below the minimum order amount.',
} satisfies Record<ExchangeCode, string>;

export function explainCode(code: string | undefined): string | undefined {
  return code === undefined ? undefined : EXCHANGE_CODE_EXPLANATIONS[code];
}

/**
 * One sentence an operator can act on, for any DeskErrorData: "This trading pair is closed for
 * maintenance (code 25102)". The exchange's own msg is added only when it tells more than the
 * explanation: the demo exchange and the real one often answer with the same sentence in other
 * words, and an operator reading it twice wonders whether two things went wrong.
 */
export function describeError(e: DeskErrorData): string {
  if (e.kind !== 'exchange' && e.kind !== 'rate-limit') return e.message;
  const words = (explainCode(e.code) ?? e.exchangeMsg ?? e.message).replace(/\.\s*$/, '');
  const msg = e.exchangeMsg && !saysNothingMore(e.exchangeMsg, words) ? `: ${e.exchangeMsg}` : '';
  return `${words} (code ${e.code ?? '?'}${msg})`;
}

/** The words of a sentence, for comparing two of them: no case, punctuation or articles. */
function gist(text: string): string {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !ARTICLES.has(w));
  return ` ${words.join(' ')} `;
}
const ARTICLES = new Set(['a', 'an', 'the', 'this']);

/** True when `msg` says nothing `words` does not already say ("Order does not exist" in "The order does not exist …"). */
function saysNothingMore(msg: string, words: string): boolean {
  const m = gist(msg);
  return m.trim() === '' || gist(words).includes(m);
}

/**
 * Why a file in the user-data folder could not be written, by the system's error code (ENOSPC,
 * EROFS, …), and what the operator can do about it: the one home of these words, so the desk, Amend
 * many, the header banner and a refused start say the same thing and never show a raw code.
 */
interface StorageFailure {
  /** `file`, when known, names the file that could not be written. */
  why: (folder: string, file?: string) => string;
  todo: string;
}
const FREE_SPACE = 'Free space and try again.';
const STORAGE_FAILURES: Readonly<Record<string, StorageFailure>> = {
  ENOSPC: { why: (f) => `the disk holding ${f} is full`, todo: FREE_SPACE },
  EDQUOT: { why: (f) => `your disk quota on the disk holding ${f} is used up`, todo: FREE_SPACE },
  EFBIG: { why: (f) => `a file in ${f} has grown past what its disk allows`, todo: FREE_SPACE },
  EROFS: {
    why: (f) => `the disk holding ${f} is read-only`,
    todo: 'Make it writable (or give UTA Desk another folder) and try again.',
  },
  EACCES: {
    why: (f) => `UTA Desk is not allowed to write in ${f}`,
    todo: 'Give your user write access to it and try again.',
  },
  EPERM: {
    why: (f) => `UTA Desk is not allowed to write in ${f}`,
    todo: 'Give your user write access to it and try again.',
  },
  EIO: {
    why: (f) => `the disk holding ${f} reported a read or write error`,
    todo: 'Check the disk (it may be failing or disconnected), then try again.',
  },
  EISDIR: {
    why: (f, file) =>
      file
        ? `${file} is a folder, where UTA Desk keeps one of its files`
        : `a folder stands in ${f} where UTA Desk keeps one of its files`,
    todo: 'Move that folder away and try again.',
  },
  ENOTDIR: {
    why: (f) => `a file stands where the folder ${f} should be`,
    todo: 'Move that file away and try again.',
  },
  ENOENT: {
    why: (f) => `the folder ${f} is missing`,
    todo: 'Make sure its disk is connected (or start UTA Desk again to create it) and try again.',
  },
  EMFILE: { why: () => 'too many files are open on this computer', todo: 'Close some programs and try again.' },
  ENFILE: { why: () => 'too many files are open on this computer', todo: 'Close some programs and try again.' },
};

/** The system error codes that mean "this folder cannot be written" (and not a fault of the desk). */
export function isStorageFailureCode(code: string | undefined): boolean {
  return code !== undefined && Object.hasOwn(STORAGE_FAILURES, code);
}

/** "the disk holding /home/x/.config/UTA Desk is full" and "Free space and try again.", for any code. */
export function storageFailureWords(
  code: string | undefined,
  folder: string,
  file?: string,
): { why: string; todo: string } {
  const known = code !== undefined && Object.hasOwn(STORAGE_FAILURES, code) ? STORAGE_FAILURES[code] : undefined;
  if (known) return { why: known.why(folder, file), todo: known.todo };
  return { why: `a file in ${folder} could not be written`, todo: 'Check the disk and the folder, then try again.' };
}

/** What an amend or a run says when its intent could not be recorded: nothing was sent. */
export function notRecordedMessage(code: string | undefined, folder: string): string {
  const { why, todo } = storageFailureWords(code, folder);
  return `Not sent: UTA Desk could not record this change — ${why}. ${todo}`;
}

/** What any other write (a setting, a watched symbol) says when it could not be saved. */
export function notSavedMessage(code: string | undefined, folder: string): string {
  const { why, todo } = storageFailureWords(code, folder);
  return `Not saved: ${why}. ${todo}`;
}

/** What a start on a folder that cannot be written says (no raw ENOSPC / EISDIR). */
export function cannotStartMessage(code: string | undefined, folder: string, file?: string): string {
  const { why, todo } = storageFailureWords(code, folder, file);
  return `UTA Desk cannot start: ${why}. ${todo}`;
}

/** The header banner while the activity log cannot be written. */
export function logNotWritableMessage(code: string | undefined, folder: string): string {
  const { why, todo } = storageFailureWords(code, folder);
  return `The activity log cannot be written — ${why}. Nothing is sent until it can be. ${todo}`;
}
