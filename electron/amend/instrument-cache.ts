/**
 * Instruments main fetched itself for the amend rules, kept for about a minute per profile: a
 * burst of amendments on one symbol costs one Get Instruments, and a status change shows soon. A run
 * of many amends over many symbols fills it per category (prime): one Get Instruments without a
 * symbol lists the whole category.
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

  /**
   * The entries of these symbols from one fetch of their whole category, when two or more are not
   * known already; a symbol the category does not list is not found. Throws what the fetch throws.
   */
  async prime(
    category: Category,
    symbols: Iterable<string>,
    fetchAll: (category: Category) => Promise<Instrument[]>,
  ): Promise<void> {
    const missing = [...new Set(symbols)].filter((s) => !this.fresh(`${category}|${s}`));
    if (missing.length < 2) return;
    const list = await fetchAll(category);
    const at = this.now();
    for (const symbol of missing) {
      const instrument = list.find((i) => i.symbol === symbol && i.category === category);
      this.entries.set(`${category}|${symbol}`, {
        at,
        lookup: instrument ? { instrument } : { instrument: undefined, notFound: true },
      });
    }
  }

  private fresh(key: string): boolean {
    const hit = this.entries.get(key);
    return hit !== undefined && this.now() - hit.at < this.ttlMs;
  }

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
