/** An order as the operator knows it (its client order ID), and its order ID beneath when both are known. */
import { orderName, type OrderIds } from '../../../shared/order-ids';

export function OrderIdsCell({ ids }: { ids: OrderIds }) {
  return (
    <>
      <div className="mono">{orderName(ids)}</div>
      {ids.clientOid && ids.orderId ? <div className="activity-sub mono">{ids.orderId}</div> : null}
    </>
  );
}
