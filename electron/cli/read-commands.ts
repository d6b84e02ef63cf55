/**
 * The read-only commands: instruments, one order, the open orders. Public market data and the
 * environment's credentials read the exchange directly (safe beside a running app: nothing is
 * written); with --profile, `order` and `open-orders` read through the core like the amend commands.
 */
import { stepText } from '../../shared/steps';
import { unwrap, type DeskApi } from '../../shared/contract';
import { isNoLimitQty, NO_LIMIT, ratioAsPercent } from '../../shared/instrument-text';
import { orderStatusLabel } from '../../shared/order-status';
import type { Category, Instrument, Order } from '../../shared/schemas';
import type { ExchangeClient } from '../exchange/client';
import type { Output } from './output';
import { renderRecord, renderTable, type Column } from './table';

/** Upper bound on pages followed, in case a server keeps handing out cursors. */
const MAX_PAGES = 1000;

/** The reads these commands make, from the exchange client or through the core. */
export interface OrderReader {
  getOrder(ref: { orderId?: string; clientOid?: string }): Promise<Order>;
  getOpenOrders(q: {
    category?: Category;
    symbol?: string;
    limit?: number;
    cursor?: string;
  }): Promise<{ list: Order[]; cursor?: string | null }>;
}

/** The core's reads in the client's shape. */
export function readerOf(api: DeskApi): OrderReader {
  return {
    getOrder: async ({ orderId, clientOid }) => (await unwrap(api.getOrder({ orderId, clientOid }))).order,
    getOpenOrders: (q) =>
      unwrap(
        api.listOpenOrders({
          ...(q.category ? { category: q.category } : {}),
          ...(q.symbol ? { symbol: q.symbol } : {}),
          ...(q.limit ? { limit: q.limit } : {}),
          ...(q.cursor ? { cursor: q.cursor } : {}),
        }),
      ),
  };
}

const INSTRUMENT_COLUMNS: readonly Column<Instrument>[] = [
  { header: 'SYMBOL', value: (i) => i.symbol },
  { header: 'STATUS', value: (i) => i.status },
  { header: 'BASE', value: (i) => i.baseCoin },
  { header: 'QUOTE', value: (i) => i.quoteCoin },
  { header: 'PRICE DP', value: (i) => i.pricePrecision, align: 'right' },
  { header: 'QTY DP', value: (i) => i.quantityPrecision, align: 'right' },
  { header: 'PRICE STEP', value: (i) => stepText(i, 'price'), align: 'right' },
  { header: 'QTY STEP', value: (i) => stepText(i, 'qty'), align: 'right' },
  { header: 'MIN QTY', value: (i) => i.minOrderQty, align: 'right' },
  {
    header: 'MAX QTY',
    value: (i) => (i.maxOrderQty && isNoLimitQty(i.maxOrderQty) ? NO_LIMIT : i.maxOrderQty),
    align: 'right',
  },
  { header: 'MIN AMOUNT', value: (i) => i.minOrderAmount, align: 'right' },
  { header: 'MAKER FEE', value: (i) => i.makerFeeRate && ratioAsPercent(i.makerFeeRate), align: 'right' },
  { header: 'TAKER FEE', value: (i) => i.takerFeeRate && ratioAsPercent(i.takerFeeRate), align: 'right' },
];

export async function instruments(
  client: ExchangeClient,
  out: Output,
  category: Category,
  symbol: string | undefined,
): Promise<void> {
  const list = await client.getInstruments(category, symbol);
  if (out.json) return out.data(list);
  if (list.length === 0) return out.text(`No ${category} instrument${symbol ? ` named ${symbol}` : 's'}.`);
  out.text(renderTable(list, INSTRUMENT_COLUMNS));
  out.text(`${list.length} ${category} instrument${list.length === 1 ? '' : 's'}`);
}

const ORDER_FIELDS_FIRST = [
  'orderId',
  'clientOid',
  'category',
  'symbol',
  'side',
  'orderType',
  'price',
  'qty',
  'cumExecQty',
  'avgPrice',
  'orderStatus',
  'timeInForce',
];

export async function order(
  client: OrderReader,
  out: Output,
  ref: { orderId?: string; clientOid?: string },
): Promise<void> {
  const o = await client.getOrder(ref);
  if (out.json) return out.data(o);
  out.text(renderRecord(orderEntries(o)));
}

function orderEntries(o: Order): Array<readonly [string, string]> {
  const record = o as Record<string, unknown>;
  const keys = [
    ...ORDER_FIELDS_FIRST.filter((k) => k in record),
    ...Object.keys(record).filter((k) => !ORDER_FIELDS_FIRST.includes(k)),
  ];
  return keys.flatMap((k) => {
    const v = record[k];
    if (v === undefined || v === null || v === '') return [];
    if (typeof v === 'string')
      return [[k, /Time$/.test(k) && /^\d{10,}$/.test(v) ? `${v} (${new Date(Number(v)).toISOString()})` : v] as const];
    return [[k, JSON.stringify(v)] as const];
  });
}

const OPEN_ORDER_COLUMNS: readonly Column<Order>[] = [
  { header: 'ORDER ID', value: (o) => o.orderId },
  { header: 'CLIENT OID', value: (o) => o.clientOid },
  { header: 'CATEGORY', value: (o) => o.category },
  { header: 'SYMBOL', value: (o) => o.symbol },
  { header: 'SIDE', value: (o) => o.side },
  { header: 'TYPE', value: (o) => o.orderType },
  { header: 'PRICE', value: (o) => o.price, align: 'right' },
  { header: 'QTY', value: (o) => o.qty, align: 'right' },
  { header: 'FILLED', value: (o) => o.cumExecQty, align: 'right' },
  { header: 'STATUS', value: (o) => orderStatusLabel(o.orderStatus) },
];

export async function openOrders(
  client: OrderReader,
  out: Output,
  q: { category?: Category; symbol?: string; limit?: number },
): Promise<void> {
  const all: Order[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await client.getOpenOrders({ category: q.category, symbol: q.symbol, limit: q.limit, cursor });
    all.push(...res.list);
    const next = res.cursor || undefined;
    // An empty page or a cursor seen before means the end (some servers repeat the last cursor).
    if (!next || res.list.length === 0 || seenCursors.has(next)) break;
    seenCursors.add(next);
    cursor = next;
  }
  if (out.json) return out.data({ list: all });
  if (all.length === 0) return out.text('No open orders.');
  out.text(renderTable(all, OPEN_ORDER_COLUMNS));
  out.text(`${all.length} open order${all.length === 1 ? '' : 's'}`);
}
