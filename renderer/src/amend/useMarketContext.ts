/**
 * The market the loaded order is amended into: its ticker, the price being judged (the new one, else
 * the order's), and the exchange's price band around the market. Shared by the Market panel and the
 * Review, so both say the same thing.
 */
import { isPositiveDecimal } from '../../../shared/decimal';
import { priceBand, priceBandWarning, type PriceBand, type PriceBandWarning } from '../../../shared/price-band';
import { bandReference } from '../../../shared/market-price';
import type { Category, Instrument, Order } from '../../../shared/schemas';
import { priceStep, type Grid } from '../../../shared/steps';
import { tickerSource, type TickerSource } from './market-words';
import { useMarketTicker, type MarketTicker } from './useMarketTicker';
import type { AmendDesk } from './useAmendDesk';

export interface MarketContext extends MarketTicker {
  source: TickerSource | undefined;
  order: Order | undefined;
  /** The instrument of the order's own symbol (not a symbol typed since). */
  instrument: Instrument | undefined;
  grid: Grid | undefined;
  /** The price judged against the market: the new price when one is typed, else the order's. */
  price: string | undefined;
  priceIsNew: boolean;
  /** The band's reference price (shared/market-price.ts: mark for futures, else last). */
  reference: string | undefined;
  referenceName: 'mark' | 'last';
  band: PriceBand | undefined;
  warning: PriceBandWarning | undefined;
}

export function useMarketContext(desk: Pick<AmendDesk, 'order' | 'draft' | 'instrument'>): MarketContext {
  const { order, draft } = desk;
  const source = order ? tickerSource(order.category, order.symbol) : undefined;
  const market = useMarketTicker(source);
  const instrument =
    order && desk.instrument?.symbol === order.symbol && desk.instrument.category === order.category
      ? desk.instrument
      : undefined;
  const typed = draft.price.trim();
  const priceIsNew = isPositiveDecimal(typed);
  const price = priceIsNew ? typed : order?.price && isPositiveDecimal(order.price) ? order.price : undefined;
  const ref = order ? bandReference(order.category as Category, market.ticker) : undefined;
  const reference = ref && isPositiveDecimal(ref.price) ? ref.price : undefined;
  const band = instrument && reference ? priceBand(order?.side, reference, instrument) : undefined;
  const warning =
    instrument && reference && price ? priceBandWarning(order?.side, price, reference, instrument) : undefined;
  return {
    ...market,
    source,
    order,
    instrument,
    grid: instrument ? priceStep(instrument) : undefined,
    price,
    priceIsNew,
    reference,
    referenceName: ref?.name ?? 'last',
    band,
    warning,
  };
}
