/**
 * Helpers for tests of the private stream: a `ws` client that queues what it receives so a test
 * awaits the next frame instead of sleeping, and login frames signed from the documentation (with
 * node:crypto, independently of the demo's own verification).
 */
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNT, type DemoAccount } from './accounts';
import type { DemoExchange } from './index';
import { hmacBase64 } from './test-support';

/** How long a test waits for a frame that should come; only ever reached when it does not. */
const FRAME_WAIT_MS = 3000;

export interface Closed {
  code: number;
  reason: string;
}

const open = new Set<StreamClient>();

afterEach(() => {
  for (const client of open) client.terminate();
  open.clear();
});

export class StreamClient {
  private readonly queue: string[] = [];
  private waiter: ((text: string) => void) | undefined;
  readonly closed: Promise<Closed>;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      if (this.waiter) {
        const w = this.waiter;
        this.waiter = undefined;
        w(text);
      } else this.queue.push(text);
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static connect(url: string): Promise<StreamClient> {
    const ws = new WebSocket(url);
    const client = new StreamClient(ws);
    open.add(client);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  /** Sends text as is, anything else as JSON. */
  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame received (in order, none skipped). */
  next(): Promise<string> {
    const queued = this.queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new Error(`no frame within ${FRAME_WAIT_MS} ms`));
      }, FRAME_WAIT_MS);
      this.waiter = (text) => {
        clearTimeout(timer);
        resolve(text);
      };
    });
  }

  async nextJson<T = Record<string, unknown>>(): Promise<T> {
    return JSON.parse(await this.next()) as T;
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  terminate(): void {
    this.ws.terminate();
  }
}

export interface LoginOverrides {
  apiKey?: string;
  passphrase?: string;
  /** As sent: bitget-api sends a number, ccxt a string. Default: now in seconds, as a string. */
  timestamp?: string | number;
  /** Replaces the computed signature. */
  sign?: string;
  /** Signs with this secret instead of the account's. */
  secret?: string;
}

export function loginFrame(account: DemoAccount = DEMO_ACCOUNT, o: LoginOverrides = {}) {
  const timestamp = o.timestamp ?? String(Math.floor(Date.now() / 1000));
  const sign = o.sign ?? hmacBase64(o.secret ?? account.secretKey, `${timestamp}GET/user/verify`);
  return {
    op: 'login',
    args: [{ apiKey: o.apiKey ?? account.apiKey, passphrase: o.passphrase ?? account.passphrase, timestamp, sign }],
  };
}

export const ORDER_TOPIC = { instType: 'UTA', topic: 'order' } as const;

/** Connected, logged in and (by default) subscribed to the order topic, acks consumed. */
export async function streamClient(
  ex: DemoExchange,
  account: DemoAccount = DEMO_ACCOUNT,
  subscribe = true,
): Promise<StreamClient> {
  const client = await StreamClient.connect(ex.privateStreamUrl);
  client.send(loginFrame(account));
  const login = await client.nextJson();
  if (login.event !== 'login') throw new Error(`login failed: ${JSON.stringify(login)}`);
  if (subscribe) {
    client.send({ op: 'subscribe', args: [ORDER_TOPIC] });
    const ack = await client.nextJson();
    if (ack.event !== 'subscribe') throw new Error(`subscribe failed: ${JSON.stringify(ack)}`);
  }
  return client;
}

export interface OrderPush {
  action: string;
  arg: { instType: string; topic: string };
  data: Array<Record<string, unknown>>;
  ts: number;
}

/** The next frame, which must be an order push of one order; returns that order. */
export async function nextPushedOrder(client: StreamClient): Promise<Record<string, unknown>> {
  const frame = await client.nextJson<OrderPush>();
  if (frame.action !== 'snapshot' || frame.data?.length !== 1) {
    throw new Error(`expected an order push, got ${JSON.stringify(frame)}`);
  }
  return frame.data[0] as Record<string, unknown>;
}
