/**
 * A run's sending, once its check is over: the accepted items through Batch Modify Orders, at most
 * 20 of one category per request, request after request, each once (never retried); every request's
 * items recorded (write-ahead) before it goes, and each accepted item followed to its outcome.
 */
import type { StoppedBy } from '../../shared/batch-run';
import { deskError, DeskError, explainCode } from '../../shared/errors';
import { BATCH_MODIFY_PATH, type Order } from '../../shared/schemas';
import type { BatchModifyAnswer } from '../exchange/client';
import type { AmendSteps } from './amend-steps';
import { acceptedOutcome, sendFailedOutcome, unaccountedOutcome } from './attempt-outcomes';
import { watchOrder } from './order-watch';
import type { Item, Run } from './run-model';

/** What the sending asks of the runs that hold it. */
export interface RunControl {
  stop(run: Run, by?: StoppedBy): void;
  settle(run: Run): void;
  onError?: (error: unknown) => void;
}

export async function sendRun(steps: AmendSteps, run: Run, control: RunControl): Promise<void> {
  try {
    for (const [n, batch] of run.batches.entries()) {
      while (run.state === 'paused') await new Promise<void>((resolve) => (run.resume = resolve));
      if (run.state === 'stopped' || run.state === 'done') break;
      const items = batch.filter((i) => !i.notSent);
      if (items.length > 0) await sendBatch(steps, run, items, n + 1, control);
    }
  } catch (e) {
    // A fault in main, not an answer: send nothing more, and say so on the way out.
    control.stop(run);
    control.onError?.(e);
  } finally {
    run.sending = false;
    control.settle(run);
  }
}

async function sendBatch(steps: AmendSteps, run: Run, batch: Item[], n: number, control: RunControl): Promise<void> {
  const { profileState: state, stream } = run;
  // Watching starts before sending: the engine's push may come before the answer does.
  let watches = batch.map((i) => (stream ? watchOrder(stream, i.ids) : undefined));
  const detail = `POST ${BATCH_MODIFY_PATH} · request ${n} of ${run.batches.length}, ${batch.length} item${batch.length === 1 ? '' : 's'}`;
  for (const item of batch) item.recorded = true;
  let heldElsewhere: Set<string>;
  try {
    // Write-ahead: every item of the request on disk (one synced append) before it is sent.
    heldElsewhere = await steps.recordBeforeSend(
      batch.map((i) => i.attempt),
      detail,
    );
  } catch (e) {
    // Not recorded, so not sent: neither this request nor any after it (the disk is failing).
    watches.forEach((w) => w?.close());
    const error = e instanceof DeskError ? e : deskError('storage', String(e));
    for (const item of batch) steps.notRecorded(item.attempt, state, item.ids, error);
    control.stop(run, 'not-recorded');
    return;
  }
  // Items whose order another desk of the team store took first are refused (recorded) and not sent.
  const items = batch.filter((i) => !heldElsewhere.has(i.attempt.id));
  batch.forEach((item, k) => heldElsewhere.has(item.attempt.id) && watches[k]?.close());
  watches = watches.filter((_, k) => !heldElsewhere.has(batch[k]!.attempt.id));
  if (items.length === 0) return;
  run.requests++;
  let answer: BatchModifyAnswer;
  try {
    // Never retried: a request that may have reached the exchange must be checked, not resent.
    answer = await run.batchModify(items.map((i) => i.attempt.request));
  } catch (e) {
    items.forEach((item, k) => {
      watches[k]?.close();
      sendFailedOutcome(steps, item.attempt, state, item.ids, e);
    });
    return;
  }
  items.forEach((item, k) => {
    const verdict = answer.items[k] ?? { kind: 'unknown', why: 'The answer lists no result for this item.' };
    const watch = watches[k];
    const { attempt } = item;
    if (verdict.kind === 'accepted') {
      const ids = acceptedOutcome(steps, attempt, state, item.ids, {
        code: answer.code,
        msg: answer.msg,
        requestTime: answer.requestTime,
        result: { orderId: verdict.orderId, clientOid: verdict.clientOid },
      });
      item.ids = ids;
      watch?.name(ids);
      const read = () => run.reader.read({ ids, category: item.category, symbol: item.symbol });
      const readName = (o: Order) => run.reader.readName(o);
      void steps
        .track(attempt, steps.follow(attempt, state, ids, watch, read, readName))
        .finally(() => control.settle(run));
      return;
    }
    watch?.close();
    if (verdict.kind === 'rejected') {
      const error = new DeskError({
        kind: 'exchange',
        message: explainCode(verdict.code) ?? (verdict.msg || `The exchange refused it (code ${verdict.code}).`),
        code: verdict.code,
        exchangeMsg: verdict.msg || undefined,
        requestTime: answer.requestTime,
        path: BATCH_MODIFY_PATH,
        mayHaveTakenEffect: false,
      });
      sendFailedOutcome(steps, attempt, state, item.ids, error);
      return;
    }
    attempt.answer = { code: answer.code, msg: answer.msg, requestTime: answer.requestTime };
    unaccountedOutcome(steps, attempt, state, item.ids, verdict.why);
  });
}
