/**
 * Activity's entries: a single amend is one entry and an amend-many run another, whatever the
 * number of its items, so the first page shows a single amend made after a run of 300 items; a run's
 * items are paged through the key index; search keeps an entry when any of its attempts matches; and
 * the entries are rebuilt from the journal like the other index files (missing, torn, a write behind).
 */
import { copyFile, mkdtemp, rm, stat, truncate, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Attempt } from '../../shared/attempts';
import {
  ACTIVITY_ENTRIES_FILE,
  ACTIVITY_KEY_HEADS_FILE,
  ACTIVITY_KEYS_FILE,
  ActivityLog,
  type EntryPage,
} from './activity-log';

const T0 = 1_700_000_000_000;

function single(n: number, patch: Partial<Attempt> = {}): Attempt {
  return {
    id: `single-${n}`,
    profileId: 'local-demo',
    profileName: 'Local demo',
    environment: 'local-demo',
    startedAt: T0 + n * 1000,
    finishedAt: T0 + n * 1000 + 300,
    request: { orderId: `order-${n}`, symbol: 'ETHUSDT', price: '3000.0', autoCancel: 'no' },
    status: 'applied',
    summary: 'Applied',
    timeline: [],
    ...patch,
  };
}

/** A run's items, as a run records them: a batch of 'sending' lines, then each item's outcome. */
function runItems(runId: string, size: number, at: number, status: (i: number) => Attempt['status']): Attempt[][] {
  const item = (i: number, s: Attempt['status']): Attempt => ({
    ...single(at, {
      id: `${runId}-item-${i}`,
      startedAt: T0 + at * 1000 + i,
      request: { orderId: `${runId}-order-${i}`, symbol: i === 7 ? 'XRPUSDT' : 'BTCUSDT', price: '60000.0' },
      status: s,
      summary: s,
      run: { id: runId, index: i, size },
    }),
  });
  const all = Array.from({ length: size }, (_, i) => i);
  return [all.map((i) => item(i, 'sending')), all.map((i) => item(i, status(i)))];
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'activity-entries-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Single 0, a run of 300 (one refused), single 2, single 3: four entries. */
async function history(log: ActivityLog): Promise<void> {
  await log.append(single(0));
  for (const lines of runItems('run-A', 300, 1, (i) => (i === 7 ? 'refused' : 'applied'))) await log.appendAll(lines);
  await log.append(single(2, { status: 'sending', finishedAt: undefined }));
  await log.append(single(2));
  await log.append(single(3, { status: 'rejected', summary: 'Rejected by the exchange' }));
}

const names = (page: EntryPage) =>
  page.entries.map((e) => (e.kind === 'attempt' ? e.attempt.id : `${e.run.id} (${e.run.attempts})`));

async function expectHistory(log: ActivityLog): Promise<void> {
  const page = await log.entries({ limit: 3 });
  expect(names(page)).toEqual(['single-3', 'single-2', 'run-A (300)']);
  expect(page.total).toBe(4);
  expect(page.attempts).toBe(303);
  const run = page.entries[2]!;
  expect(run.kind === 'run' && run.run).toMatchObject({
    size: 300,
    startedAt: T0 + 1000,
    profileName: 'Local demo',
    counts: { applied: 299, refused: 1 },
  });
  const rest = await log.entries({ limit: 3, before: page.next! });
  expect(names(rest)).toEqual(['single-0']);
  expect(rest.next).toBeNull();
}

describe('activity entries', () => {
  it('pages by entries: a run of 300 items is one entry, and a single amend after it is on the first page', async () => {
    const log = new ActivityLog(dir);
    await history(log);
    await expectHistory(log);
    // The single's entry is its latest line.
    const first = await log.entries({ limit: 1 });
    expect(first.entries[0]).toMatchObject({ kind: 'attempt', attempt: { id: 'single-3', status: 'rejected' } });
    await log.close();
  });

  it("pages a run's items in the order recorded, each at its latest line", async () => {
    const log = new ActivityLog(dir);
    await history(log);
    const first = await log.runItems('run-A', { limit: 100 });
    expect(first.total).toBe(300);
    expect(first.attempts.map((a) => a.run?.index)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(first.attempts[7]!.status).toBe('refused');
    const pages = [first];
    while (pages[pages.length - 1]!.next !== null) {
      pages.push(await log.runItems('run-A', { limit: 100, after: pages[pages.length - 1]!.next! }));
    }
    expect(pages.flatMap((p) => p.attempts).map((a) => a.id)).toEqual(
      Array.from({ length: 300 }, (_, i) => `run-A-item-${i}`),
    );
    expect(pages).toHaveLength(3);
    await log.close();
  });

  it('searches entries: a run matches when any item does, and says how many; its items are filtered alike', async () => {
    const log = new ActivityLog(dir);
    await history(log);
    const xrp = (a: Attempt) => a.request.symbol === 'XRPUSDT';
    const found = await log.entries({ limit: 50, match: xrp });
    expect(names(found)).toEqual(['run-A (300)']);
    expect(found.entries[0]!.kind === 'run' && found.entries[0]!.run.matching).toBe(1);
    const items = await log.runItems('run-A', { limit: 50, match: xrp });
    expect(items.attempts.map((a) => a.id)).toEqual(['run-A-item-7']);
    const eth = await log.entries({ limit: 50, match: (a) => a.request.symbol === 'ETHUSDT' });
    expect(names(eth)).toEqual(['single-3', 'single-2', 'single-0']);
    await log.close();
  });

  it('rebuilds the entries from the journal when they are missing, and when their tail is torn', async () => {
    const log = new ActivityLog(dir);
    await history(log);
    await log.close();
    await unlink(join(dir, ACTIVITY_ENTRIES_FILE));
    const rebuilt = new ActivityLog(dir);
    await expectHistory(rebuilt);
    await rebuilt.close();
    const file = join(dir, ACTIVITY_ENTRIES_FILE);
    await truncate(file, (await stat(file)).size - 5);
    const torn = new ActivityLog(dir);
    await expectHistory(torn);
    // Written on after the cut: the next single is one more entry, never a second entry of the run.
    for (const lines of runItems('run-A', 300, 1, () => 'applied')) await torn.appendAll(lines.slice(0, 1));
    await torn.append(single(4));
    expect(names(await torn.entries({ limit: 3 }))).toEqual(['single-4', 'single-3', 'single-2']);
    await torn.close();
  });

  it('catches up when the entries are a write behind the attempt records (a crash between the two)', async () => {
    const log = new ActivityLog(dir);
    await log.append(single(0));
    await log.close();
    // The entries and the key index (written after them) as they were: both a few writes behind.
    const behind = [ACTIVITY_ENTRIES_FILE, ACTIVITY_KEYS_FILE, ACTIVITY_KEY_HEADS_FILE];
    for (const name of behind) await copyFile(join(dir, name), join(dir, `${name}.old`));
    const more = new ActivityLog(dir);
    for (const lines of runItems('run-A', 300, 1, (i) => (i === 7 ? 'refused' : 'applied')))
      await more.appendAll(lines);
    await more.append(single(2, { status: 'sending', finishedAt: undefined }));
    await more.append(single(2));
    await more.append(single(3, { status: 'rejected', summary: 'Rejected by the exchange' }));
    await more.close();
    for (const name of behind) await copyFile(join(dir, `${name}.old`), join(dir, name));
    const reopened = new ActivityLog(dir);
    await expectHistory(reopened);
    await reopened.close();
  });

  it('fences a torn journal line and goes on counting entries after it', async () => {
    const log = new ActivityLog(dir);
    await history(log);
    await log.close();
    const journal = join(dir, 'activity.jsonl');
    await truncate(journal, (await stat(journal)).size - 20);
    const reopened = new ActivityLog(dir);
    // The last line (single 3's) is torn: skipped, and its entry not listed.
    const page = await reopened.entries({ limit: 2 });
    expect(names(page)).toEqual(['single-2', 'run-A (300)']);
    expect(page.skippedLines).toBe(1);
    await reopened.append(single(5));
    expect(names(await reopened.entries({ limit: 2 }))).toEqual(['single-5', 'single-2']);
    await reopened.close();
  });

  it('keeps a single amend made while a run is under way out of the run: its own entry, after the run', async () => {
    const log = new ActivityLog(dir);
    const [sending, done] = runItems('run-B', 40, 1, (i) => (i < 20 ? 'applied' : 'failed'));
    await log.appendAll(sending!.slice(0, 20));
    await log.append(single(2));
    await log.appendAll(sending!.slice(20));
    await log.appendAll(done!);
    const page = await log.entries({ limit: 10 });
    expect(names(page)).toEqual(['single-2', 'run-B (40)']);
    const run = page.entries[1]!;
    expect(run.kind === 'run' && run.run.counts).toEqual({ applied: 20, failed: 20 });
    await log.close();
    // The same after a rebuild from the journal.
    await unlink(join(dir, ACTIVITY_ENTRIES_FILE));
    const rebuilt = new ActivityLog(dir);
    const again = await rebuilt.entries({ limit: 10 });
    expect(names(again)).toEqual(['single-2', 'run-B (40)']);
    expect(again.entries[1]!.kind === 'run' && again.entries[1]!.run.counts).toEqual({ applied: 20, failed: 20 });
    await rebuilt.close();
  });
});
