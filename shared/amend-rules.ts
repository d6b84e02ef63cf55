/**
 * The amend rules of Modify Order, checked before anything is sent: by the renderer for instant
 * feedback and by main (and the CLI) as the authority. Every message names the rule's allowed value.
 * Each error carries the exchange code it would have produced, so a rule the exchange enforces and
 * the desk's check can be compared.
 */
import {
  compareDecimal,
  isMultipleOf,
  isPositiveDecimal,
  multiply,
  normalizeDecimal,
  relativeDistance,
  significantDecimals,
  toDec,
} from './decimal';
import { EXCHANGE_CODE } from './errors';
import { CATEGORIES, isFuturesCategory, TRADABLE_STATUSES, type Instrument, type ModifyOrderRequest } from './schemas';
import { gridRules, moveBySteps, priceStep, quantityStep, roundToStep } from './steps';

export interface AmendDraft {
  orderId?: string;
  clientOid?: string;
  qty?: string;
  price?: string;
  autoCancel?: string;
  symbol?: string;
  category?: string;
}

/** What is known of the order being amended (from Get Order Details). */
export interface KnownOrder {
  orderId?: string;
  clientOid?: string;
  category: string;
  symbol: string;
  price?: string;
  qty?: string;
  cumExecQty?: string;
  orderStatus: string;
  /** "YES"/"NO" from Get Order Details ("yes"/"no" in pushes): a reduce-only order cannot be modified. */
  reduceOnly?: string;
}

export interface AmendContext {
  instrument?: Instrument;
  /** Category and symbol were looked up and the exchange does not list that instrument. */
  instrumentNotFound?: boolean;
  order?: KnownOrder;
  /** Current time (ms) for the instrument's maintenance time; without it a scheduled halt is only a warning. */
  now?: number;
  /** Relative price distance from the current price above which a warning is shown (default 0.1 = 10 %). */
  farPriceRatio?: string;
}

export type AmendField =
  'orderId' | 'clientOid' | 'qty' | 'price' | 'autoCancel' | 'symbol' | 'category' | 'order' | 'instrument';

export interface RuleIssue {
  rule: string;
  field: AmendField;
  severity: 'error' | 'warning';
  message: string;
  /** Exchange code the exchange would answer for this, when it checks it at request time. */
  code?: string;
  /** The nearest values that pass every rule of this field: at most one below and one above the value typed. */
  fixes?: string[];
}

export interface AmendReport {
  ok: boolean;
  errors: RuleIssue[];
  warnings: RuleIssue[];
  /**
   * One error per field, in the order the fields first fail: the most fundamental of the field's
   * errors (a value below the minimum before its decimals), with the exchange's code of the first
   * check the exchange would fail, and for Quantity and Price the nearest values that pass.
   * What the desk shows; `errors` keeps every rule broken.
   */
  problems: RuleIssue[];
  /** The normalized body to send (trimmed, empties dropped); only meaningful when ok. */
  request: ModifyOrderRequest;
}

const DEFAULT_FAR_PRICE_RATIO = '0.1';

function clean(v: string | undefined): string | undefined {
  const t = v?.trim();
  return t ? t : undefined;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function checkAmend(draft: AmendDraft, ctx: AmendContext = {}): AmendReport {
  const report = checkRules(draft, ctx);
  return { ...report, problems: oneProblemPerField(report.errors, draft, ctx) };
}

function checkRules(draft: AmendDraft, ctx: AmendContext): Omit<AmendReport, 'problems'> {
  const errors: RuleIssue[] = [];
  const warnings: RuleIssue[] = [];
  const error = (i: Omit<RuleIssue, 'severity'>) => errors.push({ ...i, severity: 'error' });
  const warn = (i: Omit<RuleIssue, 'severity'>) => warnings.push({ ...i, severity: 'warning' });

  const orderId = clean(draft.orderId);
  const clientOid = clean(draft.clientOid);
  const qty = clean(draft.qty);
  const price = clean(draft.price);
  const symbol = clean(draft.symbol);
  const category = clean(draft.category);
  const autoCancel = clean(draft.autoCancel) ?? 'no';
  const { instrument, order } = ctx;

  // --- identity and change (the specification's request rules) ---
  if (!orderId && !clientOid) {
    error({
      rule: 'identity-required',
      field: 'orderId',
      code: EXCHANGE_CODE.parameterInvalid,
      message: 'Give an Order ID or a Client order ID',
    });
  } else if (orderId && clientOid && !(ctx.order?.orderId === orderId && ctx.order.clientOid === clientOid)) {
    warn({
      rule: 'identity-both',
      field: 'clientOid',
      message: `Both IDs are given: the Order ID ${orderId} wins (the specification's rule); the Client order ID ${clientOid} is not used to find the order`,
    });
  }
  if (!qty && !price) {
    error({
      rule: 'change-required',
      field: 'qty',
      code: EXCHANGE_CODE.parameterInvalid,
      message: 'Give a new quantity or a new price (or both)',
    });
  }
  const qtyValid = qty !== undefined && isPositiveDecimal(qty);
  const priceValid = price !== undefined && isPositiveDecimal(price);
  if (qty !== undefined && !qtyValid) {
    error({
      rule: 'qty-format',
      field: 'qty',
      code: EXCHANGE_CODE.parameterInvalid,
      message: 'Quantity must be a positive decimal number such as 0.5',
    });
  }
  if (price !== undefined && !priceValid) {
    error({
      rule: 'price-format',
      field: 'price',
      code: EXCHANGE_CODE.parameterInvalid,
      message: 'Price must be a positive decimal number such as 101.25',
    });
  }
  if (autoCancel !== 'yes' && autoCancel !== 'no') {
    error({
      rule: 'auto-cancel-value',
      field: 'autoCancel',
      code: EXCHANGE_CODE.parameterInvalid,
      message: 'Auto-cancel must be yes or no',
    });
  }
  if (category !== undefined && !(CATEGORIES as readonly string[]).includes(category)) {
    error({
      rule: 'category-value',
      field: 'category',
      code: EXCHANGE_CODE.parameterInvalid,
      message: `Category must be one of ${CATEGORIES.join(', ')}`,
    });
  }

  // --- the order as last seen ---
  if (order) {
    // orderId wins when both are given, so the loaded order must be the one orderId names.
    const mismatch = orderId
      ? order.orderId !== undefined && order.orderId !== orderId
      : clientOid !== undefined && order.clientOid !== undefined && order.clientOid !== clientOid;
    if (mismatch) {
      error({
        rule: 'order-identity',
        field: orderId ? 'orderId' : 'clientOid',
        message: `The loaded order is ${order.orderId ?? order.clientOid}, not the one named here: load the order again`,
      });
    }
    if (symbol && symbol !== order.symbol) {
      error({
        rule: 'symbol-match',
        field: 'symbol',
        code: EXCHANGE_CODE.parameterInvalid,
        message: `Symbol must match the order's symbol ${order.symbol}`,
      });
    }
    if (category && category !== order.category) {
      error({
        rule: 'category-match',
        field: 'category',
        code: EXCHANGE_CODE.parameterInvalid,
        message: `Category must match the order's category ${order.category}`,
      });
    }
    if (order.orderStatus === 'filled') {
      error({
        rule: 'order-filled',
        field: 'order',
        code: EXCHANGE_CODE.notModifiable,
        message: 'The order is completely filled and can no longer be modified',
      });
    } else if (order.orderStatus === 'cancelled') {
      error({
        rule: 'order-cancelled',
        field: 'order',
        code: EXCHANGE_CODE.notModifiable,
        message: 'The order is cancelled and can no longer be modified',
      });
    } else if (order.reduceOnly?.toUpperCase() === 'YES') {
      // exchange-facts.md: "reduce-only orders cannot be modified" (answered as not modifiable).
      error({
        rule: 'order-reduce-only',
        field: 'order',
        code: EXCHANGE_CODE.notModifiable,
        message: 'The order is reduce-only, and reduce-only orders cannot be modified',
      });
    }
    const filled = toDec(order.cumExecQty);
    if (qtyValid && filled && filled.gt(0) && compareDecimal(qty, filled.toFixed()) <= 0) {
      error({
        rule: 'qty-above-filled',
        field: 'qty',
        message: `Quantity must be greater than the filled quantity ${filled.toFixed()}${instrument ? ` ${instrument.baseCoin}` : ''}`,
      });
    }
    const samePrice = !price || (priceValid && order.price !== undefined && toDec(order.price)?.eq(price));
    const sameQty = !qty || (qtyValid && order.qty !== undefined && toDec(order.qty)?.eq(qty));
    if ((qty || price) && samePrice && sameQty && (qtyValid || priceValid)) {
      warn({
        rule: 'no-change',
        field: 'order',
        code: EXCHANGE_CODE.unchanged,
        message: 'The new values are the same as the current ones: nothing would change',
      });
    }
    if (priceValid && order.price) {
      const far = relativeDistance(price, order.price);
      const limit = ctx.farPriceRatio ?? DEFAULT_FAR_PRICE_RATIO;
      if (far && far.gt(limit)) {
        warn({
          rule: 'price-far',
          field: 'price',
          message: `The new price is ${far.mul(100).toDecimalPlaces(1).toFixed()} % away from the current price ${normalizeDecimal(order.price)}`,
        });
      }
    }
  } else if (orderId || clientOid) {
    warn({
      rule: 'order-not-loaded',
      field: 'order',
      message: 'The order is not loaded: its status, filled quantity and current values are not checked',
    });
  }

  // --- the instrument's rules ---
  if (instrument) {
    if ((symbol && instrument.symbol !== symbol) || (category && instrument.category !== category)) {
      error({
        rule: 'instrument-match',
        field: 'instrument',
        message: `The instrument checked is ${instrument.category} ${instrument.symbol}, not the one named here: check category and symbol`,
      });
    }
    const change = { qty: qtyValid ? qty : undefined, price: priceValid ? price : undefined };
    checkInstrument(instrument, change, order, ctx.now, error, warn);
  } else if (ctx.instrumentNotFound) {
    error({
      rule: 'instrument-exists',
      field: 'symbol',
      code: EXCHANGE_CODE.pairUnknown,
      message: `${category ?? '?'} ${symbol ?? '?'} is not among the exchange's instruments: check category and symbol`,
    });
  } else {
    warn({
      rule: 'instrument-unknown',
      field: 'instrument',
      message: 'Category and symbol are unknown: precision, steps and limits are not checked',
    });
  }

  const request: ModifyOrderRequest = {
    ...(orderId ? { orderId } : {}),
    ...(clientOid ? { clientOid } : {}),
    ...(qty ? { qty } : {}),
    ...(price ? { price } : {}),
    autoCancel: autoCancel === 'yes' ? 'yes' : 'no',
    ...(symbol ? { symbol } : {}),
    ...(category && (CATEGORIES as readonly string[]).includes(category)
      ? { category: category as ModifyOrderRequest['category'] }
      : {}),
  };
  return { ok: errors.length === 0, errors, warnings, request };
}

/** limitOpenTime / offTime carry "", "-1" or "0" when unset; any other value is a Unix ms time. */
function scheduledTime(v: string | undefined): number | undefined {
  const t = v?.trim();
  if (!t || t === '-1' || t === '0' || !/^\d+$/.test(t)) return undefined;
  return Number(t);
}

type Report = (i: Omit<RuleIssue, 'severity'>) => void;

function checkInstrument(
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

/**
 * Which of a field's errors is said: the one no rounding can cure comes first (a bad format, a
 * quantity at or below the filled one, below the minimum, an order value too small, above the
 * maximum), then the step, which says more than the decimals it implies.
 */
const RULE_RANK: Readonly<Record<string, number>> = {
  'qty-format': 0,
  'price-format': 0,
  'qty-above-filled': 1,
  'qty-min': 2,
  'min-amount': 3,
  'qty-max': 4,
  'qty-step': 5,
  'price-step': 5,
  'qty-precision': 6,
  'price-precision': 6,
};
const rank = (i: RuleIssue): number => RULE_RANK[i.rule] ?? 0;

/** Rules a nearby value cures: a fix is offered for them. */
const FIXABLE = new Set([
  'qty-above-filled',
  'qty-min',
  'min-amount',
  'qty-max',
  'qty-step',
  'price-step',
  'qty-precision',
  'price-precision',
]);

function oneProblemPerField(errors: RuleIssue[], draft: AmendDraft, ctx: AmendContext): RuleIssue[] {
  const fields: AmendField[] = [];
  for (const e of errors) if (!fields.includes(e.field)) fields.push(e.field);
  return fields.map((field) => {
    const mine = errors.filter((e) => e.field === field);
    const said = mine.reduce((a, b) => (rank(b) < rank(a) ? b : a));
    // The code is the first check the exchange would answer at request time: the rules run in its order.
    const code = mine.find((e) => e.code)?.code;
    const fixes =
      (field === 'qty' || field === 'price') && FIXABLE.has(said.rule) ? nearestValid(field, draft, ctx) : [];
    return { ...said, ...(code ? { code } : {}), ...(fixes.length ? { fixes } : {}) };
  });
}

/**
 * The values of `field` nearest the one typed, below and above, that pass every rule of that field
 * (checked by the rules themselves): the grid values either side, and the bounds put on the grid (the minimum, the
 * least value above the filled quantity, the least making the order value, the maximum).
 */
function nearestValid(field: 'qty' | 'price', draft: AmendDraft, ctx: AmendContext): string[] {
  const ins = ctx.instrument;
  const typed = clean(draft[field]);
  const grid = ins ? (field === 'price' ? priceStep(ins) : quantityStep(ins)) : undefined;
  if (!ins || !grid || !typed || !isPositiveDecimal(typed)) return [];
  const up = (v: string | undefined) => (v && isPositiveDecimal(v) ? roundToStep(v, grid, 'up')?.value : undefined);
  const candidates = [roundToStep(typed, grid, 'down')?.value, roundToStep(typed, grid, 'up')?.value];
  const minAmount = toDec(ins.minOrderAmount);
  const other = field === 'qty' ? (clean(draft.price) ?? ctx.order?.price) : (clean(draft.qty) ?? ctx.order?.qty);
  if (minAmount?.gt(0) && other && isPositiveDecimal(other)) {
    candidates.push(up(minAmount.div(other).toFixed()));
  }
  if (field === 'qty') {
    if (isFuturesCategory(ins.category)) {
      candidates.push(up(ins.minOrderQty));
      const max = toDec(ins.maxOrderQty);
      if (max?.gt(0)) candidates.push(roundToStep(max.toFixed(), grid, 'down')?.value);
    }
    const filled = toDec(ctx.order?.cumExecQty);
    if (filled?.gt(0)) candidates.push(moveBySteps(filled.toFixed(), grid, 1)?.value);
  }
  const passes = (v: string) =>
    isPositiveDecimal(v) && !checkRules({ ...draft, [field]: v }, ctx).errors.some((e) => e.field === field);
  const valid = [...new Set(candidates.filter((v): v is string => v !== undefined))].filter(passes);
  // The nearest below and the nearest above: a value far off is no fix for a slip.
  const below = valid
    .filter((v) => compareDecimal(v, typed) < 0)
    .sort(compareDecimal)
    .pop();
  const above = valid.filter((v) => compareDecimal(v, typed) >= 0).sort(compareDecimal)[0];
  return [below, above].filter((v): v is string => v !== undefined);
}
