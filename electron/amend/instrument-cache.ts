/**
 * Instruments main fetched itself for the amend rules, kept for about a minute per profile: a
 * burst of amendments on one symbol costs one Get Instruments, and a status change shows soon.
 */
import type { Category, Instrument } from '../../shared/schemas';

export const INSTRUMENT_TTL_MS = 60_000;

export type InstrumentLookup = { instrument: Instrument } | { instrument: undefined; notFound: true };

interface Entry {
  at: number;
  lookup: InstrumentLookup;
}

export class InstrumentCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = INSTRUMENT_TTL_MS,
  ) {}

  /** Throws what the fetch throws; failures are not cached. */
  async get(
    category: Category,
    symbol: string,
    fetch: (category: Category, symbol: string) => Promise<Instrument[]>,
  ): Promise<InstrumentLookup> {
    const key = `${category}|${symbol}`;
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.lookup;
    const list = await fetch(category, symbol);
    const instrument = list.find((i) => i.symbol === symbol && i.category === category);
    const lookup: InstrumentLookup = instrument ? { instrument } : { instrument: undefined, notFound: true };
    this.entries.set(key, { at: this.now(), lookup });
    return lookup;
  }
}
