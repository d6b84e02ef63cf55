// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { deskError } from '../../../shared/errors';
import type { Instrument, Order, Ticker } from '../../../shared/schemas';
import { installFakeDesk, type FakeMain } from '../lib/fake-desk';
import { AmendForm } from './AmendForm';
import { AMEND_START, useAmend } from './amend-store';
import { MarketContext } from './MarketContext';
import { SendBar } from './SendBar';
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
  priceMultiplier: '0.1',
  quantityMultiplier: '0.0001',
  minOrderQty: '0.0001',
  buyLimitPriceRatio: '0.05',
  sellLimitPriceRatio: '0.05',
} as Instrument;
const TICKER: Ticker = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  lastPrice: '60000.0',
  bid1Price: '59999.9',
  ask1Price: '60000.1',
  markPrice: '60000.2',
};

function Desk() {
  const desk = useAmendDesk();
  return (
    <>
      <AmendForm desk={desk} />
      <MarketContext desk={desk} />
      <SendBar desk={desk} />
    </>
  );
}

function renderDesk(main: FakeMain) {
  const fake = installFakeDesk({
    getOrder: () => ({ order: ORDER, guard: { state: 'free' } }),
    listInstruments: () => ({ instruments: [BTC], fetchedAt: 1 }),
    getTickers: () => ({ tickers: [TICKER], fetchedAt: Date.now() }),
    ...main,
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  render(<Desk />, { wrapper });
  return fake;
}

const price = () => screen.getByLabelText('Price', { selector: 'input' });
const qty = () => screen.getByLabelText('Quantity', { selector: 'input' });
const draft = () => useAmend.getState().draft;
/** Testing Library's 1 s default is short on a busy machine: the symbol alone rests 300 ms before its fetch. */
const BUSY = { timeout: 5000 };

async function loadOrder() {
  fireEvent.change(screen.getByLabelText('Client order ID'), { target: { value: 'demo-btc-open' } });
  fireEvent.click(screen.getByRole('button', { name: 'Load order' }));
  // The instrument gives the steps: the hint shows them once it is known.
  await waitFor(() => expect(screen.getByText(/now 60000\.0 USDT · ↑↓ 0\.1/)).toBeTruthy(), BUSY);
}

beforeEach(() => useAmend.setState({ ...AMEND_START }));
afterEach(cleanup);

describe('nudges in Price and Quantity', () => {
  it('move by one step with ↑/↓ and ten with Shift, from the order’s value while the field is empty', async () => {
    renderDesk({});
    await loadOrder();
    expect(fireEvent.keyDown(price(), { key: 'ArrowUp' })).toBe(false); // handled: the caret stays put
    expect(draft().price).toBe('60000.1');
    fireEvent.keyDown(price(), { key: 'ArrowUp', shiftKey: true });
    expect(draft().price).toBe('60001.1');
    fireEvent.keyDown(price(), { key: 'ArrowDown' });
    expect(draft().price).toBe('60001.0');
    fireEvent.keyDown(qty(), { key: 'ArrowDown' });
    expect(draft().qty).toBe('0.0099');
    fireEvent.keyDown(qty(), { key: 'ArrowUp', shiftKey: true });
    expect(draft().qty).toBe('0.0109');
  });

  it('put an off-step value on the step in the direction of travel, and leave other keys alone', async () => {
    renderDesk({});
    await loadOrder();
    fireEvent.change(price(), { target: { value: '60000.05' } });
    fireEvent.keyDown(price(), { key: 'ArrowUp' });
    expect(draft().price).toBe('60000.1');
    expect(fireEvent.keyDown(price(), { key: 'ArrowLeft' })).toBe(true);
    expect(fireEvent.keyDown(price(), { key: 'ArrowUp', ctrlKey: true })).toBe(true);
    expect(draft().price).toBe('60000.1');
  });

  it('do nothing before the instrument gives a step', () => {
    renderDesk({});
    fireEvent.change(price(), { target: { value: '100' } });
    expect(fireEvent.keyDown(price(), { key: 'ArrowUp' })).toBe(true);
    expect(draft().price).toBe('100');
  });
});

describe('price helpers', () => {
  it('shift by ticks and by percent, rounding a buy down, and say so', async () => {
    renderDesk({});
    await loadOrder();
    const helpers = screen.getByRole('group', { name: 'Price helpers' });
    expect(helpers.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(helpers).getByText(/% rounds down to 0\.1 for a buy/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Price +1 %' }));
    expect(draft().price).toBe('60600.0');
    fireEvent.click(screen.getByRole('button', { name: 'Price −1 tick' }));
    expect(draft().price).toBe('60599.9');
    fireEvent.change(screen.getByLabelText('Ticks per press'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Price +5 ticks' }));
    expect(draft().price).toBe('60600.4');
    fireEvent.change(screen.getByLabelText('Percent per press'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Price −0.5 %' }));
    // 60600.4 × 0.995 = 60297.398 → 60297.3 for a buy.
    expect(draft().price).toBe('60297.3');
  });

  it('say why they cannot act, and keep focus', () => {
    renderDesk({});
    const plus = screen.getByRole('button', { name: 'Price +1 %' });
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    plus.focus();
    fireEvent.click(plus);
    expect(document.activeElement).toBe(plus);
    expect(draft().price).toBe('');
    fireEvent.change(screen.getByLabelText('Ticks per press'), { target: { value: 'x' } });
    expect(screen.getByLabelText('Ticks per press').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('market context', () => {
  it('shows last, best bid / ask and mark, and the new price’s distance in % and steps', async () => {
    const fake = renderDesk({});
    await loadOrder();
    const market = await screen.findByRole('region', { name: 'Market' }, BUSY);
    await waitFor(() => expect(within(market).getByText('60000.2')).toBeTruthy(), BUSY);
    expect(fake.calls.find((c) => c.method === 'getTickers')?.request).toEqual({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
    });
    const row = (name: string) => within(market).getByRole('row', { name: new RegExp(`^${name}`) }).textContent;
    expect(row('Last')).toBe('Last60000.00.00 %0 steps');
    expect(market.textContent).toContain('Order price 60000.0 (buy): inside the spread, 1 step above the best bid');
    fireEvent.change(price(), { target: { value: '60000.3' } });
    expect(row('Best ask')).toBe('Best ask60000.10.00 %+2 steps');
    expect(row('Last')).toBe('Last60000.00.00 %+3 steps');
    expect(market.textContent).toContain('New price 60000.3 (buy): 2 steps above the best ask: would trade at once');
    expect(market.textContent).toContain('Band for buys: up to 63000');
  });

  it('warns above the band with the formula and the values, and never blocks', async () => {
    renderDesk({});
    await loadOrder();
    const market = await screen.findByRole('region', { name: 'Market' }, BUSY);
    await waitFor(() => expect(within(market).getByText('60000.2')).toBeTruthy(), BUSY);
    // A futures band is measured from the mark price (60000.2), not the last (60000.0).
    fireEvent.change(price(), { target: { value: '63000.2' } });
    expect(within(market).queryByRole('note')).toBeNull();
    fireEvent.change(price(), { target: { value: '63000.3' } });
    const note = within(market).getByRole('note');
    expect(note.textContent).toContain(
      "The new price 63000.3 is above the exchange's band for buys: market × (1 + buyLimitPriceRatio) = 60000.2 × (1 + 0.05) = 63000.21.",
    );
    expect(note.textContent).toContain('the exchange judges the band');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(useAmend.getState().reviewed).not.toBeNull();
  });

  it('reads a margin order’s market from the SPOT ticker, and says so', async () => {
    const fake = renderDesk({
      getOrder: () => ({ order: { ...ORDER, category: 'MARGIN' }, guard: { state: 'free' } }),
      getTickers: () => ({ tickers: [{ ...TICKER, category: 'SPOT', markPrice: undefined }], fetchedAt: 1 }),
    });
    fireEvent.change(screen.getByLabelText('Client order ID'), { target: { value: 'demo-btc-open' } });
    fireEvent.click(screen.getByRole('button', { name: 'Load order' }));
    const market = await screen.findByRole('region', { name: 'Market' }, BUSY);
    expect(market.textContent).toContain(
      'Margin pairs have no ticker of their own: these are the SPOT BTCUSDT prices.',
    );
    await waitFor(() => expect(within(market).queryByRole('row', { name: /^Last/ })).toBeTruthy(), BUSY);
    expect(within(market).queryByRole('row', { name: /^Mark/ })).toBeNull();
    expect(fake.calls.find((c) => c.method === 'getTickers')?.request).toEqual({ category: 'SPOT', symbol: 'BTCUSDT' });
  });

  it('notes a failed fetch quietly, and the desk still works', async () => {
    renderDesk({
      getTickers: () => {
        throw deskError('network', 'Could not reach the exchange');
      },
    });
    await loadOrder();
    const market = await screen.findByRole('region', { name: 'Market' }, BUSY);
    await waitFor(() => expect(market.textContent).toContain('Market not updated'), BUSY);
    expect(market.textContent).toContain('The desk works without it.');
    await act(async () => {
      fireEvent.keyDown(price(), { key: 'ArrowUp' });
    });
    expect(draft().price).toBe('60000.1');
  });
});
