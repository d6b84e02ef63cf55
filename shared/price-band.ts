/**
 * The exchange's price band around the market, as the instrument announces it: a buy may be refused
 * above market × (1 + buyLimitPriceRatio), a sell below market × (1 − sellLimitPriceRatio). The desk
 * only warns: the exchange judges the band against its own market price at the moment it matches.
 */
import type { RuleIssue } from './amend-rules';
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

/**
 * undefined when the price is inside the band (the edge itself is inside), or when there is no band
 * to check: no ratio, a ratio of zero (taken as "no band", like maxOrderQty "0"), no market price,
 * or a side other than buy or sell.
 */
export function priceBandWarning(
  side: string | undefined,
  price: string,
  marketPrice: string,
  instrument: Pick<Instrument, 'buyLimitPriceRatio' | 'sellLimitPriceRatio'>,
): PriceBandWarning | undefined {
  const buy = side === 'buy';
  if (!buy && side !== 'sell') return undefined;
  const ratio = toDec(buy ? instrument.buyLimitPriceRatio : instrument.sellLimitPriceRatio);
  const p = toDec(price);
  const market = toDec(marketPrice);
  if (!ratio || ratio.lte(0) || !p || p.lte(0) || !market || market.lte(0)) return undefined;
  const limit = market.mul(buy ? ratio.plus(1) : new Dec(1).minus(ratio));
  if (buy ? p.lte(limit) : p.gte(limit)) return undefined;
  const name = buy ? 'buyLimitPriceRatio' : 'sellLimitPriceRatio';
  const formula = `${marketPrice.trim()} × (1 ${buy ? '+' : '−'} ${ratio.toFixed()}) = ${limit.toFixed()}`;
  return {
    rule: 'price-band',
    field: 'price',
    severity: 'warning',
    formula,
    limit: limit.toFixed(),
    ratio: ratio.toFixed(),
    marketPrice: marketPrice.trim(),
    message: buy
      ? `The new price ${price.trim()} is above the exchange's band for buys: market × (1 + ${name}) = ${formula}. The exchange may refuse it.`
      : `The new price ${price.trim()} is below the exchange's band for sells: market × (1 − ${name}) = ${formula}. The exchange may refuse it.`,
  };
}
