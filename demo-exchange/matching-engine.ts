/**
 * The asynchronous half of Modify Order. The endpoint only answers "accepted"; the engine applies
 * the change after a latency, and may still fail it (the new qty no longer exceeds what is filled,
 * or the instrument stopped trading meanwhile). A failure with autoCancel=yes cancels the order,
 * through a short "cancelling" phase during which the order already refuses modifications.
 * Fills and user cancellations (driven by the control API) happen here too, so every change of an
 * order's state is announced on the event hub from one place, right after it is made.
 */
import { Dec, isPositiveDecimal } from '../shared/decimal';
import type { Category, Instrument } from '../shared/schemas';
import { isTradable, type AcceptedChange } from './modify-rules';
import { fees } from './order-factory';
import type { OrderEvents } from './order-events';
import { AUTO_CANCEL_REASON, OPEN_STATUSES, USER_CANCEL_REASON, type OrderRecord } from './order-record';

export interface EngineSettings {
  engineLatencyMs: number;
  cancelLatencyMs: number;
}

export interface EngineDeps {
  settings: EngineSettings;
  now: () => number;
  instrumentOf: (category: Category, symbol: string) => Instrument | undefined;
  events: OrderEvents;
}

/** Fills at two prices can average to a repeating decimal; this many places is finer than any price step. */
const AVG_PRICE_DECIMALS = 10;

const isOpen = (order: OrderRecord): boolean => OPEN_STATUSES.includes(order.wire.orderStatus);

/** A step the engine has scheduled: when it is due (machine clock) and what it does. */
interface Scheduled {
  due: number;
  step: () => void;
}

export class MatchingEngine {
  private readonly timers = new Map<NodeJS.Timeout, Scheduled>();

  constructor(private readonly deps: EngineDeps) {}

  /** Marks the modification pending (25114 for further requests) and schedules it. */
  submit(order: OrderRecord, change: AcceptedChange, autoCancel: boolean): void {
    order.pending = { ...change, autoCancel };
    this.later(this.deps.settings.engineLatencyMs, () => this.apply(order));
  }

  /**
   * Fills `qty` (default: all that remains) at the order's price, as if it rested on the book.
   * Throws for an order that is no longer open or a quantity it cannot take.
   */
  fill(order: OrderRecord, qty?: string): void {
    const w = order.wire;
    if (!isOpen(order)) throw new Error(`order ${w.orderId} is ${w.orderStatus}: nothing left to fill`);
    const filled = new Dec(w.cumExecQty);
    const remaining = new Dec(w.qty).minus(filled);
    if (qty !== undefined && !isPositiveDecimal(qty))
      throw new Error(`fill quantity "${qty}" is not a positive decimal`);
    const take = qty === undefined ? remaining : new Dec(qty);
    if (take.lte(0) || take.gt(remaining)) {
      throw new Error(`fill quantity must be above 0 and at most the remaining ${remaining.toFixed()}`);
    }
    const cumQty = filled.plus(take);
    // The price may have been modified between fills: the value sums each fill at its own price.
    const cumValue = new Dec(w.cumExecValue || '0').plus(take.mul(new Dec(w.price)));
    w.cumExecQty = cumQty.toFixed();
    w.cumExecValue = cumValue.toFixed();
    w.avgPrice = cumValue.div(cumQty).toDecimalPlaces(AVG_PRICE_DECIMALS).toFixed();
    w.orderStatus = cumQty.eq(new Dec(w.qty)) ? 'filled' : 'partially_filled';
    w.execType = 'normal';
    w.feeDetail = fees(this.deps.instrumentOf(w.category, w.symbol), w.side, cumQty, cumValue);
    this.touch(order);
    this.deps.events.emit('filled', order);
  }

  /** A cancellation by the account holder; a pending modification dies with the order. */
  cancel(order: OrderRecord): void {
    if (!isOpen(order))
      throw new Error(`order ${order.wire.orderId} is ${order.wire.orderStatus}: it cannot be cancelled`);
    order.pending = null;
    order.wire.orderStatus = 'cancelled';
    order.wire.cancelReason = USER_CANCEL_REASON;
    this.touch(order);
    this.deps.events.emit('cancelled', order);
  }

  /** Stops every scheduled step; pending modifications are simply never applied. */
  stop(): void {
    for (const t of this.timers.keys()) clearTimeout(t);
    this.timers.clear();
  }

  /**
   * Takes every scheduled step now, in the order they were due, and the steps those schedule (an
   * auto-cancel's cancelling phase), as if the latencies had passed: tests need not wait them out.
   * Answers how many steps were taken.
   */
  runNow(): number {
    let taken = 0;
    for (;;) {
      const next = [...this.timers].sort(([, a], [, b]) => a.due - b.due)[0];
      if (!next) return taken;
      const [t, { step }] = next;
      clearTimeout(t);
      this.timers.delete(t);
      step();
      taken++;
    }
  }

  private later(ms: number, step: () => void): void {
    const wait = Math.max(0, ms);
    const t = setTimeout(() => {
      this.timers.delete(t);
      step();
    }, wait);
    this.timers.set(t, { due: performance.now() + wait, step });
  }

  /** Updated times only move forward, even when the server clock offset is moved back. */
  private touch(order: OrderRecord): void {
    const previous = Number(order.wire.updatedTime) || 0;
    order.wire.updatedTime = String(Math.max(this.deps.now(), previous + 1));
  }

  private apply(order: OrderRecord): void {
    const change = order.pending;
    order.pending = null;
    // Filled or cancelled meanwhile: there is nothing left to modify, nor to cancel.
    if (!change || !isOpen(order)) return;
    const w = order.wire;
    const qtyNotAboveFilled = change.qty !== undefined && new Dec(change.qty).lte(new Dec(w.cumExecQty));
    const failed = qtyNotAboveFilled || !isTradable(this.deps.instrumentOf(w.category, w.symbol));
    if (failed) {
      // autoCancel=no: the order stays exactly as it was, updatedTime included, and nothing is pushed.
      if (change.autoCancel) this.autoCancel(order);
      return;
    }
    if (change.price !== undefined) w.price = change.price;
    if (change.qty !== undefined) w.qty = change.qty;
    // A modification changes no fills: live/new stay, partially_filled stays partially_filled.
    this.touch(order);
    this.deps.events.emit('modified', order);
  }

  private autoCancel(order: OrderRecord): void {
    order.autoCancelPhase = 'cancelling';
    this.later(this.deps.settings.cancelLatencyMs, () => {
      // Completely filled or cancelled by the user while the cancel was in flight: that outcome
      // stands, and later modifications are refused for it (25568), not for an auto-cancel.
      if (!isOpen(order)) {
        order.autoCancelPhase = 'none';
        return;
      }
      order.autoCancelPhase = 'cancelled';
      order.wire.orderStatus = 'cancelled';
      order.wire.cancelReason = AUTO_CANCEL_REASON;
      this.touch(order);
      this.deps.events.emit('cancelled', order);
    });
  }
}
