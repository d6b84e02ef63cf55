/**
 * Everything the endpoints share: accounts, instruments, orders, the matching engine, the market
 * prices, the rate limiters and the server clock. Kept apart from HTTP so the control API can act on it directly.
 */
import type { DemoAccount } from './accounts';
import { ServerClock } from './server-clock';
import { InstrumentCatalog } from './instrument-catalog';
import { MarketPrices, referencePrices } from './market-prices';
import { MatchingEngine, type EngineSettings } from './matching-engine';
import { OrderEvents } from './order-events';
import { buildOrderRecords } from './order-factory';
import { OrderStore } from './order-store';
import { SlidingWindowLimiter } from './sliding-window';
import type { ValidatedState } from './state-schema';

export interface CoreSettings extends EngineSettings {
  rateLimit: boolean;
}

/** Limits of the real service, per second: per UID for trading endpoints, per client IP for public ones. */
function createLimiters() {
  return {
    // Batch modify counts as one request against the same window: a batch and single modifies share it.
    modifyOrder: new SlidingWindowLimiter(10),
    orderInfo: new SlidingWindowLimiter(20),
    unfilledOrders: new SlidingWindowLimiter(20),
    instruments: new SlidingWindowLimiter(20),
    tickers: new SlidingWindowLimiter(20),
    publicTime: new SlidingWindowLimiter(20),
  };
}
export type LimiterName = keyof ReturnType<typeof createLimiters>;

export class ExchangeCore {
  readonly clock: ServerClock;
  readonly limiters = createLimiters();
  readonly engine: MatchingEngine;
  /** Outlives reset(): the private stream's connections keep listening across it. */
  readonly orderEvents = new OrderEvents();
  accountsByKey = new Map<string, DemoAccount>();
  catalog!: InstrumentCatalog;
  orders!: OrderStore;
  market!: MarketPrices;

  constructor(
    private initial: ValidatedState,
    readonly settings: CoreSettings,
    clockOffsetMs = 0,
  ) {
    this.clock = new ServerClock(clockOffsetMs);
    this.engine = new MatchingEngine({
      settings,
      now: () => this.clock.now(),
      // Through `this`, so the engine sees the catalog that reset() puts in place.
      instrumentOf: (category, symbol) => this.catalog.get(category, symbol),
      events: this.orderEvents,
    });
    this.load();
  }

  /** Admits a request under the named limit (always, when rate limiting is off). */
  admit(limiter: LimiterName, key: string): boolean {
    return !this.settings.rateLimit || this.limiters[limiter].tryAcquire(key);
  }

  /** Back to the starting state: orders, instrument statuses, pinned market prices and rate-limit windows. */
  reset(): void {
    this.engine.stop();
    for (const limiter of Object.values(this.limiters)) limiter.clear();
    this.load();
  }

  /** Starts over from another state (the app's "Reset demo exchange" goes back to the bundled one). */
  replaceState(state: ValidatedState): void {
    this.initial = state;
    this.reset();
  }

  stop(): void {
    this.engine.stop();
  }

  private load(): void {
    this.accountsByKey = new Map(this.initial.accounts.map((a) => [a.apiKey, { ...a }]));
    this.catalog = new InstrumentCatalog(this.initial.instruments);
    this.orders = new OrderStore(buildOrderRecords(this.initial, this.clock.now()));
    this.market = new MarketPrices(referencePrices(this.initial.orders));
  }
}
