/**
 * One profile's team store: the PostgreSQL database a team of desks on one exchange account shares.
 * It holds every desk's attempts (an append-only trail of their states, and each as it stands), the
 * order guards of the account, and each desk's lease. What makes two desks safe together:
 *
 *  - An attempt's intent and its order's guard are written in ONE transaction, committed with
 *    synchronous_commit on, before a byte of the request leaves the machine. The guard is a row per
 *    order key (order id, clientOid) under a primary key, so of two desks racing for one order one
 *    commits and the other finds the row taken and is refused with the holder's words.
 *  - Each desk renews its lease (desks.heartbeat_at) every few seconds. A desk whose lease has
 *    expired has its unfinished attempts made "Outcome unknown" by whichever desk finds it first;
 *    their guards stay until the order is checked.
 *
 * Never a secret or a signature: attempts hold the request body, which has neither.
 */
import { storeAddressWords } from '../../shared/team-store-address';
import pg from 'pg';
import type { Attempt } from '../../shared/attempts';
import type { SourceHost } from '../../shared/call-source';
import { FINAL_STATUSES } from '../../shared/attempts';
import { checkSchema } from './migrate';
import { connectionConfig, CONNECT_TIMEOUT_MS } from './connection';
import type { TeamStoreSettings } from './settings';
import { storeNotWritableMessage, TeamStoreError } from './store-words';
import type { LogHealth } from '../activity/activity-health';
import type { RunRecord } from '../amend/run-records';
import type { RevertLink } from '../../shared/batch-run';
import { openStoreActivity, type StoreActivity } from './store-activity';
import { expireLapsedDesks } from './lease';
import { guardOfRow, type StoreGuard, type GuardRow } from './store-guards';
import { storeSearchText } from './store-activity-who';

export type HeldState = StoreGuard['state'];

/** Who a desk is: recorded once per desk and named with its attempts and guards. */
export interface DeskIdentity {
  /** Stable per user-data folder (team-desk-id), so a restarted desk is the same desk. */
  id: string;
  osUser: string;
  hostName: string;
  hostKind: SourceHost;
  displayName: string;
  profileName: string;
}

/** One attempt about to be sent, with the keys of its order (orderKeys). */
export interface IntentItem {
  attempt: Attempt;
  keys: readonly string[];
}

/** An attempt the store refused to record, because another desk holds its order. */
export interface GuardConflict {
  attemptId: string;
  holder: StoreGuard;
}

/** A later step of an attempt, and the guard its desk now holds on the order for it (null: none). */
export interface StepItem {
  attempt: Attempt;
  keys: readonly string[];
  hold: HeldState | null;
}

export interface TeamStoreOptions {
  settings: TeamStoreSettings;
  desk: DeskIdentity;
  /** Whose orders these are: guards are keyed by account and order. */
  account: string;
  /** How long a desk stays trusted without a heartbeat. */
  leaseMs?: number;
  heartbeatMs?: number;
  /** Where a failure no caller waits for is told (an idle connection cut, a heartbeat that failed). */
  onError?: (e: unknown) => void;
}

export const LEASE_MS = 15_000;
export const HEARTBEAT_MS = 3_000;
const CHANNEL = 'uta_desk_team';
const PROBE_EVERY_MS = 2_000;
/** Steps kept for a store that is down (a run of 1,000 items makes a few thousand). */
const MAX_BEHIND = 20_000;
const RETRY_MS = 1_000;

export class TeamStore {
  readonly where: string;
  readonly desk: DeskIdentity;
  readonly account: string;
  readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly pool: pg.Pool;
  private ready: Promise<void> | undefined;
  private waiting: Array<{ steps: StepItem[]; resolve: () => void; reject: (e: unknown) => void }> = [];
  private flushing: Promise<void> = Promise.resolve();
  private listener: pg.Client | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly watchers = new Set<() => void>();
  private closed = false;
  private reads: ReturnType<typeof openStoreActivity> | undefined;
  /** Steps not written yet because the store failed: written again before any newer one. */
  private behind: StepItem[] = [];
  private retryTimer: NodeJS.Timeout | undefined;
  private probe: { at: number; health: LogHealth } | undefined;
  private lastReported: string | undefined;

  constructor(private readonly opts: TeamStoreOptions) {
    this.where = storeAddressWords(opts.settings.url);
    this.desk = opts.desk;
    this.account = opts.account;
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
    this.heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
    this.pool = new pg.Pool({
      ...this.connection(),
      max: 4,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection cut by a restart is an event, not a crash: the next query reconnects.
    this.pool.on('error', (e) => this.report(e));
  }

  private connection(): pg.ClientConfig {
    return { ...connectionConfig(this.opts.settings), application_name: `uta-desk ${this.desk.hostKind}` };
  }

  /** The schema checked and this desk registered; tried again after a failure. */
  private async open(): Promise<void> {
    this.ready ??= (async () => {
      const client = await this.checkout();
      try {
        await checkSchema(client, this.where);
        const d = this.desk;
        await client.query(
          `INSERT INTO desks (id, os_user, host_name, host_kind, display_name, profile_name, lease_ms)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (id) DO UPDATE SET os_user = $2, host_name = $3, host_kind = $4, display_name = $5,
             profile_name = $6, lease_ms = $7, heartbeat_at = now(), expired_at = NULL`,
          [d.id, d.osUser, d.hostName, d.hostKind, d.displayName, d.profileName, this.leaseMs],
        );
      } finally {
        client.done();
      }
    })().catch((e: unknown) => {
      this.ready = undefined;
      throw e;
    });
    return this.ready;
  }

  /**
   * A pooled connection for a few statements. The pool listens for errors of idle connections only:
   * one cut while checked out (a server stopping) would be an uncaught error without this listener;
   * its statement fails anyway, and the broken connection is dropped on release.
   */
  private async checkout(): Promise<pg.PoolClient & { done: (broken?: unknown) => void }> {
    const client = await this.pool.connect();
    let broken: unknown;
    const onError = (e: unknown) => (broken = e);
    client.on('error', onError);
    return Object.assign(client, {
      done: (failed?: unknown) => {
        client.removeListener('error', onError);
        const cause = broken ?? failed;
        // A connection that errored is not given back to the pool for reuse.
        client.release(cause instanceof Error ? cause : cause === undefined ? undefined : true);
      },
    });
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: Awaited<ReturnType<TeamStore['checkout']>>;
    try {
      await this.open();
      client = await this.checkout();
    } catch (e) {
      this.probe = undefined;
      throw e;
    }
    let failed: unknown;
    try {
      await client.query('BEGIN');
      // The intent is on the server's disk when COMMIT answers, whatever the server's default.
      await client.query('SET LOCAL synchronous_commit = on');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      failed = e;
      await client.query('ROLLBACK').catch(() => undefined);
      this.probe = undefined;
      throw e;
    } finally {
      client.done(failed);
    }
  }

  /**
   * Write-ahead: the attempts' intents and their orders' guards, in one transaction. Answers the
   * attempts refused because another desk (or another attempt) holds an order: those are not
   * recorded, and must not be sent. Throws when nothing could be recorded: then nothing may be sent.
   */
  async recordIntent(items: readonly IntentItem[]): Promise<GuardConflict[]> {
    if (items.length === 0) return [];
    return this.transaction(async (client) => {
      const keys = items.flatMap((i) => i.keys.map((k) => [k, i.attempt.id] as const));
      const taken = await client.query<{ order_key: string }>(
        `INSERT INTO guards (account, order_key, attempt_id, desk_id, state)
         SELECT $1, k, a, $2, 'in-flight' FROM unnest($3::text[], $4::text[]) AS t(k, a)
         ON CONFLICT (account, order_key) DO NOTHING
         RETURNING order_key`,
        [this.account, this.desk.id, keys.map(([k]) => k), keys.map(([, a]) => a)],
      );
      const got = new Set(taken.rows.map((r) => r.order_key));
      const refused = items.filter((i) => i.keys.some((k) => !got.has(k)));
      const conflicts: GuardConflict[] = [];
      if (refused.length > 0) {
        const refusedIds = refused.map((i) => i.attempt.id);
        // Keys an item did get are given back: it goes nowhere.
        await client.query(`DELETE FROM guards WHERE account = $1 AND attempt_id = ANY($2::text[])`, [
          this.account,
          refusedIds,
        ]);
        // Named by its order id where the holder has that key (as the desk's own guards name it).
        const holders = (
          await this.guardRows(
            client,
            refused.flatMap((i) => [...i.keys]),
          )
        ).sort((a, b) => Number(b.order_key.startsWith('orderId:')) - Number(a.order_key.startsWith('orderId:')));
        for (const item of refused) {
          const row = holders.find((h) => item.keys.includes(h.order_key) && h.attempt_id !== item.attempt.id);
          if (row) conflicts.push({ attemptId: item.attempt.id, holder: guardOfRow(row) });
        }
      }
      const going = items.filter((i) => !refused.includes(i));
      await this.writeAttempts(
        client,
        going.map((i) => i.attempt),
      );
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ desk: this.desk.id })]);
      return conflicts;
    });
  }

  /**
   * A later step (an answer, an outcome): appended without waiting for the send, like the local
   * log's. Steps waiting when a write starts go in one transaction, in order.
   */
  recordStep(step: StepItem): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ steps: [{ ...step, attempt: structuredClone(step.attempt) }], resolve, reject });
      if (this.waiting.length === 1) this.flushing = this.flushing.then(() => this.flushSteps());
    });
  }

  /** Every step recorded so far is written (or has failed). */
  async flushed(): Promise<void> {
    await this.flushing;
  }

  private async flushSteps(): Promise<void> {
    const group = this.waiting.splice(0);
    // Steps a failed write left behind go first, in their order: a guard is never left held in the
    // store by a desk that has long let it go (its lease alone would not lift it while it lives).
    const behind = this.behind.splice(0);
    const steps = [...behind, ...group.flatMap((g) => g.steps)];
    if (steps.length === 0) return;
    try {
      await this.transaction(async (client) => {
        await this.writeAttempts(
          client,
          steps.map((s) => s.attempt),
        );
        const released = steps.filter((s) => s.hold === null).map((s) => s.attempt.id);
        if (released.length > 0)
          await client.query(
            `DELETE FROM guards WHERE account = $1 AND attempt_id = ANY($2::text[]) AND state <> 'locked'`,
            [this.account, released],
          );
        const held = steps.flatMap((s) => (s.hold === null ? [] : s.keys.map((k) => [k, s.attempt.id, s.hold!])));
        if (held.length > 0)
          await client.query(
            `INSERT INTO guards (account, order_key, attempt_id, desk_id, state)
             SELECT $1, k, a, $2, s FROM unnest($3::text[], $4::text[], $5::text[]) AS t(k, a, s)
             ON CONFLICT (account, order_key) DO UPDATE SET state = EXCLUDED.state
               WHERE guards.attempt_id = EXCLUDED.attempt_id AND guards.state <> 'locked'`,
            [this.account, this.desk.id, held.map((h) => h[0]), held.map((h) => h[1]), held.map((h) => h[2])],
          );
        await client.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ desk: this.desk.id })]);
      });
    } catch (e) {
      this.behind = steps.slice(-MAX_BEHIND);
      this.retryLater();
      for (const g of group) g.reject(e);
      return;
    }
    for (const g of group) g.resolve();
  }

  private retryLater(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.flushing = this.flushing.then(() => this.flushSteps());
    }, RETRY_MS);
    this.retryTimer.unref();
  }

  /**
   * Attempts first recorded elsewhere (`uta-desk team import`): every line of each, oldest first, in
   * one transaction. An attempt the store has already is left as it is, neither duplicated nor
   * overwritten; answers the ids written. Imports wait for each other (an advisory lock), so two at
   * once cannot both find an attempt missing. No guard is taken: these attempts are history.
   */
  async importAttempts(lines: readonly Attempt[]): Promise<string[]> {
    if (lines.length === 0) return [];
    return this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [0x75746169]); // "utai"
      const ids = [...new Set(lines.map((a) => a.id))];
      const present = await client.query<{ id: string }>(`SELECT id FROM attempts WHERE id = ANY($1::text[])`, [ids]);
      const have = new Set(present.rows.map((r) => r.id));
      await this.writeAttempts(
        client,
        lines.filter((a) => !have.has(a.id)),
      );
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ desk: this.desk.id })]);
      return ids.filter((id) => !have.has(id));
    });
  }

  /** Appends a line per state and keeps each attempt's newest state (one row per attempt). */
  private async writeAttempts(client: pg.ClientBase, attempts: readonly Attempt[]): Promise<void> {
    if (attempts.length === 0) return;
    const lines = await client.query<{ seq: string; attempt_id: string }>(
      `INSERT INTO attempt_lines (attempt_id, account, desk_id, status, record)
       SELECT a, $1, $2, s, r::jsonb FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS t(a, s, r, n)
       ORDER BY n
       RETURNING seq, attempt_id`,
      [
        this.account,
        this.desk.id,
        attempts.map((a) => a.id),
        attempts.map((a) => a.status),
        attempts.map((a) => JSON.stringify(a)),
      ],
    );
    // The newest state of each attempt: one row each (an upsert may not touch a row twice).
    const newest = new Map<string, { attempt: Attempt; seq: string }>();
    attempts.forEach((a, k) => newest.set(a.id, { attempt: a, seq: lines.rows[k]!.seq }));
    const rows = [...newest.values()];
    const col = <T>(f: (a: Attempt) => T) => rows.map((r) => f(r.attempt));
    await client.query(
      `INSERT INTO attempts (id, account, desk_id, order_id, client_oid, symbol, run_id, status, started_at, finished_at, last_seq, record, search_text)
       SELECT id, $1, $2, o, c, sy, ru, st, sa, fa, seq, r::jsonb, tx
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[], $10::bigint[], $11::bigint[], $12::text[], $13::text[])
         AS t(id, o, c, sy, ru, st, sa, fa, seq, r, tx)
       ON CONFLICT (id) DO UPDATE SET order_id = EXCLUDED.order_id, client_oid = EXCLUDED.client_oid,
         status = EXCLUDED.status, finished_at = EXCLUDED.finished_at, last_seq = EXCLUDED.last_seq, record = EXCLUDED.record,
         search_text = EXCLUDED.search_text
         WHERE attempts.last_seq < EXCLUDED.last_seq`,
      [
        this.account,
        this.desk.id,
        col((a) => a.id),
        col((a) => a.after?.orderId ?? a.before?.orderId ?? a.request.orderId ?? null),
        col((a) => a.after?.clientOid ?? a.before?.clientOid ?? a.request.clientOid ?? null),
        col((a) => a.request.symbol ?? a.before?.symbol ?? null),
        col((a) => a.run?.id ?? null),
        col((a) => a.status),
        col((a) => a.startedAt),
        col((a) => a.finishedAt ?? null),
        rows.map((r) => r.seq),
        col((a) => JSON.stringify(a)),
        col((a) => storeSearchText(a, this.desk)),
      ],
    );
  }

  private async guardRows(client: pg.ClientBase | pg.Pool, keys?: readonly string[]): Promise<GuardRow[]> {
    const r = await client.query<GuardRow>(
      `SELECT g.order_key, g.attempt_id, g.desk_id, g.state, (extract(epoch FROM g.since) * 1000)::bigint AS since,
              d.display_name, d.os_user, d.host_name, d.host_kind
       FROM guards g JOIN desks d ON d.id = g.desk_id
       WHERE g.account = $1 ${keys ? 'AND g.order_key = ANY($2::text[])' : ''}`,
      keys ? [this.account, keys] : [this.account],
    );
    return r.rows;
  }

  /** Every guard of the account, whichever desk holds it. */
  async guards(): Promise<StoreGuard[]> {
    await this.open();
    return (await this.guardRows(this.pool)).map(guardOfRow);
  }

  /** The order was read again: an unknown outcome on it is known now, whoever's it was. */
  async releaseUnknown(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.open();
    await this.pool.query(
      `WITH gone AS (DELETE FROM guards WHERE account = $1 AND order_key = ANY($2::text[]) AND state = 'unknown' RETURNING 1)
       SELECT pg_notify($3, $4) FROM gone LIMIT 1`,
      [this.account, keys, CHANNEL, JSON.stringify({ desk: this.desk.id })],
    );
  }

  /**
   * Whether the store can record now, probed at most every PROBE_EVERY_MS (a write that failed
   * since makes the next call probe): the header's banner, as for a full disk.
   */
  async health(): Promise<LogHealth> {
    const now = Date.now();
    if (this.probe && now - this.probe.at < PROBE_EVERY_MS) return this.probe.health;
    let health: LogHealth;
    try {
      await this.open();
      const r = await this.pool.query<{ ro: string }>(`SELECT current_setting('transaction_read_only') AS ro`);
      if (r.rows[0]?.ro === 'on') throw new TeamStoreError('read-only', 'read-only');
      health = { writable: true, message: null, since: null };
    } catch (e) {
      const since = this.probe?.health.since ?? now;
      health = { writable: false, message: storeNotWritableMessage(e, this.where), since };
    }
    this.probe = { at: now, health };
    return health;
  }

  /**
   * An amend-many run's record as it stands (its items, how it ended, each item's attempt id), so
   * another desk can show and revert it. Replaced each time the run's own record is.
   */
  async recordRun(record: RunRecord): Promise<void> {
    await this.open();
    const { run } = record;
    await this.pool.query(
      `INSERT INTO runs (id, account, desk_id, started_at, reverts, record) VALUES ($1, $2, $3, $4, $5, $6::jsonb)
       ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record, reverts = EXCLUDED.reverts, updated_at = now()`,
      [run.id, this.account, this.desk.id, run.startedAt, run.reverts?.id ?? null, JSON.stringify(record)],
    );
  }

  /** A run's record and who ran it ("alice on desk-2"); undefined when the store has none. */
  async runRecord(id: string): Promise<(RunRecord & { who: string; deskId: string }) | undefined> {
    await this.open();
    const r = await this.pool.query<{ record: RunRecord; desk_id: string; display_name: string; host_name: string }>(
      `SELECT r.record, r.desk_id, d.display_name, d.host_name FROM runs r JOIN desks d ON d.id = r.desk_id
       WHERE r.account = $1 AND r.id = $2`,
      [this.account, id],
    );
    const row = r.rows[0];
    return row && { ...row.record, deskId: row.desk_id, who: `${row.display_name} on ${row.host_name}` };
  }

  /** Which run reverts which run or attempt, across the team: "Reverted by" on every desk. */
  async revertLinks(): Promise<Array<{ runId: string; link: RevertLink }>> {
    await this.open();
    const r = await this.pool.query<{ id: string; link: RevertLink }>(
      `SELECT id, record->'run'->'reverts' AS link FROM runs WHERE account = $1 AND reverts IS NOT NULL`,
      [this.account],
    );
    return r.rows.map((row) => ({ runId: row.id, link: row.link }));
  }

  /** Every attempt of a run as it stands, in item order. */
  async runAttempts(runId: string): Promise<Attempt[]> {
    await this.open();
    const r = await this.pool.query<{ record: Attempt }>(
      `SELECT record FROM attempts WHERE run_id = $1 AND account = $2 ORDER BY started_at, id`,
      [runId, this.account],
    );
    return r.rows.map((row) => row.record);
  }

  /** Activity's reads of the store (every desk's attempts), on a pool of their own. */
  get activity(): StoreActivity {
    this.reads ??= openStoreActivity(this.opts.settings, this.account);
    return this.reads.activity;
  }

  /** The newest state of attempts, by id (another desk's included). */
  async find(ids: readonly string[]): Promise<Attempt[]> {
    await this.open();
    const r = await this.pool.query<{ record: Attempt }>(
      `SELECT record FROM attempts WHERE account = $1 AND id = ANY($2::text[])`,
      [this.account, ids],
    );
    return r.rows.map((row) => row.record);
  }

  /**
   * Renews this desk's lease, and makes the unfinished attempts of desks whose lease has expired
   * "Outcome unknown" (their guards stay, as unknown). Answers how many attempts it made unknown.
   */
  async heartbeat(): Promise<number> {
    await this.open();
    await this.pool.query(`UPDATE desks SET heartbeat_at = now(), expired_at = NULL WHERE id = $1`, [this.desk.id]);
    const made = await this.transaction((client) => expireLapsedDesks(client, this.desk.id, this.account));
    if (made > 0) {
      await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ desk: this.desk.id })]);
      // This desk does not hear its own notices: its watchers learn of it here.
      this.changed();
    }
    return made;
  }

  /**
   * Live: `onChange` runs when another desk records anything (LISTEN/NOTIFY), and the lease is kept.
   * A lost listening connection is opened again every second until the store answers; a change
   * missed meanwhile is caught by the call made on reconnecting.
   */
  watch(onChange: () => void): () => void {
    this.watchers.add(onChange);
    if (!this.listener && !this.reconnectTimer) void this.listen();
    if (!this.heartbeatTimer) {
      this.heartbeatTimer = setInterval(() => {
        this.heartbeat().then(
          () => this.recovered(),
          (e: unknown) => this.report(e),
        );
      }, this.heartbeatMs);
      this.heartbeatTimer.unref();
      this.heartbeat().then(
        () => this.recovered(),
        (e: unknown) => this.report(e),
      );
    }
    return () => this.watchers.delete(onChange);
  }

  /**
   * A failure no caller waits for, told once while it lasts: the listener retries every second and
   * the heartbeat every few, and a store that is down would otherwise fill the log with one line each.
   */
  private report(e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    if (message === this.lastReported) return;
    this.lastReported = message;
    this.opts.onError?.(e);
  }

  /** The store answers again: the next failure is told. */
  private recovered(): void {
    this.lastReported = undefined;
  }

  private changed(): void {
    for (const w of this.watchers) w();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ ...this.connection(), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    const retry = () => {
      if (this.listener === client) this.listener = undefined;
      client.removeAllListeners();
      void client.end().catch(() => undefined);
      if (this.closed || this.reconnectTimer) return;
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = undefined;
        void this.listen();
      }, 1_000);
      this.reconnectTimer.unref();
    };
    client.on('error', (e) => {
      this.report(e);
      retry();
    });
    client.on('end', retry);
    client.on('notification', (n) => {
      try {
        const { desk } = JSON.parse(n.payload ?? '{}') as { desk?: string };
        if (desk !== this.desk.id) this.changed();
      } catch {
        this.changed();
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
      this.recovered();
      // Whatever happened while not listening.
      this.changed();
    } catch (e) {
      this.report(e);
      retry();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeatTimer);
    clearTimeout(this.retryTimer);
    // One last try for steps left behind (a store back by now takes them).
    if (this.behind.length > 0) this.flushing = this.flushing.then(() => this.flushSteps());
    clearTimeout(this.reconnectTimer);
    this.watchers.clear();
    await this.flushed();
    const listener = this.listener;
    this.listener = undefined;
    listener?.removeAllListeners();
    await listener?.end().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
    await this.reads?.close().catch(() => undefined);
  }
}

/** Whether an attempt is still on its way (its desk's lease decides whether it is unknown). */
export function isUnfinished(a: Attempt): boolean {
  return !FINAL_STATUSES.includes(a.status);
}
