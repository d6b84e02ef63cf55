/** The --scenario schedule that makes the demo market move over a few minutes, over real HTTP. */
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
