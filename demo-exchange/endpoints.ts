/**
 * The endpoints of the demo exchange, free of HTTP plumbing: each takes the parsed request and
 * returns the success reply or throws an ApiError. Routing, authentication and rate limits are
 * declared in the route table at the bottom and enforced by http-server.ts.
 */
import { CATEGORIES, type Category } from '../shared/schemas';
import type { DemoAccount } from './accounts';
import { errors, paramError, SUCCESS_CODE } from './api-error';
import { batchModify } from './batch-modify';
import { successHead, successJson } from './envelope';
import type { ExchangeCore, LimiterName } from './exchange-core';
import { isTickerCategory, TICKER_CATEGORIES } from './market-prices';
import { decideModification, parseJsonBody } from './modify-rules';
import { pageAfter, parseLimit } from './open-orders-page';
import { wireCopy } from './order-record';
import type { OrderRef } from './order-store';
import type { ParsedQuery } from './query';

export interface EndpointRequest {
  core: ExchangeCore;
  query: ParsedQuery;
  body: Buffer;
  /** Set for signed endpoints once authentication passed. */
  account?: DemoAccount;
  now: number;
}

export interface Reply {
  status: number;
  code: string;
  chunks: ReadonlyArray<string | Buffer>;
}

const CLOSE_BRACE = Buffer.from('}');
const CATEGORY_SET: ReadonlySet<string> = new Set(CATEGORIES);

const ok = (now: number, data: unknown): Reply => ({
  status: 200,
  code: SUCCESS_CODE,
  chunks: [successJson(now, data)],
});

/** A query parameter, with "" treated as absent. */
function param(query: ParsedQuery, name: string): string | undefined {
  const v = query.params.get(name);
  return v === undefined || v === '' ? undefined : v;
}

function categoryParam(query: ParsedQuery, required: boolean): Category | undefined {
  const raw = param(query, 'category');
  if (raw === undefined) {
    if (required) throw paramError('category is required');
    return undefined;
  }
  // A set lookup rather than a schema parse: this runs on every instruments request.
  if (!CATEGORY_SET.has(raw)) throw paramError(`category must be one of ${CATEGORIES.join(', ')}`);
  return raw as Category;
}

function msParam(query: ParsedQuery, name: string): number | undefined {
  const raw = param(query, name);
  if (raw === undefined) return undefined;
  if (!/^\d{1,16}$/.test(raw)) throw paramError(`${name} must be a Unix time in milliseconds`);
  return Number(raw);
}

function signedAccount(req: EndpointRequest): DemoAccount {
  if (!req.account) throw new Error('signed endpoint reached without an authenticated account');
  return req.account;
}

/** Pre-serialized data spliced behind a fresh head: the hot public paths do no JSON work at all. */
const okSpliced = (now: number, data: string | Buffer): Reply => ({
  status: 200,
  code: SUCCESS_CODE,
  chunks: [successHead(now), data, CLOSE_BRACE],
});

function instruments(req: EndpointRequest): Reply {
  const category = categoryParam(req.query, true) as Category;
  return okSpliced(req.now, req.core.catalog.dataJson(category, param(req.query, 'symbol')));
}

/** Like instruments: an unknown symbol (or one without a market) answers an empty list. */
function tickers(req: EndpointRequest): Reply {
  const raw = param(req.query, 'category');
  if (raw === undefined) throw paramError('category is required');
  if (!isTickerCategory(raw)) throw paramError(`category must be one of ${TICKER_CATEGORIES.join(', ')}`);
  const symbol = param(req.query, 'symbol');
  const { catalog, market } = req.core;
  const inst = symbol === undefined ? undefined : catalog.get(raw, symbol);
  const list = symbol === undefined ? catalog.list(raw) : inst ? [inst] : [];
  return okSpliced(req.now, market.tickersJson(list, req.now));
}

function serverTime(req: EndpointRequest): Reply {
  return ok(req.now, { serverTime: String(req.now) });
}

/** How the modify endpoints reach the account's orders and the instruments. */
function modifyDeps(req: EndpointRequest) {
  const { uid } = signedAccount(req);
  const { core } = req;
  return {
    findOrder: (ref: OrderRef) => core.orders.find(uid, ref),
    instrumentOf: (category: Category, symbol: string) => core.catalog.get(category, symbol),
    engine: core.engine,
  };
}

function modifyOrder(req: EndpointRequest): Reply {
  const deps = modifyDeps(req);
  const { order, change, autoCancel } = decideModification(parseJsonBody(req.body), deps.findOrder, deps.instrumentOf);
  deps.engine.submit(order, change, autoCancel);
  return ok(req.now, { orderId: order.wire.orderId, clientOid: order.wire.clientOid });
}

function batchModifyOrder(req: EndpointRequest): Reply {
  return ok(req.now, batchModify(parseJsonBody(req.body), modifyDeps(req)));
}

function orderInfo(req: EndpointRequest): Reply {
  const account = signedAccount(req);
  const orderId = param(req.query, 'orderId');
  const clientOid = param(req.query, 'clientOid');
  if (orderId === undefined && clientOid === undefined) throw paramError('orderId or clientOid is required');
  const order = req.core.orders.find(account.uid, { orderId, clientOid });
  if (!order) throw errors.orderMissing();
  return ok(req.now, wireCopy(order));
}

function unfilledOrders(req: EndpointRequest): Reply {
  const account = signedAccount(req);
  const filter = {
    category: categoryParam(req.query, false),
    symbol: param(req.query, 'symbol'),
    startTime: msParam(req.query, 'startTime'),
    endTime: msParam(req.query, 'endTime'),
  };
  const limit = parseLimit(param(req.query, 'limit'));
  const page = pageAfter(req.core.orders.open(account.uid, filter), param(req.query, 'cursor'), limit);
  return ok(req.now, { list: page.list.map(wireCopy), cursor: page.cursor });
}

export interface Route {
  method: 'GET' | 'POST';
  /** signed: the ACCESS-* headers are verified and the limit counts per UID; public: per client IP. */
  access: 'public' | 'signed';
  limiter: LimiterName;
  handle: (req: EndpointRequest) => Reply;
}

export const ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  ['/api/v3/market/instruments', { method: 'GET', access: 'public', limiter: 'instruments', handle: instruments }],
  ['/api/v3/market/tickers', { method: 'GET', access: 'public', limiter: 'tickers', handle: tickers }],
  ['/api/v2/public/time', { method: 'GET', access: 'public', limiter: 'publicTime', handle: serverTime }],
  ['/api/v3/trade/modify-order', { method: 'POST', access: 'signed', limiter: 'modifyOrder', handle: modifyOrder }],
  [
    '/api/v3/trade/batch-modify-order',
    // The same window as modify-order: the exchange counts a batch as one request of that limit.
    { method: 'POST', access: 'signed', limiter: 'modifyOrder', handle: batchModifyOrder },
  ],
  ['/api/v3/trade/order-info', { method: 'GET', access: 'signed', limiter: 'orderInfo', handle: orderInfo }],
  [
    '/api/v3/trade/unfilled-orders',
    { method: 'GET', access: 'signed', limiter: 'unfilledOrders', handle: unfilledOrders },
  ],
]);
