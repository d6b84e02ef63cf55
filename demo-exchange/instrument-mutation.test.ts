/** The control that makes the demo market move (mutate, list, delist) and the --scenario schedule, over real HTTP. */
import { describe, expect, it } from 'vitest';
import { diffInstruments } from '../shared/instrument-changes';
import type { Instrument } from '../shared/schemas';
import { scenarioSteps, startScenario } from './instrument-scenario';
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

describe('--scenario', () => {
  it('schedules a fee change, a maintenance, status changes, a listing and a delisting over a few minutes', async () => {
    const ex = await startTestExchange({ rateLimit: false });
    const steps = scenarioSteps();
    expect(steps.at(-1)!.afterMs).toBeLessThanOrEqual(5 * 60_000);
    const pending: Array<{ run: () => void; ms: number }> = [];
    const lines: string[] = [];
    const now = Date.now();
    const before = await Promise.all((['SPOT', 'USDT-FUTURES'] as const).map((c) => list(ex, c)));
    const scenario = startScenario(ex.control, {
      now: () => now,
      log: (l) => lines.push(l),
      setTimeout: (run, ms) => pending.push({ run, ms }),
      clearTimeout: () => undefined,
    });
    expect(pending.map((p) => p.ms)).toEqual(steps.map((s) => s.afterMs));

    // Halfway: the maintenance is scheduled 45 minutes ahead, nothing listed yet.
    pending.slice(0, 3).forEach((p) => p.run());
    const [btc] = await list(ex, 'USDT-FUTURES', 'BTCUSDT');
    expect(btc!.maintainTime).toBe(String(now + 45 * 60_000));

    pending.slice(3).forEach((p) => p.run());
    await scenario.finished;
    expect(lines).toHaveLength(steps.length);
    expect(lines.every((l) => l.startsWith('scenario: ') && !l.includes('skipped'))).toBe(true);

    const kinds = new Set<string>();
    for (const [i, category] of (['SPOT', 'USDT-FUTURES'] as const).entries()) {
      const meta = { profileId: 'p', category, fetchId: 'f', at: 1 };
      for (const e of diffInstruments(before[i], await list(ex, category), meta)) kinds.add(e.kind);
    }
    // Over the whole run the maintenance came and went and SOLUSDT went back online: what stays is
    // a fee, a leverage, a listing and a delisting.
    expect([...kinds].sort()).toEqual(['delisted', 'field', 'listed']);
  });

  it('skips a step whose instrument a state file does not have, and runs the others', async () => {
    const ex = await startTestExchange();
    ex.control.delistInstrument('SPOT', 'ETHUSDT');
    const lines: string[] = [];
    const scenario = startScenario(ex.control, { stepMs: 1, log: (l) => lines.push(l) });
    await scenario.finished;
    expect(lines.filter((l) => l.includes('skipped'))).toHaveLength(1);
    expect(lines).toHaveLength(scenarioSteps().length);
  });
});
