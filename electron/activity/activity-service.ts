/**
 * What the Activity screen reads of the log: pages of attempts and of entries (a single amend, or a
 * run as one), a run's attempts, the CSV export in chunks, and whether the log can be written. An
 * attempt of this session is shown as it stands, a step ahead of its last line in the log.
 */
import type { Attempt } from '../../shared/attempts';
import { activityCsvRows } from '../../shared/activity-csv';
import { activityMatches, isSearching, type ActivitySearch } from '../../shared/attempt-search';
import type { ActivityLog, EntryPage, LogHealth, RunItemsPage } from './activity-log';
import type { ActivityReads, StorePageQuery, StoreRunItemsQuery } from '../team-store/store-activity';
import type { TeamStore } from '../team-store/team-store';
import { storeFailureWords } from '../team-store/store-words';
import { deskError } from '../../shared/errors';

/** This session's attempts as they stand (AmendSteps keeps them). */
export interface LiveAttempts {
  /** Resolves once attempts left in flight by an earlier session are recorded as unknown. */
  readonly recovered: Promise<void>;
  live(id: string): Attempt | undefined;
}

/** Attempts per Activity page unless the caller asks for another number. */
const ACTIVITY_PAGE = 200;
/** Entries per Activity page, and a run's attempts per page, unless the caller asks for another number. */
const ENTRY_PAGE = 100;
const RUN_ATTEMPT_PAGE = 100;
/** Attempts per chunk of the Activity export (a few MB of CSV at most). */
const EXPORT_CHUNK = 2000;

export class ActivityService {
  constructor(
    private readonly log: ActivityLog,
    private readonly attempts: LiveAttempts,
    /** The active profile's team store, when it names one: Activity lists every desk's attempts from it. */
    private readonly team: () => Promise<TeamStore | undefined> = async () => undefined,
  ) {}

  /** Where Activity reads: the team store of the active profile (every desk's), else this folder's log. */
  private async reads(): Promise<{ reads: ActivityReads; live: boolean }> {
    const store = await this.team();
    return store ? { reads: wordedReads(store), live: true } : { reads: this.log, live: false };
  }

  /** A page of the log, newest first; this session's attempts as they stand (a step ahead of their last line). */
  async listActivity(
    query: ActivitySearch & { before?: number; limit?: number },
  ): Promise<{ attempts: Attempt[]; next: number | null; total: number; skippedLines: number }> {
    await this.attempts.recovered;
    const { reads } = await this.reads();
    const page = await reads.page({
      before: query.before,
      limit: query.limit ?? ACTIVITY_PAGE,
      match: this.matcher(query),
      search: this.searchOf(query),
    } as StorePageQuery);
    const attempts = page.attempts.map((a) => this.asItStands(a));
    return { ...page, attempts };
  }

  /**
   * A page of the Activity list: entries (a single amend, or a run as one entry), newest first; a
   * search keeps a run when any of its items matches. Attempts of this session as they stand.
   */
  async listActivityEntries(query: ActivitySearch & { before?: number; limit?: number }): Promise<EntryPage> {
    await this.attempts.recovered;
    const { reads, live } = await this.reads();
    const page = await reads.entries({
      before: query.before,
      limit: query.limit ?? ENTRY_PAGE,
      match: this.matcher(query),
      search: this.searchOf(query),
    } as StorePageQuery);
    const entries = page.entries.map((e) => (e.kind === 'attempt' ? { ...e, attempt: this.asItStands(e.attempt) } : e));
    return { ...page, entries, ...(live ? { live } : {}) };
  }

  /** One run's attempts in the order recorded, a page at a time; with a search, only those matching. */
  async listRunAttempts(
    query: ActivitySearch & { runId: string; after?: number; limit?: number },
  ): Promise<RunItemsPage> {
    await this.attempts.recovered;
    const { reads } = await this.reads();
    const page = await reads.runItems(query.runId, {
      after: query.after,
      limit: query.limit ?? RUN_ATTEMPT_PAGE,
      match: this.matcher(query),
      search: this.searchOf(query),
    } as StoreRunItemsQuery);
    return { ...page, attempts: page.attempts.map((a) => this.asItStands(a)) };
  }

  /** A chunk of the CSV export of every attempt matching the search (see the contract's exportActivity). */
  async exportActivity(
    query: ActivitySearch & { before?: number },
  ): Promise<{ csv: string; rows: number; next: number | null; total: number }> {
    const page = await this.listActivity({ ...query, limit: EXPORT_CHUNK });
    return { csv: activityCsvRows(page.attempts), rows: page.attempts.length, next: page.next, total: page.total };
  }

  /** Whether the activity log, and the team store if the profile has one, can be written: nothing is sent while either cannot. */
  async logHealth(): Promise<LogHealth> {
    const [local, team] = await Promise.all([this.log.health(), this.team().then((s) => s?.health())]);
    return !local.writable || !team ? local : team;
  }

  /** A copy of the attempt as this session has it, else as logged. */
  private asItStands(logged: Attempt): Attempt {
    return structuredClone(this.attempts.live(logged.id) ?? logged);
  }

  /** The search as data, for a store to answer in SQL (the local log runs the matcher). */
  private searchOf(query: ActivitySearch): ActivitySearch | undefined {
    const search = { text: query.text, status: query.status };
    return isSearching(search) ? search : undefined;
  }

  private matcher(query: ActivitySearch): ((a: Attempt) => boolean) | undefined {
    const search = { text: query.text, status: query.status };
    return isSearching(search) ? (a) => activityMatches(this.attempts.live(a.id) ?? a, search) : undefined;
  }
}

/** The store's reads, a failure in words (where the store is, what to do) rather than a driver's message. */
function wordedReads(store: TeamStore): ActivityReads {
  const reads = store.activity;
  const worded =
    <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      read(...args).catch((e: unknown) => {
        const { why, todo } = storeFailureWords(e, store.where);
        throw deskError('storage', `Activity could not be read: ${why}. ${todo}`.trim());
      });
  return {
    page: worded((q) => reads.page(q)),
    entries: worded((q) => reads.entries(q)),
    runItems: worded((id, q) => reads.runItems(id, q)),
    pageByKeys: worded((keys, q) => reads.pageByKeys(keys, q)),
    find: worded((id) => reads.find(id)),
  };
}
