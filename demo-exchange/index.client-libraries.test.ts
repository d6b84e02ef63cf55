/**
 * The exchange's most used client library, unchanged, against the demo exchange with only its base
 * URL (and stream URL) pointed here: what an operator's own scripts would do. The library is a
 * devDependency for this test only.
 */
import { RestClientV3, WebsocketClientV3 } from 'bitget-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from './index';

const BTC = { orderId: '1387296516478935041', clientOid: 'demo-btc-open' };
const credentials = {
  apiKey: DEMO_ACCOUNT.apiKey,
  apiSecret: DEMO_ACCOUNT.secretKey,
  apiPass: DEMO_ACCOUNT.passphrase,
};
const quiet = { trace: () => undefined, info: () => undefined, error: () => undefined };

let demo: DemoExchange;
beforeEach(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 30 });
});
afterEach(async () => {
  await demo.close();
});

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('bitget-api RestClientV3', () => {
  it('reads tickers of every category it accepts', async () => {
    const rest = new RestClientV3({ baseUrl: demo.url });
    for (const category of ['SPOT', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const) {
      const res = await rest.getTickers({ category });
      expect(res.code).toBe('00000');
      expect(res.data.length).toBeGreaterThan(0);
      expect(typeof res.data[0]?.lastPrice).toBe('string');
    }
    const one = await rest.getTickers({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
    expect(one.data.map((t) => t.symbol)).toEqual(['BTCUSDT']);
    expect(one.data[0]?.markPrice).toMatch(/^\d+(\.\d+)?$/);
  });

  it('batch-modifies orders (its body is the bare array), and a single modify still works', async () => {
    const rest = new RestClientV3({ baseUrl: demo.url, ...credentials });
    const open = await rest.getUnfilledOrders({ category: 'USDT-FUTURES', limit: '10' } as never);
    // Reduce-only orders cannot be modified: the demo's state has one among its futures.
    const [a, b] = (
      open.data as unknown as { list: Array<{ orderId: string; price: string; reduceOnly?: string }> }
    ).list.filter((o) => o.reduceOnly?.toUpperCase() !== 'YES');
    if (!a || !b) throw new Error('the demo has open USDT-FUTURES orders');
    const batch = await rest.batchModifyOrders([
      { orderId: a.orderId, price: a.price, qty: '0.02', autoCancel: 'no' },
      { orderId: b.orderId, qty: '0.03', autoCancel: 'no' },
    ]);
    expect(batch.code).toBe('00000');
    expect(batch.data.map((r) => r.orderId)).toEqual([a.orderId, b.orderId]);
    await until(() => Number(demo.control.getOrder(DEMO_ACCOUNT.uid, b.orderId)?.qty) === 0.03);

    const single = await rest.modifyOrder({ orderId: BTC.orderId, price: '60010.0' });
    expect(single.data).toMatchObject(BTC);
  });
});

describe('bitget-api WebsocketClientV3', () => {
  it('logs in, subscribes to the UTA order topic and receives the push of a modification', async () => {
    const ws = new WebsocketClientV3(
      { ...credentials, wsUrl: `${demo.url.replace(/^http/, 'ws')}/v3/ws/private`, reconnectTimeout: 50 },
      quiet,
    );
    const updates: Array<{ arg?: { topic?: string }; data?: Array<Record<string, string>> }> = [];
    ws.on('update', (u: (typeof updates)[number]) => updates.push(u));
    try {
      await ws.subscribe({ topic: 'order', payload: { instType: 'UTA' } }, 'v3Private');
      await until(() => demo.control.streamConnectionCount() === 1);
      // Subscribed once the ack arrived; give the subscribe frame its round trip.
      await new Promise((r) => setTimeout(r, 100));
      const rest = new RestClientV3({ baseUrl: demo.url, ...credentials });
      await rest.modifyOrder({ orderId: BTC.orderId, price: '60020.0' });
      await until(() => updates.some((u) => u.data?.some((o) => o.price === '60020.0')));
      const pushed = updates.flatMap((u) => u.data ?? []).find((o) => o.orderId === BTC.orderId);
      expect(pushed).toMatchObject({ category: 'usdt-futures', symbol: 'BTCUSDT', orderStatus: 'new' });

      // A dropped connection: the library reconnects, logs in and resubscribes by itself.
      demo.control.dropStreamConnections();
      await new Promise((r) => setTimeout(r, 50));
      await until(() => demo.control.streamConnectionCount() === 1);
      await new Promise((r) => setTimeout(r, 150));
      demo.control.fillOrder(DEMO_ACCOUNT.uid, BTC.orderId);
      await until(() => updates.some((u) => u.data?.some((o) => o.orderStatus === 'filled')));
    } finally {
      ws.closeAll(true);
    }
  });
});
