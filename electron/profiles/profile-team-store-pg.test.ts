/**
 * A profile's team store reached for real (a throwaway PostgreSQL cluster): the address and the
 * sealed password a profile keeps are what the store connects with, a wrong password is refused in
 * words that do not repeat it, and a store profiles.json points elsewhere gets no password at all.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../team-store/migrate';
import { TeamStore } from '../team-store/team-store';
import { startPgCluster, TEST_PASSWORD, type PgCluster, withStoreClient } from '../team-store/testing/pg-cluster';
import { deskOf } from '../team-store/testing/store-fixtures';
import { deskFailure } from '../testing/desk-failure';
import type { ProfileService } from '../core/context';
import { createProfileService } from './profile-service';
import { testSecretBox } from './testing/test-secret-box';

let cluster: PgCluster;
let dir: string;
const box = testSecretBox();

beforeAll(async () => {
  [cluster, dir] = await Promise.all([
    startPgCluster({ settings: { fsync: 'off' } }),
    mkdtemp(join(tmpdir(), 'uta-team-profile-pg-')),
  ]);
  for (const name of ['desk', 'other']) {
    await cluster.createDatabase(name);
    await withStoreClient(cluster.url(name), (c) => migrate(c, name));
  }
}, 60_000);
afterAll(async () => {
  await Promise.all([cluster?.destroy(), rm(dir, { recursive: true, force: true })]);
});

function service(): ProfileService {
  return createProfileService(
    { userDataDir: dir, secretBox: box, version: 'test' },
    { url: async () => 'http://127.0.0.1:1' },
    { osUser: 'alice' },
  );
}

async function healthOf(s: ProfileService, id: string) {
  const settings = await s.teamStore(id);
  if (!settings) throw new Error('expected a team store');
  const store = new TeamStore({
    settings,
    desk: deskOf('alice', { displayName: settings.displayName }),
    account: 'http://127.0.0.1:1',
  });
  try {
    return await store.health();
  } finally {
    await store.close();
  }
}

describe("a profile's team store on PostgreSQL", () => {
  it('connects with the sealed password; a wrong one is refused in words; an address moved by hand gets none', async () => {
    const s = service();
    const url = `${cluster.url('desk')}?sslmode=disable&connect_timeout=3`;
    const p = await s.create({
      name: 'Team',
      environment: 'live',
      teamStoreUrl: url,
      teamStorePassword: TEST_PASSWORD,
    });
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).not.toContain(TEST_PASSWORD);
    expect(await healthOf(s, p.id)).toMatchObject({ writable: true, message: null });

    await s.update({ id: p.id, teamStorePassword: 'not-the-password' });
    const refused = await healthOf(s, p.id);
    expect(refused.writable).toBe(false);
    expect(refused.message).toMatch(/refused the profile's user name or password/);
    expect(refused.message).not.toContain('not-the-password');

    // Right again, then pointed at another database in profiles.json: no password goes there.
    await s.update({ id: p.id, teamStorePassword: TEST_PASSWORD });
    const file = JSON.parse(await readFile(join(dir, 'profiles.json'), 'utf8'));
    file.profiles[0].teamStore.url = `${cluster.url('other')}?sslmode=disable`;
    await writeFile(join(dir, 'profiles.json'), JSON.stringify(file));
    const next = service();
    expect((await deskFailure(next.teamStore(p.id))).message).toMatch(/changed outside UTA Desk/);
    // Confirmed by typing the password again in the app: sealed for that address, it connects.
    await next.update({ id: p.id, teamStorePassword: TEST_PASSWORD });
    expect(await healthOf(next, p.id)).toMatchObject({ writable: true });
  });
});
