/**
 * An order as the private stream's `order` topic pushes it. Built from the same record order-info
 * answers with, in the documented push shape, which differs from REST: `category` and `reduceOnly`
 * in lower case, `holdSide` for REST's `posSide`, margin fields, and no `live` status (an order
 * resting on the book is `new` there). `leverage` and `delegateType` are left out: the demo keeps
 * no positions or leverage settings to fill them from truthfully.
 */
import { isFuturesCategory, type Instrument } from '../shared/schemas';
import type { FeeDetail, OrderRecord } from './order-record';

export const ORDER_TOPIC_ARG = Object.freeze({ instType: 'UTA', topic: 'order' });

export interface OrderPushItem {
  category: string;
  symbol: string;
  orderId: string;
  clientOid: string;
  price: string;
  qty: string;
  amount: string;
  holdMode: string;
  holdSide: string;
  tradeSide: string;
  orderType: string;
  timeInForce: string;
  side: string;
  marginMode: string;
  marginCoin: string;
  reduceOnly: string;
  cumExecQty: string;
  cumExecValue: string;
  avgPrice: string;
  totalProfit: string;
  orderStatus: string;
  cancelReason: string;
  feeDetail: FeeDetail[];
  createdTime: string;
  updatedTime: string;
  stpMode: string;
}

/** Contracts settle in their margin coin: the base coin for coin-margined ones, else the quote coin. */
function marginCoin(inst: Instrument | undefined): string {
  if (!inst || !isFuturesCategory(inst.category)) return '';
  return inst.category === 'COIN-FUTURES' ? inst.baseCoin : inst.quoteCoin;
}

export function orderPushItem(order: OrderRecord, inst: Instrument | undefined): OrderPushItem {
  const w = order.wire;
  const futures = isFuturesCategory(w.category);
  return {
    category: w.category.toLowerCase(),
    symbol: w.symbol,
    orderId: w.orderId,
    clientOid: w.clientOid,
    price: w.price,
    qty: w.qty,
    amount: w.amount,
    holdMode: w.holdMode,
    holdSide: w.posSide,
    tradeSide: w.tradeSide,
    orderType: w.orderType,
    timeInForce: w.timeInForce,
    side: w.side,
    // A unified account margins contracts across the account.
    marginMode: futures ? 'crossed' : '',
    marginCoin: marginCoin(inst),
    reduceOnly: w.reduceOnly.toLowerCase(),
    cumExecQty: w.cumExecQty,
    cumExecValue: w.cumExecValue,
    avgPrice: w.avgPrice,
    // Demo orders only ever open positions, which realise no profit.
    totalProfit: '0',
    orderStatus: w.orderStatus === 'live' ? 'new' : w.orderStatus,
    cancelReason: w.cancelReason,
    feeDetail: w.feeDetail.map((f) => ({ ...f })),
    createdTime: w.createdTime,
    updatedTime: w.updatedTime,
    stpMode: w.stpMode,
  };
}

/** The whole push frame; `ts` is a number of milliseconds, unlike the strings inside `data`. */
export function orderPushFrame(order: OrderRecord, inst: Instrument | undefined, now: number): string {
  return JSON.stringify({ action: 'snapshot', arg: ORDER_TOPIC_ARG, data: [orderPushItem(order, inst)], ts: now });
}
