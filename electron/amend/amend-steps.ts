/**
 * The steps of one amend attempt, shared by single amends (amend-service.ts) and by runs of many
 * (amend-runs.ts), so each rule has one home: the guard check and take, the shared amend rules
 * against main's own picture of the order and its instrument, the attempt and its activity-log
 * records, the send and the follow. What each answer and outcome means for the attempt and the
 * order's guard is in attempt-outcomes.ts.
 *
 * It holds one ProfileAmendState per profile (orders seen, guards, instruments: its shape is in
 * profile-amend-state.ts) and the attempts of this session, so a single amend and a run see each
 * other's guards.
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { checkAmend } from '../../shared/amend-rules';
import type { Attempt, AttemptStatus, AttemptWithGuard, OrderGuard } from '../../shared/attempts';
import type { CallSource } from '../../shared/call-source';
import { FINAL_STATUSES } from '../../shared/attempts';
import { MAX_RUN_ITEMS } from '../../shared/batch-run';
import { deskError, describeError, DeskError, storageFailureWords } from '../../shared/errors';
import { attemptIds, describeIds, mergeIds, orderKeys, type OrderIds } from '../../shared/order-ids';
import type { ProfileSummary } from '../../shared/profiles';
import { categorySchema, type ModifyOrderRequest, type Order } from '../../shared/schemas';
import type { ActivityLog } from '../activity/activity-log';
import { errnoCode, notRecordedError } from '../storage/storage-error';
import { notRecordedInStore, storeFailureWords } from '../team-store/store-words';
import type { GuardConflict, TeamStore } from '../team-store/team-store';
import type { AmendClient } from './amend-client';
import { followedOutcome, type AttemptRecorder } from './attempt-outcomes';
import { runItemSummary, SUMMARY } from './attempt-text';
import { FOLLOW_INTERVAL_MS, FOLLOW_TIMEOUT_MS, followModification, type OrderWatch } from './follow';
import type { InstrumentLookup } from './instrument-cache';
import { newProfileAmendState, snapshot, type ProfileAmendState } from './profile-amend-state';

export interface AmendStepsOptions {
  log: ActivityLog;
  now?: () => number;
  followTimeoutMs?: number;
  followIntervalMs?: number;
  newId?: () => string;
  /** Where a failed activity-log write is reported (the attempt itself goes on). */
  onLogError?: (error: unknown) => void;
  /** The team store of a profile that names one (team-links.ts): intents and guards go there too. */
  team?: (profileId: string) => TeamStore | undefined;
}

const isFinal = (s: AttemptStatus) => FINAL_STATUSES.includes(s);

/** The timeline label of a step the activity log could not take. */
const NOT_RECORDED = 'Not recorded';

export class AmendSteps implements AttemptRecorder {
  readonly now: () => number;
  private readonly followTimeoutMs: number;
  private readonly followIntervalMs: number;
  private readonly newId: () => string;
  private readonly profileStates = new Map<string, ProfileAmendState>();
  private readonly attempts = new Map<string, Attempt>();
  private readonly running = new Map<string, Promise<Attempt>>();
  private readonly stop = new AbortController();
  /** Attempts left in flight by an earlier run have been made unknown, and their orders guarded. */
  readonly recovered: Promise<void>;

  constructor(private readonly opts: AmendStepsOptions) {
    this.now = opts.now ?? Date.now;
    this.followTimeoutMs = opts.followTimeoutMs ?? FOLLOW_TIMEOUT_MS;
    this.followIntervalMs = opts.followIntervalMs ?? FOLLOW_INTERVAL_MS;
    this.newId = opts.newId ?? randomUUID;
    // Every follow waits on this signal: a run follows up to MAX_RUN_ITEMS at once, which is no leak.
    setMaxListeners(MAX_RUN_ITEMS * 2, this.stop.signal);
    this.recovered = this.recover();
  }

  get log(): ActivityLog {
    return this.opts.log;
  }

  /** The profile's team store, when it names one. */
  teamOf(profileId: string): TeamStore | undefined {
    return this.opts.team?.(profileId);
  }

  /** Aborted once the service closes (stopFollowing): nothing new is followed. */
  get stopping(): AbortSignal {
    return this.stop.signal;
  }

  profileState(profileId: string): ProfileAmendState {
    let d = this.profileStates.get(profileId);
    if (!d) {
      d = newProfileAmendState(this.now);
      this.profileStates.set(profileId, d);
    }
    return d;
  }

  /** This session's attempt as it stands (a step ahead of its last line in the log). */
  live(id: string): Attempt | undefined {
    return this.attempts.get(id);
  }

  /** A new attempt of the profile, not recorded yet; `source`: where the call came from. */
  begin(profile: ProfileSummary, raw: ModifyOrderRequest, run?: Attempt['run'], source?: CallSource): Attempt {
    return {
      id: this.newId(),
      profileId: profile.id,
      profileName: profile.name,
      environment: profile.environment,
      startedAt: this.now(),
      request: raw,
      status: 'sending',
      summary: SUMMARY.sending,
      timeline: [],
      ...(run ? { run } : {}),
      ...(source ? { source } : {}),
    };
  }

  /** Both identifiers of the order a request names, as far as main knows them. */
  idsOf(state: ProfileAmendState, raw: ModifyOrderRequest): OrderIds {
    const named: OrderIds = { orderId: raw.orderId, clientOid: raw.clientOid };
    return mergeIds(named, state.seen.idsOf(named));
  }

  /**
   * Checks the order's guard and, when it is free, takes it for this attempt, with no await in
   * between so two amends racing each other cannot both find the order free. Answers the refusal
   * (recorded) when the order is guarded, else undefined.
   */
  take(state: ProfileAmendState, attempt: Attempt, ids: OrderIds, reason: string): AttemptWithGuard | undefined {
    const guard = state.guards.get(ids);
    if (guard.state !== 'free' && guard.attemptId !== attempt.id) {
      const why = guard.reason ?? 'This order cannot be modified now.';
      return this.refuse(attempt, deskError('conflict', why), `Refused: ${why}`);
    }
    state.guards.set(ids, 'in-flight', reason, attempt.id);
    return undefined;
  }

  /** The in-flight reason of a single amend on the wire. */
  sendingReason(ids: OrderIds, sentAt: number): string {
    return `A modification of order ${describeIds(ids)} is in progress: it was sent at ${new Date(sentAt).toISOString()} and its result is not known yet.`;
  }

  /**
   * The shared amend rules, run by main as the authority against the order as main last saw it and
   * its instrument. Answers the normalized request, or the refusal (recorded, guard released). A
   * thrown error releases the guard too.
   */
  async check(
    state: ProfileAmendState,
    client: AmendClient,
    attempt: Attempt,
    ids: OrderIds,
    order: Order | undefined,
  ): Promise<{ request: ModifyOrderRequest } | { refused: AttemptWithGuard }> {
    const raw = attempt.request;
    try {
      attempt.before = snapshot(order);
      const lookup = await this.instrumentFor(state, client, raw, order, attempt);
      const report = checkAmend(raw, {
        order,
        instrument: lookup?.instrument,
        instrumentNotFound: lookup !== undefined && 'notFound' in lookup,
        now: this.now(),
      });
      if (!report.ok) {
        state.guards.release(ids, { attemptId: attempt.id });
        const messages = report.errors.map((e) => e.message);
        const first = messages[0] ?? 'A rule is broken.';
        const more = messages.length > 1 ? ` (and ${messages.length - 1} more)` : '';
        return {
          refused: this.refuse(
            attempt,
            deskError('rule', first, { details: messages, code: report.errors[0]?.code }),
            `Refused before sending: ${first}${more}. Nothing was sent.`,
          ),
        };
      }
      attempt.request = report.request;
      const warnings = report.warnings.map((w) => w.message);
      this.note(attempt, 'Rules checked', warnings.length ? `Warnings: ${warnings.join('; ')}` : 'All rules pass');
      return { request: report.request };
    } catch (e) {
      state.guards.release(ids, { attemptId: attempt.id });
      throw e;
    }
  }

  /**
   * Write-ahead: the attempts are about to go on the wire (one request carries them all). They are
   * noted, and recorded in one synced append; only when that resolves may a byte of the request be
   * written. When they cannot be recorded this throws the words of why (a DeskError of kind
   * 'storage', "Not sent: …"), the attempts are not this session's, and nothing may be sent.
   */
  async recordBeforeSend(attempts: readonly Attempt[], detail: string): Promise<Set<string>> {
    for (const attempt of attempts) this.note(attempt, 'Sent', detail);
    const team = attempts[0] && this.opts.team?.(attempts[0].profileId);
    try {
      await this.opts.log.appendAll(attempts.map((a) => structuredClone(a)));
    } catch (e) {
      for (const attempt of attempts) attempt.timeline.pop();
      this.opts.onLogError?.(e);
      throw notRecordedError(e, this.opts.log.dir);
    }
    let conflicts: GuardConflict[] = [];
    if (team) {
      try {
        conflicts = await team.recordIntent(
          attempts.map((a) => ({ attempt: structuredClone(a), keys: this.keysOf(a) })),
        );
      } catch (e) {
        // The caller says why, in words; the store tells its own failures once (team-store.ts).
        for (const attempt of attempts) attempt.timeline.pop();
        throw notRecordedInStore(e, team.where);
      }
    }
    for (const attempt of attempts) this.attempts.set(attempt.id, attempt);
    return this.refuseHeldElsewhere(attempts, conflicts);
  }

  /**
   * Attempts the team store would not record because another desk holds their order: refused with
   * the holder's words, their own guard released. Answers their ids: they must not be sent.
   */
  private refuseHeldElsewhere(attempts: readonly Attempt[], conflicts: readonly GuardConflict[]): Set<string> {
    const refused = new Set<string>();
    for (const { attemptId, holder } of conflicts) {
      const attempt = attempts.find((a) => a.id === attemptId);
      if (!attempt) continue;
      const state = this.profileState(attempt.profileId);
      state.guards.release(this.idsOf(state, attempt.request), { attemptId });
      attempt.timeline.pop();
      this.refuse(attempt, deskError('conflict', holder.reason), `Refused: ${holder.reason} Nothing was sent.`);
      refused.add(attemptId);
    }
    return refused;
  }

  /** The keys of the order an attempt concerns, as far as this desk knows them. */
  private keysOf(attempt: Attempt): string[] {
    const state = this.profileState(attempt.profileId);
    return orderKeys(mergeIds(attemptIds(attempt), this.idsOf(state, attempt.request)));
  }

  /**
   * An attempt whose intent could not be recorded (see recordBeforeSend): never sent, its order free
   * again, and the words of why as its outcome. Runs show it as the item's; it cannot be recorded
   * either.
   * Refused, as a single amend that cannot be recorded is: UTA Desk stopped it, and "rejected" is
   * the exchange's word (Activity's outcome filter and the CLI would count it as the exchange's).
   */
  notRecorded(attempt: Attempt, state: ProfileAmendState, ids: OrderIds, error: DeskError): void {
    state.guards.release(ids, { attemptId: attempt.id });
    attempt.error = error.data;
    this.attempts.set(attempt.id, attempt);
    this.transition(attempt, 'refused', error.message, 'Not sent', 'The activity log could not be written');
  }

  /** Keeps the attempt's background work, so settled() and close() can wait for it. */
  track(attempt: Attempt, work: Promise<void>): Promise<Attempt> {
    const done = work.then(() => structuredClone(attempt));
    this.running.set(attempt.id, done);
    void done.finally(() => this.running.delete(attempt.id));
    return done;
  }

  /** Resolves when the attempt being followed reaches a final status; undefined when none is. */
  settling(id: string): Promise<Attempt> | undefined {
    return this.running.get(id);
  }

  /** Follows an accepted modification to its outcome (see follow.ts) and applies it to the attempt. */
  async follow(
    attempt: Attempt,
    state: ProfileAmendState,
    ids: OrderIds,
    watch: OrderWatch | undefined,
    read: () => Promise<Order>,
    readName?: (order: Order) => string,
  ): Promise<void> {
    const request = attempt.request;
    const outcome = await followModification({
      request,
      watch,
      read,
      ...(readName ? { readName } : {}),
      observe: (o) => {
        state.seen.remember(o);
        attempt.after = snapshot(o);
      },
      note: (label, detail) => this.note(attempt, label, detail),
      now: this.now,
      timeoutMs: this.followTimeoutMs,
      intervalMs: this.followIntervalMs,
      signal: this.stop.signal,
    });
    followedOutcome(this, attempt, state, ids, outcome);
  }

  /** The instrument named by the request, or by the order as last seen; undefined when neither names one. */
  async instrumentFor(
    state: ProfileAmendState,
    client: AmendClient,
    raw: ModifyOrderRequest,
    order: Order | undefined,
    attempt: Attempt,
  ): Promise<InstrumentLookup | undefined> {
    const category = categorySchema.safeParse(raw.category ?? order?.category);
    const symbol = raw.symbol ?? order?.symbol;
    if (!category.success || !symbol) return undefined;
    try {
      return await state.instruments.get(category.data, symbol, (c, s) => client.getInstruments(c, s));
    } catch (e) {
      // The exchange checks these rules itself; not being able to pre-check them is no reason to block.
      const why = e instanceof DeskError ? describeError(e.data) : String(e);
      this.note(attempt, 'Instrument rules not checked', `Get Instruments failed: ${why}`);
      return undefined;
    }
  }

  refuse(attempt: Attempt, error: DeskError, summary: string): AttemptWithGuard {
    attempt.error = error.data;
    this.attempts.set(attempt.id, attempt);
    this.transition(attempt, 'refused', summary, 'Refused', error.data.details?.join('; ') ?? error.message);
    return this.answer(attempt);
  }

  /** A copy for the caller, with the guard as it stands at the same moment. */
  answer(attempt: Attempt): AttemptWithGuard {
    return { ...structuredClone(attempt), guard: this.guardOf(attempt) };
  }

  /**
   * The guard main now holds on the order an attempt concerns: what it would decide for the same
   * request sent again. The desk shows this instead of working it out from the attempt's status.
   */
  guardOf(attempt: Attempt): OrderGuard {
    const state = this.profileStates.get(attempt.profileId);
    if (!state) return { state: 'free' };
    const named: OrderIds = { orderId: attempt.request.orderId, clientOid: attempt.request.clientOid };
    return state.guards.get(mergeIds(attemptIds(attempt), state.seen.idsOf(named)));
  }

  note(attempt: Attempt, label: string, detail?: string): void {
    attempt.timeline.push({ at: this.now(), label, ...(detail ? { detail } : {}) });
  }

  transition(attempt: Attempt, status: AttemptStatus, summary: string, label: string, detail?: string): void {
    attempt.status = status;
    attempt.summary = attempt.run ? runItemSummary(summary) : summary;
    this.note(attempt, label, detail);
    if (isFinal(status)) attempt.finishedAt = this.now();
    this.record(attempt);
  }

  /**
   * A later step (answered, accepted, the outcome): appended without waiting, since the intent
   * before it is on disk already and a crash from here on leaves the attempt "Outcome unknown" and
   * its order guarded. A step that cannot be recorded says so in the attempt's timeline.
   */
  record(attempt: Attempt): void {
    const notRecorded = (why: string) => {
      const last = attempt.timeline[attempt.timeline.length - 1];
      if (last?.label !== NOT_RECORDED && this.attempts.has(attempt.id)) this.note(attempt, NOT_RECORDED, why);
    };
    this.opts.log.append(structuredClone(attempt)).catch((e: unknown) => {
      this.opts.onLogError?.(e);
      notRecorded(storageFailureWords(errnoCode(e), this.opts.log.dir).why);
    });
    const team = this.opts.team?.(attempt.profileId);
    if (!team) return;
    const state = this.profileState(attempt.profileId);
    const keys = this.keysOf(attempt);
    // The store mirrors this desk's own guard for the attempt: in flight, unknown, locked, or none.
    const hold = state.guards.heldBy(mergeIds(attemptIds(attempt), this.idsOf(state, attempt.request)), attempt.id);
    // Kept by the store and written again once it answers; the attempt's timeline says so meanwhile.
    team.recordStep({ attempt, keys, hold }).catch((e: unknown) => notRecorded(storeFailureWords(e, team.where).why));
  }

  /** Stops following (attempts still following end as 'unknown') and waits for them; idempotent. */
  async stopFollowing(): Promise<void> {
    await this.recovered;
    this.stop.abort();
    await Promise.allSettled([...this.running.values()]);
  }

  /**
   * After a crash or a restart while an amend was in flight, nothing is following it any more: its
   * outcome is unknown, and its order is guarded until the operator loads it again.
   */
  private async recover(): Promise<void> {
    let unfinished: Attempt[];
    try {
      unfinished = await this.opts.log.unfinished();
    } catch (e) {
      this.opts.onLogError?.(e);
      return;
    }
    for (const attempt of unfinished) {
      const state = this.profileState(attempt.profileId);
      const ids = mergeIds(attemptIds(attempt), {});
      state.guards.set(ids, 'unknown', SUMMARY.unknownGuard, attempt.id);
      this.transition(
        attempt,
        'unknown',
        SUMMARY.interrupted,
        'Outcome unknown',
        attempt.status === 'sending'
          ? 'UTA Desk stopped after recording the request, before its answer: it may or may not have reached the exchange'
          : 'UTA Desk stopped while following it',
      );
    }
  }
}
