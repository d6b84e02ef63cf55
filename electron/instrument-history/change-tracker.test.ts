/**
 * Badges keyed by a symbol the exchange names: a symbol that is also a name on Object.prototype
 * (`__proto__`, `constructor`) must get its badge like any other, keep it over a restart, and lose
 * it when seen.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/schemas';
import { ChangeTracker } from './change-tracker';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uta-marks-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const spot = (symbol: string, extra: Partial<Instrument> = {}): Instrument => ({
  category: 'SPOT',
  symbol,
  baseCoin: symbol.slice(0, 3),
  quoteCoin: 'USDT',
  status: 'online',
  ...extra,
});

describe('badges of symbols named like object properties', () => {
  it('marks __proto__ and constructor new, keeps them over a restart, and clears them when seen', async () => {
    let t = 1_000;
    const tracker = () => new ChangeTracker(dir, { now: () => t });
    const a = tracker();
    await a.recordFetch('p', 'SPOT', [spot('BTCUSDT')], t);
    t += 1_000;
    const odd = ['__proto__', 'constructor', 'hasOwnProperty'];
    await a.recordFetch('p', 'SPOT', [spot('BTCUSDT'), ...odd.map((s) => spot(s))], t);
    const expected = odd.map((symbol) => ({ symbol, mark: 'new', at: t }));
    const sorted = (marks: Array<{ symbol: string }>) => [...marks].sort((x, y) => x.symbol.localeCompare(y.symbol));
    expect(sorted(await a.marks('p', 'SPOT'))).toEqual(sorted(expected));
    await a.store.close();

    const b = tracker();
    expect(sorted(await b.marks('p', 'SPOT'))).toEqual(sorted(expected));
    expect((await b.markSeen('p', 'SPOT', ['__proto__'])).map((m) => m.symbol).sort()).toEqual([
      'constructor',
      'hasOwnProperty',
    ]);
    await b.store.close();
  });
});
