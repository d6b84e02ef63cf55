/**
 * The amend desk following outcomes through the app's real order stream on the demo exchange's
 * private WebSocket: a push decides (confirmed by one read), a failed change without auto-cancel is
 * not pushed and is decided by the time limit, and a stream forced down midway hands over to polling.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { ActivityLog } from '../activity/activity-log';
import { ExchangeClient } from '../exchange/client';
import { OrderStream } from '../exchange/order-stream';
import { ClockSkews } from '../exchange/skew';
import { AmendService, WAIT_FOR_CHANGE_MS } from './amend-service';
import { LOCAL_DEMO_SUMMARY } from '../../shared/testing/local-demo-profile';

const ORDER_INFO = '/api/v3/trade/order-info';
const BTC = { clientOid: 'demo-btc-open' } as const;
const SOL = { clientOid: 'demo-sol-partial' } as const;

const profile = LOCAL_DEMO_SUMMARY;

let demo: DemoExchange;
let dir: string;
let stream: OrderStream;
let service: AmendService;

beforeEach(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 150, cancelLatencyMs: 30 });
  dir = await mkdtemp(join(tmpdir(), 'follow-stream-'));
  const client = new ExchangeClient({ baseUrl: demo.url, credentials: DEMO_ACCOUNT, skews: new ClockSkews() });
  const settings = client.streamSettings();
  if (!settings) throw new Error('the demo client has credentials');
  stream = new OrderStream({ ...settings, backoff: { baseDelayMs: 20, maxDelayMs: 100 } });
  stream.start();
  await new Promise<void>((resolve) => {
    const off = stream.onState((s) => s.state === 'connected' && (off(), resolve()));
  });
  service = new AmendService({
    session: async () => ({ profile, client, stream }),
    log: new ActivityLog(dir),
    followTimeoutMs: 1200,
    followIntervalMs: 40,
  });
});
afterEach(async () => {
  await service.close();
  await stream.close();
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

const reads = () => demo.control.requestLog().filter((e) => e.path === ORDER_INFO).length;

describe('following by the order stream', () => {
  it('an applied change is pushed and confirmed with one read', async () => {
    await service.getOrder(BTC);
    const before = reads();
    const done = await service.settled((await service.send({ ...BTC, price: '60010.0' })).id);
    expect(done.status).toBe('applied');
    expect(reads() - before).toBe(1);
    const labels = done.timeline.map((e) => e.label);
    expect(labels).toContain('Pushed by the order stream');
    expect(labels).toContain('Confirmed by Get Order Details');
    // Decided by the push, not the time limit.
    expect((done.finishedAt ?? 0) - done.startedAt).toBeLessThan(1200);
  });

  it('the auto-cancel of a failed change is pushed: cancelled, one read', async () => {
    // Not loaded first, so main's rules cannot know 4 of the 10 are filled: the engine fails qty 3.
    const before = reads();
    const done = await service.settled((await service.send({ ...SOL, qty: '3', autoCancel: 'yes' })).id);
    expect(done.status).toBe('cancelled');
    expect(done.timeline.map((e) => e.label)).toContain('Pushed by the order stream');
    expect(reads() - before).toBe(1);
  });

  it('a failed change without auto-cancel is not pushed: one check read, then the time limit decides', async () => {
    const before = reads();
    const done = await service.settled((await service.send({ ...SOL, qty: '3', autoCancel: 'no' })).id);
    expect(done.status).toBe('failed');
    expect(done.timeline.map((e) => e.label)).not.toContain('Pushed by the order stream');
    expect(reads() - before).toBe(1);
    expect((done.finishedAt ?? 0) - done.startedAt).toBeGreaterThanOrEqual(1200);
  });

  it('a stream dropped midway hands over to polling, and the outcome is still found', async () => {
    demo.control.setEngineLatency(400);
    await service.getOrder(BTC);
    const sent = await service.send({ ...BTC, price: '60020.0' });
    while ((await service.getAttempt(sent.id)).status === 'sending') await new Promise((r) => setTimeout(r, 10));
    demo.control.dropStreamConnections();
    const done = await service.settled(sent.id);
    expect(done.status).toBe('applied');
    expect(done.timeline.map((e) => e.label)).toContain('Following by polling');
  });
});

describe('reading an attempt that has not moved on yet', () => {
  it('answers when the attempt moves on, not before, and at once when it is final', async () => {
    await service.getOrder(BTC);
    const sent = await service.send({ ...BTC, price: '60030.0' });
    let now = await service.getAttempt(sent.id);
    const seen: string[] = [now.status];
    while (now.status !== 'applied') {
      const started = performance.now();
      const next = await service.getAttempt(sent.id, { status: now.status, steps: now.timeline.length });
      // Each answer brings news: another status or another step, never the same state again.
      expect(next.status !== now.status || next.timeline.length !== now.timeline.length).toBe(true);
      expect(performance.now() - started).toBeLessThan(WAIT_FOR_CHANGE_MS);
      now = next;
      seen.push(now.status);
    }
    expect(seen).toContain('following');
    const started = performance.now();
    const final = await service.getAttempt(sent.id, { status: now.status, steps: now.timeline.length });
    expect(final.status).toBe('applied');
    expect(performance.now() - started).toBeLessThan(500);
  });
});
