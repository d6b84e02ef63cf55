/**
 * Following an accepted modification: Modify Order only answers "accepted", the matching engine
 * decides afterwards. With the private order stream up, the follower waits for the order's push and
 * confirms it with one read of Get Order Details (at most two reads per amend); with the stream down,
 * or lost midway, it reads Get Order Details every few hundred milliseconds instead. Either way it
 * ends when the new values show, the order is cancelled or filled, or the time limit passes, and it
 * notes every observation that changed something.
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

/** What the order stream said about the followed order since the watch began. */
export type WatchEvent =
  | { kind: 'push'; order: Order }
  /** Nothing within the time asked for. */
  | { kind: 'quiet' }
  /** The stream is not connected, or reconnected since the watch began: pushes may have been missed. */
  | { kind: 'lost' };

/** The followed order's pushes, gathered from before the modification was sent (see order-watch.ts). */
export interface OrderWatch {
  next(timeoutMs: number, signal?: AbortSignal): Promise<WatchEvent>;
  close(): void;
}

/** With the stream up, one read this long after acceptance catches a push the stream did not deliver. */
export const STREAM_CHECK_AFTER_MS = 2_000;

export interface FollowOptions {
  request: ModifyOrderRequest;
  /** The order's pushes; absent when the profile has no stream running. */
  watch?: OrderWatch;
  /** When the stream is up, the read that checks for a missed push happens this long after acceptance. */
  streamCheckAfterMs?: number;
  read: () => Promise<Order>;
  /** Names the read an order came from, for the timeline ("Get Order Details" unless told). */
  readName?: (order: Order) => string;
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

/** The outcome an order shows for the request, or undefined while it shows none yet. */
export function decisiveOutcome(order: Order, request: ModifyOrderRequest): FollowOutcome | undefined {
  if (order.orderStatus === 'cancelled') return { kind: 'cancelled', order };
  if (showsNewValues(order, request)) return { kind: 'applied', order };
  if (order.orderStatus === 'filled') return { kind: 'filled', order };
  return undefined;
}

/** One follow's reads and what it noted: shared by the stream and the polling halves. */
class FollowState {
  readonly start: number;
  last: Order | undefined;
  reads = 0;
  failedReads = 0;
  private lastState = '';
  private lastError = '';

  constructor(private readonly opts: FollowOptions) {
    this.start = opts.now();
  }

  waited(): number {
    return this.opts.now() - this.start;
  }

  remaining(): number {
    return Math.max(0, this.opts.timeoutMs - this.waited());
  }

  /** Notes the order when it differs from what was noted last; `source` says how it became known. */
  see(order: Order, source: 'read' | 'push'): void {
    this.last = order;
    this.opts.observe(order);
    const state = describeOrderState(order);
    // The stream reports an open, unfilled order as 'new' where REST says 'live': not a change.
    const key = describeOrderState({ ...order, orderStatus: order.orderStatus === 'new' ? 'live' : order.orderStatus });
    if (source === 'push') {
      this.opts.note('Pushed by the order stream', state);
    } else if (key !== this.lastState) {
      this.opts.note(this.lastState ? 'Order changed' : 'First read of the order', state);
    }
    this.lastState = key;
  }

  /** One read of Get Order Details; undefined when it failed (noted once per distinct cause). */
  async read(): Promise<Order | undefined> {
    try {
      const order = await this.opts.read();
      this.reads++;
      this.lastError = '';
      this.see(order, 'read');
      return order;
    } catch (e) {
      this.failedReads++;
      const text = e instanceof DeskError ? describeError(e.data) : e instanceof Error ? e.message : String(e);
      if (text !== this.lastError) this.opts.note('Could not read the order', text);
      this.lastError = text;
      return undefined;
    }
  }

  timeout(): FollowOutcome {
    return {
      kind: 'timeout',
      order: this.last,
      reads: this.reads,
      failedReads: this.failedReads,
      waitedMs: this.waited(),
    };
  }
}

export async function followModification(opts: FollowOptions): Promise<FollowOutcome> {
  const state = new FollowState(opts);
  try {
    if (opts.watch) {
      const viaStream = await followByStream(opts, opts.watch, state);
      if (viaStream) return viaStream;
      opts.note('Following by polling', 'The order stream is not connected: reading the order instead');
    }
    return await poll(opts, state);
  } finally {
    opts.watch?.close();
  }
}

/**
 * Waits for the order's pushes, confirming a decisive one with a read. Besides that confirmation,
 * one read at `streamCheckAfterMs` catches a push that never came; while the stream stays up no other
 * change can go unseen, so that read still describes the order at the time limit. Answers undefined
 * when the stream is lost, for polling to take over.
 */
async function followByStream(
  opts: FollowOptions,
  watch: OrderWatch,
  state: FollowState,
): Promise<FollowOutcome | undefined> {
  const checkAt = opts.streamCheckAfterMs ?? STREAM_CHECK_AFTER_MS;
  let checked = false;
  let unconfirmed = false;
  for (;;) {
    if (opts.signal?.aborted) return { kind: 'stopped', order: state.last };
    const untilCheck = checked ? Infinity : Math.max(0, checkAt - state.waited());
    const event = await watch.next(Math.min(untilCheck, state.remaining()), opts.signal);
    if (opts.signal?.aborted) return { kind: 'stopped', order: state.last };
    if (event.kind === 'lost') return undefined;
    if (event.kind === 'push') {
      state.see(event.order, 'push');
      if (!decisiveOutcome(event.order, opts.request)) continue;
      const confirmed = await confirm(opts, state);
      if (confirmed) return confirmed;
      unconfirmed = true;
      continue;
    }
    // Quiet: the time for the missed-push check (or the time limit, when that comes first).
    if (!checked) {
      checked = true;
      const order = await state.read();
      const outcome = order && decisiveOutcome(order, opts.request);
      if (outcome) return outcome;
      if (state.remaining() > 0) continue;
      return state.timeout();
    }
    if (unconfirmed && state.reads < 2) {
      // A decisive push the first read did not yet show: the time limit's read decides.
      const order = await state.read();
      const outcome = order && decisiveOutcome(order, opts.request);
      if (outcome) return outcome;
    }
    return state.timeout();
  }
}

async function confirm(opts: FollowOptions, state: FollowState): Promise<FollowOutcome | undefined> {
  const order = await state.read();
  const outcome = order && decisiveOutcome(order, opts.request);
  if (outcome && order) opts.note(`Confirmed by ${opts.readName?.(order) ?? 'Get Order Details'}`);
  return outcome;
}

async function poll(opts: FollowOptions, state: FollowState): Promise<FollowOutcome> {
  for (;;) {
    await sleep(opts.intervalMs, opts.signal);
    if (opts.signal?.aborted) return { kind: 'stopped', order: state.last };
    const order = await state.read();
    const outcome = order && decisiveOutcome(order, opts.request);
    if (outcome) return outcome;
    if (state.remaining() <= 0) return state.timeout();
  }
}
