/**
 * A small hand-written state for rule tests: instruments with exactly the constraints a test needs
 * (steps coarser than precision, bounds, every status), so each rule can be hit on its own.
 */
import type { Instrument } from '../shared/schemas';
import { DEMO_ACCOUNT, OTHER_ACCOUNT } from './accounts';
import type { DemoOrderInput, DemoStateInput } from './state-schema';

const base = { baseCoin: 'TEST', quoteCoin: 'USDT', makerFeeRate: '0.0002', takerFeeRate: '0.0006' };

/** Futures: price step 0.05 with 2 decimals, qty step 0.01 with 3 decimals, 0.02 ≤ qty ≤ 100, amount ≥ 5. */
export const FUTURES = {
  ...base,
  category: 'USDT-FUTURES',
  symbol: 'TESTUSDT',
  status: 'online',
  pricePrecision: '2',
  priceMultiplier: '0.05',
  quantityPrecision: '3',
  quantityMultiplier: '0.01',
  minOrderQty: '0.02',
  maxOrderQty: '100',
  minOrderAmount: '5',
} as const;

export function fixtureState(): DemoStateInput {
  const futuresWith = (symbol: string, patch: Record<string, string>): Instrument => ({ ...FUTURES, symbol, ...patch });
  const instruments: Instrument[] = [
    FUTURES,
    futuresWith('FREEUSDT', { priceMultiplier: '', maxOrderQty: '0', minOrderAmount: '' }),
    futuresWith('OFFUSDT', { status: 'offline' }),
    futuresWith('LISTUSDT', { status: 'listed' }),
    futuresWith('APIUSDT', { status: 'restrictedAPI' }),
    futuresWith('LOPUSDT', { status: 'limit_open' }),
    futuresWith('LCLUSDT', { status: 'limit_close' }),
    // Same constraints on spot and margin, where multipliers and qty bounds do not apply.
    { ...FUTURES, category: 'SPOT', minOrderAmount: '10' },
    { ...FUTURES, category: 'MARGIN' },
  ];
  const demo = DEMO_ACCOUNT.uid;
  const order = (clientOid: string, patch: Partial<DemoOrderInput> = {}): DemoOrderInput => ({
    uid: demo,
    clientOid,
    category: 'USDT-FUTURES',
    symbol: 'TESTUSDT',
    price: '100.00',
    qty: '1.000',
    createdTime: '1790000000000',
    ...patch,
  });
  return {
    accounts: [{ ...DEMO_ACCOUNT }, { ...OTHER_ACCOUNT }],
    instruments: instruments.map((i) => ({ ...i })),
    orders: [
      order('fut', { orderId: '1000000000000000001' }),
      order('fut2', { orderId: '1000000000000000002' }),
      order('free', { symbol: 'FREEUSDT' }),
      order('partial', { qty: '2.000', cumExecQty: '1.000', orderStatus: 'partially_filled' }),
      order('new', { orderStatus: 'new' }),
      order('filled', { orderId: '1000000000000000009', orderStatus: 'filled' }),
      order('cancelled', { orderStatus: 'cancelled' }),
      order('reduce', { orderId: '1000000000000000010', reduceOnly: 'YES' }),
      order('off', { symbol: 'OFFUSDT' }),
      order('list', { symbol: 'LISTUSDT' }),
      order('api', { symbol: 'APIUSDT' }),
      order('lop', { symbol: 'LOPUSDT' }),
      order('lcl', { symbol: 'LCLUSDT' }),
      order('spot', { category: 'SPOT' }),
      order('margin', { category: 'MARGIN' }),
      order('theirs', { uid: OTHER_ACCOUNT.uid, orderId: '1000000000000000099' }),
      // clientOids are per account: the other account may reuse one of ours.
      order('fut', { uid: OTHER_ACCOUNT.uid, orderId: '1000000000000000098', price: '90.00' }),
    ],
  };
}
