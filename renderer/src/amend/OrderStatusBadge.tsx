/** An order's status as a badge in words; the exchange's code is in the description and tooltip. */
import { orderStatusDescription, orderStatusLabel, orderStatusTone } from '../../../shared/order-status';

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge badge-${orderStatusTone(status)}`} title={orderStatusDescription(status)}>
      {orderStatusLabel(status)}
    </span>
  );
}

/** A table cell holding the badge, described by the status's meaning and code. */
export function OrderStatusCell({ status }: { status: string }) {
  return (
    <td title={orderStatusDescription(status)}>
      <span className={`badge badge-${orderStatusTone(status)}`}>{orderStatusLabel(status)}</span>
    </td>
  );
}
