// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { deskError } from '../../../shared/errors';
import type { Instrument } from '../../../shared/schemas';
import { installFakeDesk } from '../lib/fake-desk';
import { EMPTY_DRAFT, type Draft } from './amend-store';
import { useDraftInstrument } from './useDraftInstrument';

const BTC = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  status: 'online',
  pricePrecision: '1',
} as Instrument;

function wrapper({ children }: { children: ReactNode }) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

afterEach(cleanup);

describe('the draft’s instrument', () => {
  it('is not looked up without a category and a symbol', () => {
    const desk = installFakeDesk({});
    const { result } = renderHook(() => useDraftInstrument({ ...EMPTY_DRAFT, symbol: 'BTCUSDT' }), { wrapper });
    expect(result.current).toEqual({ instrument: undefined, notFound: false, pending: false, error: undefined });
    expect(desk.calls).toEqual([]);
  });

  it('is pending while the symbol rests and is fetched, then found by category and symbol', async () => {
    const desk = installFakeDesk({ listInstruments: () => ({ instruments: [BTC], fetchedAt: 1 }) });
    const { result } = renderHook(() => useDraftInstrument({ category: 'USDT-FUTURES', symbol: ' btcusdt ' }), {
      wrapper,
    });
    expect(result.current.pending).toBe(true);
    await waitFor(() => expect(result.current.instrument).toEqual(BTC));
    expect(result.current).toMatchObject({ notFound: false, pending: false });
    expect(desk.calls).toEqual([
      { method: 'listInstruments', request: { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } },
    ]);
  });

  it('is not found when the exchange does not list it', async () => {
    installFakeDesk({ listInstruments: () => ({ instruments: [BTC], fetchedAt: 1 }) });
    const { result } = renderHook(() => useDraftInstrument({ category: 'SPOT', symbol: 'BTCUSDT' }), { wrapper });
    await waitFor(() => expect(result.current.notFound).toBe(true));
    expect(result.current.instrument).toBeUndefined();
  });

  it('never shows the previous symbol’s instrument while a new one is typed', async () => {
    installFakeDesk({
      listInstruments: ({ symbol }) => ({ instruments: symbol === 'BTCUSDT' ? [BTC] : [], fetchedAt: 1 }),
    });
    const { result, rerender } = renderHook((d: Pick<Draft, 'category' | 'symbol'>) => useDraftInstrument(d), {
      wrapper,
      initialProps: { category: 'USDT-FUTURES', symbol: 'BTCUSDT' },
    });
    await waitFor(() => expect(result.current.instrument).toEqual(BTC));
    rerender({ category: 'USDT-FUTURES', symbol: 'BTCUSD' });
    expect(result.current).toMatchObject({ instrument: undefined, notFound: false, pending: true });
    await waitFor(() => expect(result.current.notFound).toBe(true));
  });

  it('reports a failed lookup for the current symbol', async () => {
    installFakeDesk({
      listInstruments: () => {
        throw deskError('network', 'Could not reach the exchange');
      },
    });
    const { result } = renderHook(() => useDraftInstrument({ category: 'SPOT', symbol: 'ETHUSDT' }), { wrapper });
    await waitFor(() => expect(result.current.error).toMatchObject({ data: { kind: 'network' } }));
  });
});
