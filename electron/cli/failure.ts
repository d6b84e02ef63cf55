/**
 * How the CLI reports a failure: words on stderr and an exit code a script can branch on. The
 * exchange's rejections (nothing changed) are told apart from failures whose outcome is unknown.
 */
import { DeskError, explainCode, type DeskErrorData } from '../../shared/errors';

export const EXIT = {
  ok: 0,
  /** The exchange answered with a rejection: nothing changed. */
  rejected: 1,
  /** Bad usage, missing credentials, or a local rule broken: nothing was sent. */
  usage: 2,
  /** No usable answer (network, timeout, server error): for a modification the outcome is unknown. */
  unreachable: 3,
} as const;

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
