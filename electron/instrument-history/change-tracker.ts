/**
 * What the desk makes of instrument history for the operator: every successful whole-category
 * fetch recorded (InstrumentHistory), the rows changed since they last looked, the symbols they
 * watch and the alerts due for those, and why a category could not be checked. The contract's
 * changes:* and watch:* channels are thin handlers over this.
 *
 * Badges: a listing marks its row "new", any other change "changed" (a row stays "new" until
 * seen); a delisted row has no row to mark, so its badge goes. Alerts are queued, and remembered as
 * given, when they come up; takeAlerts hands the queue out once.
 */
import { describeError, DeskError, deskError } from '../../shared/errors';
import type { ChangeEvent } from '../../shared/instrument-changes';
import {
  MAX_WATCHED,
  type ChangeAlert,
  type ChangeMark,
  type ChangeStatus,
  type WatchedSymbol,
} from '../../shared/instrument-watch';
import { CATEGORIES, type Category, type Instrument } from '../../shared/schemas';
import {
  eventAlerts,
  restrictionTimes,
  soonAlerts,
  watchKey,
  type DueAlert,
  type RestrictionTime,
} from './change-alerts';
import type { ChangeQuery } from './change-index';
import { InstrumentHistory, type InstrumentHistoryOptions, type RecordResult } from './instrument-history';
import {
  MAX_MARKS_PER_CATEGORY,
  MAX_PENDING_ALERTS,
  profilePart,
  WatchStore,
  type StoredMark,
  type WatchFile,
  type WatchProfile,
} from './watch-store';

export interface ChangeTrackerOptions {
  now?: () => number;
  history?: InstrumentHistoryOptions;
}

export interface FeedQuery {
  category?: Category;
  kinds?: ChangeQuery['kinds'];
  symbol?: string;
  watchedOnly?: boolean;
  before?: number;
  limit?: number;
}

export interface FeedPage {
  events: ChangeEvent[];
  next: number | null;
  total: number;
  /** Events of the whole feed that pass the filters. */
  matched: number;
}

const DEFAULT_PAGE = 100;

interface Failure {
  at: number;
  message: string;
}

export class ChangeTracker {
  readonly history: InstrumentHistory;
  readonly store: WatchStore;
  private readonly now: () => number;
  /** profile\0category → the last failed check, until a later one succeeds. */
  private readonly failures = new Map<string, Failure>();
  /** profile → category → the restriction times of the last recorded fetch (for "starting soon"). */
  private readonly restrictions = new Map<string, Map<Category, Map<string, RestrictionTime[]>>>();

  constructor(userDataDir: string, options: ChangeTrackerOptions = {}) {
    this.now = options.now ?? Date.now;
    this.history = new InstrumentHistory(userDataDir, { now: this.now, ...options.history });
    this.store = new WatchStore(userDataDir);
  }

  /**
   * Records a successful fetch of a whole category. Never throws: the fetch itself succeeded, and
   * a history that cannot be written (a full disk) is reported as the category's error instead.
   */
  async recordFetch(
    profileId: string,
    category: Category,
    instruments: readonly Instrument[],
    fetchedAt: number,
  ): Promise<RecordResult | undefined> {
    let result: RecordResult;
    try {
      result = await this.history.record(profileId, category, instruments, fetchedAt);
    } catch (e) {
      this.noteFailure(profileId, category, `Fetched but not recorded: ${errorMessage(e)}`, fetchedAt);
      return undefined;
    }
    // Any answer clears an earlier failure: the category can be fetched again.
    const failure = this.failures.get(failureKey(profileId, category));
    if (failure && failure.at <= fetchedAt) this.failures.delete(failureKey(profileId, category));
    if (result.outcome === 'stale') return result;
    if (result.outcome === 'suspicious-empty') return result;
    this.restrictionsOf(profileId).set(category, restrictionTimes(instruments));
    const profile = await this.store.profile(profileId);
    const watched = watchedSet(profile);
    const alerts = [...eventAlerts(result.events, watched, this.now()), ...this.soon(profileId, category, watched)];
    if (result.events.length > 0 || alerts.some((a) => isNewAlert(profile, a))) {
      try {
        await this.store.update((file) => {
          const p = profilePart(file, profileId);
          applyMarks(p, result.events);
          queueAlerts(p, alerts, this.now());
        });
      } catch {
        // The events are in the history; only their badges and alerts are lost with this write.
      }
    }
    return result;
  }

  /** A category could not be checked (shown in the status until a later check succeeds). */
  noteFailure(profileId: string, category: Category, message: string, at = this.now()): void {
    this.failures.set(failureKey(profileId, category), { at, message: message.slice(0, 500) });
  }

  /** A page of the change feed, newest first. */
  async page(profileId: string, query: FeedQuery): Promise<FeedPage> {
    const limit = query.limit ?? DEFAULT_PAGE;
    const base = { profileId, category: query.category, kinds: query.kinds, symbol: query.symbol };
    const instruments = query.watchedOnly ? (await this.store.profile(profileId)).watched : undefined;
    const { events, next, total, matched } = await this.history.events({
      ...base,
      instruments,
      before: query.before,
      limit,
    });
    return { events, next, total, matched };
  }

  async status(profileId: string): Promise<ChangeStatus> {
    const [checks, refreshMinutes, profile] = await Promise.all([
      this.history.lastChecked(profileId),
      this.store.refreshMinutes(),
      this.store.profile(profileId),
    ]);
    const categories = CATEGORIES.map((category) => {
      const check = checks[category];
      const failure = this.failures.get(failureKey(profileId, category));
      return {
        category,
        lastChecked: check?.lastChecked,
        count: check?.count,
        error: failure && (!check || failure.at >= check.lastChecked) ? failure.message : undefined,
        suspicious: check?.suspicious
          ? `At ${new Date(check.suspicious.at).toISOString()} the exchange answered no ${category} instruments where ` +
            `${check.suspicious.previousCount} were listed: taken for a fault, not as delistings.`
          : undefined,
      };
    });
    return { refreshMinutes, categories, watched: profile.watched };
  }

  async setRefreshMinutes(minutes: number): Promise<void> {
    await this.store.update((file) => {
      file.refreshMinutes = minutes;
    });
  }

  /** The rows of a category changed since the operator last looked, newest first. */
  async marks(profileId: string, category: Category): Promise<ChangeMark[]> {
    return marksOf(await this.store.profile(profileId), category);
  }

  /** Clears the badges of these symbols (all of the category without `symbols`); the ones left. */
  async markSeen(profileId: string, category: Category, symbols?: readonly string[]): Promise<ChangeMark[]> {
    const profile = await this.store.profile(profileId);
    const unseen = profile.unseen[category];
    if (!unseen || (symbols !== undefined && !symbols.some((s) => Object.hasOwn(unseen, s))))
      return marksOf(profile, category);
    return this.store.update((file) => {
      const p = profilePart(file, profileId);
      if (symbols === undefined) delete p.unseen[category];
      else for (const s of symbols) delete p.unseen[category]?.[s];
      return marksOf(p, category);
    });
  }

  async setWatched(profileId: string, target: WatchedSymbol, watched: boolean): Promise<void> {
    const profile = await this.store.profile(profileId);
    const has = profile.watched.some((w) => w.category === target.category && w.symbol === target.symbol);
    if (has === watched) return;
    if (watched && profile.watched.length >= MAX_WATCHED) {
      throw deskError('conflict', `At most ${MAX_WATCHED} symbols can be watched: unwatch one first.`);
    }
    await this.store.update((file) => {
      const p = profilePart(file, profileId);
      p.watched = p.watched.filter((w) => w.category !== target.category || w.symbol !== target.symbol);
      if (watched) p.watched.push({ category: target.category, symbol: target.symbol });
      // Watching a symbol whose restriction starts within the hour warns at once.
      if (watched) queueAlerts(p, this.soon(profileId, target.category, watchedSet(p)), this.now());
    });
  }

  /** The alerts not handed out before; each is handed out once. */
  async takeAlerts(profileId: string): Promise<ChangeAlert[]> {
    const profile = await this.store.profile(profileId);
    if (profile.pendingAlerts.length === 0) return [];
    return this.store.update((file) => {
      const p = profilePart(file, profileId);
      const alerts = p.pendingAlerts;
      p.pendingAlerts = [];
      // Each says whose it is: one in flight when the operator switches profile is not shown for the next.
      return alerts.map((a) => ({ ...a, profileId }));
    });
  }

  /** Looks for watched restrictions starting within the hour (run at least every minute). */
  async checkSoon(): Promise<void> {
    for (const [profileId, categories] of this.restrictions) {
      const profile = await this.store.profile(profileId);
      const watched = watchedSet(profile);
      if (watched.size === 0) continue;
      const alerts = [...categories.keys()].flatMap((c) => this.soon(profileId, c, watched));
      if (!alerts.some((a) => isNewAlert(profile, a))) continue;
      await this.store.update((file) => queueAlerts(profilePart(file, profileId), alerts, this.now()));
    }
  }

  /** A deleted profile's history, badges, watched symbols and alerts. */
  async removeProfile(profileId: string): Promise<void> {
    this.restrictions.delete(profileId);
    for (const c of CATEGORIES) this.failures.delete(failureKey(profileId, c));
    await this.store.removeProfile(profileId);
    await this.history.removeProfile(profileId);
  }

  async close(): Promise<void> {
    await this.store.close();
    await this.history.close();
  }

  private soon(profileId: string, category: Category, watched: ReadonlySet<string>): DueAlert[] {
    const r = this.restrictions.get(profileId)?.get(category);
    return r && watched.size > 0 ? soonAlerts(category, r, watched, this.now()) : [];
  }

  private restrictionsOf(profileId: string): Map<Category, Map<string, RestrictionTime[]>> {
    let m = this.restrictions.get(profileId);
    if (!m) this.restrictions.set(profileId, (m = new Map()));
    return m;
  }
}

/** A failure in words for the status: the desk's own sentence for a DeskError, else the message. */
export function errorMessage(e: unknown): string {
  if (e instanceof DeskError) return describeError(e.data);
  return e instanceof Error ? e.message : String(e);
}

function failureKey(profileId: string, category: Category): string {
  return `${profileId}\0${category}`;
}

function watchedSet(profile: Pick<WatchProfile, 'watched'>): Set<string> {
  return new Set(profile.watched.map((w) => watchKey(w.category, w.symbol)));
}

function isNewAlert(profile: WatchProfile, due: DueAlert): boolean {
  return !Object.hasOwn(profile.givenAlerts, due.alert.id);
}

/** Badges from a fetch's events. */
function applyMarks(p: WatchProfile, events: readonly ChangeEvent[]): void {
  for (const e of events) {
    // Symbols are the exchange's words: `__proto__` must be a key like any other, not the prototype.
    const unseen = (p.unseen[e.category] ??= symbolRecord());
    if (e.kind === 'delisted') {
      delete unseen[e.symbol];
      continue;
    }
    const mark = e.kind === 'listed' || unseen[e.symbol]?.mark === 'new' ? 'new' : 'changed';
    unseen[e.symbol] = { mark, at: e.at };
  }
  for (const category of CATEGORIES) {
    const unseen = p.unseen[category];
    if (!unseen) continue;
    const symbols = Object.keys(unseen);
    if (symbols.length === 0) delete p.unseen[category];
    else if (symbols.length > MAX_MARKS_PER_CATEGORY) {
      const oldest = symbols.sort((a, b) => unseen[a]!.at - unseen[b]!.at);
      for (const s of oldest.slice(0, symbols.length - MAX_MARKS_PER_CATEGORY)) delete unseen[s];
    }
  }
}

/** Queues the alerts not given before and remembers them as given; forgets ids past their time. */
function queueAlerts(p: WatchProfile, alerts: readonly DueAlert[], now: number): void {
  for (const [id, until] of Object.entries(p.givenAlerts)) if (until < now) delete p.givenAlerts[id];
  for (const due of alerts) {
    if (Object.hasOwn(p.givenAlerts, due.alert.id)) continue;
    p.givenAlerts[due.alert.id] = due.rememberUntil;
    for (const id of due.alsoGiven ?? []) p.givenAlerts[id] = Math.max(p.givenAlerts[id] ?? 0, due.rememberUntil);
    p.pendingAlerts.push(due.alert);
  }
  if (p.pendingAlerts.length > MAX_PENDING_ALERTS)
    p.pendingAlerts.splice(0, p.pendingAlerts.length - MAX_PENDING_ALERTS);
}

function symbolRecord(): Record<string, StoredMark> {
  return Object.create(null) as Record<string, StoredMark>;
}

function marksOf(profile: WatchProfile, category: Category): ChangeMark[] {
  const unseen = profile.unseen[category] ?? {};
  return Object.entries(unseen)
    .map(([symbol, m]) => ({ symbol, mark: m.mark, at: m.at }))
    .sort((a, b) => b.at - a.at || a.symbol.localeCompare(b.symbol));
}

export type { WatchFile };
