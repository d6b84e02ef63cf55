/**
 * The printer of `modify-batch`: the per-item table (or JSON) of a dry run's checks and of a run's
 * outcomes, the request bodies a dry run would send, and the summary. One row shape serves both
 * formats, so the table and `--json` never disagree.
 */
import type { GlobalOptions } from './args';
import type { BatchPlan, PlannedItem } from './batch-plan';
import type { ItemOutcome } from './batch-send';
import { orderCommand, plural, type Output, type TextSink } from './output';
import { renderTable, type Column } from './table';

export type ResultWord = 'accepted' | 'rejected' | 'refused-locally' | 'excluded' | 'unknown' | 'not-sent';
export type CheckWord = 'ok' | 'refused-locally';

export interface ItemRow {
  index: number;
  where: string;
  orderId?: string;
  clientOid?: string;
  category?: string;
  symbol?: string;
  price?: string;
  newPrice?: string;
  qty?: string;
  newQty?: string;
  autoCancel?: string;
  /** The request (1-based) the item is, or would be, sent in. */
  request?: number;
  result: ResultWord | CheckWord;
  code?: string;
  exchangeMsg?: string;
  detail: string;
  warnings: string[];
}

function baseRow(p: PlannedItem): Omit<ItemRow, 'result' | 'detail'> {
  const { item, order } = p;
  return {
    index: item.index,
    where: item.where,
    orderId: order?.orderId ?? item.orderId,
    clientOid: order?.clientOid || item.clientOid,
    category: p.category,
    symbol: p.symbol,
    price: order?.price,
    newPrice: item.price,
    qty: order?.qty,
    newQty: item.qty,
    autoCancel: p.request?.autoCancel,
    request: p.batch,
    warnings: p.warnings,
  };
}

const warning = (w: string) => `warning: ${w}`;

export function checkRows(plan: BatchPlan): ItemRow[] {
  return plan.items.map((p) => ({
    ...baseRow(p),
    result: p.request ? 'ok' : 'refused-locally',
    detail: p.request ? [`request ${p.batch ?? '?'}`, ...p.warnings.map(warning)].join('; ') : p.errors.join('; '),
  }));
}

export function resultRows(plan: BatchPlan, outcomes: ReadonlyMap<PlannedItem, ItemOutcome>): ItemRow[] {
  return plan.items.map((p): ItemRow => {
    const base = baseRow(p);
    const o = outcomes.get(p) ?? { kind: 'not-sent', why: 'not sent' };
    switch (o.kind) {
      case 'accepted':
        return {
          ...base,
          orderId: o.orderId || base.orderId,
          clientOid: o.clientOid || base.clientOid,
          result: 'accepted',
          detail: ['the matching engine applies it afterwards', ...p.warnings.map(warning)].join('; '),
        };
      case 'rejected':
        return {
          ...base,
          result: 'rejected',
          code: o.code,
          exchangeMsg: o.exchangeMsg || undefined,
          detail: o.wholeBatch ? `request ${p.batch ?? '?'} was refused as a whole: ${o.words}` : o.words,
        };
      case 'refused-locally':
        return { ...base, result: 'refused-locally', detail: `${o.reasons.join('; ')} (not sent)` };
      case 'excluded':
        return { ...base, result: 'excluded', detail: `${o.reason} (not sent)` };
      case 'unknown':
        return {
          ...base,
          result: 'unknown',
          detail: /check the order/i.test(o.why)
            ? `${o.why} Do not resend.`
            : `${o.why} Check the order, do not resend.`,
        };
      case 'not-sent':
        return { ...base, result: 'not-sent', detail: o.why };
    }
  });
}

/** "60000.0 → 60000.1", or the current value alone when it does not change. */
export const currentToNew = (from: string | undefined, to: string | undefined): string =>
  to === undefined ? (from ?? '') : `${from ?? '?'} → ${to}`;

const RESULT_TEXT: Readonly<Record<ItemRow['result'], string>> = {
  ok: 'ok',
  accepted: 'accepted',
  rejected: 'rejected',
  'refused-locally': 'refused locally',
  excluded: 'excluded',
  unknown: 'unknown',
  'not-sent': 'not sent',
};

function columns(resultHeader: string): readonly Column<ItemRow>[] {
  return [
    { header: '#', value: (r) => String(r.index), align: 'right' },
    { header: 'ORDER ID', value: (r) => r.orderId },
    { header: 'CLIENT OID', value: (r) => r.clientOid },
    { header: 'CATEGORY', value: (r) => r.category },
    { header: 'SYMBOL', value: (r) => r.symbol },
    { header: 'PRICE → NEW', value: (r) => currentToNew(r.price, r.newPrice) },
    { header: 'QTY → NEW', value: (r) => currentToNew(r.qty, r.newQty) },
    { header: resultHeader, value: (r) => `${RESULT_TEXT[r.result]}${r.code ? ` ${r.code}` : ''}` },
    { header: 'DETAIL', value: (r) => r.detail },
  ];
}

export function printDryRun(out: Output, stderr: TextSink, plan: BatchPlan): void {
  const rows = checkRows(plan);
  const bodies = requestBodies(plan);
  const passed = rows.filter((r) => r.result === 'ok').length;
  const summary =
    `Dry run: ${plural(rows.length, 'item')}, ${passed} pass the checks, ${rows.length - passed} refused locally; ` +
    `${plural(bodies.length, 'request')} would be sent. Nothing was sent.`;
  if (out.json) {
    out.data({ items: rows, requests: bodies });
    stderr.write(`${summary}\n`);
    return;
  }
  out.text(renderTable(rows, columns('CHECK')));
  printRequestBodies(out, bodies);
  out.text(`\n${summary}`);
}

/** A request a dry run would send: its number, product type and body. */
export interface RequestBody {
  request: number;
  category: string;
  body: unknown[];
}

export function requestBodies(plan: BatchPlan): RequestBody[] {
  return plan.batches.map((b) => ({
    request: b.number,
    category: b.category,
    body: b.items.map((p) => p.request),
  }));
}

/** Each body as it would go on the wire, one item a line. */
export function printRequestBodies(out: Output, bodies: readonly RequestBody[]): void {
  for (const b of bodies) {
    out.text(
      `\nRequest ${b.request} of ${bodies.length}: POST /api/v3/trade/batch-modify-order (${b.category}, ${plural(b.body.length, 'item')})\n` +
        `[\n${b.body.map((item) => `  ${JSON.stringify(item)}`).join(',\n')}\n]`,
    );
  }
}

export interface ResultCounts {
  accepted: number;
  rejected: number;
  'refused-locally': number;
  /** Left out by a rule over the open orders; always 0 for a file. */
  excluded: number;
  unknown: number;
  'not-sent': number;
}

export function countResults(rows: readonly ItemRow[]): ResultCounts {
  const counts: ResultCounts = {
    accepted: 0,
    rejected: 0,
    'refused-locally': 0,
    excluded: 0,
    unknown: 0,
    'not-sent': 0,
  };
  for (const r of rows) if (r.result in counts) counts[r.result as ResultWord] += 1;
  return counts;
}

export function printResults(
  out: Output,
  stderr: TextSink,
  global: GlobalOptions,
  plan: BatchPlan,
  rows: readonly ItemRow[],
): void {
  const c = countResults(rows);
  const lines = [
    `${plural(rows.length, 'item')} in ${plural(plan.batches.length, 'request')}: ${c.accepted} accepted, ` +
      `${c.rejected} rejected, ${c['refused-locally']} refused locally, ${c.excluded > 0 ? `${c.excluded} excluded, ` : ''}` +
      `${c.unknown} unknown, ${c['not-sent']} not sent.`,
  ];
  const accepted = rows.find((r) => r.result === 'accepted');
  if (accepted)
    lines.push(
      'Accepted modifications are applied by the matching engine afterwards; see an order with:',
      `  ${orderCommand(global, accepted)}`,
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
    return;
  }
  out.text(renderTable(rows, columns('RESULT')));
  out.text(lines.join('\n'));
}
