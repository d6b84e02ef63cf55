/** The control that makes the demo market move (mutate, list, delist), over real HTTP. */
import { describe, expect, it } from 'vitest';
import { diffInstruments } from '../shared/instrument-changes';
import type { Instrument } from '../shared/schemas';
import { publicGet, startTestExchange } from './test-support';
import type { DemoExchange } from './index';

const INSTRUMENTS = '/api/v3/market/instruments';

async function list(ex: DemoExchange, category: string, symbol?: string): Promise<Instrument[]> {
  const q = symbol ? `&symbol=${symbol}` : '';
  const res = await publicGet<Instrument[]>(ex, `${INSTRUMENTS}?category=${category}${q}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('demo control: instruments that change', () => {
  it('mutates fields (a removed field, a new one), lists and delists; every answer shows it; reset undoes it', async () => {
    const ex = await startTestExchange({ rateLimit: false });
    const before = await list(ex, 'SPOT');
    const keys = Object.keys(before.find((i) => i.symbol === 'ETHUSDT')!);

    const changed = ex.control.mutateInstrument('SPOT', 'ETHUSDT', {
      makerFeeRate: '0.0008',
      symbolType: null,
      newField: 'x',
    });
    expect(changed).toMatchObject({ makerFeeRate: '0.0008', newField: 'x' });
    const [eth] = await list(ex, 'SPOT', 'ETHUSDT');
    expect(eth).toMatchObject({ makerFeeRate: '0.0008', newField: 'x' });
    expect(eth).not.toHaveProperty('symbolType');
    // Fields keep their places; the new one comes last.
    expect(Object.keys(eth!)).toEqual([...keys.filter((k) => k !== 'symbolType'), 'newField']);

    const row = {
      ...before.find((i) => i.symbol === 'BTCUSDT')!,
      symbol: 'NEWUSDT',
      baseCoin: 'NEW',
      status: 'listed',
    };
    ex.control.listInstrument('SPOT', row);
    ex.control.delistInstrument('SPOT', 'DOGEUSDT');
    const after = await list(ex, 'SPOT');
    expect(after.at(-1)).toMatchObject({ symbol: 'NEWUSDT', status: 'listed' });
    expect(after.some((i) => i.symbol === 'DOGEUSDT')).toBe(false);
    expect(await list(ex, 'SPOT', 'DOGEUSDT')).toEqual([]);

    const meta = { profileId: 'p', category: 'SPOT' as const, fetchId: 'f', at: 1 };
    const kinds = diffInstruments(before, after, meta).map((e) => `${e.kind} ${e.symbol} ${e.field ?? ''}`.trim());
    expect(kinds.sort()).toEqual(
      [
        'delisted DOGEUSDT',
        'field ETHUSDT makerFeeRate',
        'field ETHUSDT newField',
        'field ETHUSDT symbolType',
        'listed NEWUSDT',
      ].sort(),
    );

    ex.control.reset();
    expect(await list(ex, 'SPOT')).toEqual(before);
  });

  it('refuses what the exchange could not do', async () => {
    const ex = await startTestExchange();
    expect(() => ex.control.mutateInstrument('SPOT', 'NOSUCH', { status: 'online' })).toThrow(/unknown instrument/);
    expect(() => ex.control.mutateInstrument('SPOT', 'BTCUSDT', { symbol: 'X' })).toThrow(/keeps its category/);
    expect(() => ex.control.mutateInstrument('SPOT', 'BTCUSDT', { fee: 1 as unknown as string })).toThrow(/as text/);
    expect(() =>
      ex.control.listInstrument('SPOT', { symbol: 'BTCUSDT', baseCoin: 'B', quoteCoin: 'Q', status: 'online' }),
    ).toThrow(/already listed/);
    expect(() => ex.control.listInstrument('SPOT', { symbol: 'X' })).toThrow(/not an instrument/);
    expect(() => ex.control.delistInstrument('MARGIN', 'NOSUCH')).toThrow(/unknown instrument/);
  });
});
