/**
 * The bundled starting state: the two demo accounts, the bundled instruments, a handful of named
 * orders the UI, docs and e2e suite refer to, and a few hundred generated open orders so that
 * Get Open Orders pages. Generated with a fixed seed; only the times follow the start time.
 */
import { Dec } from '../shared/decimal';
import { isFuturesCategory, TRADABLE_STATUSES, type Category, type Instrument } from '../shared/schemas';
import { DEMO_ACCOUNT, OTHER_ACCOUNT } from './accounts';
import { bundledInstruments, referencePrice } from './bundled-data';
import { priceStep, quantityStep } from './instrument-catalog';
import { Prng } from './prng';
import type { DemoOrderInput, DemoStateInput } from './state-schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const GENERATED_OPEN_ORDERS = 300;
const GENERATED_HISTORY_ORDERS = 20;

/** Orders with fixed ids and clientOids, named in the README, the UI's empty states and the e2e suite. */
function namedOrders(now: number): DemoOrderInput[] {
  const demo = DEMO_ACCOUNT.uid;
  const other = OTHER_ACCOUNT.uid;
  const at = (ago: number): string => String(now - ago);
  return [
    {
      uid: demo,
      orderId: '1387296516478935041',
      clientOid: 'demo-btc-open',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price: '60000.0',
      qty: '0.0100',
      cumExecQty: '0',
      orderStatus: 'live',
      createdTime: at(2 * HOUR),
      updatedTime: at(2 * HOUR),
    },
    {
      uid: demo,
      orderId: '1387296516478935042',
      clientOid: 'demo-eth-filled',
      category: 'USDT-FUTURES',
      symbol: 'ETHUSDT',
      side: 'buy',
      orderType: 'limit',
      price: '3150.00',
      qty: '0.50',
      cumExecQty: '0.50',
      orderStatus: 'filled',
      createdTime: at(5 * HOUR),
      updatedTime: at(5 * HOUR - 4 * MINUTE),
    },
    {
      uid: demo,
      orderId: '1387296516478935043',
      clientOid: 'demo-sol-partial',
      category: 'SPOT',
      symbol: 'SOLUSDT',
      side: 'sell',
      orderType: 'limit',
      price: '152.40',
      qty: '10.000',
      cumExecQty: '4.000',
      orderStatus: 'partially_filled',
      createdTime: at(3 * HOUR),
      updatedTime: at(2 * HOUR + 17 * MINUTE),
    },
    {
      uid: demo,
      orderId: '1387296516478935044',
      clientOid: 'demo-xrp-cancelled',
      category: 'USDT-FUTURES',
      symbol: 'XRPUSDT',
      side: 'sell',
      orderType: 'limit',
      price: '2.4000',
      qty: '100',
      cumExecQty: '0',
      orderStatus: 'cancelled',
      createdTime: at(26 * HOUR),
      updatedTime: at(25 * HOUR),
    },
    // A reduce-only order: the exchange does not modify it (25568), and the desk says so before sending.
    {
      uid: demo,
      orderId: '1387296516478935049',
      clientOid: 'demo-eth-reduce-only',
      category: 'USDT-FUTURES',
      symbol: 'ETHUSDT',
      side: 'sell',
      orderType: 'limit',
      price: '3400.00',
      qty: '0.20',
      reduceOnly: 'YES',
      createdTime: at(70 * MINUTE),
    },
    // Orders resting on instruments that stopped trading: modifying them answers 25102 / 25101.
    {
      uid: demo,
      orderId: '1387296516478935045',
      clientOid: 'demo-offline-open',
      category: 'USDT-FUTURES',
      symbol: 'AGIXUSDT',
      side: 'buy',
      price: priceNear('USDT-FUTURES', 'AGIXUSDT', '0.9'),
      qty: qtyFor('USDT-FUTURES', 'AGIXUSDT', '50'),
      createdTime: at(40 * DAY),
    },
    {
      uid: demo,
      orderId: '1387296516478935046',
      clientOid: 'demo-restricted-open',
      category: 'USDT-FUTURES',
      symbol: 'ZILUSDT',
      side: 'sell',
      price: priceNear('USDT-FUTURES', 'ZILUSDT', '1.1'),
      qty: qtyFor('USDT-FUTURES', 'ZILUSDT', '50'),
      createdTime: at(9 * DAY),
    },
    {
      uid: demo,
      orderId: '1387296516478935047',
      clientOid: 'demo-eth-spot-open',
      category: 'SPOT',
      symbol: 'ETHUSDT',
      side: 'buy',
      price: '2950.0',
      qty: '0.2500',
      createdTime: at(50 * MINUTE),
    },
    {
      uid: demo,
      orderId: '1387296516478935048',
      clientOid: 'demo-btc-coin-open',
      category: 'COIN-FUTURES',
      symbol: 'BTCUSD',
      side: 'sell',
      price: '99500.0',
      qty: '0.050',
      createdTime: at(7 * HOUR),
    },
    {
      uid: other,
      orderId: '1387296516478936001',
      clientOid: 'other-btc-open',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      price: '58000.0',
      qty: '0.0200',
      createdTime: at(4 * HOUR),
    },
    {
      uid: other,
      orderId: '1387296516478936002',
      clientOid: 'other-eth-open',
      category: 'SPOT',
      symbol: 'ETHUSDT',
      side: 'sell',
      price: '3400.0',
      qty: '0.5000',
      createdTime: at(90 * MINUTE),
    },
    {
      uid: other,
      orderId: '1387296516478936003',
      clientOid: 'other-sol-partial',
      category: 'USDT-FUTURES',
      symbol: 'SOLUSDT',
      side: 'buy',
      price: '138.500',
      qty: '20.0',
      cumExecQty: '5.0',
      orderStatus: 'partially_filled',
      createdTime: at(6 * HOUR),
    },
    {
      uid: other,
      orderId: '1387296516478936004',
      clientOid: 'other-xrp-filled',
      category: 'USDT-FUTURES',
      symbol: 'XRPUSDT',
      side: 'sell',
      price: '2.3000',
      qty: '250',
      orderStatus: 'filled',
      createdTime: at(30 * HOUR),
    },
  ];
}

let bundledIndex: Map<string, Instrument> | undefined;

function instrument(category: Category, symbol: string): Instrument {
  bundledIndex ??= new Map(bundledInstruments().map((i) => [`${i.category}:${i.symbol}`, i]));
  const inst = bundledIndex.get(`${category}:${symbol}`);
  if (!inst) throw new Error(`bundled instrument ${category} ${symbol} missing`);
  return inst;
}

function snapDown(value: Dec, step: Dec): Dec {
  return value.div(step).floor().mul(step);
}

function snapUp(value: Dec, step: Dec): Dec {
  return value.div(step).ceil().mul(step);
}

/** A valid price at `factor` times the reference price. */
function priceNear(category: Category, symbol: string, factor: string): string {
  const inst = instrument(category, symbol);
  const { step } = priceStep(inst);
  const raw = new Dec(referencePrice(category, symbol) ?? '1').mul(factor);
  const price = Dec.max(snapDown(raw, step), step);
  return price.toFixed(Number(inst.pricePrecision || '0'));
}

/** A valid quantity worth about `notional` quote coin at the reference price, within every bound. */
function qtyFor(category: Category, symbol: string, notional: string, priceText?: string): string {
  const inst = instrument(category, symbol);
  const { step } = quantityStep(inst);
  const price = new Dec(priceText ?? referencePrice(category, symbol) ?? '1');
  const futures = isFuturesCategory(inst.category);
  let q = snapUp(new Dec(notional).div(price), step);
  const minAmount = new Dec(inst.minOrderAmount || '0');
  if (q.mul(price).lt(minAmount)) q = snapUp(minAmount.div(price), step);
  if (futures && inst.minOrderQty && q.lt(inst.minOrderQty)) q = snapUp(new Dec(inst.minOrderQty), step);
  const max = new Dec(inst.maxOrderQty || '0');
  if (futures && !max.isZero() && q.gt(max)) q = snapDown(max, step);
  return Dec.max(q, step).toFixed(Number(inst.quantityPrecision || '0'));
}

const CATEGORY_WEIGHTS: ReadonlyArray<readonly [Category, number]> = [
  ['SPOT', 35],
  ['USDT-FUTURES', 35],
  ['MARGIN', 10],
  ['USDC-FUTURES', 12],
  ['COIN-FUTURES', 8],
];

function pickCategory(rng: Prng): Category {
  let r = rng.int(1, 100);
  for (const [c, w] of CATEGORY_WEIGHTS) {
    if ((r -= w) <= 0) return c;
  }
  return 'SPOT';
}

/** Instruments an order may rest on: tradable, quoted in a dollar coin, with a reference price. */
function orderableByCategory(): Map<Category, Instrument[]> {
  const out = new Map<Category, Instrument[]>();
  for (const inst of bundledInstruments()) {
    if (!TRADABLE_STATUSES.includes(inst.status)) continue;
    if (!['USDT', 'USDC', 'USD'].includes(inst.quoteCoin)) continue;
    if (!referencePrice(inst.category, inst.symbol)) continue;
    const list = out.get(inst.category) ?? [];
    list.push(inst);
    out.set(inst.category, list);
  }
  return out;
}

function generatedOrders(now: number): DemoOrderInput[] {
  const rng = new Prng(20261122);
  const byCategory = orderableByCategory();
  const ids = new Set<string>();
  const newId = (): string => {
    let id = `13${rng.digits(17)}`;
    while (ids.has(id)) id = `13${rng.digits(17)}`;
    ids.add(id);
    return id;
  };
  const orders: DemoOrderInput[] = [];
  for (let i = 0; i < GENERATED_OPEN_ORDERS + GENERATED_HISTORY_ORDERS; i++) {
    const history = i >= GENERATED_OPEN_ORDERS;
    const list = byCategory.get(pickCategory(rng)) ?? [];
    // Half the orders sit on the most liquid pairs, as on a real desk.
    const inst = rng.chance(0.5) ? rng.pick(list.slice(0, 15)) : rng.pick(list);
    const side = rng.chance(0.5) ? 'buy' : 'sell';
    const distance = new Dec(rng.int(5, 80)).div(1000);
    const factor = (side === 'buy' ? new Dec(1).minus(distance) : new Dec(1).plus(distance)).toFixed();
    const price = priceNear(inst.category, inst.symbol, factor);
    const qty = qtyFor(inst.category, inst.symbol, String(rng.pick([10, 25, 50, 100, 250, 500, 1000, 2500])), price);
    const created = now - rng.int(1, 20 * 24 * 60) * MINUTE - rng.int(0, 59_999);
    const order: DemoOrderInput = {
      uid: DEMO_ACCOUNT.uid,
      orderId: newId(),
      clientOid: `gen-${inst.symbol.toLowerCase()}-${String(i).padStart(3, '0')}`,
      category: inst.category,
      symbol: inst.symbol,
      side,
      orderType: 'limit',
      price,
      qty,
      timeInForce: rng.chance(0.15) ? 'post_only' : 'gtc',
      createdTime: String(created),
      updatedTime: String(rng.chance(0.3) ? created + rng.int(0, now - created) : created),
    };
    const { step } = quantityStep(inst);
    const lots = new Dec(qty).div(step);
    const roll = rng.next();
    if (history) {
      order.orderStatus = roll < 0.5 ? 'filled' : 'cancelled';
    } else if (roll < 0.08) {
      order.orderStatus = 'new';
    } else if (roll < 0.16 && lots.gte(2)) {
      const filledLots = Dec.max(lots.mul(rng.int(1, 9)).div(10).floor(), 1);
      order.orderStatus = 'partially_filled';
      order.cumExecQty = filledLots.mul(step).toFixed(Number(inst.quantityPrecision || '0'));
    }
    orders.push(order);
  }
  return orders;
}

/** The default state, its times relative to `now` (the server's start). */
export function bundledState(now: number): DemoStateInput {
  return {
    accounts: [{ ...DEMO_ACCOUNT }, { ...OTHER_ACCOUNT }],
    orders: [...namedOrders(now), ...generatedOrders(now)],
  };
}
