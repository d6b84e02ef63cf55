/**
 * The exchange's price band around the market, as the instrument announces it: a buy may be refused
 * above market × (1 + buyLimitPriceRatio), a sell below market × (1 − sellLimitPriceRatio). The desk
 * only warns: the exchange judges the band against its own market price at the moment it matches.
 */
import type { RuleIssue } from './amend-draft';
import { Dec, toDec } from './decimal';
import type { Instrument } from './schemas';

export interface PriceBandWarning extends RuleIssue {
  rule: 'price-band';
  severity: 'warning';
  /** The formula with the values: "60000.0 × (1 + 0.05) = 63000". */
  formula: string;
  /** The band's edge: the highest buy or lowest sell price inside it. */
  limit: string;
  ratio: string;
  marketPrice: string;
}

/** The band on one side: its edge (the highest buy or lowest sell price inside it) and how it is computed. */
export interface PriceBand {
  side: 'buy' | 'sell';
  /** buyLimitPriceRatio or sellLimitPriceRatio: the instrument field the ratio comes from. */
  ratioName: 'buyLimitPriceRatio' | 'sellLimitPriceRatio';
  ratio: string;
  marketPrice: string;
  limit: string;
  /** The formula with the values: "60000.0 × (1 + 0.05) = 63000". */
  formula: string;
}

/**
 * The band for a side around a market price, whatever the order's price: undefined when there is no
 * band (no ratio, or a ratio of zero, taken as "no band" like maxOrderQty "0"), no market price, or a
 * side other than buy or sell.
 */
export function priceBand(
  side: string | undefined,
  marketPrice: string,
  instrument: Pick<Instrument, 'buyLimitPriceRatio' | 'sellLimitPriceRatio'>,
): PriceBand | undefined {
  const buy = side === 'buy';
  if (!buy && side !== 'sell') return undefined;
  const ratio = toDec(buy ? instrument.buyLimitPriceRatio : instrument.sellLimitPriceRatio);
  const market = toDec(marketPrice);
  if (!ratio || ratio.lte(0) || !market || market.lte(0)) return undefined;
  const limit = market.mul(buy ? ratio.plus(1) : new Dec(1).minus(ratio));
  return {
    side: buy ? 'buy' : 'sell',
    ratioName: buy ? 'buyLimitPriceRatio' : 'sellLimitPriceRatio',
    ratio: ratio.toFixed(),
    marketPrice: marketPrice.trim(),
    limit: limit.toFixed(),
    formula: `${marketPrice.trim()} × (1 ${buy ? '+' : '−'} ${ratio.toFixed()}) = ${limit.toFixed()}`,
  };
}

/**
 * undefined when the price is inside the band (the edge itself is inside), or when there is no band
 * to check (see priceBand).
 */
export function priceBandWarning(
  side: string | undefined,
  price: string,
  marketPrice: string,
  instrument: Pick<Instrument, 'buyLimitPriceRatio' | 'sellLimitPriceRatio'>,
): PriceBandWarning | undefined {
  const band = priceBand(side, marketPrice, instrument);
  const p = toDec(price);
  if (!band || !p || p.lte(0)) return undefined;
  const buy = band.side === 'buy';
  if (buy ? p.lte(band.limit) : p.gte(band.limit)) return undefined;
  const { formula, ratioName: name } = band;
  return {
    rule: 'price-band',
    field: 'price',
    severity: 'warning',
    formula,
    limit: band.limit,
    ratio: band.ratio,
    marketPrice: band.marketPrice,
    message: buy
      ? `The new price ${price.trim()} is above the exchange's band for buys: market × (1 + ${name}) = ${formula}. The exchange may refuse it.`
      : `The new price ${price.trim()} is below the exchange's band for sells: market × (1 − ${name}) = ${formula}. The exchange may refuse it.`,
  };
}
