/**
 * `uta-desk modify-batch`: items → plan (lookups and the amend rules) → send (batch requests, each
 * once) → print. The items come from a file, or from a rule over the open orders (selected, then
 * planned by the app's amend-many planner); from the plan on, both take the same path.
 */
import { DeskError } from '../../shared/errors';
import type { ExchangeClient } from '../exchange/client';
import { UsageError, type BatchSource, type Command, type GlobalOptions } from './args';
import { itemsFromFile } from './batch-file';
import { planBatch, type BatchPlan } from './batch-plan';
import { countResults, printDryRun, printResults, resultRows } from './batch-report';
import { sendPlan } from './batch-send';
import { EXIT, reportFailure } from './failure';
import { selectionWords, selectOpenOrders } from './order-selection';
import type { CliIo, Output } from './output';
import { planRule, type RulePlan } from './rule-plan';
import { previewPasses, printRulePreview } from './rule-preview';

type ModifyBatchCommand = Extract<Command, { name: 'modify-batch' }>;

/** 0 all accepted; 3 any outcome unknown (it needs a look first); 1 anything else not accepted. */
export function batchExitCode(counts: ReturnType<typeof countResults>): number {
  if (counts.unknown > 0) return EXIT.unreachable;
  const notAccepted = counts.rejected + counts['refused-locally'] + counts.excluded + counts['not-sent'];
  return notAccepted > 0 ? EXIT.rejected : EXIT.ok;
}

export async function modifyBatch(
  client: ExchangeClient,
  out: Output,
  io: CliIo,
  global: GlobalOptions,
  cmd: ModifyBatchCommand,
): Promise<number> {
  const now = (io.now ?? Date.now)();
  let plan: BatchPlan;
  let rulePlan: RulePlan | undefined;
  try {
    if (cmd.source.kind === 'file') {
      plan = await planBatch(client, await itemsFromFile(cmd.source.file), { autoCancel: cmd.autoCancel, now });
    } else {
      rulePlan = await planFromRule(client, io, cmd.source, now);
      plan = rulePlan.batch;
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`uta-desk: ${e.message}\n`);
      return EXIT.usage;
    }
    if (e instanceof DeskError)
      return reportFailure(e, io.stderr, {
        note: 'The orders or their instruments could not be looked up. Nothing was sent.',
      });
    throw e;
  }

  if (cmd.dryRun) {
    if (rulePlan && cmd.source.kind === 'rule') {
      printRulePreview(out, io.stderr, rulePlan, cmd.source.rule, cmd.source.selection);
      return previewPasses(rulePlan) ? EXIT.ok : EXIT.rejected;
    }
    printDryRun(out, io.stderr, plan);
    return plan.items.every((p) => p.request) ? EXIT.ok : EXIT.rejected;
  }
  if (rulePlan && cmd.source.kind === 'rule' && plan.items.length === 0) {
    const none = `No ${selectionWords(cmd.source.selection)}: nothing was sent.`;
    if (out.json) {
      out.data([]);
      io.stderr.write(`${none}\n`);
    } else out.text(none);
    return EXIT.ok;
  }
  const rows = resultRows(plan, await sendPlan(client, plan));
  printResults(out, io.stderr, global, plan, rows);
  return batchExitCode(countResults(rows));
}

async function planFromRule(
  client: ExchangeClient,
  io: CliIo,
  source: Extract<BatchSource, { kind: 'rule' }>,
  now: number,
): Promise<RulePlan> {
  const orders = await selectOpenOrders(client, source.selection);
  return planRule(client, orders, source.rule, { now, stderr: io.stderr });
}
