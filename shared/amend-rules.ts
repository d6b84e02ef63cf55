/**
 * The amend rules of Modify Order, checked before anything is sent: by the renderer for instant
 * feedback and by main (and the CLI) as the authority. Every message names the rule's allowed value.
 * Each error carries the exchange code it would have produced, so a rule the exchange enforces and
 * the desk's check can be compared.
 *
 * Here: the request's own rules and the order's. The instrument's are in instrument-rules.ts, which
 * problem is shown per field and its fixes in amend-problems.ts, the types in amend-draft.ts.
 */
import { compareDecimal, isPositiveDecimal, normalizeDecimal, relativeDistance, toDec } from './decimal';
import { EXCHANGE_CODE } from './errors';
import { CATEGORIES, type ModifyOrderRequest } from './schemas';
import { clean, type AmendContext, type AmendDraft, type AmendReport, type RuleIssue } from './amend-draft';
import { oneProblemPerField } from './amend-problems';
import { checkInstrument } from './instrument-rules';

const DEFAULT_FAR_PRICE_RATIO = '0.1';

/** Rules that say the order itself cannot be modified (filled, cancelled, reduce-only): no value typed cures them. */
export const ORDER_CLOSED_RULES: readonly string[] = ['order-filled', 'order-cancelled', 'order-reduce-only'];

/** Why the order cannot be modified at all, when one of the issues says so: then nothing else is worth asking. */
export function orderClosedIssue(issues: readonly RuleIssue[]): RuleIssue | undefined {
  return issues.find((i) => ORDER_CLOSED_RULES.includes(i.rule));
}

export function checkAmend(draft: AmendDraft, ctx: AmendContext = {}): AmendReport {
  const report = checkRules(draft, ctx);
  return { ...report, problems: oneProblemPerField(report.errors, draft, ctx, checkRules) };
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
