/**
 * `uta-desk revert --run ID | --attempt ID`: the app's Revert… through the core. Main reads every
 * applied order fresh and plans each row (previewRevert: ready rows go back to the values recorded
 * before the amend; an order filled, cancelled or modified since is excluded with why); the CLI
 * prints that preview, and without --dry-run starts the revert run with the ready attempts and the
 * others as skipped with the preview's words (startRevert), follows it and prints each item's final
 * outcome, with modify-batch's exit codes. A dry run prints the preview and starts nothing.
 */
import { summarize, type AmendPlan } from '../../shared/amend-plan';
import { unwrap, type DeskApi } from '../../shared/contract';
import { DeskError } from '../../shared/errors';
import { ENVIRONMENT_LABELS } from '../../shared/profiles';
import type { RevertPreview, RevertSource } from '../../shared/revert';
import type { RevertRow } from '../../shared/revert-rules';
import { revertSkippedOf } from '../../shared/skipped-rows';
import type { Command } from './exchange-args';
import type { GlobalOptions } from './global-options';
import { printRequestBodies, printRunOutcome } from './batch-report';
import { EXIT, reportFailure } from './failure';
import { plural, type CliIo, type Output } from './output';
import { previewJson, previewRows, previewTable } from './rule-preview';
import { followOptionsOf, followRun } from './run-follow';

type RevertCommand = Extract<Command, { name: 'revert' }>;

export async function revert(
  api: DeskApi,
  out: Output,
  io: CliIo,
  global: GlobalOptions,
  cmd: RevertCommand,
): Promise<number> {
  const source: RevertSource = cmd.runId !== undefined ? { runId: cmd.runId } : { attemptId: cmd.attemptId };
  let started = false;
  try {
    const preview = await unwrap(api.previewRevert(source));
    const rows = preview.rows as RevertRow[];
    const plan: AmendPlan = { rows, summary: summarize(rows), ruleErrors: [] };
    const ready = rows.filter((r) => r.status === 'ready');
    if (cmd.dryRun || preview.blocked || ready.length === 0) {
      printPreview(out, io, cmd, preview, plan);
      if (preview.blocked) {
        io.stderr.write(`${preview.blocked}\nNothing was sent.\n`);
        return EXIT.rejected;
      }
      if (ready.length === 0) {
        io.stderr.write(
          `No order can go back now${preview.rows.length ? ': see why on each row' : ''}. Nothing was sent.\n`,
        );
        return EXIT.rejected;
      }
      // As the real revert would end: 0 only when every applied order goes back.
      return ready.length === preview.rows.length ? EXIT.ok : EXIT.rejected;
    }
    if (!global.quiet) io.stderr.write(`${headline(cmd, preview)}\n`);
    started = true;
    const run = await followRun(
      api,
      () =>
        unwrap(
          api.startRevert({
            ...source,
            send: ready.map((r) => r.attemptId),
            ...(ready.length < rows.length ? { skipped: revertSkippedOf(rows) } : {}),
          }),
        ),
      followOptionsOf(io, global, cmd.follow),
    );
    const clientOidOf = new Map(preview.rows.flatMap((r) => (r.clientOid ? [[r.orderId, r.clientOid] as const] : [])));
    return printRunOutcome(out, io.stderr, global, run, { clientOidOf });
  } catch (e) {
    if (e instanceof DeskError)
      return reportFailure(e, io.stderr, { note: started ? 'Nothing more was sent.' : 'Nothing was sent.' });
    throw e;
  }
}

/** "Revert run 1a2b… (Amend many run of 3 items, started 2026-…Z), profile "Local demo" (Local demo)". */
function headline(cmd: RevertCommand, preview: RevertPreview): string {
  const s = preview.source;
  const what = cmd.runId !== undefined ? `run ${cmd.runId}` : `amend ${cmd.attemptId}`;
  const before = preview.revertedBy.length
    ? `; reverted before by ${plural(preview.revertedBy.length, 'run')} ${preview.revertedBy.map((r) => r.id).join(', ')}`
    : '';
  return `Revert ${what} (${s.label}, started ${new Date(s.startedAt).toISOString()}), profile "${s.profileName}" (${ENVIRONMENT_LABELS[s.environment]})${before}.`;
}

function printPreview(out: Output, io: CliIo, cmd: RevertCommand, preview: RevertPreview, plan: AmendPlan): void {
  const { rows, bodies } = previewRows(plan);
  const s = plan.summary;
  const summary =
    `${cmd.dryRun ? 'Dry run: ' : ''}${plural(s.total, 'applied order')}: ${s.toSend} ready to go back` +
    `${s.withWarnings > 0 ? ` (${s.withWarnings} with warnings)` : ''}, ${s.refused} refused by a rule, ` +
    `${s.excluded} excluded; ${plural(bodies.length, 'request')} would be sent.${cmd.dryRun ? ' Nothing was sent.' : ''}`;
  if (out.json) {
    out.data({
      source: preview.source,
      revertedBy: preview.revertedBy,
      ...(preview.blocked ? { blocked: preview.blocked } : {}),
      summary: s,
      rows: rows.map(previewJson),
      requests: bodies,
    });
    io.stderr.write(`${headline(cmd, preview)}\n${summary}\n`);
    return;
  }
  out.text(headline(cmd, preview));
  out.text(rows.length ? previewTable(rows) : 'Nothing of it was applied: there is nothing to revert.');
  if (cmd.dryRun) printRequestBodies(out, bodies);
  out.text(`\n${summary}`);
}
