/**
 * How the CLI reports a failure: words on stderr and an exit code a script can branch on. The
 * exchange's rejections (nothing changed) are told apart from failures whose outcome is unknown.
 */
import { DeskError, explainCode, type DeskErrorData } from '../../shared/errors';

export const EXIT = {
  ok: 0,
  /** The exchange answered with a rejection (or a team store refused): nothing changed. */
  rejected: 1,
  /** Bad usage, missing credentials, an unknown profile, a wrong passphrase or password, a malformed file: nothing was sent. */
  usage: 2,
  /** No usable answer (network, timeout, server error): for a modification the outcome is unknown. */
  unreachable: 3,
} as const;

/**
 * What each exit code means: the one table `uta-desk --help`, every command's help and docs/cli.md
 * print (a test holds the document to it). A broken amend rule is a refusal (1), not bad usage.
 */
export const EXIT_MEANINGS: readonly (readonly [code: number, meaning: string])[] = [
  [
    EXIT.ok,
    'done: every amend applied (--no-follow: accepted by the exchange; --dry-run: every item passes the checks); a read answered; a team command done',
  ],
  [
    EXIT.rejected,
    'not applied: rejected by the exchange, or refused by an amend rule or a guard, excluded or not sent (nothing of it was sent); or the folder is locked by another process; or a team store refused (its schema newer than this UTA Desk, no tables yet, read-only)',
  ],
  [
    EXIT.usage,
    'bad usage, nothing sent: an option missing or wrong (modify with neither --qty nor --price), missing credentials, an unknown profile, a wrong vault passphrase, a malformed batch file, a selection too wide; a team store password wrong or in its address',
  ],
  [
    EXIT.unreachable,
    'an outcome is unknown: check the order before anything else (this wins over 1); for the read and team commands: network failure, timeout or server error',
  ],
];

export interface FailureContext {
  /** The follow-up command that shows the order, for an unknown modification outcome. */
  checkCommand?: string;
  /** Said after the explanation, e.g. that the modification was not sent. */
  note?: string;
}

export function exitCodeOf(d: DeskErrorData): number {
  if (d.kind === 'validation' || d.kind === 'rule' || d.kind === 'vault') return EXIT.usage;
  if (d.mayHaveTakenEffect || d.kind === 'network' || d.kind === 'timeout') return EXIT.unreachable;
  if (d.httpStatus !== undefined && d.httpStatus >= 500) return EXIT.unreachable;
  return EXIT.rejected;
}

/** Writes the failure and returns the exit code. */
export function reportFailure(e: unknown, stderr: { write(s: string): unknown }, ctx: FailureContext = {}): number {
  if (!(e instanceof DeskError)) {
    stderr.write(`uta-desk: unexpected failure: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT.rejected;
  }
  const d = e.data;
  const code = exitCodeOf(d);
  const lines: string[] = [];
  if (d.mayHaveTakenEffect) {
    lines.push(`Outcome unknown: ${d.message}`);
    if (ctx.checkCommand) lines.push(`Check the order before trying again:`, `  ${ctx.checkCommand}`);
  } else if (code === EXIT.rejected && d.code) {
    lines.push(
      `Rejected by the exchange: code ${d.code}${d.exchangeMsg ? `, "${d.exchangeMsg}"` : ''}${d.path ? ` (${d.path})` : ''}`,
    );
    lines.push(explainCode(d.code) ?? d.message);
    if (d.kind === 'rate-limit' && d.message !== explainCode(d.code)) lines.push(d.message);
  } else {
    lines.push(d.message);
  }
  if (ctx.note && !d.mayHaveTakenEffect) lines.push(ctx.note);
  stderr.write(`${lines.join('\n')}\n`);
  return code;
}
