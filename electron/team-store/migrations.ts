/**
 * The team store's schema, as numbered migrations. Each runs once, in its own transaction, in this
 * order; a migration is never edited once released (a change is a new one), so every store that
 * says version N has the same tables.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'desks, attempts, guards, runs',
    sql: `
      -- One row per desk (a user-data folder of one operator): who it is, and its lease.
      CREATE TABLE desks (
        id            text PRIMARY KEY,
        os_user       text NOT NULL,
        host_name     text NOT NULL,
        host_kind     text NOT NULL,
        display_name  text NOT NULL,
        profile_name  text NOT NULL,
        started_at    timestamptz NOT NULL DEFAULT now(),
        heartbeat_at  timestamptz NOT NULL DEFAULT now(),
        lease_ms      integer NOT NULL,
        -- Set by whichever desk found the lease expired and made its unfinished attempts unknown.
        expired_at    timestamptz
      );

      -- The audit trail: every recorded state of every attempt, never rewritten.
      CREATE TABLE attempt_lines (
        seq          bigserial PRIMARY KEY,
        attempt_id   text NOT NULL,
        account      text NOT NULL,
        desk_id      text NOT NULL REFERENCES desks (id),
        status       text NOT NULL,
        record       jsonb NOT NULL,
        recorded_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX attempt_lines_attempt ON attempt_lines (attempt_id, seq);

      -- Each attempt as it stands (its newest line), for lists, searches and finding by order.
      CREATE TABLE attempts (
        id           text PRIMARY KEY,
        account      text NOT NULL,
        desk_id      text NOT NULL REFERENCES desks (id),
        order_id     text,
        client_oid   text,
        symbol       text,
        run_id       text,
        status       text NOT NULL,
        started_at   bigint NOT NULL,
        finished_at  bigint,
        last_seq     bigint NOT NULL,
        record       jsonb NOT NULL
      );
      CREATE INDEX attempts_order ON attempts (account, order_id);
      CREATE INDEX attempts_client_oid ON attempts (account, client_oid);
      CREATE INDEX attempts_symbol ON attempts (account, symbol, started_at DESC);
      CREATE INDEX attempts_run ON attempts (run_id, started_at) WHERE run_id IS NOT NULL;
      CREATE INDEX attempts_newest ON attempts (account, started_at DESC, id);
      CREATE INDEX attempts_seq ON attempts (last_seq);
      CREATE INDEX attempts_unfinished ON attempts (desk_id) WHERE status IN ('sending', 'following');

      -- Who may send to an order now: one row per order key (order id, clientOid) of an account.
      CREATE TABLE guards (
        account     text NOT NULL,
        order_key   text NOT NULL,
        attempt_id  text NOT NULL,
        desk_id     text NOT NULL REFERENCES desks (id),
        state       text NOT NULL CHECK (state IN ('in-flight', 'unknown', 'locked')),
        since       timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account, order_key)
      );
      CREATE INDEX guards_attempt ON guards (attempt_id);

      -- Amend-many runs, each as its record, and what it reverts.
      CREATE TABLE runs (
        id          text PRIMARY KEY,
        account     text NOT NULL,
        desk_id     text NOT NULL REFERENCES desks (id),
        started_at  bigint NOT NULL,
        reverts     text,
        record      jsonb NOT NULL,
        updated_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX runs_reverts ON runs (reverts) WHERE reverts IS NOT NULL;
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
