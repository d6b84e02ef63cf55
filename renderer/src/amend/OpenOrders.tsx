import { useCallback, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { groupDigits } from '../../../shared/decimal-text';
import type { Order } from '../../../shared/schemas';
import { ErrorPanel } from '../components/ErrorPanel';
import { useUi } from '../app/store';
import { call } from '../lib/desk';
import { useRovingRows } from '../lib/roving-rows';
import { useAmend } from './amend-store';
import { OrderStatusCell } from './OrderStatusBadge';
import { formatTime } from './status-display';
import { BusyButton } from '../components/BusyButton';

const PAGE_SIZE = 20;

/** Digits grouped (56,943,717), exact: the decimal string is only cut and joined. */
const digits = (v: string | undefined): string => (v === undefined ? '' : groupDigits(v));

export function OpenOrders({ onPick }: { onPick: (o: Order) => void }) {
  const category = useAmend((s) => s.draft.category);
  const symbol = useAmend((s) => s.draft.symbol.trim().toUpperCase());
  const filter = { category: category || undefined, symbol: symbol || undefined };
  const q = useInfiniteQuery({
    queryKey: ['open-orders', filter.category ?? '', filter.symbol ?? ''],
    queryFn: ({ pageParam }) => call('listOpenOrders', { ...filter, limit: PAGE_SIZE, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
    staleTime: 10_000,
  });
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  const table = useRef<HTMLTableElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // One tab stop for the list: the arrows move between the orders' Pick buttons.
  const roving = useRovingRows({ keys: rows.map((o) => o.orderId), scroller });
  // The last Load more goes with the last page: its focus goes to the last order's Pick, just above it.
  const lastPick = useCallback(
    () => [...(table.current?.querySelectorAll<HTMLElement>('tbody button') ?? [])].at(-1),
    [],
  );
  const scope = [filter.category ?? 'all categories', filter.symbol].filter(Boolean).join(' · ');
  const openAmendMany = useUi((s) => s.openAmendMany);
  return (
    <section className="panel amend-open" aria-label="Open orders">
      <div className="amend-panel-head">
        <h2>Open orders</h2>
        <span className="muted">
          {scope} · {rows.length} shown{q.hasNextPage ? ', more available' : ''}
        </span>
        <span className="amend-head-right">
          <button
            type="button"
            className="button"
            onClick={() => openAmendMany({ category: category || undefined, symbol: filter.symbol })}
            title={`Apply one rule to many open orders (${scope})`}
          >
            Amend many…
          </button>{' '}
          <BusyButton onClick={() => void q.refetch()} busy={q.isFetching}>
            Refresh
          </BusyButton>
        </span>
      </div>
      {q.isError ? (
        <ErrorPanel error={q.error} onRetry={() => void q.refetch()} title="Could not load open orders" />
      ) : null}
      <div className="amend-open-scroll" ref={scroller}>
        <table className="data-table amend-open-table" ref={table}>
          <thead>
            <tr>
              <th scope="col">
                Symbol
                <div className="amend-open-sub">Category</div>
              </th>
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
              <th scope="col">
                Client order ID
                <div className="amend-open-sub">Order ID</div>
              </th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="sr-only">Pick</span>
              </th>
            </tr>
          </thead>
          <tbody onKeyDown={roving.onKeyDown} onFocus={roving.onFocus}>
            {rows.map((o, i) => {
              // Two lines where a second fact belongs to the first: the table fits 1,100 px windows
              // without cutting a number or hiding Created under the sticky Pick column.
              const created = formatTime(o.createdTime);
              return (
                <tr key={o.orderId}>
                  <td>
                    {o.symbol}
                    <div className="amend-open-sub">{o.category}</div>
                  </td>
                  <td className={o.side === 'buy' ? 'amend-buy' : 'amend-sell'}>{o.side}</td>
                  <td className="num">{digits(o.price)}</td>
                  <td className="num">{digits(o.qty)}</td>
                  <td className="num">{digits(o.cumExecQty)}</td>
                  <OrderStatusCell status={o.orderStatus} />
                  <td className="mono">
                    {o.clientOid || '—'}
                    <div className="amend-open-sub">{o.orderId}</div>
                  </td>
                  <td className="num amend-open-time">
                    {created.slice(0, 10)}
                    <div className="amend-open-sub">{created.slice(11)}</div>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button amend-pick"
                      data-row-index={i}
                      tabIndex={roving.tabIndexOf(i)}
                      onClick={() => onPick(o)}
                      aria-label={`Pick order ${o.clientOid || o.orderId}`}
                    >
                      Pick
                    </button>
                  </td>
                </tr>
              );
            })}
            {q.isSuccess && rows.length === 0 ? (
              <tr>
                <td colSpan={9} className="muted">
                  No open orders{scope ? ` for ${scope}` : ''}.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <div className="amend-open-foot">
        {q.isPending ? <span className="muted">Loading open orders…</span> : null}
        {q.hasNextPage ? (
          <BusyButton onClick={() => void q.fetchNextPage()} busy={q.isFetchingNextPage} focusWhenGone={lastPick}>
            {q.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </BusyButton>
        ) : q.isSuccess && rows.length > 0 ? (
          <span className="muted">End of the list.</span>
        ) : null}
      </div>
    </section>
  );
}
