/** Step 1: the open orders to amend, filtered by category, symbol and side, ticked one by one or all at once. */
import { useMemo, useRef } from 'react';
import { MAX_RUN_ITEMS } from '../../../shared/batch-run';
import { CATEGORIES, type Order } from '../../../shared/schemas';
import { ErrorPanel } from '../components/ErrorPanel';
import { alignedNumber, figuresOfTexts } from '../lib/number-align';
import { useRovingRows } from '../lib/roving-rows';
import { OrderStatusCell } from '../amend/OrderStatusBadge';
import { formatTime } from '../amend/status-display';
import { useAmendMany } from './amend-many-store';
import { orderKey, symbolsOf, type SideFilter } from './order-filter';
import { useVisibleRows } from './virtual-rows';
import { BusyButton } from '../components/BusyButton';

const ROW_HEIGHT = 25;

export interface PickerProps {
  /** Every loaded order of the category filter (the symbol and side filters apply on screen). */
  loaded: readonly Order[];
  shown: readonly Order[];
  truncated: boolean;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  refetch(): void;
  locked: boolean;
}

export function OrderPicker({ loaded, shown, truncated, loading, fetching, error, refetch, locked }: PickerProps) {
  const filter = useAmendMany((s) => s.filter);
  const setFilter = useAmendMany((s) => s.setFilter);
  const selected = useAmendMany((s) => s.selected);
  const setSelected = useAmendMany((s) => s.setSelected);
  const toggle = useAmendMany((s) => s.toggle);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useVisibleRows(shown.length, scrollRef, ROW_HEIGHT);
  // The orders are one tab stop, the rule the next: the arrows move between the rows' checkboxes
  // (Space ticks one), scrolling a long list to rows not drawn yet.
  const roving = useRovingRows({
    keys: useMemo(() => shown.map(orderKey), [shown]),
    scroller: scrollRef,
    drawn: rows.indexes,
    reveal: (i) => scrollRef.current?.scrollTo({ top: i * ROW_HEIGHT }),
  });
  // Counted over every order loaded, not the rows shown: a filter or a scroll never shifts a column.
  const figures = useMemo(
    () => ({
      price: figuresOfTexts(loaded.map((o) => o.price ?? '')),
      qty: figuresOfTexts(loaded.map((o) => o.qty ?? '')),
      filled: figuresOfTexts(loaded.map((o) => o.cumExecQty ?? '')),
    }),
    [loaded],
  );

  const chosen = shown.filter((o) => selected.has(orderKey(o))).length;
  const all = shown.length > 0 && chosen === shown.length;
  const selectAll = () => setSelected(new Set(shown.map(orderKey)));
  const selectNone = () => setSelected(new Set());

  return (
    <section className="panel am-orders" aria-labelledby="am-orders-title">
      <div className="amend-panel-head">
        <h2 id="am-orders-title">1 · Open orders</h2>
        <span className="muted" role="status">
          {loading ? 'Loading open orders…' : `${chosen} of ${shown.length} shown selected · ${loaded.length} loaded`}
        </span>
        <span className="amend-head-right am-head-actions">
          <BusyButton onClick={selectAll} unavailable={shown.length === 0 || all} disabled={locked}>
            Select all shown
          </BusyButton>
          <BusyButton onClick={selectNone} unavailable={chosen === 0} disabled={locked}>
            Select none
          </BusyButton>
          {/* Locked (a run in progress) it is disabled; busy, it keeps the focus of whoever pressed it. */}
          <BusyButton onClick={refetch} busy={fetching} disabled={locked}>
            {fetching && !loading ? 'Refreshing…' : 'Refresh'}
          </BusyButton>
        </span>
      </div>
      <fieldset className="am-filters" disabled={locked}>
        <legend className="sr-only">Filter open orders</legend>
        <label className="field-label" htmlFor="am-category">
          Category
        </label>
        <select id="am-category" value={filter.category} onChange={(e) => setFilter({ category: e.target.value })}>
          <option value="">All categories</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <label className="field-label" htmlFor="am-symbol">
          Symbol
        </label>
        <input
          id="am-symbol"
          type="text"
          className="mono am-symbol"
          list="am-symbols"
          value={filter.symbol}
          placeholder="Any symbol"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setFilter({ symbol: e.target.value.toUpperCase() })}
        />
        <datalist id="am-symbols">
          {symbolsOf(loaded).map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <label className="field-label" htmlFor="am-side">
          Side
        </label>
        <select id="am-side" value={filter.side} onChange={(e) => setFilter({ side: e.target.value as SideFilter })}>
          <option value="">Buys and sells</option>
          <option value="buy">Buys</option>
          <option value="sell">Sells</option>
        </select>
      </fieldset>
      {truncated ? (
        <p className="amend-banner warn" role="note">
          Only the first {MAX_RUN_ITEMS} open orders were loaded (a run holds at most {MAX_RUN_ITEMS}): choose a
          category to load the others.
        </p>
      ) : null}
      {error ? <ErrorPanel error={error} onRetry={refetch} title="Could not load open orders" /> : null}
      {/* While locked its checkboxes are disabled: the box itself takes focus so the keyboard can still scroll it. */}
      <div className="am-scroll am-orders-scroll" ref={scrollRef} tabIndex={locked ? 0 : undefined}>
        <table className="data-table am-table" aria-label="Open orders to amend">
          <thead>
            <tr>
              <th scope="col" className="am-check-col">
                {/* Out of the tab order: the table is one stop; Select all shown and Select none do this by key. */}
                <input
                  type="checkbox"
                  tabIndex={-1}
                  aria-label="Select every order shown"
                  checked={all}
                  ref={(el) => {
                    if (el) el.indeterminate = chosen > 0 && !all;
                  }}
                  disabled={locked || shown.length === 0}
                  onChange={(e) => (e.target.checked ? selectAll() : selectNone())}
                />
              </th>
              <th scope="col">Symbol</th>
              <th scope="col">Side</th>
              <th scope="col" className="num-h">
                Price
              </th>
              <th scope="col" className="num-h">
                Qty
              </th>
              <th scope="col" className="num-h">
                Filled
              </th>
              <th scope="col">Status</th>
              <th scope="col">Client order ID</th>
              <th scope="col">Order ID</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody onKeyDown={roving.onKeyDown} onFocus={roving.onFocus}>
            {rows.before > 0 ? <tr aria-hidden="true" style={{ height: rows.before }} /> : null}
            {rows.indexes.map((i) => {
              const o = shown[i] as Order;
              const key = orderKey(o);
              const on = selected.has(key);
              return (
                <tr key={key} className={on ? 'selected' : undefined}>
                  <td className="am-check-col">
                    <input
                      type="checkbox"
                      aria-label={`Select order ${o.clientOid || o.orderId}`}
                      data-row-index={i}
                      tabIndex={roving.tabIndexOf(i)}
                      checked={on}
                      disabled={locked}
                      onChange={(e) => toggle(key, e.target.checked)}
                    />
                  </td>
                  <td>
                    {o.symbol} <span className="muted am-cat">{o.category}</span>
                  </td>
                  <td className={o.side === 'buy' ? 'amend-buy' : 'amend-sell'}>{o.side}</td>
                  {/* The exchange's strings, padded to line up on their points (lib/number-align.tsx). */}
                  <td className="num">{alignedNumber(o.price ?? '', figures.price)}</td>
                  <td className="num">{alignedNumber(o.qty ?? '', figures.qty)}</td>
                  <td className="num">{alignedNumber(o.cumExecQty ?? '', figures.filled)}</td>
                  <OrderStatusCell status={o.orderStatus} />
                  <td className="mono">{o.clientOid}</td>
                  <td className="mono muted">{o.orderId}</td>
                  <td className="muted">{formatTime(o.createdTime)}</td>
                </tr>
              );
            })}
            {rows.after > 0 ? <tr aria-hidden="true" style={{ height: rows.after }} /> : null}
            {!loading && shown.length === 0 ? (
              <tr>
                <td colSpan={10} className="muted am-empty">
                  {loaded.length === 0 ? 'No open orders.' : 'No open order matches the filter.'}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </section>
  );
}
