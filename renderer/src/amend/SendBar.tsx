/**
 * Load order, Review and Send, with the order they act on said beside them and the line saying why
 * Send is unavailable or what comes next. It stays on screen however the desk is scrolled (sticky
 * at the screen's edge), clear of the alerts' toasts, so what Send would send is never out of view.
 */
import { changeParts } from '../../../shared/change-text';
import { FORM_ID } from './AmendForm';
import { revealReview } from './ReviewPanel';
import type { AmendDesk } from './useAmendDesk';

/** Send modification, for Ctrl+Enter from anywhere on the desk. */
export const SEND_BUTTON_ID = 'amend-send';

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

/**
 * What Review showed, beside Send: in a small window the Review panel is below the fold, and this is
 * what Send would send. The line is always there (so the bar never changes height under the pointer).
 */
function ChangeNamed({ desk }: { desk: AmendDesk }) {
  if (!desk.reviewing) return <span className="muted">{desk.order ? 'Not reviewed yet' : '—'}</span>;
  const req = desk.report.request;
  const parts = changeParts(req, desk.order && { price: desk.order.price, qty: desk.order.qty });
  return (
    <>
      <span className="mono">{parts.join(' · ')}</span> · auto-cancel{' '}
      {req.autoCancel === 'yes' ? <strong className="amend-danger-text">on</strong> : 'off'}
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
        {/* The review it asks for (done as the form submits) is then brought into view. */}
        <button type="submit" form={FORM_ID} className="button" onClick={() => requestAnimationFrame(revealReview)}>
          Review
        </button>
        {/* aria-disabled keeps Send focusable: it keeps focus while sending, and says why it is unavailable. */}
        <button
          type="button"
          id={SEND_BUTTON_ID}
          className="button primary"
          onClick={desk.send}
          aria-disabled={desk.sendBlocked !== null || undefined}
          aria-describedby="amend-send-order amend-send-reason"
        >
          Send modification
        </button>
        <div className="amend-send-what">
          <p id="amend-send-order" className="amend-send-order">
            <span className="amend-send-order-label">Order</span> <OrderNamed desk={desk} />
          </p>
          <p className="amend-send-order" role="group" aria-label="Reviewed change">
            <span className="amend-send-order-label">Change</span> <ChangeNamed desk={desk} />
          </p>
        </div>
      </div>
      <p id="amend-send-reason" className={`amend-send-reason ${desk.sendHint.tone}`}>
        {desk.sendHint.text}
      </p>
    </section>
  );
}
