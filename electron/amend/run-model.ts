/**
 * What main holds of one amend-many run while it lives (amend-runs.ts): its items, their batches
 * and state, and how that reads as the contract's BatchRun. The check (run-check.ts), the sending
 * (run-send.ts) and the restoring after a restart (run-restore.ts) all work on this one shape.
 */
import type { CallSource } from '../../shared/call-source';
import type { Attempt } from '../../shared/attempts';
import { FINAL_STATUSES } from '../../shared/attempts';
import type { RevertExpect } from '../../shared/revert-rules';
import type {
  BatchRun,
  RevertLink,
  RunCounts,
  RunItem,
  RunItemStatus,
  RunSummary,
  StoppedBy,
} from '../../shared/batch-run';
import { deskError } from '../../shared/errors';
import { describeIds, type OrderIds } from '../../shared/order-ids';
import type { ProfileSummary } from '../../shared/profiles';
import type { ModifyOrderRequest } from '../../shared/schemas';
import type { BatchModifyAnswer } from '../exchange/client';
import type { AmendClient } from './amend-client';
import type { ProfileAmendState } from './profile-amend-state';
import { SUMMARY } from './attempt-text';
import type { OrderReader, OrderReaderClient } from './order-reader';
import type { OrderPushSource } from './order-watch';

export interface Item {
  index: number;
  attempt: Attempt;
  /** Both identifiers, as far as known. */
  ids: OrderIds;
  category?: string;
  symbol?: string;
  /** Refused, or on the wire and past it: the attempt is in the log and its status is the item's. */
  recorded: boolean;
  notSent: boolean;
  /** Excluded by the preview: why (never sent, never an attempt). */
  excluded?: string;
  /** Its check is over (while the run checks, the others are still waiting for theirs). */
  checked?: boolean;
  /**
   * A revert's item: what the reverted amend left on the order, which it must still show when it is
   * read for the check, else it was modified since and is refused (shared/revert-rules.ts).
   */
  expect?: RevertExpect;
}

export interface Run {
  id: string;
  profile: ProfileSummary;
  /** Absent on a run restored after a restart until Check again takes the active profile's. */
  client?: AmendClient;
  batchModify: (items: readonly ModifyOrderRequest[]) => Promise<BatchModifyAnswer>;
  stream?: OrderPushSource;
  profileState: ProfileAmendState;
  /** A restored run's reads nothing until Check again gives it the active profile's client. */
  reader: OrderReader;
  startedAt: number;
  finishedAt?: number;
  state: BatchRun['state'];
  stoppedBy?: StoppedBy;
  /** Items whose check is over. */
  checked: number;
  restored?: boolean;
  /** Where the run was started from: its record and every item's attempt carry it. */
  source?: CallSource;
  /** What this run undoes (a revert): the run or the single amend it sends back. */
  reverts?: RevertLink;
  /** The run's record on disk, written one after another. */
  saving: Promise<void>;
  /** Resolves when the check is over (sending may begin). */
  checkedAll?: Promise<void>;
  requests: number;
  items: Item[];
  /** Items, one Batch Modify Orders request each, in sending order. */
  batches: Item[][];
  sending: boolean;
  resume?: () => void;
  loop?: Promise<void>;
}

export const isFinal = (a: Attempt): boolean => FINAL_STATUSES.includes(a.status);

/** A restored run's client until Check again takes the active profile's (readerOf). */
export const NO_CLIENT: OrderReaderClient = {
  getOrder: () => Promise.reject(deskError('conflict', 'This run is restored: nothing is read before Check again.')),
  getOpenOrders: () =>
    Promise.reject(deskError('conflict', 'This run is restored: nothing is read before Check again.')),
};

/** Why an item was not sent, by what stopped its run. */
const NOT_SENT: Record<StoppedBy, string> = {
  operator: SUMMARY.notSent,
  'desk-stopped': 'Not sent: UTA Desk stopped before this item was sent',
  fault: 'Not sent: the run stopped after a fault of the desk before this item was sent',
  'not-recorded': 'Not sent: UTA Desk could not record an earlier request of this run, so it sent nothing more',
};

/** The guard's words while an item waits in its run. */
export function queuedReason(run: Pick<Run, 'items' | 'startedAt'>, item: Item): string {
  return `Order ${describeIds(item.ids)} is item ${item.index + 1} of ${run.items.length} of an amend-many run started at ${new Date(run.startedAt).toISOString()}: it is waiting to be sent or being sent, and its result is not known yet.`;
}

export function summaryOf(run: BatchRun): RunSummary {
  const { items: _items, ...summary } = run;
  return summary;
}

/** The run as the contract carries it. */
export function viewOf(run: Run): BatchRun {
  const items = run.items.map((i) => itemView(i, run));
  return {
    id: run.id,
    profileId: run.profile.id,
    profileName: run.profile.name,
    environment: run.profile.environment,
    startedAt: run.startedAt,
    ...(run.finishedAt !== undefined ? { finishedAt: run.finishedAt } : {}),
    state: run.state,
    ...(run.stoppedBy ? { stoppedBy: run.stoppedBy } : {}),
    checked: run.checked,
    counts: countsOf(items),
    requests: run.requests,
    ...(run.restored ? { restored: true } : {}),
    ...(run.source ? { source: run.source } : {}),
    ...(run.reverts ? { reverts: run.reverts } : {}),
    items,
  };
}

function itemView(i: Item, run: Pick<Run, 'state' | 'stoppedBy'>): RunItem {
  const status: RunItemStatus = i.excluded
    ? 'excluded'
    : i.notSent
      ? 'not-sent'
      : i.recorded
        ? i.attempt.status
        : 'queued';
  const summary = i.excluded
    ? i.excluded
    : i.notSent
      ? NOT_SENT[run.stoppedBy ?? 'operator']
      : i.recorded
        ? i.attempt.summary
        : run.state === 'checking' && !i.checked
          ? 'Waiting to be read and checked'
          : SUMMARY.queued;
  return {
    index: i.index,
    ...(i.recorded ? { attemptId: i.attempt.id } : {}),
    request: structuredClone(i.attempt.request),
    ...(i.category ? { category: i.category } : {}),
    ...(i.symbol ? { symbol: i.symbol } : {}),
    status,
    summary,
  };
}

function countsOf(items: readonly RunItem[]): RunCounts {
  const c: RunCounts = {
    total: items.length,
    queued: 0,
    inFlight: 0,
    applied: 0,
    refused: 0,
    failed: 0,
    unknown: 0,
    notSent: 0,
    excluded: 0,
  };
  for (const { status } of items) {
    if (status === 'queued') c.queued++;
    else if (status === 'not-sent') c.notSent++;
    else if (status === 'excluded') c.excluded++;
    else if (status === 'sending' || status === 'following') c.inFlight++;
    else if (status === 'applied') c.applied++;
    else if (status === 'refused' || status === 'rejected') c.refused++;
    else if (status === 'failed' || status === 'cancelled') c.failed++;
    else c.unknown++;
  }
  return c;
}
