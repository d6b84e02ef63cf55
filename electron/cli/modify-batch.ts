/**
 * `uta-desk modify-batch`: items (from a file) → plan (lookups and the amend rules) → send (batch
 * requests, each once) → print. Each step is its own module so another source of items (orders
 * picked by a rule) plugs in before the planner without touching the rest.
 */
import { DeskError } from '../../shared/errors';
import type { ExchangeClient } from '../exchange/client';
import { UsageError, type Command, type GlobalOptions } from './args';
import { itemsFromFile } from './batch-file';
import type { BatchItem } from './batch-item';
import { planBatch, type BatchPlan } from './batch-plan';
import { countResults, printDryRun, printResults, resultRows } from './batch-report';
import { sendPlan } from './batch-send';
import { EXIT, reportFailure } from './failure';
import type { CliIo, Output } from './output';

type ModifyBatchCommand = Extract<Command, { name: 'modify-batch' }>;

/** 0 all accepted; 3 any outcome unknown (it needs a look first); 1 anything else not accepted. */
export function batchExitCode(counts: ReturnType<typeof countResults>): number {
  if (counts.unknown > 0) return EXIT.unreachable;
  if (counts.rejected + counts['refused-locally'] + counts['not-sent'] > 0) return EXIT.rejected;
  return EXIT.ok;
}

export async function modifyBatch(
  client: ExchangeClient,
  out: Output,
  io: CliIo,
  global: GlobalOptions,
  cmd: ModifyBatchCommand,
): Promise<number> {
  let items: BatchItem[];
  let plan: BatchPlan;
  try {
    items = await itemsFromFile(cmd.file);
    plan = await planBatch(client, items, { autoCancel: cmd.autoCancel, now: (io.now ?? Date.now)() });
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
    printDryRun(out, io.stderr, plan);
    return plan.items.every((p) => p.request) ? EXIT.ok : EXIT.rejected;
  }
  const rows = resultRows(plan, await sendPlan(client, plan));
  printResults(out, io.stderr, global, plan, rows);
  return batchExitCode(countResults(rows));
}
