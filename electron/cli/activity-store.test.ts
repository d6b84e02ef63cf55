/**
 * `uta-desk activity` on a folder whose profile names a team store (a throwaway PostgreSQL cluster):
 * every desk's attempts from the store, each with who made it, the same options as on the folder's
 * log, where it reads from said above a table only, a store that cannot be reached in words (exit 3),
 * and --local for the folder's own log. The folder is only read: byte for byte the same, no lock.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_CSV_HEADER } from '../../shared/activity-csv';
import type { Attempt, AttemptStatus } from '../../shared/attempts';
import { ActivityLog } from '../activity/activity-log';
import { NO_OS_KEYRING } from '../core/open-core';
import { createProfileService } from '../profiles/profile-service';
import { migrate } from '../team-store/migrate';
import { accountOf } from '../team-store/team-links';
import type { TeamStore } from '../team-store/team-store';
import { startPgCluster, TEST_PASSWORD, type PgCluster, withStoreClient } from '../team-store/testing/pg-cluster';
import { attemptOf, deskOf, keysOf, storeOn } from '../team-store/testing/store-fixtures';
import { EXIT } from './failure';
import { captureCli } from './testing/captured-cli';

const T0 = 1_800_000_000_000;
const PASSPHRASE = 'correct horse battery';
const FAST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
const DB = 'activity';

let cluster: PgCluster;
let dir: string;
let passphraseFile: string;
let where: string;
const stores: TeamStore[] = [];
let runId: string;

/** Records attempts as a desk does: the intent, then the outcome. */
async function record(store: TeamStore, attempts: Attempt[], outcome: AttemptStatus = 'applied'): Promise<void> {
  await store.recordIntent(attempts.map((attempt) => ({ attempt, keys: keysOf(attempt) })));
  for (const a of attempts) {
    const done = {
      ...a,
      status: outcome,
      summary: `${outcome}: price 100.0 → ${a.request.price}`,
      finishedAt: a.startedAt + 400,
    };
    await store.recordStep({ attempt: done, keys: keysOf(done), hold: null });
  }
  await store.flushed();
}

const single = (orderId: string, at: number, host: 'cli' | 'desktop', user: string, over: Partial<Attempt> = {}) =>
  attemptOf(orderId, {
    startedAt: T0 + at,
    profileName: `${user}'s account`,
    request: { category: 'SPOT', symbol: 'BTCUSDT', orderId, price: `${100 + at / 1000}` },
    source: { host, user },
    ...over,
  });

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  [cluster, dir] = await Promise.all([
    startPgCluster({ settings: { fsync: 'off' } }),
    mkdtemp(join(tmpdir(), 'cli-activity-store-')),
  ]);
  await cluster.createDatabase(DB);
  await withStoreClient(cluster.url(DB), (c) => migrate(c, DB));
  where = `127.0.0.1:${cluster.port}/${DB}`;

  // The folder: profiles made as the app makes them, the store's password sealed in the passphrase vault.
  const service = createProfileService(
    { userDataDir: dir, secretBox: NO_OS_KEYRING, version: 'test' },
    { url: async () => 'http://127.0.0.1:1' },
    { osUser: 'alice', scrypt: FAST_SCRYPT },
  );
  await service.setupVault(PASSPHRASE);
  const team = await service.create({
    name: 'Team',
    environment: 'live',
    teamStoreUrl: `${cluster.url(DB)}?sslmode=disable&connect_timeout=3`,
    teamStorePassword: TEST_PASSWORD,
    teamDisplayName: 'alice',
  });
  await service.create({
    name: 'Away',
    environment: 'live',
    teamStoreUrl: `postgres://uta@127.0.0.1:${await closedPort()}/${DB}?sslmode=disable&connect_timeout=3`,
    teamStorePassword: TEST_PASSWORD,
  });
  await service.select(team.id);
  passphraseFile = join(dir, '..', `${randomUUID()}-passphrase`);
  await writeFile(passphraseFile, `${PASSPHRASE}\n`, { mode: 0o600 });

  // This desk's own log: an attempt the store does not have.
  const log = new ActivityLog(dir);
  await log.appendAll([
    single('local-only', 500, 'desktop', 'alice', { profileId: team.id, profileName: 'Team', status: 'applied' }),
  ]);
  await log.close();

  // Two desks on the store, on the profile's account.
  const account = accountOf(team);
  const alice = storeOn(cluster, DB, deskOf('alice', { hostName: 'desk-2', hostKind: 'cli' }), { account });
  const bob = storeOn(cluster, DB, deskOf('bob', { hostName: 'desk-1' }), { account });
  stores.push(alice, bob);
  runId = `run-${randomUUID()}`;
  await record(alice, [single('ord-1', 1000, 'cli', 'alice')]);
  await record(bob, [
    single('r-0', 2000, 'desktop', 'bob', { run: { id: runId, index: 0, size: 2 } }),
    single('r-1', 2001, 'desktop', 'bob', { run: { id: runId, index: 1, size: 2 } }),
  ]);
  await record(bob, [single('ord-2', 3000, 'desktop', 'bob')], 'rejected');
  // Another account on the same store: not the profile's, never listed.
  const elsewhere = storeOn(cluster, DB, deskOf('carol'), { account: 'https://other.example' });
  stores.push(elsewhere);
  await record(elsewhere, [single('ord-elsewhere', 4000, 'desktop', 'carol')]);
}, 90_000);

afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await Promise.all([
    cluster?.destroy(),
    rm(dir, { recursive: true, force: true }),
    passphraseFile ? rm(passphraseFile, { force: true }) : undefined,
  ]);
});

function activity(args: string[], env: Record<string, string> = { UTA_DESK_VAULT_PASSPHRASE_FILE: passphraseFile }) {
  return captureCli(['activity', ...args, '--user-data', dir], { env, now: () => T0 + 60_000 });
}

/** The folder as files: names, sizes, times and contents. */
async function snapshot(): Promise<string> {
  const names = (await readdir(dir)).sort();
  const parts = await Promise.all(
    names.map(async (n) => {
      const s = await stat(join(dir, n));
      const body = s.isFile() ? (await readFile(join(dir, n))).toString('base64') : 'dir';
      return `${n}:${s.size}:${s.mtimeMs}:${body}`;
    }),
  );
  return parts.join('\n');
}

const FROM = () => `From the team store at ${where} (every desk on it).`;

describe('uta-desk activity with a team store', () => {
  it("lists every desk's attempts on the profile's account from the store, with who; the folder only read", async () => {
    const before = await snapshot();
    const r = await activity(['--profile', 'team']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(EXIT.ok);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(FROM());
    expect(lines[1]).toMatch(/^TIME \(UTC\)\s+OUTCOME\s+PROFILE\s+WHO\s+ORDER/);
    expect(lines.slice(2).map((l) => /(ord-\d|r-\d)/.exec(l)?.[1])).toEqual(['ord-2', 'r-1', 'r-0', 'ord-1']);
    expect(lines.find((l) => l.includes('ord-1'))).toContain('CLI · alice on desk-2');
    expect(lines.find((l) => l.includes('ord-2'))).toContain('Desktop · bob on desk-1');
    expect(r.stdout).not.toContain('local-only');
    expect(r.stdout).not.toContain('ord-elsewhere');
    expect(r.stdout + r.stderr).not.toContain(TEST_PASSWORD);
    console.log(r.stdout + (await activity(['--entries'])).stdout);
    expect(await snapshot()).toBe(before);
  });

  it("with no --profile, reads the store of the folder's selected profile", async () => {
    const r = await activity([]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout.split('\n')[0]).toBe(FROM());
    expect(r.stdout).toContain('CLI · alice on desk-2');
  });

  it('--entries lists a run as one row, with who ran it', async () => {
    const r = await activity(['--entries']);
    expect(r.code).toBe(EXIT.ok);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(FROM());
    expect(lines).toHaveLength(5);
    const run = lines.find((l) => l.includes(`run ${runId}`));
    expect(run).toContain('Desktop · bob on desk-1');
    expect(run).toContain('2 of 2 items');
  });

  it("--search finds the desk's words, the order, and with --outcome the status", async () => {
    const desk = await activity(['--search', 'alice on desk-2']);
    expect(desk.code).toBe(EXIT.ok);
    expect(desk.stdout.trimEnd().split('\n').slice(2)).toHaveLength(1);
    expect(desk.stdout).toContain('ord-1');
    const rejected = await activity(['--search', 'ord', '--outcome', 'rejected', '--json']);
    expect((JSON.parse(rejected.stdout) as Attempt[]).map((a) => a.request.orderId)).toEqual(['ord-2']);
    const none = await activity(['--search', 'nothing-like-it']);
    expect(none.stdout).toBe(`${FROM()}\nNo attempt matches.\n`);
  });

  it('--json and --csv are data only: no line of where they were read from', async () => {
    const json = await activity(['--json', '--profile', 'Team']);
    expect(json.code).toBe(EXIT.ok);
    expect(json.stdout.startsWith('[')).toBe(true);
    const attempts = JSON.parse(json.stdout) as Attempt[];
    expect(attempts.map((a) => a.source?.desk)).toEqual(['bob', 'bob', 'bob', 'alice']);
    expect(attempts.at(-1)?.source).toEqual({ host: 'cli', user: 'alice', desk: 'alice', machine: 'desk-2' });
    const entries = await activity(['--json', '--entries']);
    expect(entries.stdout.startsWith('[')).toBe(true);
    const csv = await activity(['--csv', '--since', '30m']);
    expect(csv.code).toBe(EXIT.ok);
    expect(csv.stdout.startsWith(ACTIVITY_CSV_HEADER)).toBe(true);
    expect(csv.stdout.trimEnd().split('\n')).toHaveLength(5);
    expect(csv.stdout).not.toContain('From the team store');
  });

  it('a store that cannot be reached: words, exit 3, nothing on stdout', async () => {
    const r = await activity(['--profile', 'Away']);
    expect(r.code).toBe(EXIT.unreachable);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^uta-desk activity: The team store at 127\.0\.0\.1:\d+\/activity cannot be reached\. Check the network and the server, then try again\.\n$/,
    );
  });

  it("--local lists the folder's own log, even for a profile with a store, and unseals nothing", async () => {
    const r = await activity(['--local', '--profile', 'Team'], {});
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).not.toContain('From the team store');
    expect(r.stdout.split('\n')[0]).toMatch(/^TIME \(UTC\)\s+OUTCOME\s+PROFILE\s+ORDER/);
    expect(r.stdout).toContain('local-only');
    expect(r.stdout).not.toContain('ord-1');
  });

  it('a vault with no passphrase given, or a wrong one: refused in words (exit 2), with the way to --local', async () => {
    const none = await activity(['--profile', 'Team'], {});
    expect(none.code).toBe(EXIT.usage);
    expect(none.stderr).toMatch(/^uta-desk activity: The secrets of profile "Team" are in the passphrase vault/);
    expect(none.stderr).toContain('--local');
    const wrongFile = `${passphraseFile}-wrong`;
    await writeFile(wrongFile, 'not the passphrase\n');
    try {
      const wrong = await activity(['--profile', 'Team'], { UTA_DESK_VAULT_PASSPHRASE_FILE: wrongFile });
      expect(wrong.code).toBe(EXIT.usage);
      expect(wrong.stderr).toMatch(/^uta-desk activity: The vault could not be unlocked: /);
      expect(wrong.stdout).toBe('');
    } finally {
      await rm(wrongFile, { force: true });
    }
  });

  it('a profile without a store, or none by that name, reads the log as before', async () => {
    const r = await activity(['--profile', 'Desk live'], {});
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toBe('No attempt matches.\n');
  });
});
