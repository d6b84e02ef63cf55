import { errorText } from '../components/ErrorPanel';
import { bookPosition, distanceText, showsMark } from './market-words';
import { formatTime } from './status-display';
import type { AmendDesk } from './useAmendDesk';
import { useMarketContext, type MarketContext as Context } from './useMarketContext';
import { TICKER_REFRESH_MS } from './useMarketTicker';

const EVERY = `every ${TICKER_REFRESH_MS / 1000} s`;

/** The time of day only: the date is today's, and the head line has little room. */
const clock = (ms: number | undefined): string => formatTime(ms).slice(11);

function Row({ label, value, ctx }: { label: string; value: string | undefined; ctx: Context }) {
  const d = ctx.price && value ? distanceText(ctx.price, value, ctx.grid) : undefined;
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="num">{value || '—'}</td>
      <td className="num">{d?.pct ?? '—'}</td>
      <td className="num">{d?.steps ?? '—'}</td>
    </tr>
  );
}

/** The formula kept whole on one line wherever it sits in a sentence. */
function withFormula(text: string, formula: string) {
  const [before, ...after] = text.split(formula);
  if (!after.length) return text;
  return (
    <>
      {before}
      <span className="mono amend-formula">{formula}</span>
      {after.join(formula)}
    </>
  );
}

const JUDGE = 'A warning only: the exchange judges the band against its own market price.';

function Band({ ctx }: { ctx: Context }) {
  const { band, warning } = ctx;
  if (!band) return null;
  if (warning) {
    return (
      <p className="amend-banner warn amend-market-band" role="note">
        <span aria-hidden="true">⚠ </span>
        {withFormula(warning.message, warning.formula)} {JUDGE}
      </p>
    );
  }
  const buy = band.side === 'buy';
  return (
    <p className="amend-market-band">
      Band for {band.side}s: {buy ? 'up to' : 'down to'} <span className="mono">{band.limit}</span> ={' '}
      {ctx.referenceName} × (1 {buy ? '+' : '−'} {band.ratioName}) ={' '}
      <span className="mono amend-formula">
        {band.marketPrice} × (1 {buy ? '+' : '−'} {band.ratio})
      </span>
      <span className="muted amend-market-judge">{JUDGE}</span>
    </p>
  );
}

/** Last price, best bid / ask and (futures) mark of the loaded order's market, and where its price sits in it. */
export function MarketContext({ desk }: { desk: AmendDesk }) {
  const ctx = useMarketContext(desk);
  const { source, ticker, order } = ctx;
  if (!source || !order) return null;
  const where = ticker && ctx.price ? bookPosition(order.side, ctx.price, ticker, ctx.grid) : undefined;
  const state = ctx.loading ? 'Loading…' : ctx.fetchedAt ? `as of ${clock(ctx.fetchedAt)} · ${EVERY}` : '';
  return (
    <section className="panel amend-market" aria-label="Market">
      <div className="amend-panel-head">
        <h2>Market</h2>
        <span className="mono">{source.symbol}</span>
        <span className="muted">{source.category}</span>
        <span className="amend-head-right muted">{state}</span>
      </div>
      {source.viaSpot ? (
        <p className="amend-market-note muted">
          Margin pairs have no ticker of their own: these are the SPOT {source.symbol} prices.
        </p>
      ) : null}
      {ctx.error ? (
        <p className="amend-market-note muted">
          Market not updated ({errorText(ctx.error)}); trying again {EVERY}. The desk works without it.
        </p>
      ) : null}
      {ctx.notListed ? <p className="amend-market-note muted">The exchange lists no ticker for this symbol.</p> : null}
      {ticker ? (
        <>
          <table className="amend-compare amend-market-table">
            <caption className="muted">
              {ctx.price
                ? `${ctx.priceIsNew ? 'New' : 'Order'} price ${ctx.price} from each${ctx.grid ? ` · step ${ctx.grid.step}` : ''}`
                : 'No price to compare'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col" className="num-h">
                  Price
                </th>
                <th scope="col" className="num-h">
                  Distance %
                </th>
                <th scope="col" className="num-h">
                  Steps
                </th>
              </tr>
            </thead>
            <tbody>
              <Row label="Last" value={ticker.lastPrice} ctx={ctx} />
              <Row label="Best bid" value={ticker.bid1Price} ctx={ctx} />
              <Row label="Best ask" value={ticker.ask1Price} ctx={ctx} />
              {showsMark(source.category) ? <Row label="Mark" value={ticker.markPrice} ctx={ctx} /> : null}
            </tbody>
          </table>
          {where ? (
            <p className="amend-market-where">
              {ctx.priceIsNew ? 'New' : 'Order'} price <span className="mono">{ctx.price}</span> ({order.side}): {where}
            </p>
          ) : null}
          <Band ctx={ctx} />
        </>
      ) : null}
    </section>
  );
}
