/**
 * The preview of a rule over the open orders, as `modify-batch --dry-run` prints it: the planner's
 * rows (the same the app's Amend many screen shows) — current → new values, how they were rounded,
 * the verdict of the amend rules or why the order is left out — then the request bodies. `--json`
 * prints the planner's rows themselves, so a script reads exactly what the app would show.
 */
import type { PlanRow, PlanRule } from '../../shared/amend-plan';
import type { OrderSelection } from './args';
import { issueText } from './batch-plan';
import { currentToNew, printRequestBodies, requestBodies } from './batch-report';
import { selectionWords } from './order-selection';
import { plural, type Output, type TextSink } from './output';
import { exclusionText, type RulePlan } from './rule-plan';
import { renderTable, type Column } from './table';

interface PreviewRow {
  index: number;
  /** The request (1-based) a ready row goes in. */
  batch?: number;
  row: PlanRow;
}

/** "price +2 steps, quantity to 50 %, auto-cancel no": the rule in words, for the preview's heading. */
export function ruleWords(rule: PlanRule): string {
  const parts: string[] = [];
  const p = rule.price;
  if (p?.kind === 'steps') parts.push(`price ${p.n > 0 ? '+' : ''}${p.n} step${Math.abs(p.n) === 1 ? '' : 's'}`);
  if (p?.kind === 'percent') parts.push(`price ${p.pct.startsWith('-') ? '' : '+'}${p.pct} %`);
  if (p?.kind === 'set') parts.push(`price set to ${p.value}`);
  const q = rule.qty;
  if (q?.kind === 'percent') parts.push(`quantity to ${q.pct} % of the current`);
  if (q?.kind === 'set') parts.push(`quantity set to ${q.value}`);
  parts.push(`auto-cancel ${rule.autoCancel ?? 'no'}`);
  return parts.join(', ');
}

const ROUNDING = (r: PlanRow): string =>
  [r.priceRounding, r.qtyRounding]
    .filter((n) => n?.applied)
    .map((n) => n?.text)
    .join('; ');

function detail({ row, batch }: PreviewRow): string {
  const warnings = row.warnings.map((w) => `warning: ${issueText(w)}`);
  if (row.status === 'ready') return [`request ${batch ?? '?'}`, ...warnings].join('; ');
  if (row.status === 'refused') return [...row.errors.map(issueText), ...warnings].join('; ');
  return exclusionText(row) ?? '';
}

const COLUMNS: readonly Column<PreviewRow>[] = [
  { header: '#', value: (r) => String(r.index), align: 'right' },
  { header: 'ORDER ID', value: (r) => r.row.orderId },
  { header: 'CLIENT OID', value: (r) => r.row.clientOid },
  { header: 'CATEGORY', value: (r) => r.row.category },
  { header: 'SYMBOL', value: (r) => r.row.symbol },
  { header: 'SIDE', value: (r) => r.row.side },
  { header: 'PRICE → NEW', value: (r) => currentToNew(r.row.current.price, r.row.next.price) },
  { header: 'QTY → NEW', value: (r) => currentToNew(r.row.current.qty, r.row.next.qty) },
  { header: 'FILLED', value: (r) => r.row.current.filledQty, align: 'right' },
  { header: 'ROUNDING', value: (r) => ROUNDING(r.row) },
  { header: 'VERDICT', value: (r) => r.row.status },
  { header: 'DETAIL', value: detail },
];

/** Exit 0 when every selected order would be sent (or none is selected), 1 otherwise. */
export function previewPasses(plan: RulePlan): boolean {
  return plan.amend.rows.every((r) => r.status === 'ready');
}

export function printRulePreview(
  out: Output,
  stderr: TextSink,
  plan: RulePlan,
  rule: PlanRule,
  selection: OrderSelection,
): void {
  const rows: PreviewRow[] = plan.amend.rows.map((row, i) => ({
    index: i + 1,
    row,
    ...(plan.batch.items[i]?.batch !== undefined ? { batch: plan.batch.items[i]?.batch } : {}),
  }));
  const bodies = requestBodies(plan.batch);
  const s = plan.amend.summary;
  const summary =
    `Dry run: ${plural(s.total, 'order')} selected (${selectionWords(selection)}): ${s.toSend} ready` +
    `${s.withWarnings > 0 ? ` (${s.withWarnings} with warnings)` : ''}, ${s.refused} refused by a rule, ` +
    `${s.excluded} excluded; ${plural(bodies.length, 'request')} would be sent. Nothing was sent.`;
  if (out.json) {
    out.data({
      rule,
      selection,
      summary: s,
      rows: rows.map((r) => ({ index: r.index, ...(r.batch !== undefined ? { batch: r.batch } : {}), ...r.row })),
      requests: bodies,
    });
    stderr.write(`${summary}\n`);
    return;
  }
  out.text(`Rule: ${ruleWords(rule)}.`);
  if (rows.length === 0) out.text(`No ${selectionWords(selection)}.`);
  else out.text(renderTable(rows, COLUMNS));
  printRequestBodies(out, bodies);
  out.text(`\n${summary}`);
}
