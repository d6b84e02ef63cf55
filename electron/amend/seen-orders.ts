/**
 * The orders as main last saw them through Get Order Details (the operator's Load order and the
 * follow-up reads all pass through main), so main can check a modification against the order
 * without trusting the renderer's copy. One per profile.
 */
import type { Order } from '../../shared/schemas';
import type { OrderIds } from '../../shared/order-ids';

export class SeenOrders {
  private readonly byOrderId = new Map<string, Order>();
  private readonly byClientOid = new Map<string, Order>();

  remember(order: Order): void {
    if (order.orderId) this.byOrderId.set(order.orderId, order);
    if (order.clientOid) this.byClientOid.set(order.clientOid, order);
  }

  /**
   * The order a request names. The Order ID wins when both are given (the specification's rule),
   * so an unseen orderId never falls back to the order some clientOid names.
   */
  find(ref: OrderIds): Order | undefined {
    if (ref.orderId) return this.byOrderId.get(ref.orderId);
    if (ref.clientOid) return this.byClientOid.get(ref.clientOid);
    return undefined;
  }

  /** Both identifiers of the named order, as far as they are known. */
  idsOf(ref: OrderIds): OrderIds {
    const seen = this.find(ref);
    return {
      orderId: ref.orderId ?? seen?.orderId,
      clientOid: ref.orderId ? seen?.clientOid : (ref.clientOid ?? seen?.clientOid),
    };
  }
}
