// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AttemptWithGuard, OrderGuard } from '../../../shared/attempts';
import { DeskError } from '../../../shared/errors';
import type { Instrument, ModifyOrderRequest, Order } from '../../../shared/schemas';
import { installFakeDesk, type FakeDesk } from '../lib/fake-desk';
import { AMEND_START, READY_NOTICE, useAmend } from './amend-store';
import { useAmendDesk } from './useAmendDesk';

const ORDER: Order = {
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
const BTC = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  status: 'online',
  pricePrecision: '1',
  quantityPrecision: '4',
} as Instrument;

const IN_FLIGHT: OrderGuard = {
  state: 'in-flight',
  attemptId: 'a1',
  reason:
    'A modification of order 1001 (demo-btc-open) is in progress: it was sent at … and its result is not known yet.',
};
const LOCKED: OrderGuard = {
  state: 'locked',
  attemptId: 'a1',
  reason:
    'Order 1001 (demo-btc-open) was cancelled by auto-cancel after a failed modification: it can no longer be modified.',
};

function attempt(patch: Partial<AttemptWithGuard>): AttemptWithGuard {
  return {
    id: 'a1',
    profileId: 'local-demo',
    profileName: 'Local demo',
    environment: 'local-demo',
    startedAt: 1,
    request: {
      clientOid: 'demo-btc-open',
      price: '60010.0',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      autoCancel: 'no',
    },
    status: 'sending',
    summary: 'Sending the modification…',
    before: ORDER,
    timeline: [],
    guard: IN_FLIGHT,
    ...patch,
  };
}

/** Main as the desk sees it: the order and its guard, and the answers to the next reads of the attempt, in turn. */
function fakeMain(sent: AttemptWithGuard, reads: AttemptWithGuard[]) {
  const main: { order: Order; guard: OrderGuard } = { order: ORDER, guard: { state: 'free' } };
  const desk: FakeDesk = installFakeDesk({
    getOrder: () => ({ order: main.order, guard: main.guard }),
    listInstruments: () => ({ instruments: [BTC], fetchedAt: 1 }),
    listOpenOrders: () => ({ list: [], cursor: null, guards: {} }),
    sendModification: () => sent,
    // Like main, a read that says what the desk saw last is answered when there is news: here, a moment later.
    getAttempt: async (request) => {
      if (request.after) await new Promise((r) => setTimeout(r, 150));
      return (reads.length > 1 ? reads.shift() : reads[0]) as AttemptWithGuard;
    },
  });
  return { desk, main };
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

/** Load demo-btc-open, ask for a new price and review it, ready to send. */
async function loadAndReview(result: { current: ReturnType<typeof useAmendDesk> }) {
  act(() => useAmend.getState().setField('clientOid', 'demo-btc-open'));
  act(() => result.current.load());
  await waitFor(() => expect(result.current.order).toEqual(ORDER));
  expect(result.current.notice).toBe('Loaded order demo-btc-open: BTCUSDT buy 0.0100 @ 60000.0, open.');
  expect(result.current.draft).toMatchObject({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
  act(() => useAmend.getState().setField('price', '60010.0'));
  await waitFor(() => expect(result.current.instrument).toEqual(BTC));
  act(() => result.current.review());
  expect(result.current.reviewing).toBe(true);
  expect(result.current.sendBlocked).toBeNull();
}

describe('the amend desk', () => {
  it('is ready with nothing named, and loads nothing then', () => {
    const { desk } = fakeMain(attempt({}), []);
    const { result } = renderHook(() => useAmendDesk(), { wrapper });
    expect(result.current.notice).toBe(READY_NOTICE);
    expect(result.current.loadBlocked).toBe('Give an Order ID or a Client order ID.');
    expect(result.current.report.warnings).toEqual([]);
    act(() => result.current.load());
    expect(desk.count('getOrder')).toBe(0);
  });

  it('follows a sent change until applied, showing main’s guard meanwhile, then reads the order again', async () => {
    const applied = attempt({
      status: 'applied',
      summary: 'Applied: price 60000.0 → 60010.0.',
      after: { ...ORDER, price: '60010.0' },
      finishedAt: 2,
      guard: { state: 'free' },
    });
    const following = attempt({
      status: 'following',
      summary: "Accepted by the exchange; following the order until the engine's result shows…",
    });
    const { desk, main } = fakeMain(attempt({}), [following, following, applied]);
    const { result } = renderHook(() => useAmendDesk(), { wrapper });
    await loadAndReview(result);

    act(() => result.current.send());
    await waitFor(() => expect(result.current.attempt?.status).toBe('following'));
    // Main's guard, in main's words: the desk does not work out its own.
    expect(result.current.orderGuard).toEqual(IN_FLIGHT);
    expect(result.current.sendBlocked).toBe(IN_FLIGHT.reason);
    // Named by its order, as every line about an attempt is.
    expect(result.current.notice).toBe(
      "demo-btc-open · Following: Accepted by the exchange; following the order until the engine's result shows…",
    );

    main.order = { ...ORDER, price: '60010.0' };
    await waitFor(() => expect(result.current.attempt?.status).toBe('applied'));
    expect(result.current.notice).toBe('demo-btc-open · Applied: price 60000.0 → 60010.0.');
    expect(result.current.orderGuard).toEqual({ state: 'free' });
    // The applied change is cleared for the next one, and the order is read again without a new notice.
    expect(result.current.draft).toMatchObject({ price: '', qty: '' });
    await waitFor(() => expect(result.current.order?.price).toBe('60010.0'));
    expect(desk.count('getOrder')).toBe(2);
    expect(result.current.notice).toBe('demo-btc-open · Applied: price 60000.0 → 60010.0.');
  });

  it('settles an attempt once: coming back to the screen keeps the next change being typed', async () => {
    const applied = attempt({
      status: 'applied',
      summary: 'Applied: price 60000.0 → 60010.0.',
      guard: { state: 'free' },
    });
    const { desk } = fakeMain(attempt({}), [applied]);
    const first = renderHook(() => useAmendDesk(), { wrapper });
    await loadAndReview(first.result);
    act(() => first.result.current.send());
    await waitFor(() => expect(first.result.current.attempt?.status).toBe('applied'));
    await waitFor(() => expect(desk.count('getOrder')).toBe(2));
    first.unmount();

    act(() => useAmend.getState().setField('price', '60020.0'));
    const reads = desk.count('getAttempt');
    const again = renderHook(() => useAmendDesk(), { wrapper });
    // The settled attempt is read again on the way back, and found settled already.
    await waitFor(() => expect(desk.count('getAttempt')).toBe(reads + 1));
    expect(again.result.current.attempt?.status).toBe('applied');
    expect(again.result.current.draft.price).toBe('60020.0');
    expect(desk.count('getOrder')).toBe(2);
  });

  it('shows a send answered final at once, with main’s lock, and reads the cancelled order again', async () => {
    const rejected = attempt({
      status: 'rejected',
      summary: 'Rejected: The order was cancelled by a failed auto-cancel modification. Nothing was changed.',
      error: { kind: 'exchange', message: 'cancelled', code: '25573', mayHaveTakenEffect: false },
      finishedAt: 2,
      guard: LOCKED,
    });
    const { desk, main } = fakeMain(rejected, [rejected]);
    const { result } = renderHook(() => useAmendDesk(), { wrapper });
    await loadAndReview(result);
    main.guard = LOCKED;
    main.order = { ...ORDER, orderStatus: 'cancelled' };

    act(() => result.current.send());
    await waitFor(() => expect(result.current.attempt?.status).toBe('rejected'));
    expect(result.current.notice).toBe(`demo-btc-open · ${rejected.summary}`);
    expect(result.current.orderGuard).toEqual(LOCKED);
    expect(result.current.sendBlocked).toBe(LOCKED.reason);
    await waitFor(() => expect(result.current.order?.orderStatus).toBe('cancelled'));
    expect(desk.count('getOrder')).toBe(2);
    // The lock is main's, kept under the order's other identifier too.
    act(() => useAmend.getState().setDraft({ clientOid: '', orderId: '1001' }));
    expect(result.current.sendBlocked).toBe(LOCKED.reason);
  });

  it('shows another desk’s guard on the order it loads, in the holder’s words, and keeps Send from it', async () => {
    const ELSEWHERE: OrderGuard = {
      state: 'in-flight',
      attemptId: 'desk-2-attempt',
      reason: '1001 is being amended by alice on desk-2: in flight since 10:42:05 UTC.',
    };
    const { desk, main } = fakeMain(attempt({}), []);
    main.guard = ELSEWHERE;
    const { result } = renderHook(() => useAmendDesk(), { wrapper });
    act(() => useAmend.getState().setField('clientOid', 'demo-btc-open'));
    act(() => result.current.load());
    await waitFor(() => expect(result.current.order).toEqual(ORDER));
    expect(result.current.orderGuard).toEqual(ELSEWHERE);
    act(() => useAmend.getState().setField('price', '60010.0'));
    await waitFor(() => expect(result.current.instrument).toEqual(BTC));
    act(() => result.current.review());
    expect(result.current.sendBlocked).toBe(ELSEWHERE.reason);
    expect(result.current.sendHint).toEqual({ text: ELSEWHERE.reason, tone: 'blocked' });
    act(() => result.current.send());
    expect(desk.count('sendModification')).toBe(0);
    // Named by its other identifier, the order is still held: main filed the guard under both.
    act(() => useAmend.getState().setDraft({ clientOid: '', orderId: '1001' }));
    expect(result.current.sendBlocked).toBe(ELSEWHERE.reason);
  });

  it('shows an outcome only beside its own order, and its refresh does not replace an order loaded since', async () => {
    const ETH: Order = { ...ORDER, orderId: '1002', clientOid: 'demo-eth-filled', orderStatus: 'filled' };
    const applied = attempt({
      status: 'applied',
      summary: 'Applied: price 60000.0 → 60010.0.',
      guard: { state: 'free' },
    });
    let releaseRefresh = () => {};
    const refreshed = new Promise<void>((resolve) => (releaseRefresh = resolve));
    let btcReads = 0;
    installFakeDesk({
      getOrder: async ({ clientOid, orderId }) => {
        if (clientOid === 'demo-eth-filled') return { order: ETH, guard: { state: 'free' } };
        // The refresh after the outcome (by Order ID) answers only once the operator has moved on.
        if (orderId) {
          btcReads++;
          await refreshed;
        }
        return { order: ORDER, guard: { state: 'free' } };
      },
      listInstruments: () => ({ instruments: [BTC], fetchedAt: 1 }),
      listOpenOrders: () => ({ list: [], cursor: null, guards: {} }),
      sendModification: () => applied,
      getAttempt: () => applied,
    });
    const { result } = renderHook(() => useAmendDesk(), { wrapper });
    await loadAndReview(result);
    act(() => result.current.send());
    await waitFor(() => expect(result.current.attempt?.status).toBe('applied'));
    expect(result.current.noticeKind).toBe('applied');

    act(() => useAmend.getState().setField('clientOid', 'demo-eth-filled'));
    expect(result.current.attempt).toBeUndefined();
    act(() => result.current.load());
    await waitFor(() => expect(result.current.order).toEqual(ETH));
    expect(result.current.noticeKind).toBe('warning');
    releaseRefresh();
    await waitFor(() => expect(btcReads).toBe(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.order).toEqual(ETH);
    expect(result.current.attempt).toBeUndefined();

    act(() => useAmend.getState().setField('clientOid', 'demo-btc-open'));
    expect(result.current.attempt?.status).toBe('applied');
  });

  it('sends no category or symbol of the order loaded before another client order ID was typed', async () => {
    // Main refuses it at once: nothing is left to follow once the test is over.
    const refused = attempt({ status: 'refused', summary: 'Refused before sending: …', guard: { state: 'free' } });
    const { desk } = fakeMain(refused, [refused]);
    const { result } = renderHook(() => useAmendDesk(), { wrapper });
    await loadAndReview(result);
    // Another order named, not loaded: what Send hands to main is about it alone.
    act(() => useAmend.getState().setField('clientOid', 'demo-eth-filled'));
    act(() => useAmend.getState().setField('price', '3100.00'));
    act(() => result.current.review());
    expect(result.current.reviewing).toBe(true);
    act(() => result.current.send());
    await waitFor(() => expect(desk.count('sendModification')).toBe(1));
    const sent = desk.calls.find((c) => c.method === 'sendModification')?.request as { request: ModifyOrderRequest };
    expect(sent.request).toEqual({ clientOid: 'demo-eth-filled', price: '3100.00', autoCancel: 'no' });
  });

  it('an outcome arriving once another order is named is not said above it, and leaves that order’s change alone', async () => {
    const following = attempt({
      status: 'following',
      summary: "Accepted by the exchange; following the order until the engine's result shows…",
    });
    const applied = attempt({
      status: 'applied',
      summary: 'Applied: price 60000.0 → 60010.0.',
      guard: { state: 'free' },
    });
    fakeMain(following, [following, following, applied]);
    const { result } = renderHook(() => useAmendDesk(), { wrapper });
    await loadAndReview(result);
    act(() => result.current.send());
    await waitFor(() =>
      expect(result.current.notice).toBe(
        "demo-btc-open · Following: Accepted by the exchange; following the order until the engine's result shows…",
      ),
    );

    act(() => useAmend.getState().setField('clientOid', 'demo-eth-filled'));
    act(() => useAmend.getState().setField('price', '3100.00'));
    await waitFor(() => expect(qc.getQueryData<AttemptWithGuard>(['attempt', 'a1'])?.status).toBe('applied'));
    expect(result.current.notice).toBe(READY_NOTICE);
    expect(result.current.attempt).toBeUndefined();
    expect(result.current.draft).toMatchObject({ clientOid: 'demo-eth-filled', price: '3100.00' });
  });

  it('says why a send did not reach main', async () => {
    installFakeDesk({
      getOrder: () => ({ order: ORDER, guard: { state: 'free' } }),
      listInstruments: () => ({ instruments: [BTC], fetchedAt: 1 }),
    });
    const { result } = renderHook(() => useAmendDesk(), { wrapper });
    await loadAndReview(result);
    act(() => result.current.send());
    await waitFor(() => expect(result.current.sendError).toBeTruthy());
    expect(result.current.notice).toMatch(/^demo-btc-open · Not sent: /);
    expect(result.current.attempt).toBeUndefined();
  });

  it("says once, in main's words, that a change it could not record was not sent", async () => {
    const words =
      'Not sent: UTA Desk could not record this change — the disk holding /data/uta is full. Free space and try again.';
    installFakeDesk({
      getOrder: () => ({ order: ORDER, guard: { state: 'free' } }),
      listInstruments: () => ({ instruments: [BTC], fetchedAt: 1 }),
      sendModification: () => {
        throw new DeskError({ kind: 'storage', message: words, mayHaveTakenEffect: false });
      },
    });
    const { result } = renderHook(() => useAmendDesk(), { wrapper });
    await loadAndReview(result);
    act(() => result.current.send());
    await waitFor(() => expect(result.current.sendError).toBeTruthy());
    expect(result.current.notice).toBe(`demo-btc-open · ${words}`);
    expect(result.current.attempt).toBeUndefined();
  });
});
