/**
 * A run an earlier session left unfinished (or finished with outcomes unknown), back in memory from
 * its record and the activity log: each item's status is its attempt's last line (attempts left in
 * flight are "unknown" by then), and an item with no attempt in the log was never sent. It sends
 * nothing; Check again reads its unknown orders through the active profile.
 */
import type { BatchRun } from '../../shared/batch-run';
import { deskError } from '../../shared/errors';
import { attemptIds } from '../../shared/order-ids';
import type { ProfileSummary } from '../../shared/profiles';
import type { AmendSteps } from './amend-steps';
import { OrderReader } from './order-reader';
import { NO_CLIENT, type Item, type Run } from './run-model';

export async function restoredRun(steps: AmendSteps, seen: BatchRun, ids: readonly string[]): Promise<Run> {
  const profile: ProfileSummary = {
    id: seen.profileId,
    name: seen.profileName,
    environment: seen.environment,
  } as ProfileSummary;
  const items: Item[] = [];
  for (const v of seen.items) {
    const attemptId = ids[v.index];
    const logged = attemptId ? await steps.log.find(attemptId).catch(() => undefined) : undefined;
    const attempt = logged ?? {
      ...steps.begin(profile, v.request, { id: seen.id, index: v.index, size: seen.items.length }, seen.source),
      ...(attemptId ? { id: attemptId } : {}),
    };
    items.push({
      index: v.index,
      attempt,
      ids: attemptIds(attempt),
      ...(v.category ? { category: v.category } : {}),
      ...(v.symbol ? { symbol: v.symbol } : {}),
      recorded: logged !== undefined,
      notSent: logged === undefined && v.status !== 'excluded',
      ...(v.status === 'excluded' ? { excluded: v.summary } : {}),
    });
  }
  return {
    id: seen.id,
    profile,
    batchModify: () => Promise.reject(deskError('conflict', 'A restored run sends nothing.')),
    profileState: steps.profileState(seen.profileId),
    reader: new OrderReader(NO_CLIENT),
    startedAt: seen.startedAt,
    finishedAt: seen.finishedAt ?? steps.now(),
    state: 'done',
    stoppedBy: seen.state === 'done' ? seen.stoppedBy : 'desk-stopped',
    checked: seen.items.length,
    restored: true,
    ...(seen.source ? { source: seen.source } : {}),
    ...(seen.reverts ? { reverts: seen.reverts } : {}),
    saving: Promise.resolve(),
    requests: seen.requests,
    items,
    batches: [],
    sending: false,
  };
}
