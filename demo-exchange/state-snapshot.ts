/**
 * The demo exchange's current state written back as a starting state (the `--state` format), so an
 * app can keep its embedded demo exchange across restarts: accounts, the instrument set as it now
 * stands (statuses, mutations, listings), every order with its fills. A modification still waiting
 * for the matching engine is not part of it (it would have been applied or lost on a restart).
 */
import { CATEGORIES } from '../shared/schemas';
import type { ExchangeCore } from './exchange-core';
import type { DemoOrderInput, DemoStateInput } from './state-schema';

const TIME_IN_FORCE = new Set(['gtc', 'ioc', 'fok', 'post_only']);
const REDUCE_ONLY = new Set(['YES', 'NO']);

export function snapshotState(core: ExchangeCore): DemoStateInput {
  const orders: DemoOrderInput[] = [];
  for (const { uid, wire } of core.orders.all()) {
    orders.push({
      uid,
      orderId: wire.orderId,
      clientOid: wire.clientOid,
      category: wire.category,
      symbol: wire.symbol,
      side: wire.side === 'sell' ? 'sell' : 'buy',
      orderType: wire.orderType === 'market' ? 'market' : 'limit',
      price: wire.price,
      qty: wire.qty,
      cumExecQty: wire.cumExecQty,
      orderStatus: wire.orderStatus,
      ...(TIME_IN_FORCE.has(wire.timeInForce)
        ? { timeInForce: wire.timeInForce as DemoOrderInput['timeInForce'] }
        : {}),
      ...(REDUCE_ONLY.has(wire.reduceOnly) ? { reduceOnly: wire.reduceOnly as 'YES' | 'NO' } : {}),
      ...(wire.cancelReason ? { cancelReason: wire.cancelReason } : {}),
      createdTime: wire.createdTime,
      updatedTime: wire.updatedTime,
    });
  }
  return {
    accounts: [...core.accountsByKey.values()].map((a) => ({ ...a })),
    instruments: CATEGORIES.flatMap((c) => core.catalog.list(c).map((i) => structuredClone(i))),
    orders,
  };
}
