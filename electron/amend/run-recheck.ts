/**
 * Check again: an item (or a lone attempt) whose outcome is unknown is read once more and decided
 * as the follow's time limit decides (attempt-outcomes.ts recheckOutcome); a read that fails is noted, and the
 * outcome stays unknown.
 */
import type { AttemptWithGuard } from '../../shared/attempts';
import { deskError, describeError, DeskError } from '../../shared/errors';
import { attemptIds } from '../../shared/order-ids';
import type { Order } from '../../shared/schemas';
import type { AmendSession } from './amend-service';
import type { AmendSteps } from './amend-steps';
import { recheckOutcome } from './attempt-outcomes';
import type { OrderReader } from './order-reader';
import type { Item, Run } from './run-model';

export async function recheckItems(
  steps: AmendSteps,
  run: Run,
  reader: OrderReader,
  items: readonly Item[],
): Promise<void> {
  await Promise.all(
    items.map(async (item) => {
      let order: Order;
      try {
        order = await reader.read({ ids: item.ids, category: item.category, symbol: item.symbol });
      } catch (e) {
        const why = e instanceof DeskError ? describeError(e.data) : String(e);
        steps.note(item.attempt, 'Could not check the order', why);
        steps.record(item.attempt);
        return;
      }
      recheckOutcome(steps, item.attempt, run.profileState, order);
    }),
  );
}

/** Check again for an attempt no run in memory holds: read by the active profile, which must be the attempt's. */
export async function recheckAttempt(
  steps: AmendSteps,
  session: () => Promise<AmendSession>,
  id: string,
): Promise<AttemptWithGuard> {
  const { profile, client } = await session();
  const own = steps.live(id) ?? (await steps.log.find(id));
  // Another desk's attempt, from the active profile's team store (the same account): checked here,
  // its outcome recorded there, and the guard it left on the order lifted for every desk.
  const shared = own ? undefined : (await steps.teamOf(profile.id)?.find([id]))?.[0];
  const attempt = own ?? (shared && { ...shared, profileId: profile.id });
  if (!attempt) throw deskError('not-found', `No amend attempt with id ${id}`);
  if (attempt.status !== 'unknown') return steps.answer(attempt);
  if (profile.id !== attempt.profileId) {
    throw deskError(
      'conflict',
      `This attempt was made with profile ${attempt.profileName}: make it the active profile to check its order.`,
    );
  }
  const ids = attemptIds(attempt);
  const order = await client.getOrder(ids.orderId ? { orderId: ids.orderId } : { clientOid: ids.clientOid });
  recheckOutcome(steps, attempt, steps.profileState(profile.id), order);
  return steps.answer(attempt);
}
