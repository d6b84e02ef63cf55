/**
 * A throwaway PostgreSQL cluster for tests and benches: initdb in a temp folder, its own port on
 * loopback, password authentication, removed at the end. PostgreSQL refuses to run as root, so as
 * root the cluster belongs to the `postgres` user and every server command runs through runuser.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { migrate } from '../migrate';
import { connectionConfig } from '../connection';

const run = promisify(execFile);

export const TEST_PASSWORD = 'team-store-test-password';
const USER = 'uta';

/** The newest PostgreSQL's programs: Debian keeps them in /usr/lib/postgresql/<major>/bin. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((d) => existsSync(join(root, d, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(root, majors[0], 'bin') : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  /** postgres://uta@127.0.0.1:PORT/DB, without the password (TEST_PASSWORD). */
  url(database?: string): string;
  port: number;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: connections are cut, the server is down until start(). */
  stop(): Promise<void>;
  /** Creates a database owned by the test user. */
  createDatabase(name: string): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

export interface PgClusterOptions {
  /** Extra server settings (`-c name=value`), e.g. fsync=off for tests that never crash the OS. */
  settings?: Record<string, string>;
}

export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const asRoot = userInfo().uid === 0;
  const wrap = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
  const dir = mkdtempSync(join(tmpdir(), 'uta-desk-pg-'));
  const data = join(dir, 'data');
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, TEST_PASSWORD);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
    chownSync(pwfile, uid, gid);
  }
  chmodSync(pwfile, 0o600);
  await run(
    ...wrap('initdb', [
      '-D',
      data,
      '-U',
      USER,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '-E',
      'UTF8',
      '--no-sync',
    ]),
  );
  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: dir,
    ...options.settings,
  };
  const serverOptions = Object.entries(settings)
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(' ');
  const pgCtl = (...args: string[]) => run(...wrap('pg_ctl', ['-D', data, ...args]));
  const cluster: PgCluster = {
    port,
    url: (database = 'postgres') => `postgres://${USER}@127.0.0.1:${port}/${database}`,
    start: async () => {
      await pgCtl('-w', '-l', join(dir, 'server.log'), '-o', serverOptions, 'start');
    },
    stop: async () => {
      await pgCtl('-w', '-m', 'fast', 'stop');
    },
    createDatabase: async (name) => {
      await run(...wrap('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', USER, name]), {
        env: { ...process.env, PGPASSWORD: TEST_PASSWORD },
      });
    },
    destroy: async () => {
      await pgCtl('-w', '-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

/** A new database on the cluster, with UTA Desk's tables unless `bare`; answers its name. */
export async function freshDatabase(cluster: PgCluster, options: { bare?: boolean } = {}): Promise<string> {
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  await cluster.createDatabase(name);
  if (!options.bare) await withStoreClient(cluster.url(name), (c) => migrate(c, name));
  return name;
}

/** One client on the store at `url` (the test password) for the length of `work`. */
export async function withStoreClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(connectionConfig({ url, password: TEST_PASSWORD }));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
