// @vitest-environment jsdom
/**
 * A load belongs to the moment it was asked for: an older load's answer never replaces a newer one,
 * and a Review pressed while a load is on its way is the review of that load, not lost to its answer.
 * Main's answers are held back by hand here, so each interleaving is played in a set order.
 */
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OrderGuard } from '../../../shared/attempts';
import type { OrderIds } from '../../../shared/order-ids';
import type { Instrument, Order } from '../../../shared/schemas';
import { installFakeDesk } from '../lib/fake-desk';
import { AMEND_START, useAmend } from './amend-store';
import { useAmendDesk } from './useAmendDesk';

const BTC_ORDER: Order = {
  orderId: '1001',
  clientOid: 'demo-btc-open',
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  price: '60000.0',
  qty: '0.0100',
  cumExecQty: '0',
  orderStatus: 'live',
};
const ETH_FILLED: Order = {
  orderId: '1002',
  clientOid: 'demo-eth-filled',
  category: 'USDT-FUTURES',
  symbol: 'ETHUSDT',
  side: 'buy',
  price: '3150.00',
  qty: '0.50',
  cumExecQty: '0.50',
  orderStatus: 'filled',
};
const instrument = (symbol: string, baseCoin: string, pricePrecision: string): Instrument =>
  ({
    category: 'USDT-FUTURES',
    symbol,
    baseCoin,
    quoteCoin: 'USDT',
    status: 'online',
    pricePrecision,
    quantityPrecision: '4',
  }) as Instrument;

interface Held {
  ref: OrderIds;
  answer(): void;
}

/** Main whose order reads wait until the test answers them, one by one, in any order. */
function heldMain() {
  const held: Held[] = [];
  const orders = [BTC_ORDER, ETH_FILLED];
  installFakeDesk({
    getOrder: (ref) =>
      new Promise<{ order: Order; guard: OrderGuard }>((resolve) => {
        const order = orders.find((o) => o.clientOid === ref.clientOid || o.orderId === ref.orderId) as Order;
        held.push({ ref, answer: () => resolve({ order, guard: { state: 'free' } }) });
      }),
    listInstruments: ({ symbol }) => ({
      instruments: [symbol === 'ETHUSDT' ? instrument('ETHUSDT', 'ETH', '2') : instrument('BTCUSDT', 'BTC', '1')],
      fetchedAt: 1,
    }),
    listOpenOrders: () => ({ list: [], cursor: null, guards: {} }),
  });
  return held;
}

let qc: QueryClient;
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  useAmend.setState(AMEND_START);
});
afterEach(cleanup);

type Desk = { current: ReturnType<typeof useAmendDesk> };

async function askLoad(result: Desk, held: Held[], clientOid: string): Promise<Held> {
  const before = held.length;
  act(() => useAmend.getState().setField('clientOid', clientOid));
  act(() => result.current.load());
  await waitFor(() => expect(held.length).toBe(before + 1));
  return held[before] as Held;
}

describe('loads and reviews, in the order they were asked', () => {
  it('ignores the answer of an older load that arrives after the newer one', async () => {
    const held = heldMain();
    const { result } = renderHook(() => useAmendDesk(), { wrapper });
    const eth = await askLoad(result, held, 'demo-eth-filled');
    const btc = await askLoad(result, held, 'demo-btc-open');

    await act(async () => btc.answer());
    await waitFor(() => expect(result.current.order).toEqual(BTC_ORDER));
    await act(async () => eth.answer());
    await new Promise((r) => setTimeout(r, 20));

    expect(result.current.order).toEqual(BTC_ORDER);
    expect(result.current.draft).toMatchObject({ clientOid: 'demo-btc-open', symbol: 'BTCUSDT' });
    expect(result.current.notice).toMatch(/^Loaded order demo-btc-open/);
    expect(result.current.loading).toBe(false);
  });

  it('a Review pressed while the load is on its way is the review of the order that loads', async () => {
    const held = heldMain();
    const { result } = renderHook(() => useAmendDesk(), { wrapper });
    const eth = await askLoad(result, held, 'demo-eth-filled');
    await act(async () => eth.answer());
    await waitFor(() => expect(result.current.order).toEqual(ETH_FILLED));
    await waitFor(() => expect(result.current.sendHint.text).toMatch(/completely filled/));

    const btc = await askLoad(result, held, 'demo-btc-open');
    // Review, pressed before main has answered the load.
    act(() => result.current.review());
    await act(async () => btc.answer());
    await waitFor(() => expect(result.current.order).toEqual(BTC_ORDER));
    await waitFor(() => expect(result.current.instrument?.symbol).toBe('BTCUSDT'));

    // The review is of demo-btc-open: no change given yet, said the same way above and under Send.
    await waitFor(() => expect(result.current.sendHint.text).toMatch(/^Give a new quantity or a new price/));
    expect(result.current.showRequired).toBe(true);
    expect(result.current.notice).toMatch(/^Not ready: Give a new quantity or a new price/);
    expect(result.current.noticeKind).toBe('warning');
  });

  it('a Review pressed while the load is on its way does not review the values of the order before', async () => {
    const held = heldMain();
    const { result } = renderHook(() => useAmendDesk(), { wrapper });
    const btc = await askLoad(result, held, 'demo-btc-open');
    await act(async () => btc.answer());
    await waitFor(() => expect(result.current.instrument?.symbol).toBe('BTCUSDT'));
    act(() => useAmend.getState().setField('price', '60010.0'));

    // The same order asked again while its first answer is held: Review waits for that answer.
    act(() => result.current.load());
    await waitFor(() => expect(held.length).toBe(2));
    act(() => result.current.review());
    expect(result.current.reviewing).toBe(false);
    await act(async () => held[1]?.answer());
    await waitFor(() => expect(result.current.reviewing).toBe(true));
    expect(result.current.sendBlocked).toBeNull();
    expect(result.current.notice).toBe('Review the change below, then Send modification.');
  });
});
