/**
 * Undoing an earlier amend (one item of a run, or a single amend): the one home of the rules that
 * say whether its order is still as the amend left it and may go back to the values recorded
 * before it. Main's revert preview reads each order fresh and asks planRevertRow; main's check of a
 * revert run's items, just before they are sent, asks modifiedSince again against its own read.
 * Values are the recorded decimal strings, never passed through a float.
 */
import { currentValues, excluded, OPEN_ORDER_STATUSES, statusWords, type PlanRow } from './plan-row';
import type { ExclusionReason } from './plan-row-values';
import { knownOrderOf } from './amend-draft';
import { checkAmend } from './amend-rules';
import type { Attempt } from './attempts';
import { changeText } from './change-text';
import { toDec } from './decimal';
import { EXCHANGE_CODE } from './errors';
import { categorySchema, type Instrument, type ModifyOrderRequest, type Order } from './schemas';
import { priceStep, quantityStep, type Grid } from './steps';

/** What the reverted amend left on the order: a revert goes only while the order still shows it. */
export interface RevertExpect {
  price?: string;
  qty?: string;
}

/** What undoing one amend sends, and what the order must still show for it to be sent. */
export interface RevertTarget {
  request: ModifyOrderRequest;
  expect: RevertExpect;
}

export interface RevertRefusal {
  reason: ExclusionReason;
  message: string;
}

/** A preview row of a revert: the amend-many planner's row, and the attempt it undoes. */
export type RevertRow = PlanRow & { attemptId: string };

/**
 * The value recorded before, written as the grid allows: trailing zeros beyond the instrument's
 * decimals dropped ("0.10" at one decimal is "0.1"), never rounded otherwise (a value now off the
 * grid is the rules' to refuse, in words). String work only.
 */
export function restoredValue(old: string, grid: Grid | undefined): string {
  const v = old.trim();
  const dot = v.indexOf('.');
  if (!grid || dot < 0) return v;
  const frac = v.slice(dot + 1);
  if (frac.length <= grid.places || /[^0]/.test(frac.slice(grid.places))) return v;
  return grid.places === 0 ? v.slice(0, dot) : `${v.slice(0, dot)}.${frac.slice(0, grid.places)}`;
}

const same = (a: string | undefined, b: string | undefined): boolean => {
  const x = toDec(a);
  const y = toDec(b);
  return x !== undefined && y !== undefined && x.eq(y);
};

/** What undoing this attempt sends and expects, from its record alone; or why it cannot be undone. */
export function revertOf(attempt: Attempt): RevertTarget | RevertRefusal {
  const { request, before, after } = attempt;
  if (attempt.status !== 'applied') {
    return {
      reason: 'not-applied',
      message: `The amend was not applied (${attempt.status}): there is nothing to undo`,
    };
  }
  if (!before) {
    return {
      reason: 'not-applied',
      message: 'The order was not read before this amend: there are no earlier values to go back to',
    };
  }
  const price = request.price !== undefined;
  const qty = request.qty !== undefined;
  if ((price && !before.price) || (qty && !before.qty) || (!price && !qty)) {
    return { reason: 'not-applied', message: 'No earlier price or quantity of this amend is recorded' };
  }
  const orderId = after?.orderId || before.orderId || request.orderId;
  const clientOid = after?.clientOid || before.clientOid || request.clientOid;
  const category = categorySchema.safeParse((request.category ?? before.category ?? '').toUpperCase());
  const symbol = request.symbol ?? before.symbol;
  return {
    request: {
      ...(orderId ? { orderId } : { clientOid }),
      ...(category.success ? { category: category.data } : {}),
      ...(symbol ? { symbol } : {}),
      ...(price ? { price: before.price } : {}),
      ...(qty ? { qty: before.qty } : {}),
      autoCancel: 'no',
    },
    expect: {
      ...((price ? request.price : (after?.price ?? before.price)) !== undefined
        ? { price: price ? request.price : (after?.price ?? before.price) }
        : {}),
      ...((qty ? request.qty : (after?.qty ?? before.qty)) !== undefined
        ? { qty: qty ? request.qty : (after?.qty ?? before.qty) }
        : {}),
    },
  };
}

/** Words when the order no longer shows what the reverted amend left on it, else undefined. */
export function modifiedSince(order: Pick<Order, 'price' | 'qty'>, expect: RevertExpect): string | undefined {
  const parts: string[] = [];
  if (expect.price !== undefined && !same(order.price, expect.price)) {
    parts.push(`its price is now ${order.price || 'none'}, not ${expect.price}`);
  }
  if (expect.qty !== undefined && !same(order.qty, expect.qty)) {
    parts.push(`its quantity is now ${order.qty || 'none'}, not ${expect.qty}`);
  }
  return parts.length ? `Modified since the amend: ${parts.join(', and ')}. It is left as it is` : undefined;
}

export interface RevertRowInput {
  attempt: Attempt;
  /** The order as read just now; absent when it could not be read (readError says why). */
  order?: Order;
  readError?: string;
  instrument?: Instrument;
  instrumentNotFound?: boolean;
  now?: number;
}

/** One applied amend under Revert: ready to go back, refused by today's rules, or excluded with why. */
export function planRevertRow(input: RevertRowInput): RevertRow {
  const { attempt, order } = input;
  const target = revertOf(attempt);
  const snap = order ?? attempt.after ?? attempt.before;
  const side = order?.side?.trim().toLowerCase() || undefined;
  const category = (('request' in target ? target.request.category : undefined) ?? snap?.category ?? '').toUpperCase();
  const row: RevertRow = {
    attemptId: attempt.id,
    orderId: snap?.orderId || attempt.request.orderId || '',
    ...(snap?.clientOid || attempt.request.clientOid
      ? { clientOid: snap?.clientOid || attempt.request.clientOid }
      : {}),
    category,
    symbol: snap?.symbol ?? attempt.request.symbol ?? '',
    ...(side ? { side } : {}),
    status: 'excluded',
    current: currentValues(order),
    next: {},
    errors: [],
    warnings: [],
  };
  const exclude = (reason: ExclusionReason, message: string, code?: string): RevertRow =>
    excluded(row, reason, message, code);
  if (!('request' in target)) return exclude(target.reason, target.message);
  const { request, expect } = target;
  const grids = {
    price: input.instrument ? priceStep(input.instrument) : undefined,
    qty: input.instrument ? quantityStep(input.instrument) : undefined,
  };
  if (request.price !== undefined) row.next.price = restoredValue(request.price, grids.price);
  if (request.qty !== undefined) row.next.qty = restoredValue(request.qty, grids.qty);
  if (!order) return exclude('unreadable', `The order could not be read: ${input.readError ?? 'no answer'}`);
  if (!OPEN_ORDER_STATUSES.includes(order.orderStatus)) {
    return exclude(
      'not-open',
      `The order is ${statusWords(order.orderStatus)} now: only an open order can go back`,
      EXCHANGE_CODE.notModifiable,
    );
  }
  const changed = modifiedSince(order, expect);
  if (changed) return exclude('modified-since', changed);
  const filled = toDec(order.cumExecQty);
  if (row.next.qty !== undefined && filled?.gt(0) && filled.gte(row.next.qty)) {
    return exclude(
      'below-filled',
      `${order.cumExecQty} is filled now: the earlier quantity ${row.next.qty} is at or below it, so it cannot go back`,
    );
  }
  if (!input.instrument) {
    return exclude(
      'no-instrument',
      input.instrumentNotFound
        ? `${category} ${row.symbol} is no longer listed by the exchange`
        : `The rules of ${category} ${row.symbol} could not be read: its steps and limits are unknown`,
    );
  }
  const known = knownOrderOf(order, category);
  const report = checkAmend(
    { ...request, ...row.next },
    { instrument: input.instrument, order: known, ...(input.now !== undefined ? { now: input.now } : {}) },
  );
  return {
    ...row,
    status: report.ok ? 'ready' : 'refused',
    request: report.request,
    change: changeText(report.request, row.current),
    errors: report.errors,
    warnings: report.warnings,
  };
}
