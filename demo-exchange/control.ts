/**
 * In-process control of a running demo exchange, for tests and the e2e suite. Deliberately not
 * reachable over HTTP: nothing a client sends can change latencies, clocks or statuses.
 */
import {
  INSTRUMENT_STATUSES,
  instrumentSchema,
  type Category,
  type Instrument,
  type InstrumentStatus,
} from '../shared/schemas';
import type { ExchangeCore } from './exchange-core';
import { placeOrder } from './order-placement';
import {
  recordCopy,
  type AutoCancelPhase,
  type OrderRecord,
  type OrderWire,
  type PendingModification,
} from './order-record';
import type { PrivateStream } from './private-stream';
import type { RequestLog, RequestLogEntry } from './request-log';
import type { ResponseDelays } from './response-delays';
import type { DemoOrderInput } from './state-schema';

/** An order as order-info shows it, plus the engine's view of it. */
export type DemoOrderSnapshot = OrderWire & {
  uid: string;
  pendingModification: PendingModification | null;
  autoCancelPhase: AutoCancelPhase;
};

export interface DemoControl {
  /** Delay between accepting a modification and the engine applying it (affects later submissions). */
  setEngineLatency(ms: number): void;
  /** Length of the "cancelling" phase after a failed autoCancel modification. */
  setCancelLatency(ms: number): void;
  /** Server clock = machine clock + ms; affects timestamps checks (40008), requestTime and serverTime. */
  setClockOffset(ms: number): void;
  setInstrumentStatus(category: Category, symbol: string, status: InstrumentStatus): void;
  /**
   * Changes fields of a listed instrument, as the exchange does between two fetches (a fee, a step,
   * a status, a restriction time such as maintainTime). A null value removes the field; a field it
   * did not have is added. Any text is taken: the desk must cope with values it does not know.
   * Undone by reset(). Returns the instrument as now listed.
   */
  mutateInstrument(category: Category, symbol: string, changes: Readonly<Record<string, string | null>>): Instrument;
  /** Lists a new instrument (at least symbol, baseCoin, quoteCoin and status; fields as the exchange writes them). */
  listInstrument(category: Category, row: Readonly<Record<string, unknown>>): Instrument;
  /** Delists an instrument: it disappears from the instruments and tickers answers. */
  delistInstrument(category: Category, symbol: string): void;
  /**
   * The engine's latencies pass now: every accepted modification still pending is applied (or
   * failed) and every auto-cancel under way completes, in the order they were due. Answers how many
   * steps the engine took. For tests that look at an order while it is pending, then go on.
   */
  runEngineNow(): number;
  /** Delays the next `count` (default 1) answers on paths starting with pathPrefix; requests are still processed at once. */
  delayResponses(pathPrefix: string, ms: number, count?: number): void;
  /**
   * Sends now the answers held back on paths starting with pathPrefix, in the order they came, and
   * drops the delays not yet used there. Answers how many held answers were sent. For tests that
   * hold an answer only while they look at the waiting client.
   */
  releaseResponses(pathPrefix: string): number;
  /** A deep copy of the account's order by orderId, or else by clientOid. */
  getOrder(uid: string, orderIdOrClientOid: string): DemoOrderSnapshot | undefined;
  /**
   * Fills `qty` (default: all that remains) of an open order at its price: cumExecQty,
   * cumExecValue, avgPrice, fees, partially_filled/filled, updatedTime. Pushed on the order topic.
   */
  fillOrder(uid: string, orderIdOrClientOid: string, qty?: string): DemoOrderSnapshot;
  /** Cancels an open order as its holder would (cancelReason normal_cancel). Pushed on the order topic. */
  cancelOrder(uid: string, orderIdOrClientOid: string): DemoOrderSnapshot;
  /**
   * Adds an open order, given as in a state file (same checks and defaults; orderId generated
   * above every existing one when absent, times "now"). Pushed on the order topic.
   */
  placeOrder(input: DemoOrderInput): DemoOrderSnapshot;
  /** Terminates every private-stream connection without a closing handshake, as a network failure would. */
  dropStreamConnections(): void;
  streamConnectionCount(): number;
  /** method, path, HTTP status and code of each request so far (most recent 10,000). */
  requestLog(): RequestLogEntry[];
  /**
   * Back to the starting state: orders, statuses, rate-limit windows, delays, log. Latencies and
   * clock stay, and so do stream connections with their logins and subscriptions: a connected
   * client cannot tell a reset happened, and keeps receiving pushes for the restored orders.
   */
  reset(): void;
  /**
   * Holds the instrument's market (tickers: last price, and for futures the mark price) at exactly
   * `lastPrice`, which must be on its price step, until reset(). Not for MARGIN: it has no tickers.
   */
  setMarketPrice(category: Category, symbol: string, lastPrice: string): void;
}

function nonNegative(name: string, ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`${name} must be a non-negative number of milliseconds`);
  return ms;
}

function snapshot(order: OrderRecord): DemoOrderSnapshot {
  const copy = recordCopy(order);
  return { ...copy.wire, uid: copy.uid, pendingModification: copy.pending, autoCancelPhase: copy.autoCancelPhase };
}

function find(core: ExchangeCore, uid: string, ref: string): OrderRecord | undefined {
  return core.orders.find(uid, { orderId: ref }) ?? core.orders.find(uid, { clientOid: ref });
}

function existing(core: ExchangeCore, uid: string, ref: string): OrderRecord {
  const order = find(core, uid, ref);
  if (!order) throw new Error(`no order "${ref}" for uid ${uid}`);
  return order;
}

export function createControl(
  core: ExchangeCore,
  log: RequestLog,
  delays: ResponseDelays,
  stream: PrivateStream,
): DemoControl {
  return {
    setEngineLatency: (ms) => {
      core.settings.engineLatencyMs = nonNegative('engine latency', ms);
    },
    setCancelLatency: (ms) => {
      core.settings.cancelLatencyMs = nonNegative('cancel latency', ms);
    },
    setClockOffset: (ms) => {
      if (!Number.isFinite(ms)) throw new Error('clock offset must be a finite number of milliseconds');
      core.clock.setOffset(ms);
    },
    setInstrumentStatus: (category, symbol, status) => {
      if (!INSTRUMENT_STATUSES.includes(status)) throw new Error(`unknown instrument status ${String(status)}`);
      core.catalog.setStatus(category, symbol, status);
    },
    mutateInstrument: (category, symbol, changes) => {
      for (const [field, value] of Object.entries(changes)) {
        if (value !== null && typeof value !== 'string')
          throw new Error(`${field}: the exchange sends every value as text`);
      }
      return structuredClone(core.catalog.mutate(category, symbol, changes));
    },
    listInstrument: (category, row) => {
      const parsed = instrumentSchema.safeParse({ ...row, category });
      if (!parsed.success)
        throw new Error(`not an instrument: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
      // The caller's object, not the parse: parsing reorders keys, and field order is part of the answer.
      const inst = { ...row, category } as Instrument;
      core.catalog.add(inst);
      return structuredClone(inst);
    },
    delistInstrument: (category, symbol) => core.catalog.remove(category, symbol),
    runEngineNow: () => core.engine.runNow(),
    delayResponses: (pathPrefix, ms, count = 1) => delays.add(pathPrefix, ms, count),
    releaseResponses: (pathPrefix) => delays.release(pathPrefix),
    getOrder: (uid, ref) => {
      const order = find(core, uid, ref);
      return order && snapshot(order);
    },
    fillOrder: (uid, ref, qty) => {
      const order = existing(core, uid, ref);
      core.engine.fill(order, qty);
      return snapshot(order);
    },
    cancelOrder: (uid, ref) => {
      const order = existing(core, uid, ref);
      core.engine.cancel(order);
      return snapshot(order);
    },
    placeOrder: (input) => snapshot(placeOrder(core, input)),
    dropStreamConnections: () => stream.dropAll(),
    streamConnectionCount: () => stream.connectionCount(),
    requestLog: () => log.list(),
    reset: () => {
      delays.clear();
      log.clear();
      core.reset();
    },
    setMarketPrice: (category, symbol, lastPrice) => {
      const inst = core.catalog.get(category, symbol);
      if (!inst) throw new Error(`unknown instrument ${category} ${symbol}`);
      core.market.pin(inst, lastPrice);
    },
  };
}
