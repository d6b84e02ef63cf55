/**
 * A run's check, before anything of it is sent: every item takes its attempt and its order's guard
 * at once, then every order is read (by category page, order-reader.ts) and checked by the same
 * steps as a single amend (amend-steps.ts). What is refused is recorded as refused; the rest waits
 * to be sent (run-send.ts).
 */
import type { SkippedItem } from '../../shared/batch-run';
import { deskError, describeError, DeskError } from '../../shared/errors';
import { mergeIds } from '../../shared/order-ids';
import type { ModifyOrderRequest, Order } from '../../shared/schemas';
import type { AmendClient } from './amend-client';
import type { AmendSteps } from './amend-steps';
import { snapshot } from './profile-amend-state';
import { modifiedSince } from '../../shared/revert-rules';
import { primeInstruments } from './category-pages';
import { queuedReason, type Item, type Run } from './run-model';

/**
 * Every item gets its attempt, and every order its guard, all at once with no await in between:
 * an order in flight elsewhere (or named twice in this run) is refused, and no single amend can
 * slip in while the orders are read. The preview's skipped rows are items too.
 */
export function takeGuards(
  steps: AmendSteps,
  run: Run,
  requests: readonly ModifyOrderRequest[],
  skipped: readonly SkippedItem[],
): void {
  const { profileState: state, profile } = run;
  const size = requests.length + skipped.length;
  run.items = requests.map((raw, index) => {
    const attempt = steps.begin(profile, raw, { id: run.id, index, size }, run.source);
    return { index, attempt, ids: steps.idsOf(state, raw), recorded: false, notSent: false };
  });
  for (const [k, s] of skipped.entries()) {
    const index = requests.length + k;
    const attempt = steps.begin(profile, s.request, { id: run.id, index, size }, run.source);
    const item: Item = { index, attempt, ids: steps.idsOf(state, s.request), recorded: false, notSent: false };
    const why = s.why.replace(/\.\s*$/, '');
    if (s.verdict === 'excluded') item.excluded = `Excluded in the preview: ${why}. Nothing was sent.`;
    else {
      steps.refuse(attempt, deskError('rule', why), `Refused in the preview: ${why}. Nothing was sent.`);
      item.recorded = true;
    }
    run.items.push(item);
    run.checked++;
  }
  for (const item of run.items) {
    if (item.recorded || item.excluded) continue;
    const refused = steps.take(state, item.attempt, item.ids, queuedReason(run, item));
    if (refused) {
      item.recorded = true;
      run.checked++;
    }
  }
}

/** Reads and checks every item that took its guard; resolves when each is decided. */
export async function checkRun(steps: AmendSteps, run: Run): Promise<void> {
  const { profileState: state, reader } = run;
  const taken = run.items.filter((i) => !i.recorded && !i.excluded);
  const targets = taken.map((item) => {
    const seen = state.seen.find(item.ids);
    return {
      ids: item.ids,
      category: item.attempt.request.category ?? seen?.category,
      symbol: item.attempt.request.symbol ?? seen?.symbol,
    };
  });
  // The rules' instruments, one Get Instruments per category, while the orders are read.
  let chain = primeInstruments(state, run.client as AmendClient, targets);
  // Every read starts at once (the reader serves them with a few pages); each item is then decided
  // in run order as soon as its own read is back, so the count of checked items moves as they come.
  for (const [k, item] of taken.entries()) {
    const target = targets[k] as (typeof targets)[number];
    const read = reader.read(target).then(
      (order): { item: Item; order?: Order; error?: unknown } => ({ item, order }),
      (error: unknown) => ({ item, error }),
    );
    chain = chain.then(async () => {
      await decide(steps, run, await read);
      item.checked = true;
      run.checked++;
    });
  }
  await chain;
  for (const item of run.items) {
    item.category ??= (item.attempt.request.category ?? item.attempt.before?.category)?.toUpperCase();
    item.symbol ??= item.attempt.request.symbol ?? item.attempt.before?.symbol;
  }
}

/** One item's check against the order as just read: refused (recorded), or left to be sent. */
async function decide(steps: AmendSteps, run: Run, r: { item: Item; order?: Order; error?: unknown }): Promise<void> {
  const state = run.profileState;
  const { item } = r;
  const { attempt } = item;
  // Stopped (Cancel, or the app closing) while the orders were read: its guard is already released.
  if (item.notSent) return;
  if (!r.order) {
    state.guards.release(item.ids, { attemptId: attempt.id });
    const why = r.error instanceof DeskError ? describeError(r.error.data) : String(r.error);
    const code = r.error instanceof DeskError ? r.error.data.code : undefined;
    steps.refuse(
      attempt,
      deskError('conflict', `The order could not be read: ${why}`, { code }),
      `Refused before sending: the order could not be read (${why.replace(/\.\s*$/, '')}). Nothing was sent.`,
    );
    item.recorded = true;
    return;
  }
  const order = r.order;
  state.seen.remember(order);
  // The read may name the order under its other identifier: guard it under both, unless some
  // other attempt holds it under that one.
  const full = mergeIds(item.ids, order);
  const guard = state.guards.get(full);
  if (guard.state !== 'free' && guard.attemptId !== attempt.id) {
    state.guards.release(item.ids, { attemptId: attempt.id });
    const why = guard.reason ?? 'This order cannot be modified now.';
    steps.refuse(attempt, deskError('conflict', why), `Refused: ${why}`);
    item.recorded = true;
    return;
  }
  item.ids = full;
  state.guards.set(full, 'in-flight', queuedReason(run, item), attempt.id);
  item.category = (attempt.request.category ?? order.category).toUpperCase();
  item.symbol = attempt.request.symbol ?? order.symbol;
  // A revert goes only while the order still shows what the reverted amend left on it.
  const changed = item.expect ? modifiedSince(order, item.expect) : undefined;
  if (changed) {
    state.guards.release(full, { attemptId: attempt.id });
    attempt.before = snapshot(order);
    steps.refuse(attempt, deskError('conflict', changed), `Refused before sending: ${changed}. Nothing was sent.`);
    item.recorded = true;
    return;
  }
  const checked = await steps.check(state, run.client as AmendClient, attempt, full, order);
  if ('refused' in checked) {
    // Refused and recorded as such, even if a Cancel came while its rules were checked.
    item.recorded = true;
    item.notSent = false;
  } else if (item.notSent) {
    state.guards.release(full, { attemptId: attempt.id });
  }
}
