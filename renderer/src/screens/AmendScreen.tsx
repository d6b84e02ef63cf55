import { useEffect } from 'react';
import { useUi } from '../app/store';
import { ScreenHeader } from '../components/ScreenHeader';
import { StatusIcon } from '../components/StatusIcon';
import { AmendForm, FIRST_FIELD_ID } from '../amend/AmendForm';
import { useAmend } from '../amend/amend-store';
import { AttemptPanel } from '../amend/AttemptPanel';
import { MarketContext } from '../amend/MarketContext';
import { OpenOrders } from '../amend/OpenOrders';
import { OrderPanel } from '../amend/OrderPanel';
import { ProfileHealthNotice } from '../amend/ProfileHealthNotice';
import { ReviewPanel } from '../amend/ReviewPanel';
import { SEND_BUTTON_ID, SendBar } from '../amend/SendBar';
import { isSendKey } from '../amend/desk-keys';
import { NOTICE_LOOKS } from '../amend/status-display';
import { useAmendDesk } from '../amend/useAmendDesk';
import '../amend/amend.css';

export function AmendScreen() {
  const desk = useAmendDesk();
  const prefill = useUi((s) => s.amendPrefill);
  const takePrefill = useAmend((s) => s.takePrefill);
  const pick = useAmend((s) => s.pick);

  // "Amend an order on this symbol" in the instrument browser hands over category and symbol; the
  // button that was pressed is gone, so focus goes to what the operator gives next: the order.
  useEffect(() => {
    if (!prefill || useAmend.getState().prefillNonce === prefill.nonce) return;
    takePrefill(prefill.nonce, prefill.category, prefill.symbol);
    document.getElementById(FIRST_FIELD_ID)?.focus();
  }, [prefill, takePrefill]);

  const look = NOTICE_LOOKS[desk.noticeKind];

  return (
    <section
      className="screen amend-screen"
      aria-label="Amend order"
      onKeyDown={(e) => {
        // Ctrl+Enter anywhere on the desk presses Send: the focus goes there, so an unavailable Send
        // says why (its description), and a send's outcome takes the focus as from a click.
        if (!isSendKey(e)) return;
        e.preventDefault();
        document.getElementById(SEND_BUTTON_ID)?.focus();
        desk.send();
      }}
    >
      {/* The desk scrolls above the send bar, which keeps its own room: nothing ever hides under it. */}
      <div className="amend-scroll">
        <ScreenHeader
          title="Amend order"
          subtitle="Change the price or quantity of an open order. Every rule is checked before sending, and the result is followed until it is known."
        />
        <p className={`amend-status tone-${look.tone}`} role="status" aria-label="Amend progress" aria-live="polite">
          <StatusIcon icon={look.icon} label={look.label} className="amend-status-icon" />
          <span>{desk.notice}</span>
        </p>
        <ProfileHealthNotice />
        <div className="amend-layout">
          <AmendForm desk={desk} />
          <div className="amend-side">
            <OrderPanel desk={desk} />
            <MarketContext desk={desk} />
            {desk.reviewing ? <ReviewPanel desk={desk} /> : null}
            <AttemptPanel desk={desk} />
          </div>
        </div>
        <OpenOrders
          onPick={(o) => {
            pick(o);
            desk.load({ orderId: o.orderId });
          }}
        />
      </div>
      <SendBar desk={desk} />
    </section>
  );
}
