/**
 * The activity log at scale: segments, the index (rebuilt, caught up), paging newest first with a
 * cursor, search, finding one attempt, unfinished attempts after a restart, and small lines.
 */
import { copyFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Attempt } from '../../shared/attempts';
import { ACTIVITY_INDEX_FILE, ActivityLog, MAX_TEXT } from './activity-log';

function attempt(n: number, patch: Partial<Attempt> = {}): Attempt {
  return {
    id: `attempt-${n}`,
    profileId: 'local-demo',
    profileName: 'Local demo',
    environment: 'local-demo',
    startedAt: 1_700_000_000_000 + n,
    request: { clientOid: `order-${n % 7}`, price: '60010.0', autoCancel: 'no' },
    status: 'sending',
    summary: 'Sending the modification…',
    timeline: [{ at: 1_700_000_000_000 + n, label: 'Sent' }],
    ...patch,
  };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'activity-history-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** n attempts, each with a 'sending' line and, after the next one started, its final line. */
async function history(log: ActivityLog, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await log.append(attempt(i));
    if (i > 0) await log.append(attempt(i - 1, { status: 'applied', summary: 'Applied' }));
  }
  await log.append(attempt(n - 1, { status: 'applied', summary: 'Applied' }));
}

async function allPages(log: ActivityLog, limit: number, match?: (a: Attempt) => boolean): Promise<Attempt[][]> {
  const pages: Attempt[][] = [];
  let before: number | undefined;
  for (;;) {
    const page = await log.page({ before, limit, match });
    pages.push(page.attempts);
    if (page.next === null) return pages;
    before = page.next;
  }
}

describe('the activity log history', () => {
  it('rotates into segments and still lists, pages and finds across them, after a restart too', async () => {
    const log = new ActivityLog(dir, undefined, { segmentBytes: 4096 });
    await history(log, 120);
    const segments = (await readdir(dir)).filter((f) => f.endsWith('.jsonl'));
    expect(segments.length).toBeGreaterThan(5);
    for (const f of segments) expect((await stat(join(dir, f))).size).toBeLessThan(4096 + 1024);

    for (const reader of [log, new ActivityLog(dir, undefined, { segmentBytes: 4096 })]) {
      const pages = await allPages(reader, 25);
      expect(pages.map((p) => p.length)).toEqual([25, 25, 25, 25, 20]);
      const ids = pages.flat().map((a) => a.id);
      expect(ids).toEqual(Array.from({ length: 120 }, (_, i) => `attempt-${119 - i}`));
      expect(pages.flat().every((a) => a.status === 'applied')).toBe(true);
      expect((await reader.find('attempt-3'))?.status).toBe('applied');
      expect(await reader.find('attempt-999')).toBeUndefined();
    }
  });

  it('rebuilds a missing or damaged index from the journal, counting unreadable lines', async () => {
    const log = new ActivityLog(dir);
    await history(log, 30);
    await log.close();
    await writeFile(join(dir, 'activity.jsonl'), `${await readFile(join(dir, 'activity.jsonl'), 'utf8')}garbage\n`);
    for (const damage of [
      () => rm(join(dir, ACTIVITY_INDEX_FILE)),
      () => writeFile(join(dir, ACTIVITY_INDEX_FILE), 'not an index'),
    ]) {
      await damage();
      const reopened = new ActivityLog(dir);
      const page = await reopened.page({ limit: 100 });
      expect(page.attempts.map((a) => a.id)).toEqual(Array.from({ length: 30 }, (_, i) => `attempt-${29 - i}`));
      expect(page.skippedLines).toBe(1);
      await reopened.close();
    }
  });

  it('catches up an index left behind by a crash (journal written, index not)', async () => {
    const log = new ActivityLog(dir);
    await history(log, 10);
    await log.close();
    await copyFile(join(dir, ACTIVITY_INDEX_FILE), join(dir, 'stale.idx'));
    const more = new ActivityLog(dir);
    await more.append(attempt(10));
    await more.append(attempt(9, { status: 'failed', summary: 'Failed' }));
    await more.close();
    await copyFile(join(dir, 'stale.idx'), join(dir, ACTIVITY_INDEX_FILE));

    const reopened = new ActivityLog(dir);
    const { attempts } = await reopened.page({ limit: 100 });
    expect(attempts.map((a) => a.id).slice(0, 3)).toEqual(['attempt-10', 'attempt-9', 'attempt-8']);
    expect(attempts.find((a) => a.id === 'attempt-9')?.status).toBe('failed');
    expect(attempts).toHaveLength(11);
  });

  it('pages newest first with no attempt twice, while new attempts keep arriving', async () => {
    const log = new ActivityLog(dir);
    await history(log, 50);
    const first = await log.page({ limit: 20 });
    // A new attempt, and a late line for one already listed, between two pages.
    await log.append(attempt(50));
    await log.append(attempt(45, { status: 'unknown', summary: 'Unknown' }));
    const second = await log.page({ before: first.next!, limit: 20 });
    const third = await log.page({ before: second.next!, limit: 20 });
    const ids = [...first.attempts, ...second.attempts, ...third.attempts].map((a) => a.id);
    expect(ids).toEqual(Array.from({ length: 50 }, (_, i) => `attempt-${49 - i}`));
    expect(third.next).toBeNull();
    const fresh = await log.page({ limit: 6 });
    expect(fresh.attempts.map((a) => [a.id, a.status])).toContainEqual(['attempt-45', 'unknown']);
    expect(fresh.attempts[0]?.id).toBe('attempt-50');
  });

  it('searches with a filter, page by page', async () => {
    const log = new ActivityLog(dir);
    await history(log, 70);
    const pages = await allPages(log, 4, (a) => a.request.clientOid === 'order-3');
    const ids = pages.flat().map((a) => a.id);
    expect(ids).toEqual([
      'attempt-66',
      'attempt-59',
      'attempt-52',
      'attempt-45',
      'attempt-38',
      'attempt-31',
      'attempt-24',
      'attempt-17',
      'attempt-10',
      'attempt-3',
    ]);
  });

  it('names the attempts that were in flight when the app stopped', async () => {
    const log = new ActivityLog(dir);
    await history(log, 5);
    await log.append(attempt(5));
    await log.append(attempt(6));
    await log.append(attempt(6, { status: 'following', summary: 'Following' }));
    await log.close();
    const unfinished = await new ActivityLog(dir).unfinished();
    expect(unfinished.map((a) => [a.id, a.status])).toEqual([
      ['attempt-5', 'sending'],
      ['attempt-6', 'following'],
    ]);
  });

  it('keeps one line small whatever a server answered', async () => {
    const log = new ActivityLog(dir);
    const huge = 'x'.repeat(5_000_000);
    await log.append(attempt(1, { status: 'rejected', answer: { code: '40001', msg: huge }, summary: huge }));
    const size = (await stat(join(dir, 'activity.jsonl'))).size;
    expect(size).toBeLessThan(10 * MAX_TEXT);
    const [a] = (await log.page({ limit: 1 })).attempts;
    expect(a?.answer?.msg).toHaveLength(MAX_TEXT + 1);
    expect(a?.answer?.msg.endsWith('…')).toBe(true);
  });

  it('counts a torn last line once, before and after the next write fences it off', async () => {
    const log = new ActivityLog(dir);
    await history(log, 3);
    await writeFile(
      join(dir, 'activity.jsonl'),
      `${await readFile(join(dir, 'activity.jsonl'), 'utf8')}{"id":"torn","pro`,
    );
    expect((await log.page({ limit: 10 })).skippedLines).toBe(1);
    await log.append(attempt(3));
    const page = await log.page({ limit: 10 });
    expect(page.skippedLines).toBe(1);
    expect(page.attempts.map((a) => a.id)).toEqual(['attempt-3', 'attempt-2', 'attempt-1', 'attempt-0']);
    expect((await new ActivityLog(dir).page({ limit: 10 })).skippedLines).toBe(1);
  });
});
