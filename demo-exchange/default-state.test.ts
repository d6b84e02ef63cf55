/** The bundled default state: the demo accounts, the named orders, and every order valid. */
import { describe, expect, it } from 'vitest';
import { Dec } from '../shared/decimal';
import type { Instrument } from '../shared/schemas';
import { DEMO_ACCOUNT, OTHER_ACCOUNT } from './accounts';
import { bundledInstruments } from './bundled-data';
import { bundledState } from './default-state';
import { checkValues } from './modify-rules';
import { validateState } from './state-schema';

const instruments = bundledInstruments();
const find = (category: string, symbol: string): Instrument | undefined =>
  instruments.find((i) => i.category === category && i.symbol === symbol);

describe('bundled default state', () => {
  const state = validateState(bundledState(Date.now()), 'bundled');

  it('has the two demo accounts and the named orders', () => {
    expect(state.accounts.map((a) => a.uid)).toEqual([DEMO_ACCOUNT.uid, OTHER_ACCOUNT.uid]);
    const byOid = new Map(state.orders.map((o) => [o.clientOid, o]));
    expect(byOid.get('demo-btc-open')).toMatchObject({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      price: '60000.0',
      qty: '0.0100',
      orderStatus: 'live',
    });
    expect(byOid.get('demo-eth-filled')).toMatchObject({ symbol: 'ETHUSDT', orderStatus: 'filled' });
    expect(byOid.get('demo-sol-partial')).toMatchObject({
      category: 'SPOT',
      symbol: 'SOLUSDT',
      side: 'sell',
      qty: '10.000',
      cumExecQty: '4.000',
    });
    expect(byOid.get('other-btc-open')?.uid).toBe(OTHER_ACCOUNT.uid);
  });

  it('has 250+ open orders of the demo account across categories, with unique 19-digit ids', () => {
    const open = state.orders.filter(
      (o) => o.uid === DEMO_ACCOUNT.uid && ['live', 'new', 'partially_filled', undefined].includes(o.orderStatus),
    );
    expect(open.length).toBeGreaterThanOrEqual(250);
    expect(new Set(open.map((o) => o.category)).size).toBe(5);
    expect(new Set(open.map((o) => o.symbol)).size).toBeGreaterThan(50);
    const ids = state.orders.map((o) => o.orderId ?? '');
    expect(ids.every((id) => /^\d{19}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('prices and sizes every order validly for its instrument', () => {
    for (const o of state.orders) {
      const inst = find(o.category, o.symbol);
      if (!inst) throw new Error(`no instrument for ${o.clientOid}`);
      expect(() => checkValues(inst, o.price, o.qty), String(o.clientOid)).not.toThrow();
      const min = new Dec(inst.minOrderAmount || '0');
      expect(new Dec(o.price).mul(o.qty).gte(min), String(o.clientOid)).toBe(true);
    }
  });

  it('is the same on every start, times aside', () => {
    const strip = (s: ReturnType<typeof bundledState>) =>
      JSON.stringify(s.orders?.map(({ createdTime: _c, updatedTime: _u, ...rest }) => rest));
    expect(strip(bundledState(1_800_000_000_000))).toBe(strip(bundledState(1_700_000_000_000)));
  });
});
