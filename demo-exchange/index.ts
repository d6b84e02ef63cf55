/**
 * The demo exchange: a faithful local implementation of the exchange endpoints UTA Desk uses
 * (same paths, envelope, signing, rate limits, order rules and error codes), started in-process
 * by the app's Local demo profile and the e2e suite, or from the command line (cli.ts).
 */
import type { AddressInfo } from 'node:net';
import { DEMO_ACCOUNT, OTHER_ACCOUNT } from './accounts';
import { createControl, type DemoControl } from './control';
import { bundledState } from './default-state';
import { ExchangeCore } from './exchange-core';
import { createDemoServer } from './http-server';
import { attachPrivateStream, DEFAULT_STREAM_IDLE_MS, PRIVATE_STREAM_PATH } from './private-stream';
import { RequestLog } from './request-log';
import { ResponseDelays } from './response-delays';
import { snapshotState } from './state-snapshot';
import { loadStateFile, validateState, type DemoStateInput } from './state-schema';

export interface DemoExchangeOptions {
  /** Default 127.0.0.1: the demo exchange is for the operator's own machine. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default: the bundled accounts, instruments and orders. */
  state?: DemoStateInput;
  /** Delay before the matching engine applies an accepted modification. Default 500. */
  engineLatencyMs?: number;
  /** Length of the "cancelling" phase after a failed autoCancel modification. Default 100. */
  cancelLatencyMs?: number;
  /** Default true. Off only for benchmarks. */
  rateLimit?: boolean;
  /** Server clock = machine clock + offset. Default 0. */
  clockOffsetMs?: number;
  /** A private-stream connection that sends no frame (a ping included) for this long is closed. Default 120,000. */
  streamIdleMs?: number;
  /** Private-stream connections one client address may hold at once; more are refused with 429. Default 32. */
  streamMaxPerAddress?: number;
}

export interface DemoExchange {
  readonly url: string;
  /** ws://HOST:PORT/v3/ws/private, the private WebSocket on the same port. */
  readonly privateStreamUrl: string;
  readonly port: number;
  readonly control: DemoControl;
  /** The state as it stands now, in the `--state` format (what an app keeps across restarts). */
  snapshotState(): DemoStateInput;
  /** Starts over from `state` (validated first), or from the bundled state; connections stay open. */
  replaceState(state?: DemoStateInput): void;
  close(): Promise<void>;
}

export const DEFAULT_ENGINE_LATENCY_MS = 500;
export const DEFAULT_CANCEL_LATENCY_MS = 100;

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

export async function startDemoExchange(options: DemoExchangeOptions = {}): Promise<DemoExchange> {
  const host = options.host ?? '127.0.0.1';
  const clockOffsetMs = options.clockOffsetMs ?? 0;
  const state = validateState(
    options.state ?? bundledState(Date.now() + clockOffsetMs),
    options.state ? 'options.state' : 'bundled state',
  );
  const core = new ExchangeCore(
    state,
    {
      engineLatencyMs: options.engineLatencyMs ?? DEFAULT_ENGINE_LATENCY_MS,
      cancelLatencyMs: options.cancelLatencyMs ?? DEFAULT_CANCEL_LATENCY_MS,
      rateLimit: options.rateLimit ?? true,
    },
    clockOffsetMs,
  );
  const log = new RequestLog();
  const delays = new ResponseDelays();
  const server = createDemoServer({ core, log, delays });
  const stream = attachPrivateStream(server, core, {
    idleMs: options.streamIdleMs ?? DEFAULT_STREAM_IDLE_MS,
    maxPerAddress: options.streamMaxPerAddress,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  const control = createControl(core, log, delays, stream);
  return {
    url: `http://${urlHost(host)}:${port}`,
    privateStreamUrl: `ws://${urlHost(host)}:${port}${PRIVATE_STREAM_PATH}`,
    port,
    control,
    snapshotState: () => snapshotState(core),
    replaceState(next) {
      const valid = validateState(next ?? bundledState(core.clock.now()), next ? 'state' : 'bundled state');
      delays.clear();
      log.clear();
      core.replaceState(valid);
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        core.stop();
        delays.clear();
        // Upgraded sockets are no longer the HTTP server's: it would wait for them forever.
        stream.close();
        server.close(() => resolve());
        // Keep-alive sockets would otherwise hold close() open for seconds.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

export { loadStateFile, DEMO_ACCOUNT, OTHER_ACCOUNT };
export type { DemoControl, DemoOrderSnapshot } from './control';
export type { DemoStateInput, DemoOrderInput } from './state-schema';
export type { DemoAccount } from './accounts';
export type { RequestLogEntry } from './request-log';
