/** A desk's local activity log for import tests, written by a real ActivityLog, and the store's rows read back. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import type { Attempt, AttemptStatus } from '../../../shared/attempts';
import { ActivityLog } from '../../activity/activity-log';
import { PROFILES_FILE } from '../../profiles/profile-store';

const T0 = 1_800_000_000_000;

export function logAttempt(id: string, n: number, over: Partial<Attempt> = {}): Attempt {
  return {
    id,
    profileId: 'desk-a',
    profileName: 'Desk A',
    environment: 'custom',
    startedAt: T0 + n * 1000,
    request: { category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderId: `ord-${n}`, price: '60010.0' },
    status: 'sending',
    summary: 'Sending the modification…',
    timeline: [{ at: T0 + n * 1000, label: 'Sent' }],
    source: { host: 'desktop', user: 'alice' },
    ...over,
  };
}

/** The attempt one step on: a status, its words, one more event on its timeline. */
export function step(a: Attempt, status: AttemptStatus, label: string): Attempt {
  const at = (a.timeline.at(-1)?.at ?? a.startedAt) + 100;
  const final = status !== 'sending' && status !== 'following';
  return {
    ...a,
    status,
    summary: label,
    timeline: [...a.timeline, { at, label }],
    ...(final ? { finishedAt: at } : {}),
  };
}

/** What a log holds: every line of each attempt, in the order written. */
export type Trails = Map<string, Attempt[]>;

/**
 * A log as a desk writes it: single amends (sent, accepted, applied; one rejected), a run of three
 * items recorded in one write-ahead append, one item's outcome unknown and checked again after later
 * attempts, one attempt still being followed, and one of a live profile. profiles.json names the
 * custom profile's exchange.
 */
export async function writeDeskLog(dir: string): Promise<Trails> {
  await writeFile(
    join(dir, PROFILES_FILE),
    JSON.stringify({
      version: 1,
      activeProfileId: 'desk-a',
      profiles: [{ id: 'desk-a', name: 'Desk A', environment: 'custom', baseUrl: 'https://exchange.example:8443/' }],
    }),
  );
  const trails: Trails = new Map();
  const log = new ActivityLog(dir);
  const record = async (...states: Attempt[]) => {
    await log.appendAll(states);
    for (const s of states) trails.set(s.id, [...(trails.get(s.id) ?? []), s]);
  };
  const one = logAttempt('single-1', 1);
  await record(one);
  await record(step(one, 'following', 'Accepted'));
  await record(step(step(one, 'following', 'Accepted'), 'applied', 'Applied'));
  const rejected = logAttempt('single-2', 2);
  await record(rejected);
  await record(step(rejected, 'rejected', 'Rejected: price out of band'));
  const items = [0, 1, 2].map((index) =>
    logAttempt(`run-7-item-${index}`, 3 + index, { run: { id: 'run-7', index, size: 3 } }),
  );
  await record(...items);
  await record(step(items[0]!, 'applied', 'Applied'), step(items[1]!, 'applied', 'Applied'));
  const unknown = step(items[2]!, 'unknown', 'No answer');
  await record(unknown);
  const live = logAttempt('live-1', 6, { profileId: 'live-gone', profileName: 'Live', environment: 'live' });
  await record(live, step(live, 'applied', 'Applied'));
  const following = logAttempt('single-3', 7);
  await record(following, step(following, 'following', 'Accepted'));
  // Checked again after all of these: its lines lie far apart.
  await record(step(unknown, 'applied', 'Checked again: applied'));
  await log.close();
  return trails;
}

export interface StoredAttempt {
  id: string;
  account: string;
  desk_id: string;
  status: string;
  run_id: string | null;
  record: Attempt;
}

export async function storedAttempts(client: pg.ClientBase): Promise<StoredAttempt[]> {
  const r = await client.query<StoredAttempt>(
    'SELECT id, account, desk_id, status, run_id, record FROM attempts ORDER BY id',
  );
  return r.rows;
}

/** Each attempt's lines in the store, in the order recorded. */
export async function storedTrails(client: pg.ClientBase): Promise<Trails> {
  const r = await client.query<{ attempt_id: string; record: Attempt }>(
    'SELECT attempt_id, record FROM attempt_lines ORDER BY seq',
  );
  const trails: Trails = new Map();
  for (const row of r.rows) trails.set(row.attempt_id, [...(trails.get(row.attempt_id) ?? []), row.record]);
  return trails;
}
