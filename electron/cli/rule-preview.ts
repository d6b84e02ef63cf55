/**
 * The preview of a rule over the open orders, as `modify-batch --dry-run` prints it: the planner's
 * rows (the same the app's Amend many screen shows) — current → new values, how they were rounded,
 * the verdict of the amend rules or why the order is left out — then the request bodies. `--json`
 * prints the planner's rows themselves, so a script reads exactly what the app would show.
 */
import { batchesOf, type AmendPlan } from '../../shared/amend-plan';
import type { PlanRow } from '../../shared/plan-row';
import type { PlanRule } from '../../shared/plan-rule';
import type { OrderSelection } from './batch-args';
import { currentToNew, printRequestBodies, type RequestBody } from './batch-report';
import { issueText } from './file-check';
import { selectionWords } from './order-selection';
import { plural, type Output, type TextSink } from './output';
import { renderTable, type Column } from './table';

export interface PreviewRow {
  index: number;
  /** The request (1-based) a ready row goes in. */
  batch?: number;
  row: PlanRow;
}

/** A reason in words, with the code the exchange would answer when there is one. */
export function exclusionText(row: PlanRow): string | undefined {
  const x = row.exclusion;
  if (!x) return undefined;
  return x.code ? `${x.message} (the exchange would answer ${x.code})` : x.message;
}

/** The planner's batches as the request bodies main would send, and each ready row's request number. */
export function requestBodies(plan: AmendPlan): { bodies: RequestBody[]; batchOf: Map<PlanRow, number> } {
  const batchOf = new Map<PlanRow, number>();
  const bodies = batchesOf(plan.rows).map((b, n) => {
    for (const row of b.rows) batchOf.set(row, n + 1);
    return { request: n + 1, category: b.category, body: b.rows.flatMap((r) => (r.request ? [r.request] : [])) };
  });
  return { bodies, batchOf };
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

/** The planner's rows numbered, each ready one with the request it goes in; and the request bodies. */
export function previewRows(plan: AmendPlan): { rows: PreviewRow[]; bodies: RequestBody[] } {
  const { bodies, batchOf } = requestBodies(plan);
  const rows = plan.rows.map((row, i) => {
    const batch = batchOf.get(row);
    return { index: i + 1, row, ...(batch !== undefined ? { batch } : {}) };
  });
  return { rows, bodies };
}

/** The preview table (the app's Amend many preview, in columns): one line per planner row. */
export function previewTable(rows: readonly PreviewRow[]): string {
  return renderTable(rows, COLUMNS);
}

/** A row for `--json`: the planner's row with its number and request. */
export const previewJson = (r: PreviewRow) => ({
  index: r.index,
  ...(r.batch !== undefined ? { batch: r.batch } : {}),
  ...r.row,
});

/** Exit 0 when every selected order would be sent (or none is selected), 1 otherwise. */
export function previewPasses(plan: AmendPlan): boolean {
  return plan.rows.every((r) => r.status === 'ready');
}

export function printRulePreview(
  out: Output,
  stderr: TextSink,
  plan: AmendPlan,
  rule: PlanRule,
  selection: OrderSelection,
): void {
  const { bodies, rows } = previewRows(plan);
  const s = plan.summary;
  const summary =
    `Dry run: ${plural(s.total, 'order')} selected (${selectionWords(selection)}): ${s.toSend} ready` +
    `${s.withWarnings > 0 ? ` (${s.withWarnings} with warnings)` : ''}, ${s.refused} refused by a rule, ` +
    `${s.excluded} excluded; ${plural(bodies.length, 'request')} would be sent. Nothing was sent.`;
  if (out.json) {
    out.data({
      rule,
      selection,
      summary: s,
      rows: rows.map(previewJson),
      requests: bodies,
    });
    stderr.write(`${summary}\n`);
    return;
  }
  out.text(`Rule: ${ruleWords(rule)}.`);
  if (rows.length === 0) out.text(`No ${selectionWords(selection)}.`);
  else out.text(previewTable(rows));
  printRequestBodies(out, bodies);
  out.text(`\n${summary}`);
}
