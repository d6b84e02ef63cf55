/**
 * The sender of `modify-batch`: the planned requests one after another through the client (whose
 * limiter keeps them under the exchange's 10 requests a second), each sent once, never again.
 *
 * After a request whose outcome is unknown (a timeout, a connection lost after sending), the next
 * requests still go: they hold other orders (an order is in one request only) and nothing is resent,
 * so the unknown ones are only to be checked. After a request refused as a whole, or one that could
 * not be sent at all, the rest is not sent: the same refusal (credentials, rate limit, the exchange
 * unreachable) would meet them too.
 */
import { describeError, DeskError } from '../../shared/errors';
import type { ExchangeClient } from '../exchange/client';
import type { BatchPlan, PlannedBatch, PlannedItem } from './batch-plan';

export type ItemOutcome =
  | { kind: 'accepted'; orderId: string; clientOid: string }
  | {
      kind: 'rejected';
      code: string;
      exchangeMsg: string;
      /** The explanation in words (shared/errors.ts), with the exchange's msg when it tells more. */
      words: string;
      /** The exchange refused the whole request, not this item alone. */
      wholeBatch: boolean;
    }
  | { kind: 'refused-locally'; reasons: string[] }
  /** Left out by a rule over the open orders (below the filled quantity, nothing changes…). */
  | { kind: 'excluded'; reason: string }
  | { kind: 'unknown'; why: string }
  | { kind: 'not-sent'; why: string };

/**
 * One outcome per planned item; items that failed a rule are "refused locally" (or "excluded" by the
 * rule that selected them) without any request.
 */
export async function sendPlan(client: ExchangeClient, plan: BatchPlan): Promise<Map<PlannedItem, ItemOutcome>> {
  const outcomes = new Map<PlannedItem, ItemOutcome>();
  for (const p of plan.items) {
    if (p.request) continue;
    outcomes.set(
      p,
      p.exclusion !== undefined
        ? { kind: 'excluded', reason: p.exclusion }
        : { kind: 'refused-locally', reasons: p.errors },
    );
  }
  let stopped: string | undefined;
  for (const batch of plan.batches) {
    if (stopped) {
      for (const p of batch.items) outcomes.set(p, { kind: 'not-sent', why: stopped });
      continue;
    }
    const result = await sendOne(client, batch);
    batch.items.forEach((p, i) => outcomes.set(p, result.outcomes[i] as ItemOutcome));
    stopped = result.stop;
  }
  return outcomes;
}

async function sendOne(
  client: ExchangeClient,
  batch: PlannedBatch,
): Promise<{ outcomes: ItemOutcome[]; stop?: string }> {
  const requests = batch.items.map((p) => p.request).filter((r) => r !== undefined);
  try {
    const answer = await client.batchModify(requests);
    return {
      outcomes: answer.items.map((v): ItemOutcome => {
        if (v.kind === 'accepted') return v;
        if (v.kind === 'unknown') return { kind: 'unknown', why: v.why };
        const words = describeError({
          kind: 'exchange',
          message: v.msg || `code ${v.code}`,
          code: v.code,
          exchangeMsg: v.msg || undefined,
          mayHaveTakenEffect: false,
        });
        return { kind: 'rejected', code: v.code, exchangeMsg: v.msg, words, wholeBatch: false };
      }),
    };
  } catch (e) {
    if (!(e instanceof DeskError)) throw e;
    const d = e.data;
    if (d.mayHaveTakenEffect) {
      return { outcomes: batch.items.map(() => ({ kind: 'unknown', why: d.message })) };
    }
    const stop = `not sent after request ${batch.number} failed`;
    if (d.code && (d.kind === 'exchange' || d.kind === 'rate-limit')) {
      const refusal: ItemOutcome = {
        kind: 'rejected',
        code: d.code,
        exchangeMsg: d.exchangeMsg ?? '',
        words: describeError(d),
        wholeBatch: true,
      };
      return { outcomes: batch.items.map(() => refusal), stop: `${stop} (refused as a whole, code ${d.code})` };
    }
    return { outcomes: batch.items.map(() => ({ kind: 'not-sent', why: d.message })), stop: `${stop} (${d.message})` };
  }
}
