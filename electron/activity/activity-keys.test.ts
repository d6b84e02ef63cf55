/**
 * The key index: every attempt on an order id or clientOid, a page on a symbol or a run, read through
 * the index, and crash-safe like activity.idx (a torn tail or a damaged table rebuilds, a key index a
 * write behind catches up).
 */
import { copyFile, mkdtemp, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Attempt } from '../../shared/attempts';
import { ACTIVITY_KEY_HEADS_FILE, ACTIVITY_KEYS_FILE, ActivityLog } from './activity-log';

function attempt(n: number, patch: Partial<Attempt> = {}): Attempt {
  return {
    id: `attempt-${n}`,
    profileId: 'local-demo',
    profileName: 'Local demo',
    environment: 'local-demo',
    startedAt: 1_700_000_000_000 + n,
    request: { orderId: `order-${n % 10}`, price: '60010.0', autoCancel: 'no' },
    status: 'sending',
    summary: 'Sending the modification…',
    timeline: [],
    ...(n % 3 === 0 ? { run: { id: 'run-A', index: n / 3, size: 100 } } : {}),
    ...patch,
  };
}

/** Its final line names the symbol and clientOid, as the order read before sending does. */
function applied(n: number): Attempt {
  return attempt(n, {
    status: 'applied',
    summary: 'Applied',
    before: {
      orderId: `order-${n % 10}`,
      clientOid: `oid-${n}`,
      category: 'SPOT',
      symbol: n % 2 ? 'BTCUSDT' : 'ETHUSDT',
      price: '60000.0',
      qty: '0.0100',
      orderStatus: 'live',
    },
  });
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'activity-keys-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function history(log: ActivityLog, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) {
    await log.append(attempt(i));
    await log.append(applied(i));
  }
}

const ids = (as: readonly Attempt[]) => as.map((a) => a.id);
const expected = (pick: (n: number) => boolean, to: number) =>
  Array.from({ length: to }, (_, i) => to - 1 - i)
    .filter(pick)
    .map((n) => `attempt-${n}`);

async function answers(log: ActivityLog, n: number) {
  const order = await log.pageByKeys(['o:order-3', 'c:order-3'], { limit: 1000 });
  expect(ids(order.attempts)).toEqual(expected((i) => i % 10 === 3, n));
  const oid = await log.pageByKeys(['o:oid-42', 'c:oid-42'], { limit: 1000 });
  expect(ids(oid.attempts)).toEqual(['attempt-42']);
  const run = await log.pageByKeys(['r:run-A'], { limit: 1000 });
  expect(ids(run.attempts)).toEqual(expected((i) => i % 3 === 0, n));
}

describe('activity key index', () => {
  it('finds every attempt on an order id or clientOid, and pages a symbol newest first', async () => {
    const log = new ActivityLog(dir);
    await history(log, 0, 120);
    await answers(log, 120);
    const first = await log.pageByKeys(['s:BTCUSDT'], { limit: 25 });
    expect(ids(first.attempts)).toEqual(expected((i) => i % 2 === 1, 120).slice(0, 25));
    const second = await log.pageByKeys(['s:BTCUSDT'], { limit: 25, before: first.next! });
    expect(ids(second.attempts)).toEqual(expected((i) => i % 2 === 1, 120).slice(25, 50));
    // An attempt is the latest line of it: the final outcome, not the line that named the key first.
    expect(first.attempts[0]!.status).toBe('applied');
    await log.close();
  });

  it('rebuilds from the journal when the key index has a torn tail', async () => {
    const log = new ActivityLog(dir);
    await history(log, 0, 60);
    await log.close();
    const keys = join(dir, ACTIVITY_KEYS_FILE);
    await truncate(keys, (await stat(keys)).size - 5);
    const reopened = new ActivityLog(dir);
    await answers(reopened, 60);
    await history(reopened, 60, 80);
    await answers(reopened, 80);
    await reopened.close();
  });

  it('rebuilds the table of newest postings when it is damaged', async () => {
    const log = new ActivityLog(dir);
    await history(log, 0, 60);
    await log.close();
    await writeFile(join(dir, ACTIVITY_KEY_HEADS_FILE), 'not a table');
    const reopened = new ActivityLog(dir);
    await answers(reopened, 60);
    await reopened.close();
  });

  it('catches up when it is a write behind the record index (a crash between the two)', async () => {
    const log = new ActivityLog(dir);
    await history(log, 0, 40);
    await log.close();
    for (const name of [ACTIVITY_KEYS_FILE, ACTIVITY_KEY_HEADS_FILE])
      await copyFile(join(dir, name), join(dir, `${name}.old`));
    const more = new ActivityLog(dir);
    await history(more, 40, 50);
    await more.close();
    for (const name of [ACTIVITY_KEYS_FILE, ACTIVITY_KEY_HEADS_FILE])
      await copyFile(join(dir, `${name}.old`), join(dir, name));
    const reopened = new ActivityLog(dir);
    await answers(reopened, 50);
    await reopened.close();
  });

  it('posts a key once per attempt, however many of its lines name it (a chain is not walked twice over)', async () => {
    const log = new ActivityLog(dir);
    await history(log, 0, 50);
    await log.close();
    // Each attempt names its order and (every third) its run on both lines, its clientOid and symbol
    // on the last: 3 keys each, a 4th for the run's 17 attempts 0, 3, …, 48.
    const postings = ((await stat(join(dir, ACTIVITY_KEYS_FILE))).size - 32) / 16;
    expect(postings).toBe(50 * 3 + 17);
    const reopened = new ActivityLog(dir);
    await answers(reopened, 50);
    await reopened.close();
  });

  it('answers from the stored table right after opening, also among many keys, then keeps it current', async () => {
    const log = new ActivityLog(dir);
    for (let from = 0; from < 1500; from += 250) {
      await log.appendAll(Array.from({ length: 250 }, (_, i) => [attempt(from + i), applied(from + i)]).flat());
    }
    await log.close();
    const reopened = new ActivityLog(dir);
    await answers(reopened, 1500);
    for (const n of [0, 777, 1499]) {
      const page = await reopened.pageByKeys([`o:oid-${n}`, `c:oid-${n}`], { limit: 10 });
      expect(ids(page.attempts)).toEqual([`attempt-${n}`]);
    }
    expect((await reopened.pageByKeys(['c:oid-1500'], { limit: 10 })).attempts).toEqual([]);
    await history(reopened, 1500, 1510);
    await answers(reopened, 1510);
    await reopened.close();
  });
});
