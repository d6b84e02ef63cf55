/**
 * The demo exchange's starting state (accounts, instruments, orders) as given in a `--state FILE`
 * or to startDemoExchange({ state }). Everything is checked up front, so a mistake in a hand-written
 * file is reported at start with its JSON path instead of surfacing later as an odd answer.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { isPlainDecimal, isPositiveDecimal, Dec } from '../shared/decimal';
import {
  categorySchema,
  INSTRUMENT_STATUSES,
  instrumentSchema,
  ORDER_STATUSES,
  type Instrument,
} from '../shared/schemas';
import { bundledInstruments } from './bundled-data';

const positiveDecimal = z.string().refine(isPositiveDecimal, {
  message: 'expected a positive plain decimal string such as "0.5" or "60000"',
});
const plainDecimal = z.string().refine(isPlainDecimal, {
  message: 'expected a plain decimal string such as "0" or "1.25"',
});
const msTimestamp = z.string().regex(/^\d{1,16}$/, 'expected Unix milliseconds as a string of digits');
/** Instrument fields the order rules compute with: a decimal string or "" (unset). */
const RULE_DECIMAL_FIELDS = [
  'minOrderQty',
  'maxOrderQty',
  'minOrderAmount',
  'priceMultiplier',
  'quantityMultiplier',
] as const;

const accountSchema = z.strictObject({
  uid: z.string().min(1),
  apiKey: z.string().min(1),
  secretKey: z.string().min(1),
  passphrase: z.string().min(1),
});

const stateInstrumentSchema = instrumentSchema.superRefine((inst, ctx) => {
  if (!(INSTRUMENT_STATUSES as readonly string[]).includes(inst.status)) {
    ctx.addIssue({ code: 'custom', path: ['status'], message: `expected one of ${INSTRUMENT_STATUSES.join(', ')}` });
  }
  for (const field of ['pricePrecision', 'quantityPrecision'] as const) {
    const v = inst[field];
    if (v !== undefined && !/^\d{0,2}$/.test(v)) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: 'expected a number of decimal places such as "2", or ""',
      });
    }
  }
  for (const field of RULE_DECIMAL_FIELDS) {
    const v = inst[field];
    if (v !== undefined && v !== '' && !isPlainDecimal(v)) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'expected a plain decimal string, or ""' });
    }
  }
});

const orderInputSchema = z
  .strictObject({
    uid: z.string().min(1),
    orderId: z
      .string()
      .regex(/^\d{1,19}$/, 'expected a numeric string of up to 19 digits')
      .optional(),
    clientOid: z.string().min(1).max(64).optional(),
    category: categorySchema,
    symbol: z.string().min(1),
    side: z.enum(['buy', 'sell']).optional(),
    orderType: z.enum(['limit', 'market']).optional(),
    price: positiveDecimal,
    qty: positiveDecimal,
    cumExecQty: plainDecimal.optional(),
    orderStatus: z.enum(ORDER_STATUSES).optional(),
    timeInForce: z.enum(['gtc', 'ioc', 'fok', 'post_only']).optional(),
    reduceOnly: z.enum(['YES', 'NO']).optional(),
    cancelReason: z.string().optional(),
    createdTime: msTimestamp.optional(),
    updatedTime: msTimestamp.optional(),
  })
  .superRefine((o, ctx) => {
    if (!isPositiveDecimal(o.qty) || (o.cumExecQty !== undefined && !isPlainDecimal(o.cumExecQty))) return;
    const qty = new Dec(o.qty);
    const status = o.orderStatus ?? 'live';
    const cum = o.cumExecQty === undefined ? (status === 'filled' ? qty : new Dec(0)) : new Dec(o.cumExecQty);
    const fail = (message: string): void => ctx.addIssue({ code: 'custom', path: ['cumExecQty'], message });
    if (cum.gt(qty)) fail(`filled quantity ${cum.toFixed()} exceeds qty ${o.qty}`);
    else if (status === 'filled' && !cum.eq(qty)) fail('a filled order has cumExecQty equal to qty');
    else if (status === 'partially_filled' && !(cum.gt(0) && cum.lt(qty))) {
      fail('a partially_filled order has 0 < cumExecQty < qty');
    } else if ((status === 'live' || status === 'new') && !cum.isZero()) {
      fail(`a ${status} order has nothing filled (use partially_filled)`);
    }
  });

export const stateSchema = z.strictObject({
  accounts: z.array(accountSchema).min(1),
  /** Absent: the bundled instrument set. */
  instruments: z.array(stateInstrumentSchema).optional(),
  orders: z.array(orderInputSchema).optional(),
});

export type DemoStateInput = z.input<typeof stateSchema>;
export type DemoOrderInput = z.input<typeof orderInputSchema>;
type ValidState = z.output<typeof stateSchema>;

export interface ValidatedState {
  accounts: ValidState['accounts'];
  instruments: readonly Instrument[];
  orders: NonNullable<ValidState['orders']>;
}

export interface StateIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** "orders[3].price" from ["orders", 3, "price"]. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out === '' ? '' : '.'}${String(p)}`;
  return out === '' ? '(root)' : out;
}

export class StateValidationError extends Error {
  constructor(
    readonly source: string,
    readonly issues: readonly StateIssue[],
  ) {
    const shown = issues.slice(0, 20).map((i) => `  ${formatJsonPath(i.path)}: ${i.message}`);
    if (issues.length > shown.length) shown.push(`  … and ${issues.length - shown.length} more`);
    super(`Invalid demo exchange state (${source}):\n${shown.join('\n')}`);
    this.name = 'StateValidationError';
  }
}

/** Uniqueness and cross-references the per-field schema cannot see. */
function crossCheck(state: ValidState, instruments: readonly Instrument[]): StateIssue[] {
  const issues: StateIssue[] = [];
  const uids = new Set<string>();
  const keys = new Set<string>();
  state.accounts.forEach((a, i) => {
    if (uids.has(a.uid)) issues.push({ path: ['accounts', i, 'uid'], message: `duplicate account uid "${a.uid}"` });
    if (keys.has(a.apiKey)) issues.push({ path: ['accounts', i, 'apiKey'], message: 'duplicate apiKey' });
    uids.add(a.uid);
    keys.add(a.apiKey);
  });
  const instrumentKeys = new Set<string>();
  state.instruments?.forEach((inst, i) => {
    const key = `${inst.category}:${inst.symbol}`;
    if (instrumentKeys.has(key)) {
      issues.push({
        path: ['instruments', i, 'symbol'],
        message: `duplicate instrument ${inst.category} ${inst.symbol}`,
      });
    }
    instrumentKeys.add(key);
  });
  const known = new Set(instruments.map((inst) => `${inst.category}:${inst.symbol}`));
  const orderIds = new Set<string>();
  const clientOids = new Set<string>();
  state.orders?.forEach((o, i) => {
    if (!uids.has(o.uid)) {
      issues.push({
        path: ['orders', i, 'uid'],
        message: `unknown account uid "${o.uid}" (expected one of: ${[...uids].join(', ')})`,
      });
    }
    if (!known.has(`${o.category}:${o.symbol}`)) {
      issues.push({
        path: ['orders', i, 'symbol'],
        message: `no instrument ${o.symbol} in category ${o.category}${state.instruments ? '' : ' of the bundled set'}`,
      });
    }
    if (o.orderId !== undefined) {
      if (orderIds.has(o.orderId))
        issues.push({ path: ['orders', i, 'orderId'], message: `duplicate orderId ${o.orderId}` });
      orderIds.add(o.orderId);
    }
    if (o.clientOid !== undefined) {
      const key = `${o.uid}\u0000${o.clientOid}`;
      if (clientOids.has(key)) {
        issues.push({
          path: ['orders', i, 'clientOid'],
          message: `duplicate clientOid "${o.clientOid}" for uid ${o.uid}`,
        });
      }
      clientOids.add(key);
    }
  });
  return issues;
}

/** Checks a state (parsed JSON or an object literal); throws StateValidationError naming every problem. */
export function validateState(input: unknown, source = 'state'): ValidatedState {
  const parsed = stateSchema.safeParse(input);
  if (!parsed.success) {
    throw new StateValidationError(
      source,
      parsed.error.issues.map((i) => ({ path: i.path, message: i.message })),
    );
  }
  // The caller's instrument objects as given: parsing reorders keys, and field order is part of
  // what a client sees on the wire.
  const given = (input as { instruments?: Instrument[] }).instruments;
  const instruments = given ?? bundledInstruments();
  const issues = crossCheck(parsed.data, instruments);
  if (issues.length > 0) throw new StateValidationError(source, issues);
  return { accounts: parsed.data.accounts, instruments, orders: parsed.data.orders ?? [] };
}

/** Reads and validates a state file; the Error's message names the file, the JSON path and the expectation. */
export function loadStateFile(path: string): DemoStateInput {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`Cannot read demo exchange state file ${path}: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`Demo exchange state file ${path} is not valid JSON: ${(e as Error).message}`);
  }
  validateState(json, path);
  return json as DemoStateInput;
}
