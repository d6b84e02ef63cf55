/**
 * Following an accepted modification: Modify Order only answers "accepted", the matching engine
 * decides afterwards. The follower reads Get Order Details until the new values show, the order is
 * cancelled or filled, or the time limit passes, and notes every observation that changed something.
 */
import { toDec } from '../../shared/decimal';
import { DeskError, describeError } from '../../shared/errors';
import type { ModifyOrderRequest, Order } from '../../shared/schemas';

/** A few reads per second: far inside Get Order Details' 20/s, yet the outcome shows within ~½ s. */
export const FOLLOW_INTERVAL_MS = 300;
export const FOLLOW_TIMEOUT_MS = 10_000;

export type FollowOutcome =
  | { kind: 'applied'; order: Order }
  | { kind: 'cancelled'; order: Order }
  /** Completely filled before the new values showed: nothing is left to modify. */
  | { kind: 'filled'; order: Order }
  /** Neither the new values nor a cancellation showed in time. */
  | { kind: 'timeout'; order?: Order; reads: number; failedReads: number; waitedMs: number }
  | { kind: 'stopped'; order?: Order };

export interface FollowOptions {
  request: ModifyOrderRequest;
  read: () => Promise<Order>;
  /** Called with every order read, so main's picture of the order stays current. */
  observe: (order: Order) => void;
  /** A timeline entry: only observations that changed something, and failed reads once per cause. */
  note: (label: string, detail?: string) => void;
  now: () => number;
  timeoutMs: number;
  intervalMs: number;
  signal?: AbortSignal;
}

function sameDecimal(a: string | undefined, b: string): boolean {
  const da = toDec(a);
  return da !== undefined && da.eq(b);
}

export function showsNewValues(order: Order, request: ModifyOrderRequest): boolean {
  return (
    (request.price === undefined || sameDecimal(order.price, request.price)) &&
    (request.qty === undefined || sameDecimal(order.qty, request.qty))
  );
}

export function describeOrderState(o: Order): string {
  const parts = [o.orderStatus, `price ${o.price || '—'}`, `qty ${o.qty || '—'}`, `filled ${o.cumExecQty || '0'}`];
  if (o.orderStatus === 'cancelled' && o.cancelReason) parts.push(`reason ${o.cancelReason}`);
  return parts.join(' · ');
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export async function followModification(opts: FollowOptions): Promise<FollowOutcome> {
  const start = opts.now();
  let last: Order | undefined;
  let lastState = '';
  let lastError = '';
  let reads = 0;
  let failedReads = 0;
  for (;;) {
    await sleep(opts.intervalMs, opts.signal);
    if (opts.signal?.aborted) return { kind: 'stopped', order: last };
    try {
      const order = await opts.read();
      reads++;
      last = order;
      lastError = '';
      opts.observe(order);
      const state = describeOrderState(order);
      if (state !== lastState) {
        opts.note(lastState ? 'Order changed' : 'First read of the order', state);
        lastState = state;
      }
      if (showsNewValues(order, opts.request) && order.orderStatus !== 'cancelled') return { kind: 'applied', order };
      if (order.orderStatus === 'cancelled') return { kind: 'cancelled', order };
      if (order.orderStatus === 'filled') return { kind: 'filled', order };
    } catch (e) {
      failedReads++;
      const text = e instanceof DeskError ? describeError(e.data) : e instanceof Error ? e.message : String(e);
      if (text !== lastError) opts.note('Could not read the order', text);
      lastError = text;
    }
    const waitedMs = opts.now() - start;
    if (waitedMs >= opts.timeoutMs) return { kind: 'timeout', order: last, reads, failedReads, waitedMs };
  }
}
