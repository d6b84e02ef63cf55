/**
 * The Activity screen's export (contract exportActivity): chunks that page through the whole log, so
 * the file holds every attempt matching the filter, not the loaded page.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Attempt } from '../../shared/attempts';
import { ActivityLog } from './activity-log';
import { ActivityService } from './activity-service';

function attempt(n: number): Attempt {
  return {
    id: `attempt-${n}`,
    profileId: 'local-demo',
    profileName: 'Local demo',
    environment: 'local-demo',
    startedAt: 1_800_000_000_000 + n,
    finishedAt: 1_800_000_000_000 + n + 300,
    request: { clientOid: `oid-${n}`, price: '60010.0' },
    status: n % 2 ? 'rejected' : 'applied',
    summary: n % 2 ? 'Rejected' : 'Applied',
    timeline: [],
  };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'activity-export-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('pages through every matching attempt, chunk by chunk, newest first', async () => {
  const log = new ActivityLog(dir);
  for (let i = 0; i < 5000; i += 1000) await log.appendAll(Array.from({ length: 1000 }, (_, k) => attempt(i + k)));
  const service = new ActivityService(log, { recovered: Promise.resolve(), live: () => undefined });
  const lines: string[] = [];
  let before: number | undefined;
  let chunks = 0;
  for (;;) {
    const chunk = await service.exportActivity({ status: 'rejected', ...(before === undefined ? {} : { before }) });
    chunks++;
    const rows = chunk.csv.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(chunk.rows);
    lines.push(...rows);
    expect(chunk.total).toBe(5000);
    if (chunk.next === null) break;
    before = chunk.next;
  }
  expect(chunks).toBeGreaterThan(1);
  expect(lines).toHaveLength(2500);
  expect(lines[0]).toContain('attempt-4999');
  expect(lines.at(-1)).toContain('attempt-1');
  expect(new Set(lines).size).toBe(2500);
  await log.close();
});
