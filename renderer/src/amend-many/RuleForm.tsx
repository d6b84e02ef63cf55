/** Step 2: one rule for every selected order — a price rule, a quantity rule, or both, and auto-cancel. */
import { useAmendMany } from './amend-many-store';
import { PRICE_MODES, QTY_MODES, roundingWords, type PriceMode, type QtyMode } from './rule-form';

export function RuleForm({ problems, locked }: { problems: string[]; locked: boolean }) {
  const rule = useAmendMany((s) => s.rule);
  const setRule = useAmendMany((s) => s.setRule);
  const price = PRICE_MODES.find((m) => m.mode === rule.priceMode);
  const qty = QTY_MODES.find((m) => m.mode === rule.qtyMode);
  const words = roundingWords(rule);
  return (
    <section className="panel am-rule" aria-labelledby="am-rule-title">
      <h2 id="am-rule-title">2 · Rule</h2>
      <fieldset className="am-rule-grid" disabled={locked}>
        <legend className="sr-only">Rule for every selected order</legend>
        <label className="field-label" htmlFor="am-price-mode">
          Price
        </label>
        <select
          id="am-price-mode"
          value={rule.priceMode}
          onChange={(e) => setRule({ priceMode: e.target.value as PriceMode })}
        >
          {PRICE_MODES.map((m) => (
            <option key={m.mode} value={m.mode}>
              {m.label}
            </option>
          ))}
        </select>
        {price && price.mode !== 'none' ? (
          <>
            <label className="sr-only" htmlFor="am-price-value">
              {price.field}
            </label>
            <input
              id="am-price-value"
              type="text"
              className="mono am-value"
              inputMode={price.mode === 'steps' ? 'numeric' : 'decimal'}
              placeholder={price.placeholder}
              autoComplete="off"
              value={rule.priceValue}
              onChange={(e) => setRule({ priceValue: e.target.value })}
            />
            <span className="am-unit muted" aria-hidden="true">
              {price.mode === 'steps' ? 'steps' : price.mode === 'percent' ? '%' : ''}
            </span>
          </>
        ) : (
          <span className="am-rule-gap" />
        )}

        <label className="field-label" htmlFor="am-qty-mode">
          Quantity
        </label>
        <select id="am-qty-mode" value={rule.qtyMode} onChange={(e) => setRule({ qtyMode: e.target.value as QtyMode })}>
          {QTY_MODES.map((m) => (
            <option key={m.mode} value={m.mode}>
              {m.label}
            </option>
          ))}
        </select>
        {qty && qty.mode !== 'none' ? (
          <>
            <label className="sr-only" htmlFor="am-qty-value">
              {qty.field}
            </label>
            <input
              id="am-qty-value"
              type="text"
              className="mono am-value"
              inputMode="decimal"
              placeholder={qty.placeholder}
              autoComplete="off"
              value={rule.qtyValue}
              onChange={(e) => setRule({ qtyValue: e.target.value })}
            />
            <span className="am-unit muted" aria-hidden="true">
              {qty.mode === 'percent' ? '%' : ''}
            </span>
          </>
        ) : (
          <span className="am-rule-gap" />
        )}
      </fieldset>
      <label className="amend-check am-autocancel">
        <input
          type="checkbox"
          checked={rule.autoCancel}
          disabled={locked}
          onChange={(e) => setRule({ autoCancel: e.target.checked })}
          aria-describedby="am-autocancel-note"
        />
        Auto-cancel on failure
      </label>
      <p id="am-autocancel-note" className={rule.autoCancel ? 'amend-danger-note' : 'field-hint'}>
        {rule.autoCancel
          ? 'On: an order whose modification the engine cannot apply is cancelled by the exchange.'
          : 'Off: an order whose modification fails stays unchanged.'}
      </p>
      {words.length ? (
        <ul className="am-rounding" aria-label="Rounding">
          {words.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      {problems.length ? (
        <ul className="am-problems" aria-label="Rule problems">
          {problems.map((p) => (
            <li key={p} className="field-error">
              {p}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
