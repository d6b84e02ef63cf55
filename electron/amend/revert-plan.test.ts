/**
 * Revert against the demo exchange over real HTTP: a run of 10 price moves undone, with the three
 * orders changed meanwhile (filled, cancelled, amended again) left alone in words and the others back
 * at exactly their recorded prices; an order changed between the preview and the send refused at the
 * run's check; a second revert refused while one is open; a single applied attempt undone; and the
 * links both ways.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dec } from '../../shared/decimal';
import type { RevertPreview } from '../../shared/revert';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { LOCAL_DEMO_SUMMARY } from '../../shared/testing/local-demo-profile';
import { ActivityLog } from '../activity/activity-log';
import { ExchangeClient } from '../exchange/client';
import { ClockSkews } from '../exchange/skew';
import { AmendRuns } from './amend-runs';
import { AmendService, type AmendSession } from './amend-service';
import { Reverts } from './revert-plan';
import { RunRecords } from './run-records';

const UID = DEMO_ACCOUNT.uid;
let demo: DemoExchange;
let dir: string;
let amend: AmendService;
let runs: AmendRuns;
let reverts: Reverts;

beforeEach(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 30, cancelLatencyMs: 10 });
  dir = await mkdtemp(join(tmpdir(), 'revert-plan-'));
  const client = new ExchangeClient({ baseUrl: demo.url, credentials: DEMO_ACCOUNT, skews: new ClockSkews() });
  const session = async (): Promise<AmendSession> => ({ profile: LOCAL_DEMO_SUMMARY, client });
  amend = new AmendService({ session, log: new ActivityLog(dir), followTimeoutMs: 3000, followIntervalMs: 30 });
  runs = new AmendRuns({ steps: amend.steps, session, records: new RunRecords(dir) });
  reverts = new Reverts({ runs, steps: amend.steps, session });
});
afterEach(async () => {
  await runs.close();
  await amend.close();
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

/** n open BTCUSDT buys at distinct prices written with a trailing zero ("50000.0"). */
function place(n: number): Array<{ orderId: string; price: string }> {
  return Array.from({ length: n }, (_, i) => {
    const o = demo.control.placeOrder({
      uid: UID,
      clientOid: `rv-${i}`,
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      price: new Dec('50000.0').plus(i).toFixed(1),
      qty: '0.0100',
    });
    return { orderId: o.orderId, price: o.price };
  });
}
const priceOf = (orderId: string) => demo.control.getOrder(UID, orderId)?.price;

/** A finished run moving each order up 1 %. */
async function runUp(orders: Array<{ orderId: string; price: string }>): Promise<string> {
  const started = await runs.start(
    orders.map((o) => ({
      orderId: o.orderId,
      category: 'USDT-FUTURES' as const,
      symbol: 'BTCUSDT',
      price: new Dec(o.price).times('1.01').toFixed(1),
    })),
  );
  const done = await runs.finished(started.id);
  expect(done.counts.applied).toBe(orders.length);
  return started.id;
}

const ready = (p: RevertPreview) => p.rows.filter((r) => r.status === 'ready').map((r) => r.attemptId);
const skippedOf = (p: RevertPreview) =>
  p.rows
    .filter((r) => r.status !== 'ready')
    .map((r) => ({
      attemptId: r.attemptId,
      verdict: r.status === 'refused' ? ('refused' as const) : ('excluded' as const),
      why: r.exclusion?.message ?? r.errors[0]?.message ?? 'refused',
    }));

describe('revert', () => {
  it('undoes a run: orders changed meanwhile are left with why, the others go back exactly', async () => {
    const orders = place(10);
    const runId = await runUp(orders);
    demo.control.fillOrder(UID, orders[1]!.orderId);
    demo.control.cancelOrder(UID, orders[2]!.orderId);
    const again = await amend.send({ orderId: orders[3]!.orderId, price: '49000.0' });
    expect((await amend.settled(again.id)).status).toBe('applied');

    const preview = await reverts.preview({ runId });
    expect(preview.source).toMatchObject({ kind: 'run', id: runId, profileName: LOCAL_DEMO_SUMMARY.name });
    const byOrder = new Map(preview.rows.map((r) => [r.orderId, r]));
    expect(byOrder.get(orders[1]!.orderId)?.exclusion).toMatchObject({ reason: 'not-open' });
    expect(byOrder.get(orders[1]!.orderId)?.exclusion?.message).toMatch(/filled/);
    expect(byOrder.get(orders[2]!.orderId)?.exclusion?.message).toMatch(/cancelled/);
    expect(byOrder.get(orders[3]!.orderId)?.exclusion).toMatchObject({ reason: 'modified-since' });
    expect(byOrder.get(orders[3]!.orderId)?.exclusion?.message).toMatch(/price is now 49000/);
    expect(ready(preview)).toHaveLength(7);
    const row0 = byOrder.get(orders[0]!.orderId)!;
    expect(row0).toMatchObject({ current: { price: '50500.0' }, next: { price: '50000.0' } });

    const started = await reverts.start({ source: { runId }, send: ready(preview), skipped: skippedOf(preview) });
    expect(started.reverts).toEqual({ kind: 'run', id: runId });
    const done = await runs.finished(started.id);
    expect(done.counts).toMatchObject({ applied: 7, excluded: 3 });
    for (const [k, o] of orders.entries()) {
      if (k >= 1 && k <= 3) continue;
      // Exactly the recorded string, on the exchange itself.
      expect(priceOf(o.orderId)).toBe(o.price);
    }
    expect(priceOf(orders[3]!.orderId)).toBe('49000.0');
    const [original] = await runs.summaries([runId]);
    expect(original?.revertedBy).toEqual([started.id]);
    expect((await reverts.links({ runId })).revertedBy.map((r) => r.id)).toEqual([started.id]);
  });

  it('refuses at the check an order changed between the preview and the send', async () => {
    const orders = place(3);
    const runId = await runUp(orders);
    const preview = await reverts.preview({ runId });
    expect(ready(preview)).toHaveLength(3);
    const again = await amend.send({ orderId: orders[0]!.orderId, price: '48000.0' });
    await amend.settled(again.id);
    const started = await reverts.start({ source: { runId }, send: ready(preview) });
    const done = await runs.finished(started.id);
    expect(done.counts).toMatchObject({ applied: 2, refused: 1 });
    expect(done.items[0]?.summary).toMatch(/Modified since the amend: its price is now 48000/);
    expect(priceOf(orders[0]!.orderId)).toBe('48000.0');
  });

  it('refuses a second revert of the same run while the first is open, and allows it once finished', async () => {
    const orders = place(2);
    const runId = await runUp(orders);
    const preview = await reverts.preview({ runId });
    const first = await reverts.start({ source: { runId }, send: ready(preview) });
    await expect(reverts.start({ source: { runId }, send: ready(preview) })).rejects.toThrow(
      /A revert of this run is under way/,
    );
    expect((await reverts.preview({ runId })).blocked).toMatch(/under way/);
    await runs.finished(first.id);
    expect((await reverts.preview({ runId })).blocked).toBeUndefined();
  });

  it('undoes one applied attempt, and refuses one that was not applied', async () => {
    const [o] = place(1);
    // As the desk does: the order is loaded before it is amended, so its earlier values are recorded.
    await amend.getOrder({ orderId: o!.orderId });
    const a = await amend.send({ orderId: o!.orderId, price: '50100.0', qty: '0.0200' });
    expect((await amend.settled(a.id)).status).toBe('applied');
    const preview = await reverts.preview({ attemptId: a.id });
    expect(preview.rows).toHaveLength(1);
    expect(preview.rows[0]).toMatchObject({ status: 'ready', next: { price: '50000.0', qty: '0.0100' } });
    const run = await reverts.start({ source: { attemptId: a.id }, send: [a.id] });
    expect((await runs.finished(run.id)).counts.applied).toBe(1);
    expect(demo.control.getOrder(UID, o!.orderId)).toMatchObject({ price: '50000.0', qty: '0.0100' });

    const refused = await amend.send({ orderId: o!.orderId, price: '-1' });
    await expect(reverts.preview({ attemptId: refused.id })).rejects.toThrow(/not applied/);
  });
});
