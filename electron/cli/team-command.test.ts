/**
 * `uta-desk team init URL` and `uta-desk team import URL` against a throwaway PostgreSQL cluster: what
 * each prints, and each failure in words with its exit code (failure.ts), the password never shown.
 */
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DESK_ID_FILE } from '../team-store/desk-id';
import { migrate } from '../team-store/migrate';
import { SCHEMA_VERSION } from '../team-store/migrations';
import {
  freshDatabase,
  startPgCluster,
  TEST_PASSWORD,
  withStoreClient,
  type PgCluster,
} from '../team-store/testing/pg-cluster';
import { storedAttempts, storedTrails, writeDeskLog } from '../team-store/testing/log-fixtures';
import { commandHelp } from './command-help';
import { EXIT } from './failure';
import { HELP } from './help-text';
import { captureCli, type CliResult } from './testing/captured-cli';

let cluster: PgCluster;
let dir: string;
let passwordFile: string;

beforeAll(async () => {
  cluster = await startPgCluster({ settings: { fsync: 'off' } });
}, 60_000);
afterAll(async () => {
  await cluster?.destroy();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-team-'));
  passwordFile = join(dir, 'store-password');
  await writeFile(passwordFile, `${TEST_PASSWORD}\n`, { mode: 0o600 });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const newDatabase = () => freshDatabase(cluster, { bare: true });

const withClient = <T>(db: string, work: (c: pg.Client) => Promise<T>) => withStoreClient(cluster.url(db), work);

/** The CLI with the password in the file UTA_DESK_TEAM_PASSWORD_FILE names (unless `env` says otherwise). */
function team(argv: string[], env: Record<string, string> = { UTA_DESK_TEAM_PASSWORD_FILE: passwordFile }) {
  return captureCli(['team', ...argv], { env });
}

const whereOf = (db: string) => `127.0.0.1:${cluster.port}/${db}`;

/** Whatever happened, the password is nowhere in what was printed. */
function expectNoPassword(r: CliResult, password = TEST_PASSWORD): void {
  expect(r.stdout + r.stderr).not.toContain(password);
}

describe('uta-desk team init', () => {
  it('creates the tables in an empty database; run again, it has nothing to do', async () => {
    const db = await newDatabase();
    const first = await team(['init', cluster.url(db)]);
    expect(first).toEqual({
      code: EXIT.ok,
      stdout: `Created the UTA Desk tables in ${whereOf(db)} (schema version ${SCHEMA_VERSION}).\n`,
      stderr: '',
    });
    const again = await team(['init', cluster.url(db)]);
    expect(again).toEqual({
      code: EXIT.ok,
      stdout: `${whereOf(db)} is already at schema version ${SCHEMA_VERSION}: nothing to do.\n`,
      stderr: '',
    });
    const tables = await withClient(db, (c) =>
      c.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`),
    );
    expect(tables.rows.map((r) => r.t)).toEqual(
      expect.arrayContaining(['attempt_lines', 'attempts', 'desks', 'guards', 'runs', 'uta_desk_schema']),
    );
  });

  it('takes the password from --password-fd', async () => {
    const db = await newDatabase();
    const fd = openSync(passwordFile, 'r');
    try {
      const r = await team(['init', cluster.url(db), '--password-fd', String(fd)], {});
      expect(r.code, r.stderr).toBe(EXIT.ok);
    } finally {
      closeSync(fd);
    }
  });

  it('asks on the terminal when stdin is one, with nothing echoed', async () => {
    const db = await newDatabase();
    const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
    let prompt = '';
    const asked = captureCli(['team', 'init', cluster.url(db)], {
      env: {},
      tty: {
        input: input as unknown as NodeJS.ReadStream,
        prompt: {
          write: (t: string) => {
            prompt += t;
            // Typed once asked, as a person would.
            if (t.endsWith(': ')) input.write(`${TEST_PASSWORD}\r`);
          },
        },
      },
    });
    const r = await asked;
    expect(r.code, r.stderr).toBe(EXIT.ok);
    expect(prompt).toBe(`Password for the team store at ${whereOf(db)}: \n`);
    expectNoPassword({ ...r, stdout: r.stdout + prompt });
  });

  it('refuses a store whose schema is newer than this UTA Desk, in the words of migrate, changing nothing', async () => {
    const db = await newDatabase();
    await withClient(db, async (c) => {
      await migrate(c, db);
      await c.query(`INSERT INTO uta_desk_schema (version, name) VALUES (99, 'future')`);
    });
    const r = await team(['init', cluster.url(db)]);
    expect(r).toEqual({
      code: EXIT.rejected,
      stdout: '',
      stderr: `uta-desk team init: The team store at ${whereOf(db)} has schema version 99, newer than this UTA Desk knows (${SCHEMA_VERSION}). Update UTA Desk; nothing was changed in the store.\n`,
    });
  });

  it('a wrong password: refused in words, exit 2, and the password given is not printed', async () => {
    const db = await newDatabase();
    await writeFile(passwordFile, 'not-the-password\n');
    const r = await team(['init', cluster.url(db)]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toBe(
      `uta-desk team init: The team store at ${whereOf(db)} refused the user name or password: check the user in the address and the password given (--password-fd N or UTA_DESK_TEAM_PASSWORD_FILE, or the terminal).\n`,
    );
    expectNoPassword(r, 'not-the-password');
  });

  it('no password at all, where the server asks for one: said so, exit 2', async () => {
    const r = await team(['init', cluster.url(await newDatabase())], {});
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(
      /^uta-desk team init: The team store at .* asks for a password: give it on a terminal, with --password-fd N or UTA_DESK_TEAM_PASSWORD_FILE\.\n$/,
    );
  });

  it('an unreachable port: exit 3 at once', async () => {
    const closed = await freePort();
    const t0 = performance.now();
    const r = await team(['init', `postgres://uta@127.0.0.1:${closed}/desk`]);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(r).toEqual({
      code: EXIT.unreachable,
      stdout: '',
      stderr: `uta-desk team init: The team store at 127.0.0.1:${closed}/desk cannot be reached (connection refused: nothing answers at that port). Check the address, the network and the server, then try again.\n`,
    });
  });

  it('a server that never answers: exit 3 after the connect timeout (3 s), not a hang', async () => {
    const silent = await silentServer();
    try {
      const t0 = performance.now();
      const r = await team(['init', `postgres://uta@127.0.0.1:${silent.port}/desk`]);
      expect(performance.now() - t0).toBeLessThan(6000);
      expect(r.code).toBe(EXIT.unreachable);
      expect(r.stderr).toContain(`127.0.0.1:${silent.port}/desk cannot be reached (no answer in time)`);
    } finally {
      await silent.close();
    }
  });

  it('a database the server does not have: exit 2', async () => {
    const r = await team(['init', cluster.url('nowhere')]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toBe(
      `uta-desk team init: The server at 127.0.0.1:${cluster.port} has no database "nowhere": check the address, or ask its administrator to create it.\n`,
    );
  });

  it.each([
    ['in the user part', (port: number) => `postgres://uta:hunter2-secret@127.0.0.1:${port}/desk`],
    ['as a parameter', (port: number) => `postgresql://uta@127.0.0.1:${port}/desk?password=hunter2-secret`],
  ])('refuses a password in the address (%s) before connecting, and never prints it', async (_, address) => {
    const r = await team(['init', address(cluster.port)]);
    expect(r).toEqual({
      code: EXIT.usage,
      stdout: '',
      stderr:
        'uta-desk team: Put the password in --password-fd N or UTA_DESK_TEAM_PASSWORD_FILE, not in the address: an address is seen in process lists and shell history.\nRun "uta-desk team --help" for usage.\n',
    });
    expectNoPassword(r, 'hunter2-secret');
  });

  it.each([
    [['init'], 'team init needs URL.'],
    [
      ['init', 'https://db.example/desk'],
      'Only postgres:// or postgresql:// addresses: a team store is a PostgreSQL database',
    ],
    [['init', 'postgres://db.example'], 'The address needs a database name after the host'],
    [['init', 'postgres://db.example/desk?host=elsewhere'], 'The address may not set "host"'],
    [
      ['init', 'postgres://db.example/desk', '--password', 'x'],
      "Credentials are never accepted as options (--password): give the team store's password on a terminal, with --password-fd N or UTA_DESK_TEAM_PASSWORD_FILE.",
    ],
    [['init', 'postgres://db.example/desk', '--user-data', 'x'], '--user-data is not an option of team init.'],
    [['import', 'postgres://db.example/desk', '--display-name', ' '], '--display-name takes 1 to 64 characters'],
  ])('%j is bad usage: %s', async (argv, words) => {
    const r = await team(argv);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain(words);
  });
});

describe('uta-desk team import', () => {
  it("copies the folder's log under its desk; run again, it imports nothing; the rows are the log's", async () => {
    const trails = await writeDeskLog(dir);
    const db = await newDatabase();
    expect((await team(['init', cluster.url(db)])).code).toBe(EXIT.ok);
    const first = await team(['import', cluster.url(db), '--user-data', dir, '--display-name', 'Alice Martin']);
    expect(first).toEqual({
      code: EXIT.ok,
      stdout: `Imported 7 attempts (0 already in the store) from ${dir} into ${whereOf(db)}.\n`,
      stderr: '',
    });
    const id = (await readFile(join(dir, DESK_ID_FILE), 'utf8')).trim();
    const again = await team(['import', cluster.url(db), '--user-data', dir]);
    expect(again).toEqual({
      code: EXIT.ok,
      stdout: `Imported 0 attempts (7 already in the store) from ${dir} into ${whereOf(db)}.\n`,
      stderr: '',
    });
    await withClient(db, async (c) => {
      expect(await storedTrails(c)).toEqual(trails);
      const rows = await storedAttempts(c);
      expect(rows.map((r) => r.id).sort()).toEqual([...trails.keys()].sort());
      for (const r of rows) {
        expect(r.record).toEqual(trails.get(r.id)!.at(-1));
        expect(r.desk_id).toBe(id);
      }
      const desks = await c.query('SELECT id, os_user, host_name, host_kind, display_name FROM desks');
      expect(desks.rows).toEqual([
        {
          id,
          os_user: userInfo().username,
          host_name: hostname(),
          host_kind: 'cli',
          display_name: 'Alice Martin',
        },
      ]);
    });
  });

  it('the display name is the OS user unless given; the password may come from --password-fd', async () => {
    await writeDeskLog(dir);
    const db = await newDatabase();
    await withClient(db, (c) => migrate(c, db));
    const fd = openSync(passwordFile, 'r');
    try {
      const r = await team(['import', cluster.url(db), '--user-data', dir, '--password-fd', String(fd)], {});
      expect(r.stdout).toBe(`Imported 7 attempts (0 already in the store) from ${dir} into ${whereOf(db)}.\n`);
    } finally {
      closeSync(fd);
    }
    const names = await withClient(db, (c) => c.query<{ display_name: string }>('SELECT display_name FROM desks'));
    expect(names.rows).toEqual([{ display_name: userInfo().username }]);
  });

  it('a store without the tables, or with a newer schema, is refused in words (exit 1), nothing imported', async () => {
    await writeDeskLog(dir);
    const bare = await newDatabase();
    const r = await team(['import', cluster.url(bare), '--user-data', dir]);
    expect(r).toEqual({
      code: EXIT.rejected,
      stdout: '',
      stderr: `uta-desk team import: The team store at ${cluster.url(bare)} has no UTA Desk tables yet. Create them with: uta-desk team init ${cluster.url(bare)}\n`,
    });
    const newer = await newDatabase();
    await withClient(newer, async (c) => {
      await migrate(c, newer);
      await c.query(`INSERT INTO uta_desk_schema (version, name) VALUES (99, 'future')`);
    });
    const refused = await team(['import', cluster.url(newer), '--user-data', dir]);
    expect(refused.code).toBe(EXIT.rejected);
    expect(refused.stderr).toContain(`has schema version 99, newer than this UTA Desk knows (${SCHEMA_VERSION})`);
    expect(await withClient(newer, (c) => storedAttempts(c))).toEqual([]);
  });

  it('a folder that is not there: exit 2; a wrong password: exit 2; an unreachable store: exit 3', async () => {
    const db = await newDatabase();
    const missing = join(dir, 'nope');
    expect(await team(['import', cluster.url(db), '--user-data', missing])).toEqual({
      code: EXIT.usage,
      stdout: '',
      stderr: `uta-desk team import: there is no folder ${missing}.\n`,
    });
    await writeFile(passwordFile, 'not-the-password\n');
    const wrong = await team(['import', cluster.url(db), '--user-data', dir]);
    expect(wrong.code).toBe(EXIT.usage);
    expect(wrong.stderr).toContain('refused the user name or password');
    expectNoPassword(wrong, 'not-the-password');
    const closed = await freePort();
    const unreachable = await team(['import', `postgres://uta@127.0.0.1:${closed}/desk`, '--user-data', dir]);
    expect(unreachable.code).toBe(EXIT.unreachable);
    expect(unreachable.stderr).toContain('cannot be reached');
  });
});

describe('the help', () => {
  it('shows both verbs with their options, and the overview names them', () => {
    const help = commandHelp('team') ?? '';
    expect(help).toMatch(/^Usage: uta-desk team init URL \[--password-fd N\]\n/);
    expect(help).toContain('Usage: uta-desk team import URL [--user-data DIR] [--display-name NAME] [--password-fd N]');
    expect(help).toContain('UTA_DESK_TEAM_PASSWORD_FILE');
    expect(HELP).toMatch(/^ {2}team {11}team init: .*; team import: .*$/m);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server that takes connections and never says a word. */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
