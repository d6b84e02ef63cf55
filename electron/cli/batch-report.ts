/**
 * The printer of `modify-batch`: the final outcome per item of a run (table, or `--json`), the checks
 * of a file's dry run, the request bodies a dry run would send, and the summary. One row shape per
 * table serves both formats, so the table and `--json` never disagree.
 */
import type { BatchRun, RunItem } from '../../shared/batch-run';
import { BATCH_MODIFY_PATH, type ModifyOrderRequest } from '../../shared/schemas';
import type { GlobalOptions } from './global-options';
import { exitCodeOfOutcomes, outcomeWord, type OutcomeWord } from './attempt-outcome';
import { orderCommand, plural, type Output, type TextSink } from './output';
import { renderTable, type Column } from './table';

/** One item's final outcome, as printed and as `--json` gives it. */
export interface OutcomeRow {
  /** 1-based position in the run. */
  index: number;
  /** Where the item came from: "line 4" of a CSV file, "open order 2" of a rule. */
  where?: string;
  orderId?: string;
  clientOid?: string;
  category?: string;
  symbol?: string;
  /** The new values asked for. */
  price?: string;
  qty?: string;
  result: OutcomeWord;
  /** The item's status in the run (an attempt's status, or queued / not-sent / excluded). */
  status: RunItem['status'];
  /** In words: the attempt's summary (the exchange's words for a rejection), or why it was not sent. */
  detail: string;
  /** The item's attempt in Activity. */
  attemptId?: string;
}

/** What the CLI knows of the items beyond the run: where each came from, the clientOid of a listed order. */
export interface ItemLabels {
  /** By run index. */
  where?: readonly (string | undefined)[];
  /** By orderId: a rule's requests name orders by orderId only. */
  clientOidOf?: ReadonlyMap<string, string>;
}

export function outcomeRows(run: BatchRun, labels: ItemLabels = {}): OutcomeRow[] {
  const { where = [], clientOidOf } = labels;
  return [...run.items]
    .sort((a, b) => a.index - b.index)
    .map((item) => ({
      index: item.index + 1,
      ...(where[item.index] ? { where: where[item.index] } : {}),
      orderId: item.request.orderId,
      clientOid: item.request.clientOid ?? (item.request.orderId ? clientOidOf?.get(item.request.orderId) : undefined),
      category: item.category ?? item.request.category,
      symbol: item.symbol ?? item.request.symbol,
      price: item.request.price,
      qty: item.request.qty,
      result: outcomeWord(item.status),
      status: item.status,
      detail: item.summary,
      ...(item.attemptId ? { attemptId: item.attemptId } : {}),
    }));
}

const OUTCOME_COLUMNS: readonly Column<OutcomeRow>[] = [
  { header: '#', value: (r) => String(r.index), align: 'right' },
  { header: 'ORDER ID', value: (r) => r.orderId },
  { header: 'CLIENT OID', value: (r) => r.clientOid },
  { header: 'CATEGORY', value: (r) => r.category },
  { header: 'SYMBOL', value: (r) => r.symbol },
  { header: 'NEW PRICE', value: (r) => r.price, align: 'right' },
  { header: 'NEW QTY', value: (r) => r.qty, align: 'right' },
  { header: 'RESULT', value: (r) => r.result },
  { header: 'DETAIL', value: (r) => r.detail },
];

/** Prints the outcome of every item and returns the exit code they give. */
export function printRunOutcome(
  out: Output,
  stderr: TextSink,
  global: GlobalOptions,
  run: BatchRun,
  labels: ItemLabels = {},
): number {
  const rows = outcomeRows(run, labels);
  const count = (w: OutcomeWord) => rows.filter((r) => r.result === w).length;
  const said = (
    ['applied', 'accepted', 'not applied', 'rejected', 'refused', 'unknown', 'not sent', 'excluded'] as const
  )
    .map((w) => [count(w), w] as const)
    .filter(([n]) => n > 0)
    .map(([n, w]) => `${n} ${w}`);
  const lines = [
    `${plural(rows.length, 'item')} in ${plural(run.requests, 'request')}: ${said.join(', ') || 'nothing'}.`,
    `Recorded in Activity as run ${run.id}: uta-desk activity --run ${run.id}`,
  ];
  if (count('accepted') > 0)
    lines.push(
      'Accepted modifications are applied by the matching engine afterwards (not followed: --no-follow); see an order with:',
      `  ${orderCommand(global, rows.find((r) => r.result === 'accepted') ?? {})}`,
    );
  const unknown = rows.filter((r) => r.result === 'unknown');
  if (unknown.length > 0)
    lines.push(
      `${plural(unknown.length, 'outcome is', 'outcomes are')} unknown: check ${unknown.length === 1 ? 'that order' : 'those orders'} before anything else, and do not resend:`,
      ...unknown.slice(0, 20).map((r) => `  ${orderCommand(global, r)}`),
      ...(unknown.length > 20 ? [`  … and ${unknown.length - 20} more (see the table)`] : []),
    );
  if (out.json) {
    out.data(rows);
    stderr.write(`${lines.join('\n')}\n`);
  } else {
    out.text(renderTable(rows, OUTCOME_COLUMNS));
    out.text(lines.join('\n'));
  }
  return exitCodeOfOutcomes(rows.map((r) => r.result));
}

/** "60000.0 → 60000.1", or the current value alone when it does not change. */
export const currentToNew = (from: string | undefined, to: string | undefined): string =>
  to === undefined ? (from ?? '') : `${from ?? '?'} → ${to}`;

/** A request a dry run would send: its number, product type and body. */
export interface RequestBody {
  request: number;
  category: string;
  body: ModifyOrderRequest[];
}

/** Each body as it would go on the wire, one item a line. */
export function printRequestBodies(out: Output, bodies: readonly RequestBody[]): void {
  for (const b of bodies) {
    out.text(
      `\nRequest ${b.request} of ${bodies.length}: POST ${BATCH_MODIFY_PATH} (${b.category}, ${plural(b.body.length, 'item')})\n` +
        `[\n${b.body.map((item) => `  ${JSON.stringify(item)}`).join(',\n')}\n]`,
    );
  }
}
