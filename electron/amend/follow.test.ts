import { describe, expect, it } from 'vitest';
import type { ModifyOrderRequest, Order } from '../../shared/schemas';
import { followModification, type FollowOutcome } from './follow';
import { watchOrder, type OrderPushSource } from './order-watch';

/** An order stream under the test's control. */
class FakeStream implements OrderPushSource {
  connected = true;
  generation = 1;
  private readonly orders = new Set<(o: Order) => void>();
  private readonly states = new Set<() => void>();
  get state() {
    return { state: this.connected ? 'connected' : 'reconnecting' };
  }
  onOrder(l: (o: Order) => void) {
    this.orders.add(l);
    return () => this.orders.delete(l);
  }
  onState(l: () => void) {
    this.states.add(l);
    return () => this.states.delete(l);
  }
  push(o: Order) {
    for (const l of this.orders) l(o);
  }
  drop() {
    this.connected = false;
    for (const l of this.states) l();
  }
  listeners() {
    return this.orders.size + this.states.size;
  }
}

const BEFORE: Order = {
  orderId: '11',
  clientOid: 'c-11',
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  orderStatus: 'live',
  price: '60000.0',
  qty: '0.0100',
  cumExecQty: '0',
};
const REQUEST: ModifyOrderRequest = { orderId: '11', price: '60010.0' };
const AFTER: Order = { ...BEFORE, orderStatus: 'new', price: '60010.0' };

/** The exchange's order as Get Order Details would answer it, and how often it was asked. */
function exchange(initial: Order) {
  const ex = { order: initial, reads: 0, read: async () => (ex.reads++, { ...ex.order }) };
  return ex;
}

function follow(stream: FakeStream | undefined, ex: ReturnType<typeof exchange>, extra: { timeoutMs?: number } = {}) {
  const notes: string[] = [];
  const watch = stream ? watchOrder(stream, { orderId: '11' }) : undefined;
  const run: Promise<FollowOutcome> = followModification({
    request: REQUEST,
    watch,
    read: ex.read,
    observe: () => undefined,
    note: (label) => notes.push(label),
    now: () => performance.now(),
    timeoutMs: extra.timeoutMs ?? 1_500,
    intervalMs: 20,
    streamCheckAfterMs: 300,
  });
  return { run, notes };
}

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

describe('following by the order stream', () => {
  it('takes the push and confirms it with one read', async () => {
    const stream = new FakeStream();
    const ex = exchange(BEFORE);
    const { run, notes } = follow(stream, ex);
    await tick();
    ex.order = AFTER;
    stream.push(AFTER);
    const outcome = await run;
    expect(outcome).toMatchObject({ kind: 'applied', order: { price: '60010.0' } });
    expect(ex.reads).toBe(1);
    // The read showed what the push did: one line for the state, one for the confirmation.
    expect(notes).toEqual(['Pushed by the order stream', 'Confirmed by Get Order Details']);
    expect(stream.listeners()).toBe(0);
  });

  it('keeps a push that arrived before the exchange answered the modification', async () => {
    const stream = new FakeStream();
    const ex = exchange(AFTER);
    const watch = watchOrder(stream, { clientOid: 'c-11' });
    stream.push(AFTER); // before the follow starts: the answer of Modify Order is still on its way
    watch?.name({ orderId: '11' });
    const outcome = await followModification({
      request: REQUEST,
      watch,
      read: ex.read,
      observe: () => undefined,
      note: () => undefined,
      now: () => performance.now(),
      timeoutMs: 1_000,
      intervalMs: 20,
    });
    expect(outcome.kind).toBe('applied');
    expect(ex.reads).toBe(1);
  });

  it('ignores pushes of other orders', async () => {
    const stream = new FakeStream();
    const ex = exchange(BEFORE);
    const { run } = follow(stream, ex, { timeoutMs: 600 });
    stream.push({ ...AFTER, orderId: '12', clientOid: 'c-12' });
    const outcome = await run;
    // Only the missed-push check read the order; it showed the old values until the time limit.
    expect(outcome).toMatchObject({ kind: 'timeout', reads: 1, order: { price: '60000.0' } });
  });

  it('a push the stream never delivered is caught by the one check read', async () => {
    const stream = new FakeStream();
    const ex = exchange(AFTER);
    const { run } = follow(stream, ex);
    expect(await run).toMatchObject({ kind: 'applied' });
    expect(ex.reads).toBe(1);
  });

  it('no push and an unchanged order: one read in all, and the time limit decides', async () => {
    const stream = new FakeStream();
    const ex = exchange(BEFORE);
    const started = performance.now();
    const outcome = await follow(stream, ex, { timeoutMs: 700 }).run;
    expect(outcome).toMatchObject({ kind: 'timeout', reads: 1, order: { price: '60000.0' } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(690);
  });

  it('a cancellation push ends the follow as cancelled', async () => {
    const stream = new FakeStream();
    const cancelled = { ...BEFORE, orderStatus: 'cancelled', cancelReason: 'modify_failed_auto_cancel' };
    const ex = exchange(BEFORE);
    const { run } = follow(stream, ex);
    await tick();
    ex.order = cancelled;
    stream.push(cancelled);
    expect(await run).toMatchObject({ kind: 'cancelled' });
    expect(ex.reads).toBe(1);
  });

  it('a push the read does not show yet is settled by the check read: two reads at most', async () => {
    const stream = new FakeStream();
    const ex = exchange(BEFORE);
    const { run } = follow(stream, ex, { timeoutMs: 600 });
    await tick(20);
    stream.push(AFTER);
    await tick(60);
    ex.order = AFTER; // the read side catches up after the confirming read
    expect(await run).toMatchObject({ kind: 'applied' });
    expect(ex.reads).toBe(2);
  });

  it('falls back to polling when the stream drops midway', async () => {
    const stream = new FakeStream();
    const ex = exchange(BEFORE);
    const { run, notes } = follow(stream, ex);
    await tick(20);
    stream.drop();
    await tick(100);
    ex.order = AFTER;
    expect(await run).toMatchObject({ kind: 'applied' });
    expect(notes).toContain('Following by polling');
    expect(ex.reads).toBeGreaterThan(2);
  });

  it('a reconnection midway counts as a drop: pushes may have been missed', async () => {
    const stream = new FakeStream();
    const ex = exchange(BEFORE);
    const { run, notes } = follow(stream, ex);
    await tick(20);
    stream.generation += 1;
    stream.drop();
    stream.connected = true;
    ex.order = AFTER;
    expect(await run).toMatchObject({ kind: 'applied' });
    expect(notes).toContain('Following by polling');
  });

  it('polls from the start when the stream is not connected', async () => {
    const stream = new FakeStream();
    stream.connected = false;
    expect(watchOrder(stream, { orderId: '11' })).toBeUndefined();
    const ex = exchange(BEFORE);
    const { run } = follow(undefined, ex);
    await tick(80);
    ex.order = AFTER;
    expect(await run).toMatchObject({ kind: 'applied' });
    expect(ex.reads).toBeGreaterThan(1);
  });

  it('stops when asked, without reading again', async () => {
    const stream = new FakeStream();
    const ex = exchange(BEFORE);
    const stop = new AbortController();
    const watch = watchOrder(stream, { orderId: '11' });
    const run = followModification({
      request: REQUEST,
      watch,
      read: ex.read,
      observe: () => undefined,
      note: () => undefined,
      now: () => performance.now(),
      timeoutMs: 5_000,
      intervalMs: 20,
      signal: stop.signal,
    });
    await tick(20);
    stop.abort();
    expect(await run).toMatchObject({ kind: 'stopped' });
    expect(ex.reads).toBe(0);
  });
});
