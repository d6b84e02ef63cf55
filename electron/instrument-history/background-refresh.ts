/**
 * While the app runs: every N minutes (the stored setting, 0 = off) all five categories of the
 * active profile are fetched, one after another, and recorded; and at least every minute the
 * watched restrictions are checked for one starting within the hour.
 *
 * Pacing: categories go one at a time through the client, whose per-endpoint limiter already
 * shares the public 20/s budget with the browser's own fetches; a round is five requests.
 * Offline: a network failure or timeout ends the round (the rest are marked skipped, not failed
 * one by one with retries); the next round comes N minutes later, never sooner. Any other failure
 * is that category's error and the round goes on. A failed fetch records nothing, so it can never
 * read as delistings.
 *
 * When: a round is due N minutes after the oldest "last checked" of the active profile's
 * categories (a category never checked counts as checked when the app started), so a desk opened
 * after a night catches up shortly after starting, and a fresh one does not fetch everything at once.
 */
import { DeskError } from '../../shared/errors';
import { CATEGORIES, type Category, type Instrument } from '../../shared/schemas';
import { errorMessage, type ChangeTracker } from './change-tracker';

export interface RefreshTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The active profile, and how to fetch a whole category of it. */
export interface RefreshSource {
  profileId: string;
  fetchCategory(category: Category): Promise<Instrument[]>;
}

export interface BackgroundRefreshOptions {
  tracker: ChangeTracker;
  source: () => Promise<RefreshSource>;
  now?: () => number;
  timers?: RefreshTimers;
  /** Before the first look at what is due, let the app start (default 5 s). */
  settleMs?: number;
  /** How often watched restrictions are checked (default one minute). */
  alertCheckMs?: number;
}

/**
 * How a core runs its background refresh: off for tests that count requests; timers for fake clocks.
 * Here, below both the core's context (which carries it) and the change handlers (which use it).
 */
export type ChangeRefreshSettings = { enabled?: boolean } & Partial<
  Pick<BackgroundRefreshOptions, 'timers' | 'settleMs' | 'alertCheckMs'>
>;

const MINUTE = 60_000;

const realTimers: RefreshTimers = {
  setTimeout: (run, ms) => {
    const t = setTimeout(run, ms);
    // Never what keeps a process (a test, the CLI) alive.
    t.unref();
    return t;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class BackgroundRefresh {
  private readonly tracker: ChangeTracker;
  private readonly source: () => Promise<RefreshSource>;
  private readonly now: () => number;
  private readonly timers: RefreshTimers;
  private readonly settleMs: number;
  private readonly alertCheckMs: number;
  private readonly startedAt: number;
  private roundTimer: unknown;
  private alertTimer: unknown;
  private running: Promise<void> | undefined;
  /** What the timers started and is not finished yet. */
  private readonly work = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(options: BackgroundRefreshOptions) {
    this.tracker = options.tracker;
    this.source = options.source;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? realTimers;
    this.settleMs = options.settleMs ?? 5000;
    this.alertCheckMs = options.alertCheckMs ?? MINUTE;
    this.startedAt = this.now();
  }

  start(): void {
    this.schedulePlan(this.settleMs);
    this.scheduleAlertCheck();
  }

  /** The setting changed: looks again at what is due (at once). */
  async setMinutes(minutes: number): Promise<void> {
    await this.tracker.setRefreshMinutes(minutes);
    if (!this.stopped) this.schedulePlan(0);
  }

  /** One round now: every category of the active profile, one after another. Never throws. */
  runRound(): Promise<void> {
    this.running ??= this.round().finally(() => (this.running = undefined));
    return this.running;
  }

  /**
   * Stops the timers. A fetch under way is not waited for (it may take a timeout and its retries:
   * quitting must not); its answer is dropped unrecorded.
   */
  stop(): void {
    this.stopped = true;
    this.timers.clearTimeout(this.roundTimer);
    this.timers.clearTimeout(this.alertTimer);
  }

  /** Resolves once nothing a timer started is still running (tests with fake timers wait on it). */
  async whenIdle(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  private async round(): Promise<void> {
    let source: RefreshSource;
    try {
      source = await this.source();
    } catch {
      // No usable profile (a locked vault, say): nothing to check this time.
      return;
    }
    let offline: string | undefined;
    for (const category of CATEGORIES) {
      if (this.stopped) return;
      if (offline !== undefined) {
        this.tracker.noteFailure(source.profileId, category, `Not checked: ${offline}`);
        continue;
      }
      try {
        const instruments = await source.fetchCategory(category);
        if (this.stopped) return;
        await this.tracker.recordFetch(source.profileId, category, instruments, this.now());
      } catch (e) {
        const message = errorMessage(e);
        this.tracker.noteFailure(source.profileId, category, message);
        if (isOffline(e)) offline = `the exchange could not be reached (${message})`;
      }
    }
  }

  /** Works out when the next round is due and sets its timer. */
  private schedulePlan(delayMs: number): void {
    this.timers.clearTimeout(this.roundTimer);
    this.roundTimer = this.timers.setTimeout(() => this.track(this.plan()), delayMs);
  }

  private async plan(): Promise<void> {
    if (this.stopped) return;
    const minutes = await this.tracker.store.refreshMinutes().catch(() => 0);
    if (minutes === 0) return;
    let oldest = this.startedAt;
    try {
      const { profileId } = await this.source();
      const checks = await this.tracker.history.lastChecked(profileId);
      for (const c of CATEGORIES) oldest = Math.min(oldest, checks[c]?.lastChecked ?? this.startedAt);
    } catch {
      // Unknown: as if everything had been checked at start.
    }
    const wait = Math.max(0, oldest + minutes * MINUTE - this.now());
    if (this.stopped) return;
    this.timers.clearTimeout(this.roundTimer);
    this.roundTimer = this.timers.setTimeout(() => this.track(this.roundThenNext(minutes)), wait);
  }

  private async roundThenNext(minutes: number): Promise<void> {
    await this.runRound();
    if (this.stopped) return;
    this.timers.clearTimeout(this.roundTimer);
    // From the end of this round: a slow round never makes the next one follow at once.
    this.roundTimer = this.timers.setTimeout(() => this.track(this.plan()), minutes * MINUTE);
  }

  private scheduleAlertCheck(): void {
    this.alertTimer = this.timers.setTimeout(() => {
      this.track(
        this.tracker
          .checkSoon()
          .catch(() => undefined)
          .then(() => {
            if (!this.stopped) this.scheduleAlertCheck();
          }),
      );
    }, this.alertCheckMs);
  }

  private track(work: Promise<unknown>): void {
    const p = work.catch(() => undefined).finally(() => this.work.delete(p));
    this.work.add(p);
  }
}

function isOffline(e: unknown): boolean {
  return e instanceof DeskError && (e.data.kind === 'network' || e.data.kind === 'timeout');
}
