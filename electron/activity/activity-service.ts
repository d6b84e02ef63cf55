/**
 * What the Activity screen reads of the log: pages of attempts and of entries (a single amend, or a
 * run as one), a run's attempts, the CSV export in chunks, and whether the log can be written. An
 * attempt of this session is shown as it stands, a step ahead of its last line in the log.
 */
import type { Attempt } from '../../shared/attempts';
import { activityCsvRows } from '../../shared/activity-csv';
import { activityMatches, isSearching, type ActivitySearch } from '../../shared/attempt-search';
import type { ActivityLog, EntryPage, LogHealth, RunItemsPage } from './activity-log';

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
    /** Whether the active profile's team store can record (undefined: it names none). */
    private readonly teamHealth: () => Promise<LogHealth | undefined> = async () => undefined,
  ) {}

  /** A page of the log, newest first; this session's attempts as they stand (a step ahead of their last line). */
  async listActivity(
    query: ActivitySearch & { before?: number; limit?: number },
  ): Promise<{ attempts: Attempt[]; next: number | null; total: number; skippedLines: number }> {
    await this.attempts.recovered;
    const page = await this.log.page({
      before: query.before,
      limit: query.limit ?? ACTIVITY_PAGE,
      match: this.matcher(query),
    });
    const attempts = page.attempts.map((a) => this.asItStands(a));
    return { ...page, attempts };
  }

  /**
   * A page of the Activity list: entries (a single amend, or a run as one entry), newest first; a
   * search keeps a run when any of its items matches. Attempts of this session as they stand.
   */
  async listActivityEntries(query: ActivitySearch & { before?: number; limit?: number }): Promise<EntryPage> {
    await this.attempts.recovered;
    const page = await this.log.entries({
      before: query.before,
      limit: query.limit ?? ENTRY_PAGE,
      match: this.matcher(query),
    });
    const entries = page.entries.map((e) => (e.kind === 'attempt' ? { ...e, attempt: this.asItStands(e.attempt) } : e));
    return { ...page, entries };
  }

  /** One run's attempts in the order recorded, a page at a time; with a search, only those matching. */
  async listRunAttempts(
    query: ActivitySearch & { runId: string; after?: number; limit?: number },
  ): Promise<RunItemsPage> {
    await this.attempts.recovered;
    const page = await this.log.runItems(query.runId, {
      after: query.after,
      limit: query.limit ?? RUN_ATTEMPT_PAGE,
      match: this.matcher(query),
    });
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
    const [local, team] = await Promise.all([this.log.health(), this.teamHealth()]);
    return !local.writable || !team ? local : team;
  }

  /** A copy of the attempt as this session has it, else as logged. */
  private asItStands(logged: Attempt): Attempt {
    return structuredClone(this.attempts.live(logged.id) ?? logged);
  }

  private matcher(query: ActivitySearch): ((a: Attempt) => boolean) | undefined {
    const search = { text: query.text, status: query.status };
    return isSearching(search) ? (a) => activityMatches(this.attempts.live(a.id) ?? a, search) : undefined;
  }
}
