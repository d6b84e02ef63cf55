/**
 * The asynchronous half of Modify Order. The endpoint only answers "accepted"; the engine applies
 * the change after a latency, and may still fail it (the new qty no longer exceeds what is filled,
 * or the instrument stopped trading meanwhile). A failure with autoCancel=yes cancels the order,
 * through a short "cancelling" phase during which the order already refuses modifications.
 */
import { Dec } from '../shared/decimal';
import type { Category, Instrument } from '../shared/schemas';
import { isTradable, type AcceptedChange } from './modify-rules';
import { AUTO_CANCEL_REASON, type OrderRecord } from './order-record';

export interface EngineSettings {
  engineLatencyMs: number;
  cancelLatencyMs: number;
}

export interface EngineDeps {
  settings: EngineSettings;
  now: () => number;
  instrumentOf: (category: Category, symbol: string) => Instrument | undefined;
}

export class MatchingEngine {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: EngineDeps) {}

  /** Marks the modification pending (25114 for further requests) and schedules it. */
  submit(order: OrderRecord, change: AcceptedChange, autoCancel: boolean): void {
    order.pending = { ...change, autoCancel };
    this.later(this.deps.settings.engineLatencyMs, () => this.apply(order));
  }

  /** Stops every scheduled step; pending modifications are simply never applied. */
  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private later(ms: number, step: () => void): void {
    const t = setTimeout(
      () => {
        this.timers.delete(t);
        step();
      },
      Math.max(0, ms),
    );
    this.timers.add(t);
  }

  /** Updated times only move forward, even when the server clock offset is moved back. */
  private touch(order: OrderRecord): void {
    const previous = Number(order.wire.updatedTime) || 0;
    order.wire.updatedTime = String(Math.max(this.deps.now(), previous + 1));
  }

  private apply(order: OrderRecord): void {
    const change = order.pending;
    order.pending = null;
    if (!change) return;
    const w = order.wire;
    const qtyNotAboveFilled = change.qty !== undefined && new Dec(change.qty).lte(new Dec(w.cumExecQty));
    const failed = qtyNotAboveFilled || !isTradable(this.deps.instrumentOf(w.category, w.symbol));
    if (failed) {
      // autoCancel=no: the order stays exactly as it was, updatedTime included.
      if (change.autoCancel) this.cancel(order);
      return;
    }
    if (change.price !== undefined) w.price = change.price;
    if (change.qty !== undefined) w.qty = change.qty;
    // A modification changes no fills: live/new stay, partially_filled stays partially_filled.
    this.touch(order);
  }

  private cancel(order: OrderRecord): void {
    order.autoCancelPhase = 'cancelling';
    this.later(this.deps.settings.cancelLatencyMs, () => {
      order.autoCancelPhase = 'cancelled';
      order.wire.orderStatus = 'cancelled';
      order.wire.cancelReason = AUTO_CANCEL_REASON;
      this.touch(order);
    });
  }
}
