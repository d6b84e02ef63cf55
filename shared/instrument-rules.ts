/**
 * The amend rules an instrument sets: tradable now (status, a scheduled halt), its price and
 * quantity steps and decimals, its minimum and maximum quantity and order value. Run by checkAmend
 * (amend-rules.ts) when the instrument is known.
 */
import { compareDecimal, isMultipleOf, isPositiveDecimal, multiply, significantDecimals, toDec } from './decimal';
import { EXCHANGE_CODE } from './errors';
import { isFuturesCategory, TRADABLE_STATUSES, type Instrument } from './schemas';
import { gridRules } from './steps';
import { plural, type KnownOrder, type RuleIssue } from './amend-draft';
/** limitOpenTime / offTime carry "", "-1" or "0" when unset; any other value is a Unix ms time. */
function scheduledTime(v: string | undefined): number | undefined {
  const t = v?.trim();
  if (!t || t === '-1' || t === '0' || !/^\d+$/.test(t)) return undefined;
  return Number(t);
}

export type Report = (i: Omit<RuleIssue, 'severity'>) => void;

export function checkInstrument(
  ins: Instrument,
  change: { qty?: string; price?: string },
  order: KnownOrder | undefined,
  now: number | undefined,
  error: Report,
  warn: Report,
): void {
  if (!TRADABLE_STATUSES.includes(ins.status)) {
    error({
      rule: 'instrument-tradable',
      field: 'instrument',
      code: ins.status === 'offline' ? EXCHANGE_CODE.pairMaintenance : EXCHANGE_CODE.pairNotTrading,
      message: `${ins.symbol} is ${ins.status}: only online, limit_open or limit_close pairs can be traded`,
    });
  } else {
    // The specification: a set limitOpenTime means trading is prohibited after that time.
    const halt = scheduledTime(ins.limitOpenTime);
    if (halt !== undefined && now !== undefined && now >= halt) {
      error({
        rule: 'instrument-maintenance',
        field: 'instrument',
        code: EXCHANGE_CODE.pairMaintenance,
        message: `${ins.symbol} is under maintenance since ${new Date(halt).toISOString()}: trading is prohibited`,
      });
    } else if (halt !== undefined) {
      warn({
        rule: 'instrument-maintenance',
        field: 'instrument',
        message: `${ins.symbol} is scheduled for maintenance: trading is prohibited after ${new Date(halt).toISOString()}`,
      });
    }
  }
  const futures = isFuturesCategory(ins.category);
  const { qty, price } = change;

  if (price !== undefined) {
    const { places, multiple } = gridRules(ins, 'price');
    if (places !== undefined && significantDecimals(price) > places) {
      error({
        rule: 'price-precision',
        field: 'price',
        code: EXCHANGE_CODE.tooManyDecimals,
        message: `Price allows at most ${plural(places, 'decimal place')}`,
      });
    }
    if (multiple !== undefined && !isMultipleOf(price, multiple)) {
      error({
        rule: 'price-step',
        field: 'price',
        code: EXCHANGE_CODE.offStep,
        message: `Price must be a multiple of ${multiple}`,
      });
    }
  }
  if (qty !== undefined) {
    const { places, multiple } = gridRules(ins, 'qty');
    if (places !== undefined && significantDecimals(qty) > places) {
      error({
        rule: 'qty-precision',
        field: 'qty',
        code: EXCHANGE_CODE.tooManyDecimals,
        message: `Quantity allows at most ${plural(places, 'decimal place')}`,
      });
    }
    if (multiple !== undefined && !isMultipleOf(qty, multiple)) {
      error({
        rule: 'qty-step',
        field: 'qty',
        code: EXCHANGE_CODE.offStep,
        message: `Quantity must be a multiple of ${multiple}`,
      });
    }
    if (futures) {
      const min = toDec(ins.minOrderQty);
      if (min && min.gt(0) && compareDecimal(qty, min.toFixed()) < 0) {
        error({
          rule: 'qty-min',
          field: 'qty',
          code: EXCHANGE_CODE.qtyBelowMinimum,
          message: `Quantity must be at least ${min.toFixed()} ${ins.baseCoin}`,
        });
      }
      const max = toDec(ins.maxOrderQty);
      if (max && max.gt(0) && compareDecimal(qty, max.toFixed()) > 0) {
        error({
          rule: 'qty-max',
          field: 'qty',
          code: EXCHANGE_CODE.qtyAboveMaximum,
          message: `Quantity must be at most ${max.toFixed()} ${ins.baseCoin}`,
        });
      }
    }
  }
  // The order's value after the change: the unchanged side comes from the order as last seen.
  const minAmount = toDec(ins.minOrderAmount);
  const effQty = qty ?? (order?.qty && isPositiveDecimal(order.qty) ? order.qty : undefined);
  const effPrice = price ?? (order?.price && isPositiveDecimal(order.price) ? order.price : undefined);
  if (minAmount && minAmount.gt(0) && effQty && effPrice && (qty !== undefined || price !== undefined)) {
    const value = multiply(effQty, effPrice);
    if (compareDecimal(value, minAmount.toFixed()) < 0) {
      error({
        rule: 'min-amount',
        field: qty !== undefined ? 'qty' : 'price',
        code: EXCHANGE_CODE.amountBelowMinimum,
        message: `Order value (quantity × price) must be at least ${minAmount.toFixed()} ${ins.quoteCoin}; it would be ${value} ${ins.quoteCoin}`,
      });
    }
  }
}
