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
    name: 'desks, attempts (Activity entries and search), guards, runs',
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

      -- Activity's search: trigram indexes make LIKE '%words%' an index search (a trusted extension).
      CREATE EXTENSION IF NOT EXISTS pg_trgm;

      -- Each attempt as it stands (its newest line), for lists, searches and finding by order.
      CREATE SEQUENCE attempt_numbers AS bigint;
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
        record       jsonb NOT NULL,
        -- searchText(record as read, with its desk's words): what Activity's search looks in.
        search_text  text NOT NULL,
        -- Set by attempts_place() when first recorded, never changed: the order attempts were
        -- recorded in (Activity's cursors), and the Activity entry each belongs to: its own number
        -- for a single amend, its run's first item's for an item of a run, with that one's start.
        rec_no            bigint NOT NULL,
        entry_no          bigint NOT NULL,
        entry_started_at  bigint NOT NULL
      );
      -- Cursors of every list are a rec_no; a page goes on from the (start, rec_no) it names.
      CREATE UNIQUE INDEX attempts_rec_no ON attempts (rec_no);
      CREATE INDEX attempts_order ON attempts (account, order_id, started_at DESC, rec_no DESC);
      CREATE INDEX attempts_client_oid ON attempts (account, client_oid, started_at DESC, rec_no DESC);
      -- Symbols are keyed upper case, as the local log's key index keys them.
      CREATE INDEX attempts_symbol ON attempts (account, upper(symbol), started_at DESC, rec_no DESC);
      -- A run's items in the order recorded; its counts and its newest item without reading records.
      CREATE INDEX attempts_run ON attempts (account, run_id, rec_no) INCLUDE (status, finished_at)
        WHERE run_id IS NOT NULL;
      CREATE INDEX attempts_newest ON attempts (account, started_at DESC, rec_no DESC);
      -- The Activity list unfiltered: only entries' first attempts (a run of 300 is one row here).
      CREATE INDEX attempts_entry_heads ON attempts (account, started_at DESC, rec_no DESC) WHERE rec_no = entry_no;
      -- The list searched: attempts in entry order, so a common word's page stops after a few entries;
      -- and by status, so a rare outcome does not walk the history.
      CREATE INDEX attempts_entries ON attempts (account, entry_started_at DESC, entry_no DESC);
      CREATE INDEX attempts_status ON attempts (account, status, entry_started_at DESC, entry_no DESC);
      -- A rare word's attempts at once, wherever they lie. A small pending list: a write-ahead intent
      -- never waits for a long merge of it.
      CREATE INDEX attempts_search ON attempts USING gin (search_text gin_trgm_ops)
        WITH (fastupdate = on, gin_pending_list_limit = 256);
      -- A finer histogram: the planner then tells a common word (walk the newest) from a rare one.
      ALTER TABLE attempts ALTER COLUMN search_text SET STATISTICS 1000;
      CREATE INDEX attempts_seq ON attempts (last_seq);
      CREATE INDEX attempts_unfinished ON attempts (desk_id) WHERE status IN ('sending', 'following');

      -- Attempts and entries per desk, kept by attempts_counted(): every page says how many there
      -- are without counting a million rows. A row per desk, so desks never wait on each other's.
      CREATE TABLE activity_counts (
        account   text NOT NULL,
        desk_id   text NOT NULL REFERENCES desks (id),
        attempts  bigint NOT NULL,
        entries   bigint NOT NULL,
        PRIMARY KEY (account, desk_id)
      );

      -- An attempt recorded for the first time gets its number and its entry; a later state (the
      -- upsert's conflicting row) keeps those of the row it updates. Inserts run BEFORE triggers
      -- even for rows that will conflict, and check NOT NULL before the conflict, hence the copy.
      CREATE FUNCTION attempts_place() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT rec_no, entry_no, entry_started_at INTO NEW.rec_no, NEW.entry_no, NEW.entry_started_at
          FROM attempts WHERE id = NEW.id;
        IF FOUND THEN
          RETURN NEW;
        END IF;
        NEW.rec_no := nextval('attempt_numbers');
        NEW.entry_no := NEW.rec_no;
        NEW.entry_started_at := NEW.started_at;
        IF NEW.run_id IS NOT NULL THEN
          -- Two writes of one run's first items must not both become its entry.
          PERFORM pg_advisory_xact_lock(hashtext('uta-desk run'), hashtext(NEW.run_id));
          SELECT entry_no, entry_started_at INTO NEW.entry_no, NEW.entry_started_at
            FROM attempts WHERE account = NEW.account AND run_id = NEW.run_id LIMIT 1;
          IF NOT FOUND THEN
            NEW.entry_no := NEW.rec_no;
            NEW.entry_started_at := NEW.started_at;
          END IF;
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER attempts_place BEFORE INSERT ON attempts FOR EACH ROW EXECUTE FUNCTION attempts_place();

      -- Once per statement, over the rows really inserted (an upsert's updates are not in it).
      CREATE FUNCTION attempts_counted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO activity_counts (account, desk_id, attempts, entries)
          SELECT account, desk_id, count(*), count(*) FILTER (WHERE rec_no = entry_no) FROM inserted GROUP BY 1, 2
          ON CONFLICT (account, desk_id) DO UPDATE
            SET attempts = activity_counts.attempts + EXCLUDED.attempts, entries = activity_counts.entries + EXCLUDED.entries;
        RETURN NULL;
      END $$;
      CREATE TRIGGER attempts_counted AFTER INSERT ON attempts REFERENCING NEW TABLE AS inserted
        FOR EACH STATEMENT EXECUTE FUNCTION attempts_counted();

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
