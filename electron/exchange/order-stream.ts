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
 *
 * This file keeps the connection (sockets, timers, backoff, state); what the exchange's frames mean
 * is order-stream-protocol.ts, the settings and reported types order-stream-config.ts.
 */
import WebSocket from 'ws';
import {
  ORDER_STREAM_DEFAULTS,
  type OrderStreamConfig,
  type StreamOrder,
  type StreamState,
  type StreamTimers,
} from './order-stream-config';
import { realClock } from './clock';
import {
  judgeAnswer,
  loginFrame,
  readFrame,
  readPush,
  seconds,
  SUBSCRIBE_FRAME,
  type Phase,
} from './order-stream-protocol';
import { backoffDelay, type RetryPolicy } from './retry';
import { secretScrubber, type SecretScrubber } from './secret-scrub';
import { sharedClockSkews, type ClockSkews } from './skew';

/** What close() waits for the server's closing handshake before cutting the socket. */
const CLOSE_GRACE_MS = 1000;
/** Reasons quote the server; a long text would bloat the state the UI shows. */
const MAX_REASON_CHARS = 300;

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
    const skew = this.skews.get(this.config.clockKey) ?? 0;
    this.send(s, loginFrame(this.config.credentials, this.now(), skew));
    this.expectAnswer(s, 'login');
    s.pingTimer = this.timers.setTimeout(() => this.ping(s), this.pingIntervalMs);
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
    const frame = readFrame(isBinary ? undefined : rawText(data));
    switch (frame.kind) {
      case 'pong':
        return;
      case 'ping':
        this.send(s, 'pong');
        return;
      case 'answer':
        this.answered(s, frame.msg);
        return;
      case 'pushes':
        this.pushed(frame.items);
        return;
      case 'invalid':
        this.counts.invalidFrames++;
        return;
    }
  }

  private answered(s: Session, msg: Record<string, unknown>): void {
    const answer = judgeAnswer(s.phase, msg);
    switch (answer?.kind) {
      case 'logged-in':
        s.phase = 'subscribe';
        this.send(s, SUBSCRIBE_FRAME);
        this.expectAnswer(s, 'subscribe');
        return;
      case 'subscribed':
        this.clear(s.answerTimer);
        s.answerTimer = undefined;
        this.connected(s);
        return;
      case 'busy':
        this.fail(s, answer.why);
        return;
      case 'refused':
        s.refusal = answer.why;
        this.fail(s, s.refusal);
        return;
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
      const order: StreamOrder | undefined = readPush(item);
      if (!order) {
        this.counts.invalidFrames++;
        continue;
      }
      this.counts.pushes++;
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
