/**
 * Turns validated order inputs into full order records: the fields a state file leaves out get
 * the values the exchange would show for such an order (position fields by category, fill value
 * and fees derived from the fills, generated ids, times "now").
 */
import { Dec } from '../shared/decimal';
import { isFuturesCategory, type Instrument } from '../shared/schemas';
import {
  AUTO_CANCEL_REASON,
  USER_CANCEL_REASON,
  type FeeDetail,
  type OrderRecord,
  type OrderStatus,
} from './order-record';
import type { ValidatedState } from './state-schema';

/** Sequential 19-digit ids for orders that come without one, skipping ids already taken. */
class OrderIdSequence {
  private next = 1_400_000_000_000_000_001n;

  constructor(private readonly taken: Set<string>) {}

  take(): string {
    let id = String(this.next++);
    while (this.taken.has(id)) id = String(this.next++);
    this.taken.add(id);
    return id;
  }
}

/** Fees of everything filled so far, as a maker (the demo's fills rest on the book at the order's price). */
export function fees(inst: Instrument | undefined, side: string, cumExecQty: Dec, cumExecValue: Dec): FeeDetail[] {
  if (cumExecQty.isZero() || !inst) return [];
  const rate = new Dec(inst.makerFeeRate || '0');
  // Coin-margined contracts and spot buys pay in the base coin; everything else in the quote coin.
  const inBase = inst.category === 'COIN-FUTURES' || (inst.category === 'SPOT' && side !== 'sell');
  return [
    {
      feeCoin: inBase ? inst.baseCoin : inst.quoteCoin,
      fee: (inBase ? cumExecQty.mul(rate) : cumExecValue.mul(rate)).toFixed(),
    },
  ];
}

export function buildOrderRecords(state: ValidatedState, now: number): OrderRecord[] {
  const instruments = new Map(state.instruments.map((i) => [`${i.category}:${i.symbol}`, i]));
  const ids = new OrderIdSequence(new Set(state.orders.flatMap((o) => (o.orderId ? [o.orderId] : []))));
  return state.orders.map((input) => {
    const inst = instruments.get(`${input.category}:${input.symbol}`);
    const status: OrderStatus = input.orderStatus ?? 'live';
    const side = input.side ?? 'buy';
    const cumText = input.cumExecQty ?? (status === 'filled' ? input.qty : '0');
    const cum = new Dec(cumText);
    const value = cum.mul(new Dec(input.price));
    const futures = isFuturesCategory(input.category);
    const orderId = input.orderId ?? ids.take();
    const createdTime = input.createdTime ?? String(now);
    const cancelReason = input.cancelReason ?? (status === 'cancelled' ? USER_CANCEL_REASON : '');
    return {
      uid: input.uid,
      pending: null,
      autoCancelPhase: status === 'cancelled' && cancelReason === AUTO_CANCEL_REASON ? 'cancelled' : 'none',
      wire: {
        orderId,
        clientOid: input.clientOid ?? `demo-${orderId}`,
        category: input.category,
        symbol: input.symbol,
        orderType: input.orderType ?? 'limit',
        side,
        price: input.price,
        qty: input.qty,
        // Limit orders have no quote-coin amount, and nothing filled averages to zero: "0", not "".
        amount: '0',
        cumExecQty: cumText,
        cumExecValue: value.toFixed(),
        avgPrice: cum.isZero() ? '0' : input.price,
        timeInForce: input.timeInForce ?? 'gtc',
        orderStatus: status,
        posSide: futures ? (side === 'buy' ? 'long' : 'short') : '',
        holdMode: futures ? 'hedge_mode' : '',
        tradeSide: futures ? 'open' : '',
        reduceOnly: input.reduceOnly ?? 'NO',
        stpMode: 'none',
        feeDetail: fees(inst, side, cum, value),
        cancelReason,
        execType: cum.isZero() ? '' : 'normal',
        createdTime,
        updatedTime: input.updatedTime ?? createdTime,
      },
    };
  });
}
