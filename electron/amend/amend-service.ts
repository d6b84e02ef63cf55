/**
 * Single amends in main: the authority that re-checks every modification with the shared rules,
 * refuses what breaks a rule or hits a guarded order, sends it once (never retried), follows the
 * engine's result and records each step in the activity log. The steps themselves live in
 * amend-steps.ts, shared with runs of many amends (amend-runs.ts).
 *
 * A refusal is always an Attempt with status 'refused' (recorded like any other attempt), never a
 * thrown error: the operator sees it in the same place, and the Activity screen lists it (read
 * through ActivityService, electron/activity/activity-service.ts).
 */
import {
  FINAL_STATUSES,
  type Attempt,
  type AttemptStatus,
  type AttemptWithGuard,
  type OrderGuard,
} from '../../shared/attempts';
import type { CallSource } from '../../shared/call-source';
import { deskError } from '../../shared/errors';
import { mergeIds, orderKeys, type OrderIds } from '../../shared/order-ids';
import type { ProfileSummary } from '../../shared/profiles';
import { MODIFY_ORDER_PATH, type ModifyOrderRequest, type Order } from '../../shared/schemas';
import type { ActivityLog } from '../activity/activity-log';
import type { TeamStore } from '../team-store/team-store';
import type { ModifyAnswer } from '../exchange/client';
import type { AmendClient } from './amend-client';
import { AmendSteps } from './amend-steps';
import type { ProfileAmendState } from './profile-amend-state';
import { acceptedOutcome, sendFailedOutcome } from './attempt-outcomes';
import { watchOrder, type OrderPushSource } from './order-watch';

/** What a caller last saw of an attempt: its status and how many steps its timeline had. */
export interface SeenState {
  status: AttemptStatus;
  steps: number;
}

/** How long a read of an attempt waits for it to move on: well inside any host's request timeout. */
export const WAIT_FOR_CHANGE_MS = 5_000;
const CHANGE_CHECK_MS = 10;

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
  /** The team store of a profile that names one: intents and guards go there too. */
  team?: (profileId: string) => TeamStore | undefined;
}

export class AmendService {
  /** The per-attempt steps and per-profile state, shared with runs of many amends. */
  readonly steps: AmendSteps;
  private readonly log: ActivityLog;

  constructor(private readonly opts: AmendServiceOptions) {
    this.log = opts.log;
    this.steps = new AmendSteps(opts);
  }

  // ---------- reads ----------

  async getOrder(ref: OrderIds): Promise<{ order: Order; guard: OrderGuard }> {
    await this.steps.recovered;
    const { profile, client } = await this.opts.session();
    const state = this.steps.profileState(profile.id);
    const order = await client.getOrder(ref);
    state.seen.remember(order);
    const ids = mergeIds(ref, order);
    // The operator has now seen the order as it is: an unknown outcome is no longer unknown, on this
    // desk or any other of the team (a store that cannot be reached keeps its guard until next time;
    // the header's banner says it cannot be reached).
    state.guards.release(ids, { state: 'unknown' });
    await this.opts
      .team?.(profile.id)
      ?.releaseUnknown(orderKeys(ids))
      .catch(() => undefined);
    return { order, guard: state.guards.get(ids) };
  }

  async listOpenOrders(query: {
    category?: string;
    symbol?: string;
    cursor?: string;
    limit?: number;
  }): Promise<{ list: Order[]; cursor: string | null; guards: Record<string, OrderGuard> }> {
    await this.steps.recovered;
    const { profile, client } = await this.opts.session();
    // A listing is not a look at the order: only Get Order Details (an explicit load, or a follow-up
    // read) feeds what main checks against, so an order never loaded is left to the exchange to judge.
    const page = await client.getOpenOrders(query);
    return { list: page.list, cursor: page.cursor ? page.cursor : null, guards: this.guardsOf(profile.id, page.list) };
  }

  /**
   * Main's guard on each listed order that is not free, by Order ID, as it stands when the page is
   * back: Amend many's preview refuses those rows in these words (a run's check still decides).
   */
  private guardsOf(profileId: string, list: readonly Order[]): Record<string, OrderGuard> {
    const guards = this.steps.profileState(profileId).guards;
    const held: [string, OrderGuard][] = [];
    for (const o of list) {
      if (!o.orderId) continue;
      const guard = guards.get(mergeIds({ orderId: o.orderId, clientOid: o.clientOid }));
      if (guard.state !== 'free') held.push([o.orderId, guard]);
    }
    // An own property even for an Order ID named like one of an object's ("__proto__").
    return Object.fromEntries(held);
  }

  async getAttempt(id: string, after?: SeenState): Promise<AttemptWithGuard> {
    await this.steps.recovered;
    if (after) await this.movedOn(id, after);
    const live = this.steps.live(id);
    if (live) return this.steps.answer(live);
    const logged = await this.log.find(id);
    if (!logged) throw deskError('not-found', `No amend attempt with id ${id}`);
    return this.steps.answer(logged);
  }

  /**
   * Resolves once the live attempt differs from what the caller saw (another status, or a new step in
   * its timeline), is final or no longer live, the service is closing, or WAIT_FOR_CHANGE_MS has
   * passed. Checked in process every few milliseconds: nothing leaves the machine while the caller
   * waits.
   */
  private async movedOn(id: string, after: SeenState): Promise<void> {
    const deadline = performance.now() + WAIT_FOR_CHANGE_MS;
    for (;;) {
      const live = this.steps.live(id);
      if (!live || FINAL_STATUSES.includes(live.status)) return;
      if (live.status !== after.status || live.timeline.length !== after.steps) return;
      if (this.steps.stopping.aborted || performance.now() >= deadline) return;
      await new Promise((r) => setTimeout(r, CHANGE_CHECK_MS));
    }
  }

  /** Resolves when the attempt reaches a final status (tests, and a clean shutdown). */
  async settled(id: string): Promise<Attempt> {
    const following = this.steps.settling(id);
    if (following) return following;
    return this.getAttempt(id);
  }

  /** Stops following; attempts still following end as 'unknown'. */
  async close(): Promise<void> {
    await this.steps.stopFollowing();
    await this.log.flushed();
    await this.log.close();
  }

  // ---------- sending ----------

  /**
   * Checks and, when allowed, sends one modification. Answers as soon as it is refused, or recorded
   * and on its way (status 'sending'); the rest is followed in the background and read with
   * getAttempt. When the attempt cannot be recorded nothing is sent and this throws why, in words.
   * `source`: where the call came from, recorded with the attempt.
   */
  async send(raw: ModifyOrderRequest, source?: CallSource): Promise<AttemptWithGuard> {
    await this.steps.recovered;
    const { profile, client, stream } = await this.opts.session();
    const steps = this.steps;
    const state = steps.profileState(profile.id);
    const attempt = steps.begin(profile, raw, undefined, source);
    const ids = steps.idsOf(state, raw);
    const refused = steps.take(state, attempt, ids, steps.sendingReason(ids, attempt.startedAt));
    if (refused) return refused;

    const order = state.seen.find({ orderId: raw.orderId, clientOid: raw.clientOid });
    const checked = await steps.check(state, client, attempt, ids, order);
    if ('refused' in checked) return checked.refused;

    let heldElsewhere: Set<string>;
    try {
      // Write-ahead: on disk (synced) before a byte of the request leaves, and before the answer.
      heldElsewhere = await steps.recordBeforeSend([attempt], `POST ${MODIFY_ORDER_PATH}`);
    } catch (e) {
      state.guards.release(ids, { attemptId: attempt.id });
      throw e;
    }
    // Another desk of the team store took the order first: refused with its words, nothing sent.
    if (heldElsewhere.has(attempt.id)) return steps.answer(attempt);
    steps.track(attempt, this.sendAndFollow(attempt, checked.request, client, state, ids, stream));
    return steps.answer(attempt);
  }

  /** Sends the checked modification once (never retried) and follows it to its outcome. */
  private async sendAndFollow(
    attempt: Attempt,
    request: ModifyOrderRequest,
    client: AmendClient,
    state: ProfileAmendState,
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
      sendFailedOutcome(this.steps, attempt, state, named, e);
      return;
    }
    const ids = acceptedOutcome(this.steps, attempt, state, named, answer);
    watch?.name(ids);
    await this.steps.follow(attempt, state, ids, watch, () =>
      client.getOrder(ids.orderId ? { orderId: ids.orderId } : { clientOid: ids.clientOid }),
    );
  }
}
