/**
 * The app's order stream against the demo exchange's private WebSocket: the client and the demo are
 * written independently from the documentation, so this is where a shared misreading would show.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { ExchangeClient } from './client';
import { OrderStream } from './order-stream';
import type { StreamOrder, StreamState } from './order-stream-config';
import { RateLimiters } from './rate-limiter';
import { ClockSkews } from './skew';
import { privateStreamUrl } from './stream-url';

const CREDS = { apiKey: DEMO_ACCOUNT.apiKey, secretKey: DEMO_ACCOUNT.secretKey, passphrase: DEMO_ACCOUNT.passphrase };
const ORDER = { orderId: '1387296516478935041', clientOid: 'demo-btc-open' };

let demo: DemoExchange;
let stream: OrderStream | undefined;
beforeEach(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 20 });
});
afterEach(async () => {
  await stream?.close();
  stream = undefined;
  await demo.close();
});

function openStream(credentials = CREDS): OrderStream {
  stream = new OrderStream({
    url: privateStreamUrl(demo.url),
    credentials,
    clockKey: 'local-demo',
    skews: new ClockSkews(),
    backoff: { baseDelayMs: 20, maxDelayMs: 200 },
    answerTimeoutMs: 2000,
  });
  stream.start();
  return stream;
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

function nextPush(s: OrderStream, pred: (o: StreamOrder) => boolean): Promise<StreamOrder> {
  return new Promise((resolve) => {
    const off = s.onOrder((o) => {
      if (!pred(o)) return;
      off();
      resolve(o);
    });
  });
}

describe('order stream against the demo exchange', () => {
  it('receives the push of an applied modification, through a dropped connection and back', async () => {
    const client = new ExchangeClient({
      baseUrl: demo.url,
      credentials: CREDS,
      limiters: new RateLimiters(),
      skews: new ClockSkews(),
      timeoutMs: 2000,
    });
    const s = openStream();
    const states: StreamState[] = [];
    s.onState((st) => states.push(st));
    await untilState(s, (st) => st.state === 'connected');
    expect(s.generation).toBe(1);

    const first = nextPush(s, (o) => o.orderId === ORDER.orderId && o.price === '60001.0');
    await client.modifyOrder({ clientOid: ORDER.clientOid, price: '60001.0' });
    const pushed = await first;
    expect(pushed).toMatchObject({ ...ORDER, category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderStatus: 'new' });
    // The push and a REST read agree.
    expect(await client.getOrder({ orderId: ORDER.orderId })).toMatchObject({
      price: pushed.price,
      qty: pushed.qty,
      updatedTime: pushed.updatedTime,
    });

    demo.control.dropStreamConnections();
    await untilState(s, (st) => st.state === 'connected' && st.generation === 2);
    expect(states.map((st) => st.state)).toEqual(['connected', 'reconnecting', 'reconnecting', 'connected']);
    expect(states[1]?.reason).toMatch(/closed the connection \(1006\)/);

    const second = nextPush(s, (o) => o.orderId === ORDER.orderId && o.price === '60002.0');
    await client.modifyOrder({ orderId: ORDER.orderId, price: '60002.0' });
    expect(await second).toMatchObject({ clientOid: ORDER.clientOid, category: 'USDT-FUTURES' });
    expect(s.stats.invalidFrames).toBe(0);
  });

  it('goes down with the exchange code when the passphrase is wrong, naming no secret', async () => {
    const wrong = { ...CREDS, passphrase: 'not-the-passphrase' };
    const s = openStream(wrong);
    const down = await untilState(s, (st) => st.state === 'down' && st.attempts === 1);
    expect(down.reason).toMatch(/refused the login of the order stream \(code 30012/);
    for (const secret of Object.values(wrong)) expect(down.reason).not.toContain(secret);
  });
});
