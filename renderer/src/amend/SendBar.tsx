/**
 * Load order, Review and Send, with the order they act on said beside them and the line saying why
 * Send is unavailable or what comes next. It stays on screen however the desk is scrolled (sticky
 * at the screen's edge), clear of the alerts' toasts, so what Send would send is never out of view.
 */
import { FORM_ID } from './AmendForm';
import type { AmendDesk } from './useAmendDesk';

function OrderNamed({ desk }: { desk: AmendDesk }) {
  const { order, draft, loading } = desk;
  if (order) {
    return (
      <>
        <span className="mono">{order.symbol}</span> {order.side ?? ''} · clientOid{' '}
        <span className="mono">{order.clientOid || '—'}</span> · orderId <span className="mono">{order.orderId}</span>
      </>
    );
  }
  const id = draft.orderId.trim() ? ['orderId', draft.orderId.trim()] : ['clientOid', draft.clientOid.trim()];
  if (!id[1]) return <span className="muted">No order named yet</span>;
  return (
    <>
      {loading ? 'Loading' : 'Not loaded'}: {id[0]} <span className="mono">{id[1]}</span>
      {loading ? '…' : <span className="muted"> · Load order to check its status and values</span>}
    </>
  );
}

export function SendBar({ desk }: { desk: AmendDesk }) {
  return (
    <section className="amend-sendbar" aria-label="Order to send">
      <div className="amend-actions">
        {/* Busy, not disabled, while loading: a disabled button would drop the keyboard focus on the page. */}
        <button
          type="button"
          className="button"
          onClick={() => {
            if (!desk.loading) desk.load();
          }}
          disabled={desk.loadBlocked !== null}
          aria-disabled={desk.loading || undefined}
          aria-busy={desk.loading || undefined}
          title={desk.loadBlocked ?? 'Get Order Details'}
        >
          Load order
        </button>
        <button type="submit" form={FORM_ID} className="button">
          Review
        </button>
        {/* aria-disabled keeps Send focusable: it keeps focus while sending, and says why it is unavailable. */}
        <button
          type="button"
          className="button primary"
          onClick={desk.send}
          aria-disabled={desk.sendBlocked !== null || undefined}
          aria-describedby="amend-send-order amend-send-reason"
        >
          Send modification
        </button>
        <p id="amend-send-order" className="amend-send-order">
          <span className="amend-send-order-label">Order</span> <OrderNamed desk={desk} />
        </p>
      </div>
      <p id="amend-send-reason" className={`amend-send-reason ${desk.sendHint.tone}`}>
        {desk.sendHint.text}
      </p>
    </section>
  );
}
