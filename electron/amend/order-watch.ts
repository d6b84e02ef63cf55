/**
 * One order's pushes from the private order stream, gathered from before its modification is sent:
 * the engine's push can arrive before Modify Order's own answer does.
 */
import type { OrderIds } from '../../shared/order-ids';
import type { Order, OrderPush } from '../../shared/schemas';
import type { OrderWatch, WatchEvent } from './follow';

/** The part of the order stream a watch needs (electron/exchange/order-stream.ts). */
export interface OrderPushSource {
  /** 'connected': logged in and subscribed, so every push of the account's orders arrives. */
  readonly state: { readonly state: string };
  /** Changes on every (re)connection: pushes sent in between are lost. */
  readonly generation: number;
  onOrder(listener: (order: OrderPush) => void): () => void;
  onState(listener: () => void): () => void;
}

/** Pushes waiting to be taken; far more than one modification's order ever gets. */
const MAX_QUEUED = 100;
/** setTimeout fires at once for anything longer than this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Starts watching the order named by `ids` (either identifier may be missing until the exchange's
 * answer names both: `name` adds them). Undefined when the stream is not connected now, so the
 * follow polls from the start.
 */
export function watchOrder(
  source: OrderPushSource,
  ids: OrderIds,
): (OrderWatch & { name(ids: OrderIds): void }) | undefined {
  const connected = () => source.state.state === 'connected';
  if (!connected()) return undefined;
  const generation = source.generation;
  const named = { ...ids };
  const queue: Order[] = [];
  let wake: (() => void) | undefined;
  const lost = () => !connected() || source.generation !== generation;
  const matches = (o: OrderPush) =>
    (named.orderId !== undefined && o.orderId === named.orderId) ||
    (named.clientOid !== undefined && o.clientOid === named.clientOid);

  const offOrder = source.onOrder((order) => {
    if (!matches(order)) return;
    // The stream may leave clientOid out; REST always names one ("" when the order has none).
    if (queue.length < MAX_QUEUED) queue.push({ ...order, clientOid: order.clientOid ?? '' });
    wake?.();
  });
  const offState = source.onState(() => wake?.());

  return {
    name(more) {
      named.orderId ??= more.orderId;
      named.clientOid ??= more.clientOid;
    },
    async next(timeoutMs, signal): Promise<WatchEvent> {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const order = queue.shift();
        if (order) return { kind: 'push', order };
        if (lost()) return { kind: 'lost' };
        const left = Math.min(deadline - performance.now(), MAX_TIMER_MS);
        if (signal?.aborted || left <= 0) return { kind: 'quiet' };
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left);
          const abort = () => done();
          signal?.addEventListener('abort', abort, { once: true });
          function done() {
            clearTimeout(timer);
            signal?.removeEventListener('abort', abort);
            wake = undefined;
            resolve();
          }
          wake = done;
        });
      }
    },
    close() {
      offOrder();
      offState();
      wake?.();
    },
  };
}
