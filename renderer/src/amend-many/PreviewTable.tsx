/**
 * Step 3: every selected order under the rule — the verdict of the amend rules, current → new, and
 * why. The verdict comes right after the order it judges: in a narrow window the table scrolls
 * sideways, and what is read first must not be what is cut.
 */
import { useRef } from 'react';
import type { AmendPlan } from '../../../shared/amend-plan';
import type { PlanRow, RowStatus } from '../../../shared/plan-row';
import { useVisibleRows } from './virtual-rows';

const ROW_HEIGHT = 25;

export const VERDICTS: Record<RowStatus, { label: string; badge: string }> = {
  ready: { label: 'Ready', badge: 'badge-ok' },
  refused: { label: 'Refused', badge: 'badge-warn' },
  excluded: { label: 'Excluded', badge: '' },
};

function Change({ from, to }: { from: string | undefined; to: string | undefined }) {
  if (to === undefined || to === from) return <span className="muted">{from ?? '—'}</span>;
  return (
    <>
      <span className="muted">{from ?? '—'}</span>
      <span className="amend-arrow" aria-label="becomes">
        {' → '}
      </span>
      <strong className="am-new">{to}</strong>
    </>
  );
}

/** What the operator must read about a row: the refusal, the exclusion, then warnings and rounding. */
function Notes({ row }: { row: PlanRow }) {
  const lines: { text: string; tone: 'error' | 'warn' | 'note' }[] = [
    ...row.errors.map((e) => ({
      text: e.code ? `${e.message} (exchange code ${e.code})` : e.message,
      tone: 'error' as const,
    })),
    ...(row.exclusion ? [{ text: row.exclusion.message, tone: 'warn' as const }] : []),
    ...row.warnings.map((w) => ({ text: w.message, tone: 'warn' as const })),
    ...[row.priceRounding, row.qtyRounding]
      .filter((r) => r?.applied && row.status !== 'excluded')
      .map((r) => ({ text: r?.text ?? '', tone: 'note' as const })),
  ];
  if (!lines.length) return <span className="muted">—</span>;
  return (
    <ul className="am-notes">
      {lines.map((l, i) => (
        <li key={i} className={`am-note-${l.tone}`}>
          {l.text}
        </li>
      ))}
    </ul>
  );
}

export function PreviewTable({
  plan,
  pending,
  title = '3 · Preview',
  empty = 'Select open orders above to see what the rule does to each.',
}: {
  plan: AmendPlan;
  pending: boolean;
  title?: string;
  empty?: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useVisibleRows(plan.rows.length, scrollRef, ROW_HEIGHT);
  const s = plan.summary;
  return (
    <section className="panel am-preview" aria-labelledby="am-preview-title">
      <div className="amend-panel-head">
        <h2 id="am-preview-title">{title}</h2>
        <p className="am-counts" role="status" aria-label="Preview counts">
          {pending ? (
            'Loading instruments…'
          ) : (
            <>
              <span className="badge badge-ok">{s.toSend} ready</span>
              {s.toSend ? (
                <span className="muted">
                  in {s.batches} request{s.batches === 1 ? '' : 's'}
                </span>
              ) : null}
              <span className={`badge ${s.refused ? 'badge-warn' : ''}`}>{s.refused} refused</span>
              <span className="badge">{s.excluded} excluded</span>
              <span className={`badge ${s.withWarnings ? 'badge-warn' : ''}`}>{s.withWarnings} with warnings</span>
            </>
          )}
        </p>
      </div>
      <div className="am-scroll am-preview-scroll" ref={scrollRef} tabIndex={0}>
        <table className="data-table am-table am-preview-table" aria-label="Preview">
          <thead>
            <tr>
              <th scope="col" className="num-h">
                #
              </th>
              <th scope="col">Order</th>
              <th scope="col">Symbol</th>
              <th scope="col">Side</th>
              <th scope="col">Verdict</th>
              <th scope="col" className="num-h am-wrap-h">
                Price (current → new)
              </th>
              <th scope="col" className="num-h am-wrap-h">
                Qty (current → new)
              </th>
              <th scope="col">Why / warnings</th>
            </tr>
          </thead>
          <tbody>
            {rows.before > 0 ? <tr aria-hidden="true" style={{ height: rows.before }} /> : null}
            {rows.indexes.map((i) => {
              const row = plan.rows[i] as PlanRow;
              const v = VERDICTS[row.status];
              return (
                <tr key={`${row.orderId || row.clientOid}-${i}`} className={`am-row-${row.status}`}>
                  <td className="num muted">{i + 1}</td>
                  <td className="mono">{row.clientOid || row.orderId}</td>
                  <td>
                    {row.symbol} <span className="muted am-cat">{row.category}</span>
                  </td>
                  <td className={row.side === 'buy' ? 'amend-buy' : 'amend-sell'}>{row.side ?? '—'}</td>
                  <td className="am-verdict-cell">
                    <span className={`badge ${v.badge}`}>{v.label}</span>
                  </td>
                  <td className="num">
                    <Change from={row.current.price} to={row.next.price} />
                  </td>
                  <td className="num">
                    <Change from={row.current.qty} to={row.next.qty} />
                    {row.current.filledQty && row.current.filledQty !== '0' ? (
                      <div className="am-filled">filled {row.current.filledQty}</div>
                    ) : null}
                  </td>
                  <td className="am-notes-cell">
                    <Notes row={row} />
                  </td>
                </tr>
              );
            })}
            {rows.after > 0 ? <tr aria-hidden="true" style={{ height: rows.after }} /> : null}
            {plan.rows.length === 0 ? (
              <tr>
                <td colSpan={8} className="muted am-empty">
                  {empty}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </section>
  );
}
