/**
 * Write-ahead: an attempt is on disk (synced) before a byte of its request leaves, a run's items
 * before their batch does, and when the activity log cannot be written nothing is sent — the answer
 * says why in words, the log's health says so until space returns, and then amends go again.
 *
 * The disk is made to fail through the log's injectable file opening (ENOSPC, EROFS, EIO): this
 * always runs. The same on a real, full tmpfs is in amend-steps.write-ahead-tmpfs.test.ts (root
 * only).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeskError } from '../../shared/errors';
import { Dec } from '../../shared/decimal';
import type { ModifyOrderRequest } from '../../shared/schemas';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { ActivityLog, type OpenFile } from '../activity/activity-log';
import { ActivityService } from '../activity/activity-service';
import { ExchangeClient } from '../exchange/client';
import { AmendRuns } from './amend-runs';
import { AmendService } from './amend-service';
import { LOCAL_DEMO_SUMMARY } from '../../shared/testing/local-demo-profile';

const MODIFY = '/api/v3/trade/modify-order';
const BATCH = '/api/v3/trade/batch-modify-order';
const UID = DEMO_ACCOUNT.uid;
const BTC = { clientOid: 'demo-btc-open' } as const;

let demo: DemoExchange;
let dir: string;
let clock = 1_800_000_000_000;
/** The system error the journal's disk answers with; undefined while it works. */
let diskError: string | undefined;
/** Appends to let through before the disk fails (counted down per journal open). */
let appendsLeft = Number.POSITIVE_INFINITY;
let amend: AmendService;
let runs: AmendRuns;
let client: ExchangeClient;
/** What the journal held, read synchronously, at the moment each request was handed to the client. */
let journalAtSend: string[];

/** Opens journal files as fs does, until the disk "fails": then every open for writing throws. */
const failingOpen: OpenFile = async (path, flags, mode) => {
  if (flags !== 'r' && diskError === undefined && appendsLeft <= 0) diskError = 'ENOSPC';
  if (flags !== 'r' && diskError !== undefined) {
    const e = new Error(`${diskError}: injected, write '${path}'`) as NodeJS.ErrnoException;
    e.code = diskError;
    e.path = path;
    throw e;
  }
  if (path.endsWith('.jsonl')) appendsLeft--;
  return open(path, flags, mode);
};

function desk(): void {
  client = new ExchangeClient({ baseUrl: demo.url, credentials: DEMO_ACCOUNT });
  const journal = () => readFileSync(join(dir, 'activity.jsonl'), { encoding: 'utf8', flag: 'a+' });
  const modify = client.modifyOrder.bind(client);
  client.modifyOrder = (body) => {
    journalAtSend.push(journal());
    return modify(body);
  };
  const batch = client.batchModify.bind(client);
  client.batchModify = (items) => {
    journalAtSend.push(journal());
    return batch(items);
  };
  const session = async () => ({ profile: LOCAL_DEMO_SUMMARY, client });
  const log = new ActivityLog(dir, undefined, { openFile: failingOpen, now: () => clock });
  amend = new AmendService({ session, log, followTimeoutMs: 1500, followIntervalMs: 40 });
  runs = new AmendRuns({ steps: amend.steps, session });
}

beforeEach(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 60, cancelLatencyMs: 20 });
  dir = await mkdtemp(join(tmpdir(), 'write-ahead-'));
  diskError = undefined;
  appendsLeft = Number.POSITIVE_INFINITY;
  journalAtSend = [];
  desk();
});
afterEach(async () => {
  await runs.close();
  await amend.close();
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

const requests = (path: string) => demo.control.requestLog().filter((e) => e.path === path).length;

/** The journal's lines for an attempt id, as parsed JSON. */
function linesOf(text: string, id: string): Array<{ status: string; request: ModifyOrderRequest }> {
  return text
    .split('\n')
    .filter((l) => l.includes(`"id":"${id}"`))
    .map((l) => JSON.parse(l) as { status: string; request: ModifyOrderRequest });
}

function place(n: number): ModifyOrderRequest[] {
  return Array.from({ length: n }, (_, i) => {
    const o = demo.control.placeOrder({
      uid: UID,
      clientOid: `wal-${i}`,
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      price: new Dec('50000.0').plus(i).toFixed(1),
      qty: '0.0100',
    });
    return {
      orderId: o.orderId,
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      price: new Dec(o.price).plus('0.1').toFixed(1),
    };
  });
}

describe('write-ahead', () => {
  it('a single amend is on disk, with its exact request, before the request is handed to the client', async () => {
    const a = await amend.send({ ...BTC, price: '60010.0' });
    expect(a.status).toBe('sending');
    await amend.settled(a.id);
    expect(journalAtSend).toHaveLength(1);
    const recorded = linesOf(journalAtSend[0]!, a.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'sending', request: { clientOid: 'demo-btc-open', price: '60010.0' } });
  });

  it('every item of a batch is on disk before the batch goes, for each batch of a run', async () => {
    const items = place(45);
    const started = await runs.start(items);
    const run = await runs.finished(started.id);
    expect(run.counts.applied).toBe(45);
    expect(journalAtSend).toHaveLength(3);
    const ids = run.items.map((i) => i.attemptId!);
    // Batches of 20, 20 and 5: before request k, the items of requests 1..k are on disk.
    journalAtSend.forEach((text, k) => {
      const onDisk = ids.filter((id) => linesOf(text, id).length > 0).length;
      expect(onDisk).toBe(Math.min(45, 20 * (k + 1)));
    });
  });
});

describe('cannot record → not sent', () => {
  const folderWords = () => `the disk holding ${dir} is full`;

  it('a full disk: nothing is sent, the answer says why in words, the health says so until space returns', async () => {
    diskError = 'ENOSPC';
    const failed = await amend.send({ ...BTC, price: '60010.0' }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(DeskError);
    const error = (failed as DeskError).data;
    expect(error.kind).toBe('storage');
    expect(error.message).toBe(
      `Not sent: UTA Desk could not record this change — ${folderWords()}. Free space and try again.`,
    );
    expect(error.message).not.toMatch(/ENOSPC/);
    expect(requests(MODIFY)).toBe(0);
    expect(demo.control.getOrder(UID, 'demo-btc-open')?.price).toBe('60000.0');

    const health = await new ActivityService(amend.steps.log, amend.steps).logHealth();
    expect(health).toMatchObject({ writable: false, since: clock });
    expect(health.message).toContain(folderWords());
    expect(health.message).not.toMatch(/ENOSPC/);

    // Space returns: the next health check (a probe write) says so, and the amend goes.
    diskError = undefined;
    clock += 5000;
    expect(await new ActivityService(amend.steps.log, amend.steps).logHealth()).toEqual({
      writable: true,
      message: null,
      since: null,
    });
    const sent = await amend.send({ ...BTC, price: '60010.0' });
    expect(sent.guard.state).toBe('in-flight');
    expect((await amend.settled(sent.id)).status).toBe('applied');
    expect(requests(MODIFY)).toBe(1);
  });

  it.each([
    ['EROFS', 'the disk holding DIR is read-only'],
    ['EIO', 'the disk holding DIR reported a read or write error'],
    ['EACCES', 'UTA Desk is not allowed to write in DIR'],
  ])('%s: not sent, and said in words', async (code, words) => {
    diskError = code;
    const failed = (await amend.send({ ...BTC, price: '60010.0' }).catch((e: unknown) => e)) as DeskError;
    expect(failed.data.message).toContain(words.replace('DIR', dir));
    expect(failed.data.message).not.toContain(code);
    expect(requests(MODIFY)).toBe(0);
  });

  it('the order is free again after a change that could not be recorded (nothing is in flight)', async () => {
    diskError = 'ENOSPC';
    await expect(amend.send({ ...BTC, price: '60010.0' })).rejects.toThrow(/could not record/);
    diskError = undefined;
    const order = await amend.getOrder(BTC);
    expect(order.guard.state).toBe('free');
  });

  it('a run whose first batch cannot be recorded sends nothing; its items say why, refused as a single amend is', async () => {
    const items = place(25);
    diskError = 'ENOSPC';
    const run = await runs.start(items);
    expect(requests(BATCH)).toBe(0);
    const done = await runs.finished(run.id);
    expect(requests(BATCH)).toBe(0);
    expect(done.counts.applied).toBe(0);
    // Nothing left the machine: never the exchange's word "rejected" (Activity's filter, the CLI count it).
    expect(done.items.filter((i) => i.status === 'rejected')).toEqual([]);
    for (const item of done.items) {
      expect(item.status === 'refused' || item.status === 'not-sent').toBe(true);
      if (item.status === 'refused') expect(item.summary).toContain('could not record this change');
    }
    const refused = done.items.filter((i) => i.status === 'refused');
    expect(refused).toHaveLength(20);
    expect(done.counts).toMatchObject({ refused: 20, notSent: 5 });
    // The attempt itself says so, as its item does.
    const attempt = await amend.getAttempt(refused[0]!.attemptId!);
    expect(attempt.status).toBe('refused');
    expect(attempt.summary).toMatch(/^Not sent: UTA Desk could not record this change/);
    expect(attempt.timeline.at(-1)?.label).toBe('Not sent');
  });

  it('a disk that fills up mid-run: the recorded batch goes, nothing after it', async () => {
    const items = place(45);
    // The check's refusals write nothing here; the first batch's append is let through.
    appendsLeft = 1;
    const started = await runs.start(items);
    const run = await runs.finished(started.id);
    expect(requests(BATCH)).toBe(1);
    expect(run.counts.applied).toBe(20);
    expect(run.items.slice(20).every((i) => i.status !== 'applied')).toBe(true);
    // What was applied on the exchange is exactly what was recorded before it went.
    const onDisk = readFileSync(join(dir, 'activity.jsonl'), 'utf8');
    for (const item of run.items.slice(0, 20)) expect(linesOf(onDisk, item.attemptId!).length).toBeGreaterThan(0);
    // A later step that could not be recorded is said in the attempt's own timeline.
    const first = await amend.getAttempt(run.items[0]!.attemptId!);
    expect(first.status).toBe('applied');
    expect(first.timeline.map((e) => e.label)).toContain('Not recorded');
  });
});
