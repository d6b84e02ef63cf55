/**
 * A team store's failures in words, as a full disk's are: what happened, where, and what to do. The
 * store's address is shown without its password (it never has one in it: the password is sealed
 * apart), and no raw SQLSTATE or errno reaches an operator.
 */
import { deskError, type DeskError } from '../../shared/errors';

export type StoreFailure = 'unreachable' | 'read-only' | 'full' | 'auth' | 'schema' | 'refused';

export class TeamStoreError extends Error {
  constructor(
    readonly failure: StoreFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TeamStoreError';
  }
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);

/** Which failure a pg or socket error is (SQLSTATE classes: 53 resources, 57 operator, 08 connection, 28 auth). */
export function failureOf(e: unknown): StoreFailure {
  if (e instanceof TeamStoreError) return e.failure;
  const code = (e as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') {
    if (code === '25006') return 'read-only';
    if (code.startsWith('53')) return 'full';
    if (code.startsWith('28')) return 'auth';
    if (code.startsWith('57') || code.startsWith('08') || CONNECTION_CODES.has(code)) return 'unreachable';
  }
  const message = e instanceof Error ? e.message : '';
  if (/terminat|Connection|timeout|closed/i.test(message)) return 'unreachable';
  return 'refused';
}

const WHY: Record<StoreFailure, (where: string) => string> = {
  unreachable: (w) => `the team store at ${w} cannot be reached`,
  'read-only': (w) => `the team store at ${w} is read-only (a standby, or set read-only)`,
  full: (w) => `the team store at ${w} is out of space or connections`,
  auth: (w) => `the team store at ${w} refused the profile's user name or password`,
  schema: (w) => `the team store at ${w} has another schema version`,
  refused: (w) => `the team store at ${w} refused the write`,
};

const TODO: Record<StoreFailure, string> = {
  unreachable: 'Check the network and the server, then try again.',
  'read-only': 'Point the profile at the primary server, then try again.',
  full: 'Ask its administrator to free space or connections, then try again.',
  auth: 'Enter the store password again in Profiles.',
  schema: 'See Profiles → Team store.',
  refused: 'Check the server log, then try again.',
};

export function storeFailureWords(e: unknown, where: string): { why: string; todo: string } {
  const failure = failureOf(e);
  if (e instanceof TeamStoreError && failure === 'schema') return { why: e.message, todo: '' };
  return { why: WHY[failure](where), todo: TODO[failure] };
}

/** What an amend or a run says when the store did not record its intent: nothing was sent. */
export function notRecordedInStore(e: unknown, where: string): DeskError {
  const { why, todo } = storeFailureWords(e, where);
  return deskError('storage', `Not sent: UTA Desk could not record this change — ${why}. ${todo}`.trim());
}

/** The header's banner while the team store cannot record: nothing is sent until it can. */
export function storeNotWritableMessage(e: unknown, where: string): string {
  const { why, todo } = storeFailureWords(e, where);
  const what = why.charAt(0).toUpperCase() + why.slice(1);
  return `${what} — nothing is sent until it can record. ${todo}`.trim();
}
