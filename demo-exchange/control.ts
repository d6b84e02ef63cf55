/**
 * In-process control of a running demo exchange, for tests and the e2e suite. Deliberately not
 * reachable over HTTP: nothing a client sends can change latencies, clocks or statuses.
 */
import { INSTRUMENT_STATUSES, type Category, type InstrumentStatus } from '../shared/schemas';
import type { ExchangeCore } from './exchange-core';
import { recordCopy, type AutoCancelPhase, type OrderWire, type PendingModification } from './order-record';
import type { RequestLog, RequestLogEntry } from './request-log';
import type { ResponseDelays } from './response-delays';

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
  /** Delays the next `count` (default 1) answers on paths starting with pathPrefix; requests are still processed at once. */
  delayResponses(pathPrefix: string, ms: number, count?: number): void;
  /** A deep copy of the account's order by orderId, or else by clientOid. */
  getOrder(uid: string, orderIdOrClientOid: string): DemoOrderSnapshot | undefined;
  /** method, path, HTTP status and code of each request so far (most recent 10,000). */
  requestLog(): RequestLogEntry[];
  /** Back to the starting state: orders, statuses, rate-limit windows, delays, log. Latencies and clock stay. */
  reset(): void;
}

function nonNegative(name: string, ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`${name} must be a non-negative number of milliseconds`);
  return ms;
}

export function createControl(core: ExchangeCore, log: RequestLog, delays: ResponseDelays): DemoControl {
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
    delayResponses: (pathPrefix, ms, count = 1) => delays.add(pathPrefix, ms, count),
    getOrder: (uid, ref) => {
      const order = core.orders.find(uid, { orderId: ref }) ?? core.orders.find(uid, { clientOid: ref });
      if (!order) return undefined;
      const copy = recordCopy(order);
      return { ...copy.wire, uid: copy.uid, pendingModification: copy.pending, autoCancelPhase: copy.autoCancelPhase };
    },
    requestLog: () => log.list(),
    reset: () => {
      delays.clear();
      log.clear();
      core.reset();
    },
  };
}
