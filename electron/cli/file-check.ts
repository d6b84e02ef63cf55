/**
 * `modify-batch --file … --dry-run`: what the run would do, without starting it. Each item's order is
 * read through the contract and checked with the shared amend rules (as `modify` checks one), and the
 * items that pass are grouped as main would send them: one product type per request, at most 20
 * each, file order kept. Nothing is sent.
 */
import { checkAmend } from '../../shared/amend-rules';
import type { RuleIssue } from '../../shared/amend-draft';
import { unwrap, type DeskApi } from '../../shared/contract';
import { DeskError, describeError, EXCHANGE_CODE } from '../../shared/errors';
import {
  CATEGORIES,
  MAX_BATCH_ITEMS,
  type Category,
  type Instrument,
  type ModifyOrderRequest,
  type Order,
} from '../../shared/schemas';
import type { BatchItem } from './batch-item';
import { currentToNew, printRequestBodies, type RequestBody } from './batch-report';
import { plural, type Output, type TextSink } from './output';
import { renderTable, type Column } from './table';

export interface CheckRow {
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
  result: 'ok' | 'refused';
  /** The request (1-based) it would go in. */
  request?: number;
  detail: string;
  warnings: string[];
}

/** A rule's finding in words, with the code the exchange would answer for an error. */
export function issueText(issue: RuleIssue): string {
  return issue.code && issue.severity === 'error'
    ? `${issue.message} (the exchange would answer ${issue.code})`
    : issue.message;
}

/** The request an item makes: its own values, the default auto-cancel for an item that does not say. */
export function requestOf(item: BatchItem, autoCancel: string | undefined): ModifyOrderRequest {
  const category = item.category?.toUpperCase();
  const ac = item.autoCancel ?? autoCancel;
  return {
    ...(item.orderId ? { orderId: item.orderId } : {}),
    ...(item.clientOid ? { clientOid: item.clientOid } : {}),
    ...(item.price ? { price: item.price } : {}),
    ...(item.qty ? { qty: item.qty } : {}),
    ...(ac === 'yes' || ac === 'no' ? { autoCancel: ac } : {}),
    ...(item.symbol ? { symbol: item.symbol } : {}),
    ...(category && (CATEGORIES as readonly string[]).includes(category) ? { category: category as Category } : {}),
  };
}

/** Throws the core's DeskError when a read fails for another reason than the order not existing. */
export async function checkItems(
  api: DeskApi,
  items: readonly BatchItem[],
  autoCancel: string | undefined,
  now: number,
): Promise<{ rows: CheckRow[]; bodies: RequestBody[] }> {
  const instruments = new Map<string, Instrument | null>();
  const rows: CheckRow[] = [];
  const passing: Array<{ row: CheckRow; request: ModifyOrderRequest }> = [];
  for (const item of items) {
    const base = { index: item.index, where: item.where, orderId: item.orderId, clientOid: item.clientOid };
    let order: Order;
    try {
      order = (await unwrap(api.getOrder({ orderId: item.orderId, clientOid: item.clientOid }))).order;
    } catch (e) {
      if (!(e instanceof DeskError) || e.data.code !== EXCHANGE_CODE.orderNotFound) throw e;
      rows.push({ ...base, result: 'refused', detail: describeError(e.data), warnings: [] });
      continue;
    }
    const category = item.category?.toUpperCase() ?? order.category;
    const symbol = item.symbol ?? order.symbol;
    const instrument = await instrumentOf(api, instruments, category, symbol);
    const report = checkAmend(
      { ...item, autoCancel: item.autoCancel ?? autoCancel },
      { order, instrument: instrument ?? undefined, instrumentNotFound: instrument === null, now },
    );
    const row: CheckRow = {
      ...base,
      orderId: order.orderId,
      clientOid: order.clientOid || item.clientOid,
      category: order.category,
      symbol: order.symbol,
      price: order.price,
      newPrice: item.price,
      qty: order.qty,
      newQty: item.qty,
      result: report.ok ? 'ok' : 'refused',
      detail: report.errors.map(issueText).join('; '),
      warnings: report.warnings.map(issueText),
    };
    rows.push(row);
    if (report.ok) passing.push({ row, request: report.request });
  }
  return { rows, bodies: bodiesOf(passing) };
}

async function instrumentOf(
  api: DeskApi,
  known: Map<string, Instrument | null>,
  category: string,
  symbol: string,
): Promise<Instrument | null | undefined> {
  if (!(CATEGORIES as readonly string[]).includes(category) || !symbol) return undefined;
  const key = `${category} ${symbol}`;
  if (!known.has(key)) {
    const { instruments } = await unwrap(api.listInstruments({ category: category as Category, symbol }));
    known.set(key, instruments.find((i) => i.symbol === symbol) ?? null);
  }
  return known.get(key);
}

/** By product type in order of first appearance, in requests of at most 20. */
function bodiesOf(passing: ReadonlyArray<{ row: CheckRow; request: ModifyOrderRequest }>): RequestBody[] {
  const byCategory = new Map<string, Array<{ row: CheckRow; request: ModifyOrderRequest }>>();
  for (const p of passing) byCategory.set(p.row.category ?? '', [...(byCategory.get(p.row.category ?? '') ?? []), p]);
  const bodies: RequestBody[] = [];
  for (const [category, list] of byCategory)
    for (let i = 0; i < list.length; i += MAX_BATCH_ITEMS) {
      const chunk = list.slice(i, i + MAX_BATCH_ITEMS);
      for (const p of chunk) p.row.request = bodies.length + 1;
      bodies.push({ request: bodies.length + 1, category, body: chunk.map((p) => p.request) });
    }
  return bodies;
}

const COLUMNS: readonly Column<CheckRow>[] = [
  { header: '#', value: (r) => String(r.index), align: 'right' },
  { header: 'ORDER ID', value: (r) => r.orderId },
  { header: 'CLIENT OID', value: (r) => r.clientOid },
  { header: 'CATEGORY', value: (r) => r.category },
  { header: 'SYMBOL', value: (r) => r.symbol },
  { header: 'PRICE → NEW', value: (r) => currentToNew(r.price, r.newPrice) },
  { header: 'QTY → NEW', value: (r) => currentToNew(r.qty, r.newQty) },
  { header: 'CHECK', value: (r) => (r.result === 'ok' ? 'ok' : 'refused') },
  {
    header: 'DETAIL',
    value: (r) =>
      [r.result === 'ok' ? `request ${r.request ?? '?'}` : r.detail, ...r.warnings.map((w) => `warning: ${w}`)].join(
        '; ',
      ),
  },
];

/** Prints the checks and the bodies; true when every item passes. */
export function printFileCheck(
  out: Output,
  stderr: TextSink,
  checked: { rows: CheckRow[]; bodies: RequestBody[] },
): boolean {
  const { rows, bodies } = checked;
  const passed = rows.filter((r) => r.result === 'ok').length;
  const summary =
    `Dry run: ${plural(rows.length, 'item')}, ${passed} pass the checks, ${rows.length - passed} would be refused; ` +
    `${plural(bodies.length, 'request')} would be sent. Nothing was sent.`;
  if (out.json) {
    out.data({ items: rows, requests: bodies });
    stderr.write(`${summary}\n`);
  } else {
    out.text(renderTable(rows, COLUMNS));
    printRequestBodies(out, bodies);
    out.text(`\n${summary}`);
  }
  return passed === rows.length;
}
