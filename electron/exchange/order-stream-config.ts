/**
 * What a private order stream is set up with (its URL, credentials, timers and bounds, and their
 * defaults) and what it reports (its state, the orders pushed); the stream is order-stream.ts.
 */
import type { OrderPush } from '../../shared/schemas';
import type { Credentials } from './request-headers';
import type { ClockSkews } from './skew';

export type StreamStateName = 'connecting' | 'connected' | 'reconnecting' | 'down';

export interface StreamState {
  state: StreamStateName;
  /** When the stream entered this state (ms since the epoch, local clock); kept while it stays in it. */
  since: number;
  /** Why the stream is not connected, in words (scrubbed). */
  reason?: string;
  /** Connections that failed or dropped since the stream was last connected. */
  attempts: number;
  /** How many times the stream has become connected; a follower that saw another number may have missed pushes. */
  generation: number;
  /** When the next connection attempt starts, while one is scheduled. */
  retryAt?: number;
}

/** An order as the stream reports it to the app: `category` upper case, as REST reports it. */
export type StreamOrder = OrderPush;

export interface StreamTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface OrderStreamConfig {
  /** The private stream's URL (stream-url.ts). */
  url: string;
  credentials: Credentials;
  /** Under which key the profile's measured clock skew is kept (the profile id), as for REST. */
  clockKey: string;
  skews?: ClockSkews;
  now?: () => number;
  /** Jitter of the reconnect backoff. */
  random?: () => number;
  timers?: StreamTimers;
  /** Text `ping` every this many ms; the exchange drops a connection idle for about 30 s. */
  pingIntervalMs?: number;
  /** No frame at all within this long after a ping: the connection is dead, reconnect. */
  pongTimeoutMs?: number;
  /** Bound on the WebSocket handshake and on the answers to login and subscribe. */
  answerTimeoutMs?: number;
  /** Delay before reconnect n: base · 2^n up to max, upper half jittered (retry.ts). */
  backoff?: { baseDelayMs: number; maxDelayMs: number };
  /** A connection that stayed connected this long resets the backoff; a shorter one (a flapping server) does not. */
  stableAfterMs?: number;
  /** Retry after a refused login; null: stay down until the stream is recreated. */
  refusedRetryMs?: number | null;
  /** Frames above this size close the connection (then reconnect). */
  maxPayloadBytes?: number;
}

export const ORDER_STREAM_DEFAULTS = {
  pingIntervalMs: 25_000,
  pongTimeoutMs: 10_000,
  answerTimeoutMs: 10_000,
  backoff: { baseDelayMs: 250, maxDelayMs: 30_000 },
  stableAfterMs: 30_000,
  refusedRetryMs: 60_000,
  maxPayloadBytes: 1024 * 1024,
} as const;
