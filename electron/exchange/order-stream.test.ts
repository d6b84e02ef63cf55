import { createHmac } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { OrderStream } from './order-stream';
import {
  ORDER_STREAM_DEFAULTS,
  type OrderStreamConfig,
  type StreamOrder,
  type StreamState,
  type StreamTimers,
} from './order-stream-config';
import type { Order } from '../../shared/schemas';
import { ClockSkews } from './skew';

const CREDS = { apiKey: 'bg_key_0123456789abcdef', secretKey: 's3cr3t-Test-Key-9f2a', passphrase: 'pass-phrase-42' };
const SUBSCRIBE = { op: 'subscribe', args: [{ instType: 'UTA', topic: 'order' }] };
const PUSHED = {
  category: 'usdt-futures',
  symbol: 'BTCUSDT',
  orderId: '1300000000000000001',
  clientOid: 'desk-1',
  price: '64000.5',
  qty: '0.02',
  cumExecQty: '0',
  avgPrice: '0',
  orderStatus: 'new',
  cancelReason: '',
  reduceOnly: 'no',
  feeDetail: [{ feeCoin: 'USDT', fee: '0' }],
  updatedTime: '1700000000000',
};

/** One connection as the test server sees it: every text frame it received, in order. */
interface Conn {
  index: number;
  ws: WebSocket;
  frames: string[];
  closed: Promise<void>;
}

/**
 * A private stream server as the exchange documents it: answers login (by default with success),
 * acknowledges subscriptions, answers text pings. Each behaviour can be changed per connection.
 */
class StreamServer extends EventEmitter {
  readonly conns: Conn[] = [];
  login: (conn: Conn, args: Record<string, unknown>) => object | undefined = () => ({ event: 'login', code: 0 });
  loginDelayMs = 0;
  answerSubscribe = true;
  answerPing: (conn: Conn) => boolean = () => true;
  afterSubscribe: (conn: Conn) => void = () => {};
  onConnection: (conn: Conn) => void = () => {};

  constructor(private readonly wss: WebSocketServer) {
    super();
    wss.on('connection', (ws) => this.accept(ws));
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.wss.address() as AddressInfo).port}/v3/ws/private`;
  }

  /** Resolves with the connection and frame once a frame satisfying `pred` arrives (or already has). */
  frame(pred: (text: string, conn: Conn) => boolean): Promise<{ conn: Conn; text: string }> {
    for (const conn of this.conns) {
      const text = conn.frames.find((t) => pred(t, conn));
      if (text !== undefined) return Promise.resolve({ conn, text });
    }
    return new Promise((resolve) => {
      const on = (conn: Conn, text: string) => {
        if (!pred(text, conn)) return;
        this.off('frame', on);
        resolve({ conn, text });
      };
      this.on('frame', on);
    });
  }

  push(conn: Conn, data: unknown[]): void {
    conn.ws.send(JSON.stringify({ action: 'snapshot', arg: { instType: 'UTA', topic: 'order' }, data, ts: 1 }));
  }

  async close(): Promise<void> {
    for (const c of this.conns) c.ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(ws: WebSocket): void {
    const conn: Conn = { index: this.conns.length, ws, frames: [], closed: once(ws, 'close').then(() => {}) };
    this.conns.push(conn);
    ws.on('message', (data) => {
      const text = String(data);
      conn.frames.push(text);
      this.emit('frame', conn, text);
      this.answer(conn, text);
    });
    this.onConnection(conn);
  }

  private answer(conn: Conn, text: string): void {
    if (text === 'ping') {
      if (this.answerPing(conn)) conn.ws.send('pong');
      return;
    }
    const msg = JSON.parse(text) as { op: string; args: Array<Record<string, unknown>> };
    if (msg.op === 'login') {
      const reply = this.login(conn, msg.args[0] ?? {});
      if (!reply) return;
      const send = () => conn.ws.send(JSON.stringify(reply));
      if (this.loginDelayMs) setTimeout(send, this.loginDelayMs);
      else send();
    } else if (msg.op === 'subscribe' && this.answerSubscribe) {
      conn.ws.send(JSON.stringify({ event: 'subscribe', arg: msg.args[0] }));
      this.afterSubscribe(conn);
    }
  }
}

let server: StreamServer | undefined;
let stream: OrderStream | undefined;
afterEach(async () => {
  await stream?.close();
  await server?.close();
  stream = server = undefined;
});

async function startServer(): Promise<StreamServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/v3/ws/private' });
  await once(wss, 'listening');
  server = new StreamServer(wss);
  return server;
}

/** A stream with short timings and a record of every state it reported. */
function startStream(url: string, extra: Partial<OrderStreamConfig> = {}): { s: OrderStream; states: StreamState[] } {
  const s = new OrderStream({
    url,
    credentials: CREDS,
    clockKey: 'profile-1',
    skews: new ClockSkews(),
    backoff: { baseDelayMs: 10, maxDelayMs: 100 },
    answerTimeoutMs: 1000,
    ...extra,
  });
  const states: StreamState[] = [];
  s.onState((st) => states.push(st));
  stream = s;
  s.start();
  return { s, states };
}

function untilState(s: OrderStream, pred: (st: StreamState) => boolean): Promise<StreamState> {
  if (pred(s.state)) return Promise.resolve(s.state);
  return new Promise((resolve) => {
    const off = s.onState((st) => {
      if (!pred(st)) return;
      off();
      resolve(st);
    });
  });
}

const connected = (generation: number) => (st: StreamState) => st.state === 'connected' && st.generation === generation;

/** Real timers that note the delays of the reconnects (pings and answer deadlines are 1 s and more here). */
function reconnectDelays(): { delays: number[]; timers: StreamTimers } {
  const delays: number[] = [];
  const timers: StreamTimers = {
    setTimeout: (fn, ms) => {
      if (ms < 1000) delays.push(ms);
      return setTimeout(fn, ms);
    },
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  return { delays, timers };
}

function expectNoSecret(text: string | undefined): void {
  for (const secret of Object.values(CREDS)) expect(text ?? '').not.toContain(secret);
}

describe('login and subscription', () => {
  it('logs in with the skew-corrected time in seconds and a correct signature, then subscribes once logged in', async () => {
    const srv = await startServer();
    srv.loginDelayMs = 30; // an eager client would subscribe before this answer
    const skews = new ClockSkews();
    skews.set('profile-1', 5_000); // this computer is 5 s ahead of the exchange
    const { s } = startStream(srv.url, { skews, now: () => 1_700_000_123_456 });
    await untilState(s, connected(1));

    const frames = srv.conns[0]?.frames ?? [];
    expect(frames.filter((f) => f !== 'ping')).toHaveLength(2);
    const login = JSON.parse(frames[0] ?? '') as { op: string; args: Array<Record<string, string>> };
    expect(Object.keys(login)).toEqual(['op', 'args']);
    expect(login.op).toBe('login');
    const args = login.args[0] ?? {};
    expect(Object.keys(args).sort()).toEqual(['apiKey', 'passphrase', 'sign', 'timestamp']);
    expect(args.apiKey).toBe(CREDS.apiKey);
    expect(args.passphrase).toBe(CREDS.passphrase);
    expect(args.timestamp).toBe('1700000118');
    const expected = createHmac('sha256', CREDS.secretKey).update('1700000118GET/user/verify').digest('base64');
    expect(args.sign).toBe(expected);
    expect(JSON.parse(frames[1] ?? '')).toEqual(SUBSCRIBE);
    expect(s.generation).toBe(1);
  });

  it('reports connecting, then connected once the subscription is acknowledged', async () => {
    const srv = await startServer();
    srv.answerSubscribe = false;
    const { s, states } = startStream(srv.url);
    const { conn } = await srv.frame((t) => t.includes('"subscribe"'));
    expect(s.state.state).toBe('connecting');
    conn.ws.send(JSON.stringify({ event: 'subscribe', arg: { instType: 'UTA', topic: 'order' } }));
    await untilState(s, connected(1));
    expect(states.map((st) => st.state)).toEqual(['connecting', 'connected']);
    expect(s.state).toMatchObject({ attempts: 0, generation: 1 });
    expect(s.state.reason).toBeUndefined();
  });

  it('reconnects when the login is not answered in time', async () => {
    const srv = await startServer();
    srv.login = (conn) => (conn.index === 0 ? undefined : { event: 'login', code: 0 });
    const { s } = startStream(srv.url, { answerTimeoutMs: 50 });
    const st = await untilState(s, (x) => x.state === 'reconnecting');
    expect(st.reason).toMatch(/did not answer the login/);
    await untilState(s, connected(1));
    expect(srv.conns).toHaveLength(2);
  });
});

describe('pushes', () => {
  it('hands each valid order to listeners with the category in upper case, and counts and skips invalid ones', async () => {
    const srv = await startServer();
    const { s } = startStream(srv.url);
    const orders: StreamOrder[] = [];
    const two = new Promise<void>((resolve) =>
      s.onOrder((o) => {
        orders.push(o);
        if (orders.length === 2) resolve();
      }),
    );
    const unsubscribed: StreamOrder[] = [];
    const off = s.onOrder((o) => unsubscribed.push(o));
    off();
    await untilState(s, connected(1));
    const conn = srv.conns[0] as Conn;
    const { orderId: _, ...noId } = PUSHED;
    srv.push(conn, [PUSHED, noId, { ...PUSHED, price: 64000.5 }]);
    conn.ws.send('not json');
    conn.ws.send(JSON.stringify({ arg: { instType: 'UTA', topic: 'order' }, data: 'not a list' }));
    srv.push(conn, [{ ...PUSHED, category: 'spot', orderStatus: 'cancelled', cancelReason: 'user', extra: 'kept' }]);
    await two;

    expect(orders[0]).toEqual({ ...PUSHED, category: 'USDT-FUTURES' });
    // A pushed order is an Order: a follower reads it as it reads Get Order Details.
    const asRead: Order = orders[0] as StreamOrder;
    expect(asRead.orderStatus).toBe('new');
    expect(orders[1]).toMatchObject({
      category: 'SPOT',
      orderStatus: 'cancelled',
      cancelReason: 'user',
      extra: 'kept',
    });
    expect(unsubscribed).toEqual([]);
    expect(s.stats).toMatchObject({ pushes: 2, invalidFrames: 4 });
    expect(s.state.state).toBe('connected');
  });

  it('survives a listener that throws', async () => {
    const srv = await startServer();
    const { s } = startStream(srv.url);
    s.onOrder(() => {
      throw new Error('listener bug');
    });
    const got = new Promise<StreamOrder>((resolve) => s.onOrder(resolve));
    await untilState(s, connected(1));
    srv.push(srv.conns[0] as Conn, [PUSHED]);
    expect((await got).orderId).toBe(PUSHED.orderId);
    expect(s.stats.listenerErrors).toBe(1);
    expect(s.state.state).toBe('connected');
  });

  it('closes a connection that sends a frame over the size cap, and reconnects', async () => {
    const srv = await startServer();
    const { s } = startStream(srv.url, { maxPayloadBytes: 1024 });
    await untilState(s, connected(1));
    srv.push(srv.conns[0] as Conn, [{ ...PUSHED, cancelReason: 'x'.repeat(2000) }]);
    const st = await untilState(s, (x) => x.state === 'reconnecting');
    expect(st.reason).toMatch(/frame over 1 KiB/);
    await untilState(s, connected(2));
    expect(s.stats.pushes).toBe(0);
  });
});

describe('heartbeat', () => {
  it('sends a text ping on the interval while the exchange answers', async () => {
    const srv = await startServer();
    const { s } = startStream(srv.url, { pingIntervalMs: 20 });
    let pings = 0;
    await srv.frame((t) => t === 'ping' && ++pings === 3);
    expect(srv.conns).toHaveLength(1);
    expect(s.state).toMatchObject({ state: 'connected', generation: 1 });
  });

  it('terminates and reconnects when a ping goes unanswered', async () => {
    const srv = await startServer();
    srv.answerPing = (conn) => conn.index > 0;
    const { s, states } = startStream(srv.url, { pingIntervalMs: 20, pongTimeoutMs: 40 });
    const st = await untilState(s, (x) => x.state === 'reconnecting');
    expect(st.reason).toMatch(/No answer to a ping/);
    await untilState(s, connected(2));
    await srv.conns[0]?.closed;
    expect(states.map((x) => [x.state, x.retryAt !== undefined])).toEqual([
      ['connecting', false],
      ['connected', false],
      ['reconnecting', true],
      ['reconnecting', false], // the attempt starts
      ['connected', false],
    ]);
  });
});

describe('reconnecting', () => {
  it('reconnects with exponential backoff after drops, logs in and subscribes again, and tells a new generation', async () => {
    const srv = await startServer();
    // Connections 1 to 3 are cut as soon as they open; the 4th stays.
    srv.onConnection = (conn) => {
      if (conn.index >= 1 && conn.index <= 3) conn.ws.terminate();
    };
    const { delays, timers } = reconnectDelays();
    const { s, states } = startStream(srv.url, {
      random: () => 1,
      timers,
      backoff: { baseDelayMs: 10, maxDelayMs: 60 },
    });
    await untilState(s, connected(1));
    srv.conns[0]?.ws.terminate();
    await untilState(s, connected(2));

    expect(delays).toEqual([10, 20, 40, 60]);
    expect(states.map((x) => [x.state, x.attempts])).toEqual([
      ['connecting', 0],
      ['connected', 0],
      ['reconnecting', 1],
      ['reconnecting', 1], // the attempt starts
      ['reconnecting', 2],
      ['reconnecting', 2],
      ['reconnecting', 3],
      ['reconnecting', 3],
      ['reconnecting', 4],
      ['reconnecting', 4],
      ['connected', 0],
    ]);
    const dropped = states[2] as StreamState;
    expect(dropped.reason).toMatch(/closed the connection \(1006\)/);
    expect(dropped.retryAt).toBeGreaterThanOrEqual(dropped.since);
    // The 'reconnecting' period is one state: it keeps the time the stream went down.
    expect(states.slice(2, 10).every((x) => x.since === dropped.since)).toBe(true);

    const last = srv.conns[4] as Conn;
    const login = JSON.parse(last.frames[0] ?? '') as { op: string; args: Array<Record<string, string>> };
    expect(login.op).toBe('login');
    const ts = login.args[0]?.timestamp ?? '';
    expect(login.args[0]?.sign).toBe(
      createHmac('sha256', CREDS.secretKey).update(`${ts}GET/user/verify`).digest('base64'),
    );
    expect(JSON.parse(last.frames[1] ?? '')).toEqual(SUBSCRIBE);

    // Pushes flow on the new connection.
    const got = new Promise<StreamOrder>((resolve) => s.onOrder(resolve));
    srv.push(last, [PUSHED]);
    expect((await got).orderId).toBe(PUSHED.orderId);
  });

  it('keeps backing off from a server that drops every connection right after the subscription', async () => {
    const srv = await startServer();
    srv.afterSubscribe = (conn) => {
      if (conn.index < 3) conn.ws.close(1011, 'internal error');
    };
    const { delays, timers } = reconnectDelays();
    const { s, states } = startStream(srv.url, { random: () => 1, timers });
    await untilState(s, connected(4));
    // Each connection counted as connected (a follower must know), none lasted long enough to reset the backoff.
    expect(delays).toEqual([10, 20, 40]);
    expect(states.find((x) => x.state === 'reconnecting')?.reason).toBe(
      'The exchange closed the connection (1011: internal error).',
    );
  });

  it('goes down on refused credentials, with a reason free of secrets, and retries only slowly', async () => {
    const srv = await startServer();
    // An exchange that quotes what it was sent.
    srv.login = (conn, args) =>
      conn.index === 0
        ? {
            event: 'error',
            code: 30005,
            msg: `login failed for ${String(args.apiKey)} / ${String(args.passphrase)} / ${CREDS.secretKey}`,
          }
        : { event: 'login', code: 0 };
    const { s, states } = startStream(srv.url, { refusedRetryMs: 60 });
    const down = await untilState(s, (x) => x.state === 'down' && x.reason !== 'Not started.');
    expect(down.reason).toMatch(/refused the login of the order stream \(code 30005: login failed for \[redacted\]/);
    expect(down.reason).toMatch(/API key, secret key and passphrase\. Trying again in 60 ms\./);
    expect(down.attempts).toBe(1);
    expect(down.retryAt).toBeDefined();
    await untilState(s, connected(1));
    for (const st of states) expectNoSecret(st.reason);
    expect(states.map((x) => x.state)).toEqual(['connecting', 'down', 'down', 'connected']);
  });

  it('stays down after a refusal when slow retries are off, and by default waits a minute', async () => {
    const srv = await startServer();
    srv.login = () => ({ event: 'error', code: '30015', msg: 'Invalid sign' });
    const never = startStream(srv.url, { refusedRetryMs: null });
    const down = await untilState(never.s, (x) => x.state === 'down' && x.attempts === 1);
    expect(down.reason).toBe(
      "The exchange refused the login of the order stream (code 30015: Invalid sign): check the profile's API key, secret key and passphrase. Not retried.",
    );
    expect(down.retryAt).toBeUndefined();
    await never.s.close();

    const now = 1_700_000_000_000;
    const slow = startStream(srv.url, { now: () => now });
    const later = await untilState(slow.s, (x) => x.state === 'down' && x.attempts === 1);
    expect(later.retryAt).toBe(now + ORDER_STREAM_DEFAULTS.refusedRetryMs);
    expect(srv.conns).toHaveLength(2);
  });

  it('retries fast when the exchange refuses the login timestamp or is busy', async () => {
    const srv = await startServer();
    srv.login = (conn) =>
      conn.index === 0
        ? { event: 'error', code: 30014, msg: 'Request timestamp expired' }
        : { event: 'login', code: 0 };
    const { s } = startStream(srv.url);
    const st = await untilState(s, (x) => x.state === 'reconnecting');
    expect(st.reason).toBe(
      'The exchange refused the login of the order stream for now (code 30014: Request timestamp expired).',
    );
    await untilState(s, connected(1));
  });
});

describe('close', () => {
  it('closes the socket, reports down, and never reconnects', async () => {
    const srv = await startServer();
    const { s } = startStream(srv.url);
    await untilState(s, connected(1));
    const closing = s.close();
    expect(s.close()).toBe(closing);
    await closing;
    await srv.conns[0]?.closed;
    expect(s.state).toMatchObject({ state: 'down', reason: 'Closed.' });
    s.start();
    expect(s.state.state).toBe('down');
  });

  it('can be closed from a state listener', async () => {
    const srv = await startServer();
    const { s } = startStream(srv.url);
    const closes: Array<Promise<void>> = [];
    s.onState((st) => {
      if (st.state === 'connected' || st.reason === 'Closed.') closes.push(s.close());
    });
    await untilState(s, (x) => x.reason === 'Closed.');
    await Promise.all(closes);
    expect(new Set(closes).size).toBe(1);
    await srv.conns[0]?.closed;
  });

  it('cancels a scheduled reconnect', async () => {
    const srv = await startServer();
    const { s } = startStream(srv.url, { backoff: { baseDelayMs: 30, maxDelayMs: 30 } });
    await untilState(s, connected(1));
    srv.conns[0]?.ws.terminate();
    await untilState(s, (x) => x.state === 'reconnecting');
    await s.close();
    // Three times the backoff: a reconnect that was not cancelled would have connected by now.
    await new Promise((resolve) => setTimeout(resolve, 90));
    expect(srv.conns).toHaveLength(1);
    expect(s.state.state).toBe('down');
  });

  it('closes while the connection is still being made', async () => {
    const srv = await startServer();
    const { s } = startStream(srv.url);
    await s.close();
    expect(s.state).toMatchObject({ state: 'down', reason: 'Closed.' });
    expect(srv.conns.length).toBeLessThanOrEqual(1);
  });
});
