/**
 * The amend desk in main: the authority that re-checks every modification with the shared rules,
 * refuses what breaks a rule or hits a guarded order, sends it once (never retried), follows the
 * engine's result and records each step in the activity log.
 *
 * A refusal is always an Attempt with status 'refused' (recorded like any other attempt), never a
 * thrown error: the operator sees it in the same place, and the Activity screen lists it.
 */
import { randomUUID } from 'node:crypto';
import { checkAmend } from '../../shared/amend-rules';
import type { Attempt, AttemptStatus, AttemptWithGuard, OrderGuard, OrderSnapshot } from '../../shared/attempts';
import { FINAL_STATUSES } from '../../shared/attempts';
import { activityMatches, isSearching, type ActivitySearch } from '../../shared/attempt-search';
import { changeText } from '../../shared/change-text';
import { deskError, describeError, DeskError, EXCHANGE_CODE, type DeskErrorData } from '../../shared/errors';
import { attemptIds, describeIds, mergeIds, type OrderIds } from '../../shared/order-ids';
import type { ProfileSummary } from '../../shared/profiles';
import {
  categorySchema,
  type Category,
  type Instrument,
  type ModifyOrderRequest,
  type OpenOrdersPage,
  type Order,
} from '../../shared/schemas';
import type { ActivityLog } from '../activity/activity-log';
import type { ModifyAnswer } from '../exchange/client';
import { outcomeSummary, SUMMARY } from './attempt-text';
import { FOLLOW_INTERVAL_MS, FOLLOW_TIMEOUT_MS, followModification, type FollowOutcome } from './follow';
import { InstrumentCache, type InstrumentLookup } from './instrument-cache';
import { OrderGuards } from './order-guards';
import { watchOrder, type OrderPushSource } from './order-watch';
import { SeenOrders } from './seen-orders';

/** The part of ExchangeClient the desk uses (tests pass a stand-in). */
export interface AmendClient {
  getOrder(ref: OrderIds): Promise<Order>;
  getOpenOrders(query: {
    category?: string;
    symbol?: string;
    limit?: number;
    cursor?: string;
  }): Promise<OpenOrdersPage>;
  modifyOrder(body: ModifyOrderRequest): Promise<ModifyAnswer>;
  getInstruments(category: Category, symbol?: string): Promise<Instrument[]>;
}

export interface AmendSession {
  profile: ProfileSummary;
  client: AmendClient;
  /** The profile's private order stream, when one runs: outcomes then come from its pushes. */
  stream?: OrderPushSource;
}

export interface AmendServiceOptions {
  session: () => Promise<AmendSession>;
  log: ActivityLog;
  now?: () => number;
  followTimeoutMs?: number;
  followIntervalMs?: number;
  newId?: () => string;
  /** Where a failed activity-log write is reported (the attempt itself goes on). */
  onLogError?: (error: unknown) => void;
}

/** Attempts per Activity page unless the caller asks for another number. */
const ACTIVITY_PAGE = 200;

/** What main keeps per profile: orders differ per account, and so do their guards. */
interface ProfileDesk {
  seen: SeenOrders;
  guards: OrderGuards;
  instruments: InstrumentCache;
}

function snapshot(o: Order | undefined): OrderSnapshot | undefined {
  if (!o) return undefined;
  const { orderId, clientOid, category, symbol, price, qty, cumExecQty, orderStatus, updatedTime } = o;
  return { orderId, clientOid, category, symbol, price, qty, cumExecQty, orderStatus, updatedTime };
}

const isFinal = (s: AttemptStatus) => FINAL_STATUSES.includes(s);

/**
 * What came back, as facts for the timeline ("code 25102 · HTTP 400", "no answer in time"): the
 * summary and the error already say it in words, and the timeline repeating them made one rejection
 * read the same sentence over and over.
 */
function answerFacts(d: DeskErrorData): string {
  const what = d.code ? `code ${d.code}` : (KIND_FACTS[d.kind] ?? d.kind);
  return d.httpStatus !== undefined ? `${what} · HTTP ${d.httpStatus}` : what;
}
const KIND_FACTS: Partial<Record<DeskErrorData['kind'], string>> = {
  timeout: 'no answer in time',
  network: 'connection failed',
  internal: 'unexpected error',
};

export class AmendService {
  private readonly now: () => number;
  private readonly followTimeoutMs: number;
  private readonly followIntervalMs: number;
  private readonly newId: () => string;
  private readonly desks = new Map<string, ProfileDesk>();
  private readonly attempts = new Map<string, Attempt>();
  private readonly running = new Map<string, Promise<Attempt>>();
  private readonly stop = new AbortController();
  /** Attempts left in flight by an earlier run have been made unknown, and their orders guarded. */
  private readonly recovered: Promise<void>;

  constructor(private readonly opts: AmendServiceOptions) {
    this.now = opts.now ?? Date.now;
    this.followTimeoutMs = opts.followTimeoutMs ?? FOLLOW_TIMEOUT_MS;
    this.followIntervalMs = opts.followIntervalMs ?? FOLLOW_INTERVAL_MS;
    this.newId = opts.newId ?? randomUUID;
    this.recovered = this.recover();
  }

  // ---------- reads ----------

  async getOrder(ref: OrderIds): Promise<{ order: Order; guard: OrderGuard }> {
    await this.recovered;
    const { profile, client } = await this.opts.session();
    const desk = this.desk(profile.id);
    const order = await client.getOrder(ref);
    desk.seen.remember(order);
    const ids = mergeIds(ref, order);
    // The operator has now seen the order as it is: an unknown outcome is no longer unknown.
    desk.guards.release(ids, { state: 'unknown' });
    return { order, guard: desk.guards.get(ids) };
  }

  async listOpenOrders(query: {
    category?: string;
    symbol?: string;
    cursor?: string;
    limit?: number;
  }): Promise<{ list: Order[]; cursor: string | null }> {
    const { client } = await this.opts.session();
    // A listing is not a look at the order: only Get Order Details (an explicit load, or a follow-up
    // read) feeds what main checks against, so an order never loaded is left to the exchange to judge.
    const page = await client.getOpenOrders(query);
    return { list: page.list, cursor: page.cursor ? page.cursor : null };
  }

  async getAttempt(id: string): Promise<AttemptWithGuard> {
    await this.recovered;
    const live = this.attempts.get(id);
    if (live) return this.answer(live);
    const logged = await this.opts.log.find(id);
    if (!logged) throw deskError('not-found', `No amend attempt with id ${id}`);
    return this.answer(logged);
  }

  /**
   * The guard main now holds on the order an attempt concerns: what it would decide for the same
   * request sent again. The desk shows this instead of working it out from the attempt's status.
   */
  private guardOf(attempt: Attempt): OrderGuard {
    const desk = this.desks.get(attempt.profileId);
    if (!desk) return { state: 'free' };
    const named: OrderIds = { orderId: attempt.request.orderId, clientOid: attempt.request.clientOid };
    return desk.guards.get(mergeIds(attemptIds(attempt), desk.seen.idsOf(named)));
  }

  /** A page of the log, newest first; this session's attempts as they stand (a step ahead of their last line). */
  async listActivity(
    query: ActivitySearch & { before?: number; limit?: number },
  ): Promise<{ attempts: Attempt[]; next: number | null; total: number; skippedLines: number }> {
    await this.recovered;
    const search = { text: query.text, status: query.status };
    const page = await this.opts.log.page({
      before: query.before,
      limit: query.limit ?? ACTIVITY_PAGE,
      match: isSearching(search) ? (a) => activityMatches(this.attempts.get(a.id) ?? a, search) : undefined,
    });
    const attempts = page.attempts.map((a) => structuredClone(this.attempts.get(a.id) ?? a));
    return { ...page, attempts };
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
      const desk = this.desk(attempt.profileId);
      const ids = mergeIds(attemptIds(attempt), {});
      desk.guards.set(ids, 'unknown', SUMMARY.unknownGuard, attempt.id);
      this.transition(
        attempt,
        'unknown',
        SUMMARY.interrupted,
        'Outcome unknown',
        'UTA Desk stopped while following it',
      );
    }
  }

  /** Resolves when the attempt reaches a final status (tests, and a clean shutdown). */
  async settled(id: string): Promise<Attempt> {
    const run = this.running.get(id);
    if (run) return run;
    return this.getAttempt(id);
  }

  /** Stops following; attempts still following end as 'unknown'. */
  async close(): Promise<void> {
    await this.recovered;
    this.stop.abort();
    await Promise.allSettled([...this.running.values()]);
    await this.opts.log.flushed();
    await this.opts.log.close();
  }

  // ---------- sending ----------

  /**
   * Checks and, when allowed, sends one modification. Answers as soon as it is refused or on the
   * wire (status 'sending'); the rest is followed in the background and read with getAttempt.
   */
  async send(raw: ModifyOrderRequest): Promise<AttemptWithGuard> {
    await this.recovered;
    const { profile, client, stream } = await this.opts.session();
    const desk = this.desk(profile.id);
    const started = this.now();
    const attempt: Attempt = {
      id: this.newId(),
      profileId: profile.id,
      profileName: profile.name,
      environment: profile.environment,
      startedAt: started,
      request: raw,
      status: 'sending',
      summary: SUMMARY.sending,
      timeline: [],
    };
    const named: OrderIds = { orderId: raw.orderId, clientOid: raw.clientOid };
    const ids = mergeIds(named, desk.seen.idsOf(named));

    // Check and take the guard with no await in between, so two sends racing each other cannot
    // both find the order free.
    const guard = desk.guards.get(ids);
    if (guard.state !== 'free') {
      const reason = guard.reason ?? 'This order cannot be modified now.';
      return this.refuse(attempt, deskError('conflict', reason), `Refused: ${reason}`);
    }
    desk.guards.set(
      ids,
      'in-flight',
      `A modification of order ${describeIds(ids)} is in progress: it was sent at ${new Date(started).toISOString()} and its result is not known yet.`,
      attempt.id,
    );

    let request: ModifyOrderRequest;
    try {
      const order = desk.seen.find(named);
      attempt.before = snapshot(order);
      const lookup = await this.instrumentFor(desk, client, raw, order, attempt);
      const report = checkAmend(raw, {
        order,
        instrument: lookup?.instrument,
        instrumentNotFound: lookup !== undefined && 'notFound' in lookup,
        now: this.now(),
      });
      if (!report.ok) {
        desk.guards.release(ids, { attemptId: attempt.id });
        const messages = report.errors.map((e) => e.message);
        const first = messages[0] ?? 'A rule is broken.';
        const more = messages.length > 1 ? ` (and ${messages.length - 1} more)` : '';
        return this.refuse(
          attempt,
          deskError('rule', first, { details: messages, code: report.errors[0]?.code }),
          `Refused before sending: ${first}${more}. Nothing was sent.`,
        );
      }
      request = report.request;
      attempt.request = request;
      const warnings = report.warnings.map((w) => w.message);
      this.note(attempt, 'Rules checked', warnings.length ? `Warnings: ${warnings.join('; ')}` : 'All rules pass');
    } catch (e) {
      desk.guards.release(ids, { attemptId: attempt.id });
      throw e;
    }

    this.note(attempt, 'Sent', 'POST /api/v3/trade/modify-order');
    this.attempts.set(attempt.id, attempt);
    this.record(attempt);
    const run = this.run(attempt, request, client, desk, ids, stream).then(() => structuredClone(attempt));
    this.running.set(attempt.id, run);
    void run.finally(() => this.running.delete(attempt.id));
    return this.answer(attempt);
  }

  private async run(
    attempt: Attempt,
    request: ModifyOrderRequest,
    client: AmendClient,
    desk: ProfileDesk,
    named: OrderIds,
    stream: OrderPushSource | undefined,
  ): Promise<void> {
    // Watching starts before sending: the engine's push may come before Modify Order's answer.
    const watch = stream ? watchOrder(stream, named) : undefined;
    let answer: ModifyAnswer;
    try {
      // Never retried: a modify that may have reached the exchange must be checked, not resent.
      answer = await client.modifyOrder(request);
    } catch (e) {
      watch?.close();
      this.sendFailed(attempt, desk, named, e);
      return;
    }
    attempt.answer = { code: answer.code, msg: answer.msg, requestTime: answer.requestTime };
    // The accepted answer names both identifiers: guard the order under each of them.
    const ids = mergeIds(answer.result, named);
    watch?.name(ids);
    desk.guards.set(
      ids,
      'in-flight',
      `A modification of order ${describeIds(ids)} is in progress: it was accepted and the engine's result is not known yet.`,
      attempt.id,
    );
    this.transition(
      attempt,
      'following',
      SUMMARY.following,
      'Accepted',
      `code ${answer.code} · orderId ${answer.result.orderId} · clientOid ${answer.result.clientOid}`,
    );

    const outcome = await followModification({
      request,
      watch,
      read: () => client.getOrder(ids.orderId ? { orderId: ids.orderId } : { clientOid: ids.clientOid }),
      observe: (o) => {
        desk.seen.remember(o);
        attempt.after = snapshot(o);
      },
      note: (label, detail) => this.note(attempt, label, detail),
      now: this.now,
      timeoutMs: this.followTimeoutMs,
      intervalMs: this.followIntervalMs,
      signal: this.stop.signal,
    });
    this.followed(attempt, desk, ids, request, outcome);
  }

  private followed(
    attempt: Attempt,
    desk: ProfileDesk,
    ids: OrderIds,
    request: ModifyOrderRequest,
    outcome: FollowOutcome,
  ) {
    const autoCancel = request.autoCancel === 'yes';
    switch (outcome.kind) {
      case 'applied':
        desk.guards.release(ids, { attemptId: attempt.id });
        this.transition(
          attempt,
          'applied',
          `Applied: ${changeText(request, attempt.before, outcome.order)}.`,
          'Applied',
        );
        return;
      case 'cancelled': {
        const reason = autoCancel
          ? `Order ${describeIds(ids)} was cancelled by auto-cancel after a failed modification: it can no longer be modified.`
          : `Order ${describeIds(ids)} is cancelled: it can no longer be modified.`;
        desk.guards.set(ids, 'locked', reason, attempt.id);
        this.transition(
          attempt,
          'cancelled',
          outcomeSummary.cancelled(autoCancel),
          'Cancelled',
          outcome.order.cancelReason,
        );
        return;
      }
      case 'filled':
        desk.guards.release(ids, { attemptId: attempt.id });
        this.transition(attempt, 'failed', SUMMARY.filledFirst, 'Not applied', 'The order is completely filled');
        return;
      case 'timeout': {
        const seconds = (outcome.waitedMs / 1000).toFixed(1);
        const seen = `${outcome.reads} read${outcome.reads === 1 ? '' : 's'} over ${seconds} s${
          outcome.failedReads ? `, ${outcome.failedReads} failed` : ''
        }`;
        if (!autoCancel && outcome.order) {
          // With auto-cancel off a failed modification leaves the order exactly as it was, so an
          // order still unchanged well past the engine's latency is the engine's "no".
          desk.guards.release(ids, { attemptId: attempt.id });
          this.transition(
            attempt,
            'failed',
            SUMMARY.failedUnchanged,
            'Not applied',
            `The order was unchanged in ${seen}`,
          );
          return;
        }
        desk.guards.set(ids, 'unknown', SUMMARY.unknownGuard, attempt.id);
        this.transition(
          attempt,
          'unknown',
          outcomeSummary.followTimeout(seconds),
          'Outcome unknown',
          autoCancel ? `Neither the new values nor a cancellation showed in ${seen}` : `No successful read in ${seen}`,
        );
        return;
      }
      case 'stopped':
        desk.guards.set(ids, 'unknown', SUMMARY.unknownGuard, attempt.id);
        this.transition(attempt, 'unknown', SUMMARY.stopped, 'Outcome unknown', 'The desk stopped following');
        return;
    }
  }

  private sendFailed(attempt: Attempt, desk: ProfileDesk, ids: OrderIds, e: unknown): void {
    const data: DeskErrorData =
      e instanceof DeskError
        ? e.data
        : { kind: 'internal', message: e instanceof Error ? e.message : String(e), mayHaveTakenEffect: true };
    attempt.error = data;
    if (data.code)
      attempt.answer = { code: data.code, msg: data.exchangeMsg ?? data.message, requestTime: data.requestTime };
    if (data.mayHaveTakenEffect) {
      desk.guards.set(ids, 'unknown', SUMMARY.unknownGuard, attempt.id);
      const summary = data.kind === 'timeout' ? SUMMARY.unknownTimeout : SUMMARY.unknownBroken;
      this.transition(attempt, 'unknown', summary, 'No answer', answerFacts(data));
      return;
    }
    if (data.code === EXCHANGE_CODE.cancelledByAutoCancel) {
      desk.guards.set(
        ids,
        'locked',
        `Order ${describeIds(ids)} was cancelled by auto-cancel after a failed modification: it can no longer be modified.`,
        attempt.id,
      );
    } else {
      desk.guards.release(ids, { attemptId: attempt.id });
    }
    const words = describeError(data).replace(/\.\s*$/, '');
    if (data.kind === 'network') {
      // It never left this machine: not the exchange's rejection, and safe to correct and send again.
      const said = /nothing was sent/i.test(words) ? '' : ' Nothing reached the exchange.';
      this.transition(attempt, 'rejected', `Not sent: ${words}.${said}`, 'Not sent', answerFacts(data));
      return;
    }
    this.transition(attempt, 'rejected', `Rejected: ${words}. Nothing was changed.`, 'Rejected', answerFacts(data));
  }

  // ---------- helpers ----------

  private desk(profileId: string): ProfileDesk {
    let d = this.desks.get(profileId);
    if (!d) {
      d = { seen: new SeenOrders(), guards: new OrderGuards(), instruments: new InstrumentCache(this.now) };
      this.desks.set(profileId, d);
    }
    return d;
  }

  /** The instrument named by the request, or by the order as last seen; undefined when neither names one. */
  private async instrumentFor(
    desk: ProfileDesk,
    client: AmendClient,
    raw: ModifyOrderRequest,
    order: Order | undefined,
    attempt: Attempt,
  ): Promise<InstrumentLookup | undefined> {
    const category = categorySchema.safeParse(raw.category ?? order?.category);
    const symbol = raw.symbol ?? order?.symbol;
    if (!category.success || !symbol) return undefined;
    try {
      return await desk.instruments.get(category.data, symbol, (c, s) => client.getInstruments(c, s));
    } catch (e) {
      // The exchange checks these rules itself; not being able to pre-check them is no reason to block.
      const why = e instanceof DeskError ? describeError(e.data) : String(e);
      this.note(attempt, 'Instrument rules not checked', `Get Instruments failed: ${why}`);
      return undefined;
    }
  }

  private refuse(attempt: Attempt, error: DeskError, summary: string): AttemptWithGuard {
    attempt.error = error.data;
    this.attempts.set(attempt.id, attempt);
    this.transition(attempt, 'refused', summary, 'Refused', error.data.details?.join('; ') ?? error.message);
    return this.answer(attempt);
  }

  /** A copy for the caller, with the guard as it stands at the same moment. */
  private answer(attempt: Attempt): AttemptWithGuard {
    return { ...structuredClone(attempt), guard: this.guardOf(attempt) };
  }

  private note(attempt: Attempt, label: string, detail?: string): void {
    attempt.timeline.push({ at: this.now(), label, ...(detail ? { detail } : {}) });
  }

  private transition(attempt: Attempt, status: AttemptStatus, summary: string, label: string, detail?: string): void {
    attempt.status = status;
    attempt.summary = summary;
    this.note(attempt, label, detail);
    if (isFinal(status)) attempt.finishedAt = this.now();
    this.record(attempt);
  }

  private record(attempt: Attempt): void {
    this.opts.log.append(structuredClone(attempt)).catch((e: unknown) => this.opts.onLogError?.(e));
  }
}
