import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ENVIRONMENT_LABELS } from '../../../shared/profiles';
import { APP_STATUS_KEY } from '../app/Header';
import { call } from '../lib/desk';
import type { AmendDesk } from './useAmendDesk';
import { useMarketContext } from './useMarketContext';

const REVIEW_PANEL_ID = 'amend-review';

/** Scrolls the Review panel, when shown, into view: in a small window it is below the fold. */
export function revealReview() {
  document.getElementById(REVIEW_PANEL_ID)?.scrollIntoView({ block: 'nearest' });
}

export function ReviewPanel({ desk }: { desk: AmendDesk }) {
  const status = useQuery({ queryKey: APP_STATUS_KEY, queryFn: () => call('getAppStatus', {}) });
  const profile = status.data?.activeProfile;
  const { report, order } = desk;
  const req = report.request;
  const live = profile?.environment === 'live';
  // The band is the market's, not a rule of the request: shown here too, so the last look before Send has it.
  const market = useMarketContext(desk);
  const band = market.priceIsNew ? market.warning : undefined;
  // Shown from the send bar's Review (the focus below the desk), it is scrolled into view. From Enter
  // in a field it is not: the field keeps the focus in view, and the send bar shows the change.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!panel.current?.closest('.amend-scroll')?.contains(document.activeElement)) revealReview();
  }, []);
  return (
    <section
      ref={panel}
      id={REVIEW_PANEL_ID}
      className={`panel amend-review${live ? ' live' : ''}`}
      aria-label="Review"
    >
      <div className="amend-panel-head">
        <h2>Review</h2>
        <span className={`amend-env env-${profile?.environment ?? 'unknown'}`}>
          {profile ? ENVIRONMENT_LABELS[profile.environment] : '…'}
        </span>
        <span className="muted">{profile ? `profile ${profile.name}` : ''}</span>
      </div>
      {live ? (
        <p className="amend-banner live" role="note">
          LIVE account — this modifies a real order with real funds.
        </p>
      ) : null}
      <table className="amend-compare">
        <tbody>
          <tr>
            <th scope="row">Order</th>
            <td colSpan={3}>
              {order ? (
                <>
                  <span className="mono">{order.symbol}</span> {order.side ?? ''} ·{' '}
                </>
              ) : null}
              clientOid <span className="mono">{req.clientOid ?? order?.clientOid ?? '—'}</span> · orderId{' '}
              <span className="mono">{req.orderId ?? order?.orderId ?? '—'}</span>
              {req.orderId &&
              req.clientOid &&
              !(order?.orderId === req.orderId && order.clientOid === req.clientOid) ? (
                <span className="muted"> (Order ID wins)</span>
              ) : null}
            </td>
          </tr>
          <tr>
            <th scope="row">Price</th>
            <td className="num">{req.price ? (order?.price ?? '?') : ''}</td>
            <td className="num amend-arrow">{req.price ? '→' : ''}</td>
            <td className="num">{req.price ?? <span className="muted">unchanged</span>}</td>
          </tr>
          <tr>
            <th scope="row">Quantity</th>
            <td className="num">{req.qty ? (order?.qty ?? '?') : ''}</td>
            <td className="num amend-arrow">{req.qty ? '→' : ''}</td>
            <td className="num">{req.qty ?? <span className="muted">unchanged</span>}</td>
          </tr>
          <tr>
            <th scope="row">Auto-cancel</th>
            <td colSpan={3}>
              {req.autoCancel === 'yes' ? (
                <strong className="amend-danger-text">yes — a failed modification cancels the order</strong>
              ) : (
                'no — a failed modification leaves the order unchanged'
              )}
            </td>
          </tr>
        </tbody>
      </table>
      {report.warnings.length || band ? (
        <ul className="amend-warnings">
          {report.warnings.map((w) => (
            <li key={w.rule}>{w.message}</li>
          ))}
          {band ? <li key={band.rule}>{band.message}</li> : null}
        </ul>
      ) : null}
      <details className="amend-json">
        <summary>Request body</summary>
        <pre className="mono">{JSON.stringify(req, null, 2)}</pre>
      </details>
    </section>
  );
}
