/**
 * `uta-desk modify-batch`: the items of a file, or one rule over the open orders planned with the
 * app's own planner (shared/amend-plan.ts, fed by the same contract calls as Amend many's preview),
 * become one run of the core: main checks, records, sends and follows each item, and the CLI prints
 * each item's final outcome. A dry run prints the preview and starts nothing.
 */
import { planAmends, type AmendPlan } from '../../shared/amend-plan';
import { DeskError } from '../../shared/errors';
import type { DeskApi } from '../../shared/contract';
import { skippedOf } from '../../shared/skipped-rows';
import type { Command } from './exchange-args';
import type { GlobalOptions } from './global-options';
import type { BatchSource } from './batch-args';
import { itemsFromFile } from './batch-file';
import { printRunOutcome } from './batch-report';
import { checkItems, printFileCheck, requestOf } from './file-check';
import { EXIT, reportFailure } from './failure';
import { selectionWords, selectOpenOrders } from './order-selection';
import type { CliIo, Output } from './output';
import { loadInstruments, loadMarket } from './plan-inputs';
import { previewPasses, printRulePreview } from './rule-preview';
import { followOptionsOf, startAndFollowRun } from './run-follow';
import { UsageError } from './usage-error';

type ModifyBatchCommand = Extract<Command, { name: 'modify-batch' }>;
type RuleSource = Extract<BatchSource, { kind: 'rule' }>;

export async function modifyBatch(
  api: DeskApi,
  out: Output,
  io: CliIo,
  global: GlobalOptions,
  cmd: ModifyBatchCommand,
): Promise<number> {
  const now = (io.now ?? Date.now)();
  try {
    if (cmd.source.kind === 'file') return await fromFile(api, out, io, global, cmd, cmd.source.file, now);
    return await fromRule(api, out, io, global, cmd, cmd.source, now);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`uta-desk: ${e.message}\n`);
      return EXIT.usage;
    }
    if (e instanceof DeskError) return reportFailure(e, io.stderr, { note: 'Nothing more was sent.' });
    throw e;
  }
}

async function fromFile(
  api: DeskApi,
  out: Output,
  io: CliIo,
  global: GlobalOptions,
  cmd: ModifyBatchCommand,
  file: string,
  now: number,
): Promise<number> {
  const items = await itemsFromFile(file);
  if (cmd.dryRun) {
    const checked = await checkItems(api, items, cmd.autoCancel, now);
    return printFileCheck(out, io.stderr, checked) ? EXIT.ok : EXIT.rejected;
  }
  const run = await startAndFollowRun(
    api,
    items.map((i) => requestOf(i, cmd.autoCancel)),
    [],
    followOptionsOf(io, global, cmd.follow),
  );
  return printRunOutcome(out, io.stderr, global, run, { where: items.map((i) => i.where) });
}

async function fromRule(
  api: DeskApi,
  out: Output,
  io: CliIo,
  global: GlobalOptions,
  cmd: ModifyBatchCommand,
  source: RuleSource,
  now: number,
): Promise<number> {
  const orders = await selectOpenOrders(api, source.selection);
  const instruments = await loadInstruments(api, orders);
  const market = source.rule.price && orders.length > 0 ? await loadMarket(api, orders, io.stderr) : undefined;
  const plan: AmendPlan = planAmends({ orders, instruments, rule: source.rule, now, ...(market ? { market } : {}) });
  if (cmd.dryRun) {
    printRulePreview(out, io.stderr, plan, source.rule, source.selection);
    return previewPasses(plan) ? EXIT.ok : EXIT.rejected;
  }
  const ready = plan.rows.flatMap((r) => (r.status === 'ready' && r.request ? [r.request] : []));
  if (ready.length === 0) {
    // Nothing to send: the preview says why each order is left out; no run starts.
    if (plan.rows.length === 0) {
      const none = `No ${selectionWords(source.selection)}: nothing was sent.`;
      if (out.json) {
        out.data([]);
        io.stderr.write(`${none}\n`);
      } else out.text(none);
      return EXIT.ok;
    }
    printRulePreview(out, io.stderr, plan, source.rule, source.selection);
    io.stderr.write('No order is ready to send: nothing was sent.\n');
    return EXIT.rejected;
  }
  const run = await startAndFollowRun(api, ready, skippedOf(plan.rows), followOptionsOf(io, global, cmd.follow));
  const clientOidOf = new Map(orders.flatMap((o) => (o.clientOid ? [[o.orderId, o.clientOid] as const] : [])));
  return printRunOutcome(out, io.stderr, global, run, { clientOidOf });
}
