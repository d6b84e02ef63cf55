import { isPositiveDecimal, multiply } from '../../../shared/decimal';
import type { Order } from '../../../shared/schemas';
import { ErrorPanel } from '../components/ErrorPanel';
import { OrderStatusBadge } from './OrderStatusBadge';
import { formatTime, GUARD_LABELS } from './status-display';
import type { AmendDesk } from './useAmendDesk';

function value(qty: string | undefined, price: string | undefined): string {
  return qty && price && isPositiveDecimal(qty) && isPositiveDecimal(price) ? multiply(qty, price) : '—';
}

function Compare({ label, now, next, unit }: { label: string; now?: string; next?: string; unit?: string }) {
  const changed = next !== undefined && next !== '' && next !== now;
  return (
    <tr className={changed ? 'changed' : undefined}>
      <th scope="row">{label}</th>
      <td className="num">{now || '—'}</td>
      <td className="num amend-arrow" aria-hidden="true">
        {changed ? '→' : ''}
      </td>
      <td className="num">{changed ? next : <span className="muted">unchanged</span>}</td>
      <td className="muted">{unit}</td>
    </tr>
  );
}

const isReduceOnly = (o: Order): boolean => o.reduceOnly?.toUpperCase() === 'YES';

function Details({ o }: { o: Order }) {
  const rows: [string, string | undefined, boolean?][] = [
    ['Symbol', `${o.symbol} · ${o.category}`],
    ['Side / type', `${o.side ?? '—'} · ${o.orderType ?? '—'}${o.timeInForce ? ` · ${o.timeInForce}` : ''}`],
    ['Order ID', o.orderId, true],
    ['Client order ID', o.clientOid || '—', true],
    ['Created', formatTime(o.createdTime)],
    ['Updated', formatTime(o.updatedTime)],
  ];
  if (o.cancelReason) rows.push(['Cancel reason', o.cancelReason, true]);
  if (isReduceOnly(o)) rows.push(['Reduce-only', 'yes']);
  return (
    <dl className="amend-details">
      {rows.map(([k, v, mono]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd className={mono ? 'mono' : undefined}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function OrderPanel({ desk }: { desk: AmendDesk }) {
  const { order, draft, orderGuard, instrument } = desk;
  const base = instrument?.baseCoin ?? '';
  const quote = instrument?.quoteCoin ?? '';
  const closed = order && (order.orderStatus === 'filled' || order.orderStatus === 'cancelled');
  return (
    <section className="panel amend-order" aria-label="Loaded order">
      <div className="amend-panel-head">
        <h2>Loaded order</h2>
        {order ? <OrderStatusBadge status={order.orderStatus} /> : null}
        {orderGuard.state !== 'free' ? (
          <span className={`badge ${orderGuard.state === 'locked' ? 'badge-danger' : 'badge-warn'}`}>
            {GUARD_LABELS[orderGuard.state]}
          </span>
        ) : null}
      </div>
      {desk.loadError ? <ErrorPanel error={desk.loadError} title="Could not load the order" /> : null}
      {!order ? (
        <p className="muted amend-empty">
          {desk.loading
            ? 'Loading…'
            : 'Not loaded. Load order reads Get Order Details, or pick one from Open orders below. Without it, the filled quantity and the current values are not checked here (the exchange still checks them).'}
        </p>
      ) : (
        <>
          {closed && orderGuard.state !== 'locked' ? (
            <p className="amend-banner danger" role="note">
              This order is {order.orderStatus === 'filled' ? 'completely filled' : 'cancelled'}: it can no longer be
              modified.
            </p>
          ) : null}
          {!closed && isReduceOnly(order) ? (
            <p className="amend-banner danger" role="note">
              This order is reduce-only: reduce-only orders cannot be modified.
            </p>
          ) : null}
          {orderGuard.state !== 'free' && orderGuard.reason ? (
            <p className={`amend-banner ${orderGuard.state === 'locked' ? 'danger' : 'warn'}`} role="note">
              {orderGuard.reason}
            </p>
          ) : null}
          <table className="amend-compare">
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">Current</th>
                <th scope="col" />
                <th scope="col">New</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              <Compare label="Price" now={order.price} next={draft.price.trim()} unit={quote} />
              <Compare label="Quantity" now={order.qty} next={draft.qty.trim()} unit={base} />
              <Compare
                label="Value"
                now={value(order.qty, order.price)}
                next={
                  draft.qty.trim() || draft.price.trim()
                    ? value(draft.qty.trim() || order.qty, draft.price.trim() || order.price)
                    : undefined
                }
                unit={quote}
              />
              <tr>
                <th scope="row">Filled</th>
                <td className="num">{order.cumExecQty || '0'}</td>
                <td />
                <td className="muted">{order.avgPrice && order.avgPrice !== '0' ? `avg ${order.avgPrice}` : ''}</td>
                <td className="muted">{base}</td>
              </tr>
            </tbody>
          </table>
          <Details o={order} />
        </>
      )}
    </section>
  );
}
