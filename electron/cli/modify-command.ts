/**
 * `uta-desk modify`: one order amended through the core, as the app's amend desk does it. The order
 * and its instrument are read through the contract and checked with the shared amend rules (so a
 * broken rule is said before anything goes); main then guards, checks against its own fresh read,
 * records before sending, sends once and follows to the outcome, which is printed.
 */
import { checkAmend } from '../../shared/amend-rules';
import type { AmendDraft } from '../../shared/amend-draft';
import { FINAL_STATUSES, type AttemptWithGuard } from '../../shared/attempts';
import { unwrap, type DeskApi } from '../../shared/contract';
import { CATEGORIES, type Category, type Instrument, type Order } from '../../shared/schemas';
import type { Command } from './exchange-args';
import type { GlobalOptions } from './global-options';
import { exitCodeOfOutcomes, outcomeWord } from './attempt-outcome';
import { EXIT, reportFailure } from './failure';
import { orderCommand, type CliIo, type Output } from './output';

type ModifyCommand = Extract<Command, { name: 'modify' }>;

/** A bound on the asks: main holds each getAttempt until the attempt moves on (a few seconds at most). */
const MAX_FOLLOW_ROUNDS = 100_000;

export async function modify(
  api: DeskApi,
  out: Output,
  io: CliIo,
  global: GlobalOptions,
  cmd: ModifyCommand,
): Promise<number> {
  const notSent = 'The modification was not sent.';
  let current: Order;
  let instrument: Instrument | undefined;
  let instrumentNotFound = false;
  try {
    current = (await unwrap(api.getOrder({ orderId: cmd.orderId, clientOid: cmd.clientOid }))).order;
    const category = cmd.category ?? current.category;
    const symbol = cmd.symbol ?? current.symbol;
    if ((CATEGORIES as readonly string[]).includes(category) && symbol) {
      const { instruments } = await unwrap(api.listInstruments({ category: category as Category, symbol }));
      instrument = instruments.find((i) => i.symbol === symbol);
      instrumentNotFound = instrument === undefined;
    }
  } catch (e) {
    return reportFailure(e, io.stderr, { note: `The order or its instrument could not be looked up. ${notSent}` });
  }

  const draft: AmendDraft = {
    orderId: cmd.orderId,
    clientOid: cmd.clientOid,
    qty: cmd.qty,
    price: cmd.price,
    autoCancel: cmd.autoCancel,
    symbol: cmd.symbol,
    category: cmd.category,
  };
  const report = checkAmend(draft, { order: current, instrument, instrumentNotFound, now: (io.now ?? Date.now)() });
  for (const w of report.warnings) io.stderr.write(`Warning: ${w.message}\n`);
  if (!report.ok) {
    const lines = report.errors.map((e) => `  - ${e.message}${e.code ? ` (the exchange would answer ${e.code})` : ''}`);
    io.stderr.write(
      `Not sent: ${report.errors.length === 1 ? 'an amend rule is' : 'amend rules are'} broken.\n${lines.join('\n')}\n`,
    );
    return EXIT.rejected;
  }
  if (cmd.dryRun) {
    if (out.json) out.data({ request: report.request });
    else
      out.text(
        `Dry run: not sent. The checks pass; the request body would be:\n${JSON.stringify(report.request, null, 2)}`,
      );
    return EXIT.ok;
  }

  const checkCommand = orderCommand(global, { orderId: current.orderId });
  let attempt: AttemptWithGuard;
  try {
    attempt = await unwrap(api.sendModification({ request: report.request }));
    attempt = await followAttempt(api, attempt, cmd.follow);
  } catch (e) {
    return reportFailure(e, io.stderr, { checkCommand });
  }
  const word = outcomeWord(attempt.status);
  if (out.json) out.data(attempt);
  else out.text(outcomeText(attempt, word, checkCommand, current));
  return exitCodeOfOutcomes([word]);
}

/**
 * Asks main for the attempt until it is final (main answers as soon as it moves on: by the order
 * stream, else by polling), or with `follow` off until the exchange has answered the modify.
 */
export async function followAttempt(api: DeskApi, first: AttemptWithGuard, follow: boolean): Promise<AttemptWithGuard> {
  let attempt = first;
  const settled = (a: AttemptWithGuard) => FINAL_STATUSES.includes(a.status) || (!follow && a.status !== 'sending');
  for (let round = 0; round < MAX_FOLLOW_ROUNDS && !settled(attempt); round++) {
    attempt = await unwrap(
      api.getAttempt({ id: attempt.id, after: { status: attempt.status, steps: attempt.timeline.length } }),
    );
  }
  return attempt;
}

function outcomeText(
  a: AttemptWithGuard,
  word: ReturnType<typeof outcomeWord>,
  checkCommand: string,
  order: Order,
): string {
  const clientOid = a.request.clientOid ?? order.clientOid;
  const ids = `order ${order.orderId}${clientOid ? `, client order ID ${clientOid}` : ''}`;
  const exchange =
    a.answer && a.answer.code !== '00000' ? ` The exchange said: code ${a.answer.code}, "${a.answer.msg}".` : '';
  switch (word) {
    case 'applied':
      return `Applied (${ids}): ${a.summary.replace(/^Applied:\s*/, '')}`;
    case 'accepted':
      return `Accepted by the exchange (${ids}); not followed (--no-follow): the matching engine applies it afterwards. See the result with:\n  ${checkCommand}`;
    case 'unknown':
      return `Outcome unknown (${ids}): ${a.summary}\nCheck the order before trying again:\n  ${checkCommand}`;
    default:
      return `Not applied (${ids}): ${a.summary}${exchange}`;
  }
}
