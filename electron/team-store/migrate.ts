/**
 * Bringing a team store's schema to this app's version (`uta-desk team init`), and checking it when a
 * desk opens the store. Concurrent inits are serialised by an advisory lock, so two operators running
 * `team init` at once apply each migration once.
 */
import type { ClientBase } from 'pg';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations';
import { TeamStoreError } from './store-words';

/** Any number, the same in every UTA Desk: the lock that serialises migrations of one database. */
const MIGRATION_LOCK = 0x75746164; // "utad"

const CREATE_VERSIONS = `
  CREATE TABLE IF NOT EXISTS uta_desk_schema (
    version     integer PRIMARY KEY,
    name        text NOT NULL,
    applied_at  timestamptz NOT NULL DEFAULT now()
  )`;

/** The store's schema version: 0 when it has none of UTA Desk's tables. */
export async function schemaVersion(client: ClientBase): Promise<number> {
  const exists = await client.query<{ t: string | null }>(`SELECT to_regclass('uta_desk_schema')::text AS t`);
  if (!exists.rows[0]?.t) return 0;
  const r = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM uta_desk_schema');
  return r.rows[0]?.v ?? 0;
}

function refuseNewer(found: number, where: string): void {
  if (found > SCHEMA_VERSION)
    throw new TeamStoreError(
      'schema',
      `The team store at ${where} has schema version ${found}, newer than this UTA Desk knows (${SCHEMA_VERSION}). Update UTA Desk; nothing was changed in the store.`,
    );
}

/** Applies every migration the store lacks, each in its own transaction; answers the versions applied. */
export async function migrate(client: ClientBase, where: string): Promise<number[]> {
  const applied: number[] = [];
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(CREATE_VERSIONS);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  }
  for (const m of MIGRATIONS) {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const found = await schemaVersion(client);
      refuseNewer(found, where);
      if (found >= m.version) {
        await client.query('COMMIT');
        continue;
      }
      await client.query(m.sql);
      await client.query('INSERT INTO uta_desk_schema (version, name) VALUES ($1, $2)', [m.version, m.name]);
      await client.query('COMMIT');
      applied.push(m.version);
    } catch (e) {
      await client.query('ROLLBACK');
      throw e;
    }
  }
  return applied;
}

/** A desk uses a store only at exactly its own schema version; the words say what to do otherwise. */
export async function checkSchema(client: ClientBase, where: string): Promise<void> {
  const found = await schemaVersion(client);
  refuseNewer(found, where);
  if (found === 0)
    throw new TeamStoreError(
      'schema',
      `The team store at ${where} has no UTA Desk tables yet. Create them with: uta-desk team init ${where}`,
    );
  if (found < SCHEMA_VERSION)
    throw new TeamStoreError(
      'schema',
      `The team store at ${where} has schema version ${found}; this UTA Desk needs ${SCHEMA_VERSION}. Upgrade it with: uta-desk team init ${where}`,
    );
}
