/**
 * Runs of many amends (shared/batch-run.ts): main checks every item exactly as it checks a single
 * amend (guard, then the shared rules against the order as just read and its instrument), then sends
 * the accepted ones through Batch Modify Orders — at most 20 of one category per request, request
 * after request, each once (never retried), paced by the client's limiter under the modify budget —
 * and follows each accepted item to its outcome like a single amend. Every per-item rule lives in
 * amend-steps.ts, shared with the single-order desk, so the two guard each other's orders.
 *
 * Run states: 'running' → ('paused' ⇄ 'running') → 'done' when every item has a final status. Stop
 * makes it 'stopped' at once: nothing more is sent, the items not sent become 'not-sent' (their
 * orders untouched and free again), and it turns 'done' when the sent ones have been followed to
 * their end. A run is finished exactly when it has `finishedAt`. Pause, resume and stop of a finished
 * run change nothing; "check" works in any state.
 *
 * Reads go through one OrderReader per run (order-reader.ts): the check's reads of every order and
 * the follows' confirming reads (or polls, with the stream down) are served by Get Open Orders pages
 * per symbol, so 200 items cost a handful of reads instead of 200 queued Get Order Details. Unlike
 * the Open orders screen's listing, a page read here is a look at the order made for this check, as
 * fresh as Get Order Details at that moment: main checks against it and remembers it.
 *
 * Runs are kept in memory for the session (the last KEPT_RUNS finished ones, and every unfinished
 * one); their attempts are in the activity log, each tagged with its run.
 */
import { randomUUID } from 'node:crypto';
import type { Attempt } from '../../shared/attempts';
import { FINAL_STATUSES } from '../../shared/attempts';
import { MAX_RUN_ITEMS, type BatchRun, type RunCounts, type RunItem, type RunItemStatus } from '../../shared/batch-run';
import { deskError, describeError, DeskError, explainCode } from '../../shared/errors';
import { describeIds, mergeIds, type OrderIds } from '../../shared/order-ids';
import type { ProfileSummary } from '../../shared/profiles';
import { MAX_BATCH_ITEMS, type ModifyOrderRequest, type Order } from '../../shared/schemas';
import type { BatchModifyAnswer } from '../exchange/client';
import type { AmendClient, AmendSession } from './amend-service';
import type { AmendSteps, ProfileDesk } from './amend-steps';
import { SUMMARY } from './attempt-text';
import { OrderReader, type OrderReaderOptions } from './order-reader';
import { watchOrder, type OrderPushSource } from './order-watch';

/** Finished runs kept for getRun. */
export const KEPT_RUNS = 20;
const BATCH_PATH = '/api/v3/trade/batch-modify-order';

export interface AmendRunsOptions {
  steps: AmendSteps;
  session: () => Promise<AmendSession>;
  newId?: () => string;
  reader?: OrderReaderOptions;
  /** Where an unexpected fault of a run's sending is reported (the run stops sending). */
  onError?: (error: unknown) => void;
}

export type RunAction = 'pause' | 'resume' | 'stop' | 'check';

interface Item {
  index: number;
  attempt: Attempt;
  /** Both identifiers, as far as known. */
  ids: OrderIds;
  category?: string;
  symbol?: string;
  /** Refused, or on the wire and past it: the attempt is in the log and its status is the item's. */
  recorded: boolean;
  notSent: boolean;
}

interface Run {
  id: string;
  profile: ProfileSummary;
  client: AmendClient;
  batchModify: (items: readonly ModifyOrderRequest[]) => Promise<BatchModifyAnswer>;
  stream?: OrderPushSource;
  desk: ProfileDesk;
  reader: OrderReader;
  startedAt: number;
  finishedAt?: number;
  state: BatchRun['state'];
  requests: number;
  items: Item[];
  /** Items, one Batch Modify Orders request each, in sending order. */
  batches: Item[][];
  sending: boolean;
  resume?: () => void;
  loop?: Promise<void>;
  /** Settles when the first request's items are recorded, or could not be (write-ahead). */
  firstRecorded?: Promise<void>;
}

const isFinal = (a: Attempt) => FINAL_STATUSES.includes(a.status);

export class AmendRuns {
  private readonly runs = new Map<string, Run>();
  private readonly newId: () => string;
  private closing = false;

  constructor(private readonly opts: AmendRunsOptions) {
    this.newId = opts.newId ?? randomUUID;
  }

  private get steps(): AmendSteps {
    return this.opts.steps;
  }

  /**
   * Checks every item and starts sending the accepted ones; answers once every item is checked
   * (refused ones are final already), while sending and following go on in the background.
   */
  async start(requests: readonly ModifyOrderRequest[]): Promise<BatchRun> {
    if (this.closing) throw deskError('conflict', 'UTA Desk is closing: no new run is started.');
    if (requests.length === 0 || requests.length > MAX_RUN_ITEMS)
      throw deskError(
        'validation',
        `A run holds 1 to ${MAX_RUN_ITEMS} modifications; this one has ${requests.length}.`,
      );
    await this.steps.recovered;
    const { profile, client, stream } = await this.opts.session();
    if (!client.batchModify) throw deskError('internal', 'This client cannot send Batch Modify Orders.');
    const batchModify = client.batchModify.bind(client);
    const desk = this.steps.desk(profile.id);
    const run: Run = {
      id: this.newId(),
      profile,
      client,
      batchModify,
      stream,
      desk,
      reader: new OrderReader(client, this.opts.reader),
      startedAt: this.steps.now(),
      state: 'running',
      requests: 0,
      items: [],
      batches: [],
      sending: true,
    };
    this.keep(run);
    try {
      await this.check(run, requests);
    } catch (e) {
      // Nothing was sent: the run is forgotten and every order it was holding is free again.
      for (const item of run.items) desk.guards.release(item.ids, { attemptId: item.attempt.id });
      this.runs.delete(run.id);
      throw e;
    }
    run.batches = batchesOf(run.items.filter((i) => !i.recorded && !isFinal(i.attempt)));
    run.loop = this.send(run);
    // The answer comes once the first request's items are on disk (or known not to be).
    await run.firstRecorded;
    return this.view(run);
  }

  get(id: string): BatchRun {
    return this.view(this.find(id));
  }

  async control(id: string, action: RunAction): Promise<BatchRun> {
    const run = this.find(id);
    switch (action) {
      case 'pause':
        if (run.state === 'running') run.state = 'paused';
        break;
      case 'resume':
        if (run.state === 'paused') {
          run.state = 'running';
          run.resume?.();
        }
        break;
      case 'stop':
        this.stop(run);
        break;
      case 'check':
        await this.checkAgain(run);
        break;
    }
    return this.view(run);
  }

  /** Resolves when every item of the run has a final status (tests, the benchmark). */
  async finished(id: string): Promise<BatchRun> {
    const run = this.find(id);
    await run.loop;
    await Promise.all(run.items.map((i) => this.steps.settling(i.attempt.id)));
    this.settle(run);
    return this.view(run);
  }

  /** Stops every run: nothing more is sent; what is being followed ends as the desk's close makes it. */
  async close(): Promise<void> {
    this.closing = true;
    for (const run of this.runs.values()) this.stop(run);
    await Promise.allSettled([...this.runs.values()].map((r) => r.loop));
    await this.steps.stopFollowing();
    for (const run of this.runs.values()) this.settle(run);
  }

  // ---------- checking ----------

  private async check(run: Run, requests: readonly ModifyOrderRequest[]): Promise<void> {
    const { steps } = this;
    const { desk, profile } = run;
    const size = requests.length;
    run.items = requests.map((raw, index) => {
      const attempt = steps.begin(profile, raw, { id: run.id, index, size });
      return { index, attempt, ids: steps.idsOf(desk, raw), recorded: false, notSent: false };
    });
    // Guards first, all at once and with no await in between: an order in flight elsewhere (or named
    // twice in this run) is refused, and no single amend can slip in while the orders are read.
    const taken = run.items.filter((item) => {
      const refused = steps.take(desk, item.attempt, item.ids, this.queuedReason(run, item));
      if (refused) item.recorded = true;
      return !refused;
    });
    const reads = await Promise.all(
      taken.map(async (item) => {
        const seen = desk.seen.find(item.ids);
        const target = {
          ids: item.ids,
          category: item.attempt.request.category ?? seen?.category,
          symbol: item.attempt.request.symbol ?? seen?.symbol,
        };
        try {
          return { item, order: await run.reader.read(target) };
        } catch (error) {
          return { item, error };
        }
      }),
    );
    for (const r of reads) {
      const { item } = r;
      const { attempt } = item;
      // Stopped (the desk closing) while the orders were read: its guard is already released.
      if (item.notSent) continue;
      if (!('order' in r) || !r.order) {
        desk.guards.release(item.ids, { attemptId: attempt.id });
        const why = r.error instanceof DeskError ? describeError(r.error.data) : String(r.error);
        const code = r.error instanceof DeskError ? r.error.data.code : undefined;
        steps.refuse(
          attempt,
          deskError('conflict', `The order could not be read: ${why}`, { code }),
          `Refused before sending: the order could not be read (${why.replace(/\.\s*$/, '')}). Nothing was sent.`,
        );
        item.recorded = true;
        continue;
      }
      const order = r.order;
      desk.seen.remember(order);
      // The read may name the order under its other identifier: guard it under both, unless some
      // other attempt holds it under that one.
      const full = mergeIds(item.ids, order);
      const guard = desk.guards.get(full);
      if (guard.state !== 'free' && guard.attemptId !== attempt.id) {
        desk.guards.release(item.ids, { attemptId: attempt.id });
        const why = guard.reason ?? 'This order cannot be modified now.';
        steps.refuse(attempt, deskError('conflict', why), `Refused: ${why}`);
        item.recorded = true;
        continue;
      }
      item.ids = full;
      desk.guards.set(full, 'in-flight', this.queuedReason(run, item), attempt.id);
      item.category = (attempt.request.category ?? order.category).toUpperCase();
      item.symbol = attempt.request.symbol ?? order.symbol;
      const checked = await steps.check(desk, run.client, attempt, full, order);
      if ('refused' in checked) item.recorded = true;
    }
    for (const item of run.items) {
      item.category ??= (item.attempt.request.category ?? item.attempt.before?.category)?.toUpperCase();
      item.symbol ??= item.attempt.request.symbol ?? item.attempt.before?.symbol;
    }
  }

  private queuedReason(run: Run, item: Item): string {
    return `Order ${describeIds(item.ids)} is item ${item.index + 1} of ${run.items.length} of an amend-many run started at ${new Date(run.startedAt).toISOString()}: it is waiting to be sent or being sent, and its result is not known yet.`;
  }

  // ---------- sending ----------

  private async send(run: Run): Promise<void> {
    try {
      for (const [n, batch] of run.batches.entries()) {
        while (run.state === 'paused') await new Promise<void>((resolve) => (run.resume = resolve));
        if (run.state === 'stopped' || run.state === 'done') break;
        const items = batch.filter((i) => !i.notSent);
        if (items.length > 0) await this.sendBatch(run, items, n + 1);
      }
    } catch (e) {
      // A fault of the desk, not an answer: send nothing more, and say so on the way out.
      this.stop(run);
      this.opts.onError?.(e);
    } finally {
      run.sending = false;
      this.settle(run);
    }
  }

  private async sendBatch(run: Run, items: Item[], n: number): Promise<void> {
    const { steps } = this;
    const { desk, stream } = run;
    // Watching starts before sending: the engine's push may come before the answer does.
    const watches = items.map((i) => (stream ? watchOrder(stream, i.ids) : undefined));
    const detail = `POST ${BATCH_PATH} · request ${n} of ${run.batches.length}, ${items.length} item${items.length === 1 ? '' : 's'}`;
    for (const item of items) item.recorded = true;
    // Write-ahead: every item of the request on disk (one synced append) before it is sent.
    const recording = steps.sent(
      items.map((i) => i.attempt),
      detail,
    );
    run.firstRecorded ??= recording.then(
      () => undefined,
      () => undefined,
    );
    try {
      await recording;
    } catch (e) {
      // Not recorded, so not sent: neither this request nor any after it (the disk is failing).
      watches.forEach((w) => w?.close());
      const error = e instanceof DeskError ? e : deskError('storage', String(e));
      for (const item of items) steps.notRecorded(item.attempt, desk, item.ids, error);
      this.stop(run);
      return;
    }
    run.requests++;
    let answer: BatchModifyAnswer;
    try {
      // Never retried: a request that may have reached the exchange must be checked, not resent.
      answer = await run.batchModify(items.map((i) => i.attempt.request));
    } catch (e) {
      items.forEach((item, k) => {
        watches[k]?.close();
        steps.sendFailed(item.attempt, desk, item.ids, e);
      });
      return;
    }
    items.forEach((item, k) => {
      const verdict = answer.items[k] ?? { kind: 'unknown', why: 'The answer lists no result for this item.' };
      const watch = watches[k];
      const { attempt } = item;
      if (verdict.kind === 'accepted') {
        const ids = steps.accepted(attempt, desk, item.ids, {
          code: answer.code,
          msg: answer.msg,
          requestTime: answer.requestTime,
          result: { orderId: verdict.orderId, clientOid: verdict.clientOid },
        });
        item.ids = ids;
        watch?.name(ids);
        const read = () => run.reader.read({ ids, category: item.category, symbol: item.symbol });
        void steps.track(attempt, steps.follow(attempt, desk, ids, watch, read)).finally(() => this.settle(run));
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
          path: BATCH_PATH,
          mayHaveTakenEffect: false,
        });
        steps.sendFailed(attempt, desk, item.ids, error);
        return;
      }
      attempt.answer = { code: answer.code, msg: answer.msg, requestTime: answer.requestTime };
      steps.unaccounted(attempt, desk, item.ids, verdict.why);
    });
  }

  // ---------- control ----------

  private stop(run: Run): void {
    if (run.finishedAt !== undefined || run.state === 'stopped') return;
    run.state = 'stopped';
    for (const item of run.items) {
      if (item.recorded || item.notSent) continue;
      item.notSent = true;
      run.desk.guards.release(item.ids, { attemptId: item.attempt.id });
    }
    run.resume?.();
    this.settle(run);
  }

  /** "Check again": every item whose outcome is unknown is read and decided as the follow's time limit decides. */
  private async checkAgain(run: Run): Promise<void> {
    const { steps } = this;
    const unknown = run.items.filter((i) => i.recorded && i.attempt.status === 'unknown');
    await Promise.all(
      unknown.map(async (item) => {
        let order: Order;
        try {
          order = await run.reader.read({ ids: item.ids, category: item.category, symbol: item.symbol });
        } catch (e) {
          const why = e instanceof DeskError ? describeError(e.data) : String(e);
          steps.note(item.attempt, 'Could not check the order', why);
          steps.record(item.attempt);
          return;
        }
        steps.recheck(item.attempt, run.desk, order);
      }),
    );
    this.settle(run);
  }

  // ---------- bookkeeping ----------

  /** Marks the run done once nothing is being sent and every item has a final status. */
  private settle(run: Run): void {
    if (run.finishedAt !== undefined || run.sending) return;
    const open = run.items.some((i) => !i.notSent && !(i.recorded && isFinal(i.attempt)));
    if (open) return;
    run.state = 'done';
    run.finishedAt = this.steps.now();
  }

  private keep(run: Run): void {
    this.runs.set(run.id, run);
    const finished = [...this.runs.values()].filter((r) => r.finishedAt !== undefined);
    for (const old of finished.slice(0, Math.max(0, finished.length - KEPT_RUNS))) this.runs.delete(old.id);
  }

  private find(id: string): Run {
    const run = this.runs.get(id);
    if (!run) throw deskError('not-found', `No amend-many run with id ${id} in this session.`);
    return run;
  }

  private view(run: Run): BatchRun {
    const items = run.items.map((i) => itemView(i));
    return {
      id: run.id,
      profileId: run.profile.id,
      profileName: run.profile.name,
      environment: run.profile.environment,
      startedAt: run.startedAt,
      ...(run.finishedAt !== undefined ? { finishedAt: run.finishedAt } : {}),
      state: run.state,
      counts: countsOf(items),
      requests: run.requests,
      items,
    };
  }
}

function itemView(i: Item): RunItem {
  const status: RunItemStatus = i.notSent ? 'not-sent' : i.recorded ? i.attempt.status : 'queued';
  const summary = i.notSent ? SUMMARY.notSent : i.recorded ? i.attempt.summary : SUMMARY.queued;
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
  };
  for (const { status } of items) {
    if (status === 'queued') c.queued++;
    else if (status === 'not-sent') c.notSent++;
    else if (status === 'sending' || status === 'following') c.inFlight++;
    else if (status === 'applied') c.applied++;
    else if (status === 'refused' || status === 'rejected') c.refused++;
    else if (status === 'failed' || status === 'cancelled') c.failed++;
    else c.unknown++;
  }
  return c;
}

/**
 * The items to send as Batch Modify Orders bodies: one category per request, at most
 * MAX_BATCH_ITEMS, items in their order within a category, categories in the order they first
 * appear (as shared/amend-plan.ts batchesOf groups the preview).
 */
function batchesOf(items: readonly Item[]): Item[][] {
  const byCategory = new Map<string, Item[]>();
  for (const item of items) {
    const key = item.category ?? '';
    const list = byCategory.get(key) ?? [];
    list.push(item);
    byCategory.set(key, list);
  }
  const batches: Item[][] = [];
  for (const list of byCategory.values()) {
    for (let i = 0; i < list.length; i += MAX_BATCH_ITEMS) batches.push(list.slice(i, i + MAX_BATCH_ITEMS));
  }
  return batches;
}
