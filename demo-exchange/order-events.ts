/**
 * What happened to an order, told the moment the state changed. The private stream listens here,
 * so a push is serialized from the very record a REST read would answer with, never from a copy
 * that could disagree with it.
 */
import type { OrderRecord } from './order-record';

/** The changes the exchange pushes on the order topic. A failed modification is deliberately absent. */
export type OrderEventKind = 'placed' | 'modified' | 'filled' | 'cancelled';

export interface OrderEvent {
  kind: OrderEventKind;
  /** The live record, already changed: read it synchronously, it moves on afterwards. */
  order: OrderRecord;
}

export type OrderListener = (event: OrderEvent) => void;

export class OrderEvents {
  private readonly listeners = new Set<OrderListener>();

  /** Returns the function that removes the listener again. */
  listen(listener: OrderListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(kind: OrderEventKind, order: OrderRecord): void {
    for (const listener of this.listeners) {
      // A broken listener must not undo the engine step that has already happened.
      try {
        listener({ kind, order });
      } catch (e) {
        console.error('[demo-exchange] order event listener failed', e);
      }
    }
  }
}
