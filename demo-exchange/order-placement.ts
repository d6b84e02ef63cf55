/**
 * Placing a new open order on a running exchange (control API only). The input is an order of the
 * state file, checked by the same schema and cross-checks and completed by the same factory, so a
 * placed order is indistinguishable from a bundled one; placement is then announced to the stream.
 */
import type { ExchangeCore } from './exchange-core';
import { buildOrderRecords } from './order-factory';
import { OPEN_STATUSES, type OrderRecord } from './order-record';
import { validateState, type DemoOrderInput } from './state-schema';

/** Ids above every id the bundled or a hand-written state uses, increasing like the exchange's. */
function nextOrderId(core: ExchangeCore): string {
  let max = 1_500_000_000_000_000_000n;
  for (const order of core.orders.all()) {
    const id = BigInt(order.wire.orderId);
    if (id > max) max = id;
  }
  return String(max + 1n);
}

export function placeOrder(core: ExchangeCore, input: DemoOrderInput): OrderRecord {
  const status = input.orderStatus ?? 'live';
  if (!OPEN_STATUSES.includes(status)) throw new Error(`placeOrder adds open orders, not ${status} ones`);
  if (input.orderId !== undefined && core.orders.hasOrderId(input.orderId)) {
    throw new Error(`orderId ${input.orderId} is taken`);
  }
  const inst = core.catalog.get(input.category, input.symbol);
  const state = validateState(
    {
      accounts: [...core.accountsByKey.values()].map((a) => ({ ...a })),
      instruments: inst ? [inst] : [],
      orders: [{ ...input, orderId: input.orderId ?? nextOrderId(core) }],
    },
    'placeOrder',
  );
  const [order] = buildOrderRecords(state, core.clock.now());
  if (!order) throw new Error('placeOrder: the order factory built nothing');
  core.orders.add(order);
  core.orderEvents.emit('placed', order);
  return order;
}
