import type { ReactNode } from 'react';
import { ORDER_CLOSED_RULES, orderClosedIssue } from '../../../shared/amend-rules';
import type { AmendField, RuleIssue } from '../../../shared/amend-draft';
import { CATEGORIES } from '../../../shared/schemas';
import { priceStep, quantityStep, type Grid } from '../../../shared/steps';
import { useAmend, type Draft } from './amend-store';
import { REQUIRED_RULES } from './blocked-reasons';
import { nudgedValue, nudgeSteps } from './nudges';
import { PriceHelpers } from './PriceHelpers';
import type { AmendDesk } from './useAmendDesk';

/** The form's first field: where focus goes when the desk is opened for a new order. */
export const FIRST_FIELD_ID = 'amend-orderId';
/** The form, for Review (a submit button outside it, in the send bar). */
export const FORM_ID = 'amend-form';
const FROZEN_ID = 'amend-frozen-reason';

/** "Required" errors wait for the first Review, so an empty form is not a wall of red. */
function visible(issues: RuleIssue[], showRequired: boolean): RuleIssue[] {
  return showRequired ? issues : issues.filter((i) => !REQUIRED_RULES.includes(i.rule));
}

/** Why the change cannot be typed at all: the order is closed, reduce-only, or locked by main. */
function frozenReason(desk: AmendDesk): string | null {
  const closed = orderClosedIssue(desk.report.problems);
  if (closed) return closed.message;
  return desk.orderGuard.state === 'locked' ? (desk.orderGuard.reason ?? 'This order is locked.') : null;
}

/** One message per field; the nearest values that pass, one click each (focus goes back to the field). */
function FieldIssues(props: { id: string; issues: RuleIssue[]; fieldId?: string; fieldLabel?: string }) {
  const { id, issues, fieldId, fieldLabel } = props;
  const setField = useAmend((s) => s.setField);
  if (!issues.length) return null;
  return (
    <ul className="amend-field-issues" id={id}>
      {issues.map((i) => (
        <li key={i.rule} className={i.severity === 'error' ? 'field-error' : 'field-warning'}>
          {i.message}
          {i.code ? <span className="amend-code"> · checked locally (the exchange would answer {i.code})</span> : null}
          {i.fixes?.length && fieldId && fieldLabel ? (
            <span className="amend-fixes">
              {' '}
              Use{' '}
              {i.fixes.map((v, n) => (
                <span key={v}>
                  {n > 0 ? ' or ' : null}
                  <button
                    type="button"
                    className="button amend-mini amend-fix mono"
                    aria-label={`Use ${v} for ${fieldLabel}`}
                    onClick={() => {
                      setField(i.field as 'qty' | 'price', v);
                      document.getElementById(fieldId)?.focus();
                    }}
                  >
                    {v}
                  </button>
                </span>
              ))}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function TextField(props: {
  name: keyof Draft & AmendField;
  label: string;
  desk: AmendDesk;
  placeholder?: string;
  hint?: ReactNode;
  mono?: boolean;
  upper?: boolean;
  /** ↑/↓ move the value by one step of this grid (Shift: ten), starting from `current` when empty. */
  nudge?: { grid: Grid | undefined; current: string | undefined };
  /** Why the field cannot be changed now (read-only, still focusable, the reason read with it). */
  frozen?: string | null;
  /** What Enter does here instead of submitting the form (Review). */
  onEnter?: () => void;
}) {
  const { name, label, desk, placeholder, hint, mono, upper, nudge, frozen, onEnter } = props;
  const setField = useAmend((s) => s.setField);
  const issues = frozen
    ? []
    : visible(
        desk.report.problems.filter((e) => e.field === name),
        desk.showRequired,
      );
  const id = `amend-${name}`;
  const described = [issues.length ? `${id}-issues` : hint ? `${id}-hint` : '', frozen ? FROZEN_ID : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        className={mono ? 'mono' : undefined}
        value={desk.draft[name] as string}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        inputMode={name === 'qty' || name === 'price' ? 'decimal' : undefined}
        aria-invalid={issues.length > 0 ? true : undefined}
        aria-describedby={described || undefined}
        readOnly={frozen ? true : undefined}
        aria-disabled={frozen ? true : undefined}
        onChange={(e) => setField(name, (upper ? e.target.value.toUpperCase() : e.target.value) as never)}
        onKeyDown={(e) => {
          if (onEnter && e.key === 'Enter' && !(e.altKey || e.ctrlKey || e.metaKey || e.shiftKey)) {
            e.preventDefault();
            onEnter();
            return;
          }
          if (!nudge || frozen) return;
          const n = nudgeSteps(e);
          if (n === undefined) return;
          // The store, not the render: a held key repeats faster than a render may land.
          const next = nudgedValue(useAmend.getState().draft[name] as string, nudge.current, nudge.grid, n);
          if (next === undefined) return;
          e.preventDefault();
          setField(name, next as never);
        }}
      />
      {hint ? (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <FieldIssues id={`${id}-issues`} issues={issues} fieldId={id} fieldLabel={label} />
    </div>
  );
}

export function AmendForm({ desk }: { desk: AmendDesk }) {
  const setField = useAmend((s) => s.setField);
  const { draft, report, order, instrument } = desk;
  // Both IDs of one loaded order are no news; two IDs the desk has not matched to one order are.
  const both = !desk.loading && report.warnings.some((w) => w.rule === 'identity-both');
  const unit = instrument ? ` ${instrument.baseCoin}` : '';
  const quote = instrument ? ` ${instrument.quoteCoin}` : '';
  const priceGrid = instrument ? priceStep(instrument) : undefined;
  const qtyGrid = instrument ? quantityStep(instrument) : undefined;
  const keys = (g: Grid | undefined) => (g ? ` · ↑↓ ${g.step}` : '');
  const frozen = frozenReason(desk);
  const orderLevel = visible(
    report.problems.filter(
      (e) =>
        (e.field === 'order' && !(frozen && ORDER_CLOSED_RULES.includes(e.rule))) ||
        e.field === 'instrument' ||
        e.field === 'autoCancel',
    ),
    desk.showRequired,
  );
  const draftGen = useAmend((s) => s.draftGen);
  // Enter in an ID field loads the order it names; with no ID yet, the review says what is missing.
  const loadNamed = () => (desk.loadBlocked ? desk.review() : desk.load());

  return (
    <form
      id={FORM_ID}
      className="panel amend-form"
      aria-label="Modification"
      onSubmit={(e) => {
        e.preventDefault();
        desk.review();
      }}
    >
      <h2>Order</h2>
      <div className="amend-grid-2">
        <TextField name="orderId" label="Order ID" desk={desk} placeholder="numeric ID" mono onEnter={loadNamed} />
        <TextField
          name="clientOid"
          label="Client order ID"
          desk={desk}
          placeholder="your clientOid"
          mono
          onEnter={loadNamed}
        />
      </div>
      {both ? (
        <p className="amend-note" role="note">
          <strong>Both IDs are given: the Order ID wins.</strong> The exchange modifies order{' '}
          <span className="mono">{draft.orderId.trim()}</span>
          {order ? (
            <>
              {' '}
              — {order.symbol} {order.side} {order.qty} @ {order.price} (<span className="mono">{order.clientOid}</span>
              )
            </>
          ) : null}
          ; the Client order ID is not used to find it.
        </p>
      ) : null}
      <div className="amend-grid-2">
        <div className="field">
          <label htmlFor="amend-category">Category</label>
          <select
            id="amend-category"
            value={draft.category}
            onChange={(e) => setField('category', e.target.value as Draft['category'])}
          >
            <option value="">— not given —</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <TextField
          name="symbol"
          label="Symbol"
          desk={desk}
          placeholder="optional, e.g. BTCUSDT"
          upper
          mono
          hint={
            desk.instrumentLoading
              ? 'Checking the instrument…'
              : desk.instrumentError
                ? 'Instrument not checked: could not fetch it'
                : instrument
                  ? `${instrument.status} · price ${instrument.pricePrecision ?? '?'} dp · qty ${instrument.quantityPrecision ?? '?'} dp`
                  : draft.category && draft.symbol
                    ? undefined
                    : 'With a category, enables the instrument checks'
          }
        />
      </div>

      <h2 className="amend-h2-gap">Change</h2>
      {frozen ? (
        <p className="amend-frozen" id={FROZEN_ID} role="note">
          Nothing can be changed here: {frozen.charAt(0).toLowerCase() + frozen.slice(1)}
        </p>
      ) : null}
      <div className="amend-grid-2">
        <TextField
          name="qty"
          label="Quantity"
          desk={desk}
          placeholder="unchanged"
          mono
          nudge={{ grid: qtyGrid, current: order?.qty }}
          frozen={frozen}
          hint={
            (order
              ? `Empty = unchanged · now ${order.qty ?? '—'}${unit}`
              : `Empty = unchanged${unit ? ` ·${unit}` : ''}`) + keys(qtyGrid)
          }
        />
        <TextField
          name="price"
          label="Price"
          desk={desk}
          placeholder="unchanged"
          mono
          nudge={{ grid: priceGrid, current: order?.price }}
          frozen={frozen}
          hint={
            (order
              ? `Empty = unchanged · now ${order.price ?? '—'}${quote}`
              : `Empty = unchanged${quote ? ` ·${quote}` : ''}`) + keys(priceGrid)
          }
        />
      </div>
      {/* Keyed by the draft's order: the counters start afresh for another order. */}
      <PriceHelpers key={draftGen} grid={priceGrid} current={order?.price} side={order?.side} frozen={frozen} />

      <div className="amend-autocancel">
        <label className="amend-check">
          <input
            type="checkbox"
            checked={draft.autoCancel}
            onChange={(e) => setField('autoCancel', e.target.checked)}
            aria-describedby="amend-autocancel-note"
          />
          Auto-cancel on failure
        </label>
        <p id="amend-autocancel-note" className={draft.autoCancel ? 'amend-danger-note' : 'field-hint'}>
          {draft.autoCancel
            ? 'On: if the engine cannot apply the modification, the exchange cancels the order — and a cancelled order can no longer be modified.'
            : 'Off (no): if the modification fails, the original order stays unchanged.'}
        </p>
      </div>

      {orderLevel.length ? <FieldIssues id="amend-order-issues" issues={orderLevel} /> : null}
      {report.warnings.some((w) => w.rule !== 'identity-both') ? (
        <ul className="amend-warnings" aria-label="Warnings">
          {report.warnings
            .filter((w) => w.rule !== 'identity-both')
            .map((w) => (
              <li key={w.rule}>{w.message}</li>
            ))}
        </ul>
      ) : null}
    </form>
  );
}
