/**
 * What each answer and outcome means for an attempt and its order's guard: accepted, followed to
 * applied / cancelled / filled / unchanged / unknown, rejected or never sent, unaccounted for in a
 * batch answer, and checked again. Single amends (amend-service.ts) and runs (run-send.ts,
 * run-recheck.ts) call these alike, with AmendSteps as the recorder; its follow ends in followedOutcome.
 */
import type { Attempt, AttemptStatus } from '../../shared/attempts';
import { changeText } from '../../shared/change-text';
import { describeError, DeskError, EXCHANGE_CODE, type DeskErrorData } from '../../shared/errors';
import { attemptIds, describeIds, mergeIds, type OrderIds } from '../../shared/order-ids';
import type { Order } from '../../shared/schemas';
import { outcomeSummary, SUMMARY } from './attempt-text';
import { decisiveOutcome, describeOrderState, type FollowOutcome } from './follow';
import { snapshot, type ProfileAmendState } from './profile-amend-state';

/** What the exchange answered to the request that carried an accepted modification. */
export interface AcceptedAnswer {
  code: string;
  msg: string;
  requestTime?: number;
  result: { orderId: string; clientOid: string };
}

/** How an outcome is written into the attempt's timeline and the activity log (AmendSteps). */
export interface AttemptRecorder {
  note(attempt: Attempt, label: string, detail?: string): void;
  transition(attempt: Attempt, status: AttemptStatus, summary: string, label: string, detail?: string): void;
  record(attempt: Attempt): void;
}

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

/**
 * The exchange accepted the modification: the order is guarded under both identifiers the answer
 * names, and the attempt is followed from here. Answers those identifiers.
 */
export function acceptedOutcome(
  rec: AttemptRecorder,
  attempt: Attempt,
  state: ProfileAmendState,
  named: OrderIds,
  answer: AcceptedAnswer,
): OrderIds {
  attempt.answer = { code: answer.code, msg: answer.msg, requestTime: answer.requestTime };
  const ids = mergeIds(answer.result, named);
  state.guards.set(
    ids,
    'in-flight',
    `A modification of order ${describeIds(ids)} is in progress: it was accepted and the engine's result is not known yet.`,
    attempt.id,
  );
  rec.transition(
    attempt,
    'following',
    SUMMARY.following,
    'Accepted',
    `code ${answer.code} · orderId ${answer.result.orderId} · clientOid ${answer.result.clientOid}`,
  );
  return ids;
}

/** What a follow's outcome means for the attempt and the order's guard. */
export function followedOutcome(
  rec: AttemptRecorder,
  attempt: Attempt,
  state: ProfileAmendState,
  ids: OrderIds,
  outcome: FollowOutcome,
): void {
  const request = attempt.request;
  const autoCancel = request.autoCancel === 'yes';
  switch (outcome.kind) {
    case 'applied':
      state.guards.release(ids, { attemptId: attempt.id });
      rec.transition(attempt, 'applied', `Applied: ${changeText(request, attempt.before, outcome.order)}.`, 'Applied');
      return;
    case 'cancelled': {
      const reason = autoCancel
        ? `Order ${describeIds(ids)} was cancelled by auto-cancel after a failed modification: it can no longer be modified.`
        : `Order ${describeIds(ids)} is cancelled: it can no longer be modified.`;
      state.guards.set(ids, 'locked', reason, attempt.id);
      rec.transition(
        attempt,
        'cancelled',
        outcomeSummary.cancelled(autoCancel),
        'Cancelled',
        outcome.order.cancelReason,
      );
      return;
    }
    case 'filled':
      state.guards.release(ids, { attemptId: attempt.id });
      rec.transition(attempt, 'failed', SUMMARY.filledFirst, 'Not applied', 'The order is completely filled');
      return;
    case 'timeout': {
      const seconds = (outcome.waitedMs / 1000).toFixed(1);
      const seen = `${outcome.reads} read${outcome.reads === 1 ? '' : 's'} over ${seconds} s${
        outcome.failedReads ? `, ${outcome.failedReads} failed` : ''
      }`;
      if (!autoCancel && outcome.order) {
        // With auto-cancel off a failed modification leaves the order exactly as it was, so an
        // order still unchanged well past the engine's latency is the engine's "no".
        state.guards.release(ids, { attemptId: attempt.id });
        rec.transition(attempt, 'failed', SUMMARY.failedUnchanged, 'Not applied', `The order was unchanged in ${seen}`);
        return;
      }
      state.guards.set(ids, 'unknown', SUMMARY.unknownGuard, attempt.id);
      rec.transition(
        attempt,
        'unknown',
        outcomeSummary.followTimeout(seconds),
        'Outcome unknown',
        autoCancel ? `Neither the new values nor a cancellation showed in ${seen}` : `No successful read in ${seen}`,
      );
      return;
    }
    case 'stopped':
      state.guards.set(ids, 'unknown', SUMMARY.unknownGuard, attempt.id);
      rec.transition(attempt, 'unknown', SUMMARY.stopped, 'Outcome unknown', 'UTA Desk stopped following');
      return;
  }
}

/**
 * The request carrying the attempt failed: rejected by the exchange (nothing changed), never sent,
 * or unanswered (mayHaveTakenEffect: outcome unknown, the order guarded, never resent).
 */
export function sendFailedOutcome(
  rec: AttemptRecorder,
  attempt: Attempt,
  state: ProfileAmendState,
  ids: OrderIds,
  e: unknown,
): void {
  const data: DeskErrorData =
    e instanceof DeskError
      ? e.data
      : { kind: 'internal', message: e instanceof Error ? e.message : String(e), mayHaveTakenEffect: true };
  attempt.error = data;
  if (data.code)
    attempt.answer = { code: data.code, msg: data.exchangeMsg ?? data.message, requestTime: data.requestTime };
  if (data.mayHaveTakenEffect) {
    state.guards.set(ids, 'unknown', SUMMARY.unknownGuard, attempt.id);
    const summary = data.kind === 'timeout' ? SUMMARY.unknownTimeout : SUMMARY.unknownBroken;
    rec.transition(attempt, 'unknown', summary, 'No answer', answerFacts(data));
    return;
  }
  if (data.code === EXCHANGE_CODE.cancelledByAutoCancel) {
    state.guards.set(
      ids,
      'locked',
      `Order ${describeIds(ids)} was cancelled by auto-cancel after a failed modification: it can no longer be modified.`,
      attempt.id,
    );
  } else {
    state.guards.release(ids, { attemptId: attempt.id });
  }
  const words = describeError(data).replace(/\.\s*$/, '');
  if (data.kind === 'network') {
    // It never left this machine: refused (nothing sent), as a change that could not be recorded is,
    // never the exchange's "rejected"; safe to correct and send again.
    const said = /nothing was sent/i.test(words) ? '' : ' Nothing reached the exchange.';
    rec.transition(attempt, 'refused', `Not sent: ${words}.${said}`, 'Not sent', answerFacts(data));
    return;
  }
  rec.transition(attempt, 'rejected', `Rejected: ${words}. Nothing was changed.`, 'Rejected', answerFacts(data));
}

/**
 * The request was answered, but the answer does not account for this item: it may have been
 * accepted, so the order is guarded and the item is checked, never resent.
 */
export function unaccountedOutcome(
  rec: AttemptRecorder,
  attempt: Attempt,
  state: ProfileAmendState,
  ids: OrderIds,
  why: string,
): void {
  state.guards.set(ids, 'unknown', SUMMARY.unknownGuard, attempt.id);
  rec.transition(attempt, 'unknown', SUMMARY.unknownUnaccounted, 'Outcome unknown', why);
}

/**
 * "Check again" for an attempt whose outcome is unknown, with the order as just read: decided as
 * the follow's time limit decides (new values, cancelled, filled; unchanged with auto-cancel off is
 * the engine's "no"); anything else stays unknown, noted. Answers whether the outcome became known.
 */
export function recheckOutcome(
  rec: AttemptRecorder,
  attempt: Attempt,
  state: ProfileAmendState,
  order: Order,
): boolean {
  state.seen.remember(order);
  attempt.after = snapshot(order);
  const ids = mergeIds(attemptIds(attempt), order);
  rec.note(attempt, 'Checked again', describeOrderState(order));
  const decided = decisiveOutcome(order, attempt.request);
  if (decided) {
    followedOutcome(rec, attempt, state, ids, decided);
    return true;
  }
  if (attempt.request.autoCancel !== 'yes') {
    // As at the follow's time limit: with auto-cancel off an unchanged order is the engine's "no".
    state.guards.release(ids, { attemptId: attempt.id });
    rec.transition(attempt, 'failed', SUMMARY.failedUnchanged, 'Not applied', 'The order is unchanged');
    return true;
  }
  rec.note(attempt, 'Still unknown', 'Neither the new values nor a cancellation show');
  rec.record(attempt);
  return false;
}
