/**
 * The private order stream of one profile: one authenticated WebSocket to the exchange's
 * `/v3/ws/private`, subscribed to the UTA `order` topic, kept alive with text pings, and reconnected
 * (with exponential backoff and jitter, a fresh login and a fresh subscription) whenever it drops.
 *
 * The exchange sends no snapshot on subscribe and keeps nothing for a client that was away: pushes
 * sent while the socket was down are lost. `generation` changes on every (re)connection so that a
 * follower can tell whether it may have missed one and must confirm by REST.
 *
 * A login the exchange refuses (bad key, passphrase or signature) is not retried fast: the stream
 * goes 'down' with the reason and tries again after `refusedRetryMs` (60 s by default; null: never),
 * because the same credentials will be refused again and a burst of failed logins only invites a ban.
 *
 * Nothing the profile's credentials contain reaches a state reason: the login frame is only ever
 * written to the socket, and every text that quotes the server or the network is scrubbed
 * (secret-scrub.ts). Nothing is logged.
 */
import WebSocket from 'ws';
import { orderPushSchema, type OrderPush } from '../../shared/schemas';
import type { Credentials } from './client';
import { realClock } from './clock';
import { backoffDelay, type RetryPolicy } from './retry';
import { secretScrubber, type SecretScrubber } from './secret-scrub';
import { sign } from './signing';
import { sharedClockSkews, type ClockSkews } from './skew';

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

/** What close() waits for the server's closing handshake before cutting the socket. */
const CLOSE_GRACE_MS = 1000;
/** Reasons quote the server; a long text would bloat the state the UI shows. */
const MAX_REASON_CHARS = 300;

/**
 * The exchange's WebSocket error codes that mean "try again later", not "these credentials are
 * refused": too many requests or connections, and a login timestamp out of the window (the skew
 * may be re-measured meanwhile). Every other error before the subscription is live is a refusal.
 */
const TRANSIENT_CODES = new Set(['30006', '30007', '30013', '30014']);

type Phase = 'opening' | 'login' | 'subscribe' | 'live';

/** One socket and everything that belongs to it; a new connection is a new Session. */
interface Session {
  ws: WebSocket;
  phase: Phase;
  answerTimer?: unknown;
  pingTimer?: unknown;
  pongTimer?: unknown;
  connectedAt?: number;
  /** Set when the exchange refused the login or the subscription: go down instead of reconnecting fast. */
  refusal?: string;
  /** Why the connection ended, as first known (a network error arrives before its close). */
  failure?: string;
}

const realTimers: StreamTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class OrderStream {
  private readonly url: string;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly timers: StreamTimers;
  private readonly skews: ClockSkews;
  private readonly scrub: SecretScrubber;
  private readonly pingIntervalMs: number;
  private readonly pongTimeoutMs: number;
  private readonly answerTimeoutMs: number;
  private readonly backoff: RetryPolicy;
  private readonly stableAfterMs: number;
  private readonly refusedRetryMs: number | null;
  private readonly maxPayloadBytes: number;

  private current: StreamState;
  private session: Session | undefined;
  private retryTimer: unknown;
  private started = false;
  private closing: Promise<void> | undefined;
  /** Consecutive failures counted for the backoff (not reset by a connection that did not last). */
  private failures = 0;
  private readonly stateListeners = new Set<(s: StreamState) => void>();
  private readonly orderListeners = new Set<(o: StreamOrder) => void>();
  private readonly counts = { pushes: 0, invalidFrames: 0, listenerErrors: 0 };

  constructor(private readonly config: OrderStreamConfig) {
    this.url = config.url;
    this.now = config.now ?? realClock.now;
    this.random = config.random ?? Math.random;
    this.timers = config.timers ?? realTimers;
    this.skews = config.skews ?? sharedClockSkews;
    const c = config.credentials;
    this.scrub = secretScrubber([c.apiKey, c.secretKey, c.passphrase]);
    this.pingIntervalMs = config.pingIntervalMs ?? ORDER_STREAM_DEFAULTS.pingIntervalMs;
    this.pongTimeoutMs = config.pongTimeoutMs ?? ORDER_STREAM_DEFAULTS.pongTimeoutMs;
    this.answerTimeoutMs = config.answerTimeoutMs ?? ORDER_STREAM_DEFAULTS.answerTimeoutMs;
    const b = config.backoff ?? ORDER_STREAM_DEFAULTS.backoff;
    this.backoff = { retries: Infinity, baseDelayMs: b.baseDelayMs, maxDelayMs: b.maxDelayMs };
    this.stableAfterMs = config.stableAfterMs ?? ORDER_STREAM_DEFAULTS.stableAfterMs;
    this.refusedRetryMs =
      config.refusedRetryMs === undefined ? ORDER_STREAM_DEFAULTS.refusedRetryMs : config.refusedRetryMs;
    this.maxPayloadBytes = config.maxPayloadBytes ?? ORDER_STREAM_DEFAULTS.maxPayloadBytes;
    this.current = { state: 'down', since: this.now(), reason: 'Not started.', attempts: 0, generation: 0 };
  }

  get state(): StreamState {
    return this.current;
  }

  /** Changes on every (re)connection; pushes are only complete between two equal readings while connected. */
  get generation(): number {
    return this.current.generation;
  }

  /** Counters for diagnostics: order pushes delivered, frames or orders ignored as invalid, listeners that threw. */
  get stats(): Readonly<{ pushes: number; invalidFrames: number; listenerErrors: number }> {
    return { ...this.counts };
  }

  onState(listener: (s: StreamState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onOrder(listener: (o: StreamOrder) => void): () => void {
    this.orderListeners.add(listener);
    return () => this.orderListeners.delete(listener);
  }

  start(): void {
    if (this.started || this.closing) return;
    this.started = true;
    this.setState({ state: 'connecting', attempts: 0 });
    this.connect();
  }

  /** Stops for good: no reconnect; resolves once the socket is closed. */
  close(): Promise<void> {
    if (this.closing) return this.closing;
    // Set before anything runs: a state listener that calls close() again must get this promise.
    let closed!: () => void;
    this.closing = new Promise((resolve) => (closed = resolve));
    void this.shutDown().then(closed);
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    this.cancelRetry();
    const s = this.session;
    this.session = undefined;
    this.setState({ state: 'down', reason: 'Closed.', retryAt: undefined });
    if (!s) return;
    this.stopTimers(s);
    if (s.ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      s.ws.once('close', () => resolve());
      if (s.ws.readyState !== WebSocket.OPEN) {
        s.ws.terminate();
        return;
      }
      s.ws.close(1000);
      const cut = this.timers.setTimeout(() => s.ws.terminate(), CLOSE_GRACE_MS);
      s.ws.once('close', () => this.timers.clearTimeout(cut));
    });
  }

  private connect(): void {
    this.retryTimer = undefined;
    if (this.current.retryAt !== undefined) this.setState({ retryAt: undefined });
    const ws = new WebSocket(this.url, {
      maxPayload: this.maxPayloadBytes,
      handshakeTimeout: this.answerTimeoutMs,
      followRedirects: false,
    });
    const s: Session = { ws, phase: 'opening' };
    this.session = s;
    ws.on('open', () => this.opened(s));
    ws.on('message', (data, isBinary) => this.received(s, data, isBinary));
    ws.on('error', (e) => {
      s.failure ??= this.failureText(e);
    });
    ws.on('close', (code, reason) => this.closed(s, code, reason.toString('utf8')));
  }

  private opened(s: Session): void {
    if (this.session !== s) return;
    s.phase = 'login';
    this.send(s, JSON.stringify({ op: 'login', args: [this.loginArgs()] }));
    this.expectAnswer(s, 'login');
    s.pingTimer = this.timers.setTimeout(() => this.ping(s), this.pingIntervalMs);
  }

  /** The login's arguments; the signed timestamp is in seconds, on the exchange's clock as far as it is known. */
  private loginArgs(): Record<string, string> {
    const c = this.config.credentials;
    const skew = this.skews.get(this.config.clockKey) ?? 0;
    const timestamp = String(Math.round((this.now() - skew) / 1000));
    return {
      apiKey: c.apiKey,
      passphrase: c.passphrase,
      timestamp,
      sign: sign(c.secretKey, `${timestamp}GET/user/verify`),
    };
  }

  private ping(s: Session): void {
    if (this.session !== s) return;
    this.send(s, 'ping');
    s.pongTimer ??= this.timers.setTimeout(
      () => this.fail(s, `No answer to a ping within ${seconds(this.pongTimeoutMs)}.`),
      this.pongTimeoutMs,
    );
    s.pingTimer = this.timers.setTimeout(() => this.ping(s), this.pingIntervalMs);
  }

  private expectAnswer(s: Session, what: 'login' | 'subscribe'): void {
    this.clear(s.answerTimer);
    s.answerTimer = this.timers.setTimeout(
      () => this.fail(s, `The exchange did not answer the ${what} within ${seconds(this.answerTimeoutMs)}.`),
      this.answerTimeoutMs,
    );
  }

  private received(s: Session, data: WebSocket.RawData, isBinary: boolean): void {
    if (this.session !== s) return;
    // Any frame shows the connection is alive.
    this.clear(s.pongTimer);
    s.pongTimer = undefined;
    const text = isBinary ? undefined : rawText(data);
    if (text === 'pong') return;
    if (text === 'ping') {
      this.send(s, 'pong');
      return;
    }
    let msg: unknown;
    try {
      msg = text === undefined ? undefined : JSON.parse(text);
    } catch {
      msg = undefined;
    }
    if (!isRecord(msg)) {
      this.counts.invalidFrames++;
      return;
    }
    if (typeof msg.event === 'string') this.answered(s, msg);
    else if (isRecord(msg.arg) && msg.arg.topic === 'order' && Array.isArray(msg.data)) this.pushed(msg.data);
    else this.counts.invalidFrames++;
  }

  private answered(s: Session, msg: Record<string, unknown>): void {
    const code = msg.code === undefined ? undefined : String(msg.code);
    if (msg.event === 'login' && (code === '0' || code === undefined)) {
      if (s.phase !== 'login') return;
      s.phase = 'subscribe';
      this.send(s, JSON.stringify({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'order' }] }));
      this.expectAnswer(s, 'subscribe');
      return;
    }
    if (msg.event === 'subscribe') {
      if (s.phase !== 'subscribe') return;
      this.clear(s.answerTimer);
      s.answerTimer = undefined;
      this.connected(s);
      return;
    }
    if (msg.event === 'error' || msg.event === 'login') {
      // After the subscription is live an error concerns some other request: nothing to act on.
      if (s.phase === 'live') return;
      const what = s.phase === 'subscribe' ? 'the order subscription' : 'the login of the order stream';
      const said = this.exchangeSaid(code, msg.msg);
      if (code !== undefined && TRANSIENT_CODES.has(code)) {
        this.fail(s, `The exchange refused ${what} for now${said}.`);
        return;
      }
      s.refusal =
        s.phase === 'subscribe'
          ? `The exchange refused ${what}${said}.`
          : `The exchange refused ${what}${said}: check the profile's API key, secret key and passphrase.`;
      this.fail(s, s.refusal);
    }
  }

  private connected(s: Session): void {
    s.phase = 'live';
    s.connectedAt = this.now();
    this.setState({
      state: 'connected',
      attempts: 0,
      reason: undefined,
      retryAt: undefined,
      generation: this.current.generation + 1,
    });
  }

  private pushed(items: unknown[]): void {
    for (const item of items) {
      const r = orderPushSchema.safeParse(item);
      if (!r.success) {
        this.counts.invalidFrames++;
        continue;
      }
      this.counts.pushes++;
      const order: StreamOrder = { ...r.data, category: r.data.category.toUpperCase() };
      for (const listener of [...this.orderListeners]) {
        try {
          listener(order);
        } catch {
          // A listener's bug must not stop the stream or the other listeners.
          this.counts.listenerErrors++;
        }
      }
    }
  }

  /** Ends the session's connection; its close event schedules what comes next. */
  private fail(s: Session, why: string): void {
    if (this.session !== s) return;
    s.failure ??= why;
    this.stopTimers(s);
    s.ws.terminate();
  }

  private closed(s: Session, code: number, reason: string): void {
    this.stopTimers(s);
    if (this.session !== s) return;
    this.session = undefined;
    if (this.closing) return;
    const why =
      s.failure ?? `The exchange closed the connection (${code}${reason ? `: ${this.scrubbed(reason)}` : ''}).`;
    const lastedMs = s.connectedAt === undefined ? 0 : this.now() - s.connectedAt;
    if (lastedMs >= this.stableAfterMs) this.failures = 0;
    const attempts = this.current.state === 'connected' ? 1 : this.current.attempts + 1;
    if (s.refusal !== undefined) {
      const retryAt = this.refusedRetryMs === null ? undefined : this.now() + this.refusedRetryMs;
      const later =
        this.refusedRetryMs === null ? ' Not retried.' : ` Trying again in ${seconds(this.refusedRetryMs)}.`;
      this.setState({ state: 'down', reason: `${s.refusal}${later}`, attempts, retryAt });
      if (this.refusedRetryMs !== null) this.scheduleConnect(this.refusedRetryMs);
      return;
    }
    const delay = backoffDelay(this.failures, this.backoff, this.random);
    this.failures++;
    this.setState({ state: 'reconnecting', reason: why, attempts, retryAt: this.now() + delay });
    this.scheduleConnect(delay);
  }

  private scheduleConnect(delayMs: number): void {
    this.retryTimer = this.timers.setTimeout(() => this.connect(), delayMs);
  }

  private cancelRetry(): void {
    this.clear(this.retryTimer);
    this.retryTimer = undefined;
  }

  private stopTimers(s: Session): void {
    this.clear(s.answerTimer);
    this.clear(s.pingTimer);
    this.clear(s.pongTimer);
    s.answerTimer = s.pingTimer = s.pongTimer = undefined;
  }

  private clear(handle: unknown): void {
    if (handle !== undefined) this.timers.clearTimeout(handle);
  }

  private send(s: Session, text: string): void {
    // A send on a closing socket fails asynchronously through the callback; its close event follows.
    if (s.ws.readyState === WebSocket.OPEN) s.ws.send(text, () => {});
  }

  private setState(change: Partial<StreamState>): void {
    const next: StreamState = { ...this.current, ...change };
    if (next.state !== this.current.state) next.since = this.now();
    if (next.reason !== undefined) next.reason = this.scrubbed(next.reason);
    for (const key of ['reason', 'retryAt'] as const) if (next[key] === undefined) delete next[key];
    this.current = next;
    for (const listener of [...this.stateListeners]) {
      try {
        listener(next);
      } catch {
        this.counts.listenerErrors++;
      }
    }
  }

  private exchangeSaid(code: string | undefined, msg: unknown): string {
    const text = typeof msg === 'string' && msg ? msg : undefined;
    if (code === undefined && text === undefined) return '';
    return ` (${[code === undefined ? undefined : `code ${code}`, text].filter(Boolean).join(': ')})`;
  }

  private failureText(e: Error): string {
    if (e instanceof RangeError && /max payload/i.test(e.message))
      return `The exchange sent a frame over ${Math.round(this.maxPayloadBytes / 1024)} KiB; the connection was closed.`;
    return `The connection failed: ${e.message}`;
  }

  private scrubbed(text: string): string {
    const s = this.scrub.text(text);
    return s.length > MAX_REASON_CHARS ? `${s.slice(0, MAX_REASON_CHARS)}…` : s;
  }
}

function rawText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
