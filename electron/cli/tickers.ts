/**
 * `uta-desk tickers`: the market of a product type as the exchange reports it. Every number is shown
 * exactly as sent; only the 24-hour change is scaled from a ratio to a percentage, in decimals.
 */
import { toDec } from '../../shared/decimal';
import { isFuturesCategory, type Ticker, type TickerCategory } from '../../shared/schemas';
import type { ExchangeClient } from '../exchange/client';
import type { Output } from './output';
import { plural } from './output';
import { renderTable, type Column } from './table';

/**
 * price24hPcnt is a ratio ("0.0123" is 1.23 %, "-0.0050" is -0.50 %): scaled by 100 keeping the
 * digits the exchange sent. Anything that is not a number is shown as sent.
 */
export function percentOfRatio(ratio: string | undefined): string {
  const text = ratio?.trim();
  if (!text) return '';
  const d = toDec(text);
  if (!d) return text;
  const sent = /^[+-]?\d*\.(\d+)$/.exec(text)?.[1]?.length ?? d.decimalPlaces();
  return `${d.mul(100).toFixed(Math.max(0, sent - 2))}%`;
}

const number = (header: string, value: (t: Ticker) => string | undefined): Column<Ticker> => ({
  header,
  value,
  align: 'right',
});

const SPOT_COLUMNS: readonly Column<Ticker>[] = [
  { header: 'SYMBOL', value: (t) => t.symbol },
  number('LAST', (t) => t.lastPrice),
  number('BID', (t) => t.bid1Price),
  number('ASK', (t) => t.ask1Price),
  number('24H %', (t) => percentOfRatio(t.price24hPcnt)),
  number('24H HIGH', (t) => t.highPrice24h),
  number('24H LOW', (t) => t.lowPrice24h),
  number('VOLUME', (t) => t.volume24h),
  number('TURNOVER', (t) => t.turnover24h),
];

const FUTURES_COLUMNS: readonly Column<Ticker>[] = [
  ...SPOT_COLUMNS,
  number('MARK', (t) => t.markPrice),
  number('INDEX', (t) => t.indexPrice),
  number('FUNDING', (t) => t.fundingRate),
];

export function tickerColumns(category: TickerCategory): readonly Column<Ticker>[] {
  return isFuturesCategory(category) ? FUTURES_COLUMNS : SPOT_COLUMNS;
}

export async function tickers(
  client: ExchangeClient,
  out: Output,
  category: TickerCategory,
  symbol: string | undefined,
): Promise<void> {
  const list = await client.getTickers(category, symbol);
  if (out.json) return out.data(list);
  if (list.length === 0) return out.text(`No ${category} ticker${symbol ? ` for ${symbol}` : 's'}.`);
  out.text(renderTable(list, tickerColumns(category)));
  out.text(`${plural(list.length, `${category} ticker`)}`);
}
