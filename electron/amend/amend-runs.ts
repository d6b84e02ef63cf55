/**
 * Runs of many amends (shared/batch-run.ts): main checks every item exactly as it checks a single
 * amend (guard, then the shared rules against the order as just read and its instrument), then sends
 * the accepted ones through Batch Modify Orders — at most 20 of one category per request, request
 * after request, each once (never retried), paced by the client's limiter under the modify budget —
 * and follows each accepted item to its outcome like a single amend. Every per-item rule lives in
 * amend-steps.ts, shared with the single-order desk, so the two guard each other's orders.
 *
 * Run states: 'checking' → 'running' → ('paused' ⇄ 'running') → 'done' when every item has a final
 * status. start() answers at once, while the orders are read and checked (`checked` counts them), so
 * the desk shows the check's progress and Stop there cancels the run before its first request. Stop
 * makes it 'stopped' at once: nothing more is sent, the items not sent become 'not-sent' (their
 * orders untouched and free again), and it turns 'done' when the sent ones have been followed to
 * their end. A run is finished exactly when it has `finishedAt`. Pause, resume and stop of a finished
 * run change nothing; "check" works in any state.
 *
 * The preview's refused and excluded rows come with the run (`skipped`), so the run accounts for
 * every selected order: a refused one is recorded as a refused attempt, an excluded one is an item
 * that was never going to be sent.
 *
 * Reads go through one OrderReader per run (order-reader.ts): the check's reads of every order and
 * the follows' confirming reads (or polls, with the stream down) are served by Get Open Orders pages
 * per category (category-pages.ts), so 300 items over a hundred symbols cost a handful of reads
 * instead of 300 queued Get Order Details, and their instruments one Get Instruments per category. Unlike
 * the Open orders screen's listing, a page read here is a look at the order made for this check, as
 * fresh as Get Order Details at that moment: main checks against it and remembers it.
 *
 * Runs are kept in memory for the session (the last KEPT_RUNS finished ones, and every unfinished
 * one); their attempts are in the activity log, each tagged with its run, and each run has a record
 * on disk (run-records.ts). After a restart, a run left unfinished (or with items whose outcome is
 * unknown) is restored from its record and the log: listed with its items, and Check again works
 * on it. checkAttempt() is Check again for one attempt, of a run or not.
 */
import { randomUUID } from 'node:crypto';
import type { Attempt, AttemptWithGuard } from '../../shared/attempts';
import type { CallSource } from '../../shared/call-source';
import { FINAL_STATUSES } from '../../shared/attempts';
import {
  MAX_RUN_ITEMS,
  type BatchRun,
  type RunCounts,
  type RunItem,
  type RunItemStatus,
  type RunSummary,
  type SkippedItem,
  type StoppedBy,
} from '../../shared/batch-run';
import { deskError, describeError, DeskError, explainCode } from '../../shared/errors';
import { attemptIds, describeIds, mergeIds, type OrderIds } from '../../shared/order-ids';
import type { ProfileSummary } from '../../shared/profiles';
import { MAX_BATCH_ITEMS, type ModifyOrderRequest, type Order } from '../../shared/schemas';
import type { BatchModifyAnswer } from '../exchange/client';
import type { AmendClient, AmendSession } from './amend-service';
import type { AmendSteps, ProfileDesk } from './amend-steps';
import { SUMMARY } from './attempt-text';
import { primeInstruments } from './category-pages';
import { OrderReader, type OrderReaderClient, type OrderReaderOptions } from './order-reader';
import { watchOrder, type OrderPushSource } from './order-watch';
import type { RunRecords } from './run-records';

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
  /** Where runs are kept across restarts; without it a run lives for the session only. */
  records?: RunRecords;
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
  /** Excluded by the preview: why (never sent, never an attempt). */
  excluded?: string;
  /** Its check is over (while the run checks, the others are still waiting for theirs). */
  checked?: boolean;
}

interface Run {
  id: string;
  profile: ProfileSummary;
  /** Absent on a run restored after a restart until Check again takes the active profile's. */
  client?: AmendClient;
  batchModify: (items: readonly ModifyOrderRequest[]) => Promise<BatchModifyAnswer>;
  stream?: OrderPushSource;
  desk: ProfileDesk;
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

const isFinal = (a: Attempt) => FINAL_STATUSES.includes(a.status);

export class AmendRuns {
  private readonly runs = new Map<string, Run>();
  private readonly newId: () => string;
  private closing = false;
  /** Runs an earlier session left unfinished are back in memory (see restore). */
  private readonly restored: Promise<void>;

  constructor(private readonly opts: AmendRunsOptions) {
    this.newId = opts.newId ?? randomUUID;
    this.restored = this.restore();
  }

  private get steps(): AmendSteps {
    return this.opts.steps;
  }

  /**
   * Takes the orders' guards and answers at once with the run 'checking'; the orders are then read
   * and checked, and the accepted ones sent, in the background. `skipped`: the preview's rows that
   * are not sent, so the run accounts for every selected order. `source`: where the call came from.
   */
  async start(
    requests: readonly ModifyOrderRequest[],
    skipped: readonly SkippedItem[] = [],
    source?: CallSource,
  ): Promise<BatchRun> {
    if (this.closing) throw deskError('conflict', 'UTA Desk is closing: no new run is started.');
    if (requests.length === 0 || requests.length + skipped.length > MAX_RUN_ITEMS)
      throw deskError(
        'validation',
        `A run holds 1 to ${MAX_RUN_ITEMS} modifications; this one has ${requests.length + skipped.length}.`,
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
      state: 'checking',
      checked: 0,
      saving: Promise.resolve(),
      requests: 0,
      items: [],
      batches: [],
      sending: true,
      ...(source ? { source } : {}),
    };
    this.keep(run);
    this.takeGuards(run, requests, skipped);
    let checkedAll = () => {};
    run.checkedAll = new Promise<void>((resolve) => (checkedAll = resolve));
    run.loop = this.checkThenSend(run, checkedAll);
    return this.view(run);
  }

  async get(id: string): Promise<BatchRun> {
    await this.restored;
    return this.view(this.find(id));
  }

  /** The runs an earlier session left unfinished (or with outcomes unknown), newest first. */
  async unfinished(): Promise<RunSummary[]> {
    await this.restored;
    return [...this.runs.values()]
      .filter((r) => r.restored)
      .sort((a, b) => b.startedAt - a.startedAt)
      .map((r) => summaryOf(this.view(r)));
  }

  /** Summaries of these runs: this session's from memory, earlier ones from their records. */
  async summaries(ids: readonly string[]): Promise<RunSummary[]> {
    await this.restored;
    const out: RunSummary[] = [];
    for (const id of new Set(ids)) {
      const run = this.runs.get(id);
      if (run) out.push(summaryOf(this.view(run)));
      else {
        const record = await this.opts.records?.read(id).catch(() => undefined);
        if (record) out.push(summaryOf(record.run));
      }
    }
    return out;
  }

  async control(id: string, action: RunAction): Promise<BatchRun> {
    await this.restored;
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
        this.stop(run, 'operator');
        break;
      case 'check':
        await this.checkAgain(run);
        break;
    }
    return this.view(run);
  }

  /** The run once its check is over: every refusal known, nothing sent yet unless it was already (tests). */
  async checked(id: string): Promise<BatchRun> {
    const run = this.find(id);
    await run.checkedAll;
    return this.view(run);
  }

  /** Resolves when every item of the run has a final status (tests, the benchmark). */
  async finished(id: string): Promise<BatchRun> {
    const run = this.find(id);
    await run.loop;
    await Promise.all(run.items.map((i) => this.steps.settling(i.attempt.id)));
    this.settle(run);
    await run.saving;
    return this.view(run);
  }

  /** Stops every run: nothing more is sent; what is being followed ends as the desk's close makes it. */
  async close(): Promise<void> {
    this.closing = true;
    await this.restored;
    for (const run of this.runs.values()) this.stop(run, 'desk-stopped');
    await Promise.allSettled([...this.runs.values()].map((r) => r.loop));
    await this.steps.stopFollowing();
    for (const run of this.runs.values()) this.settle(run);
    await Promise.allSettled([...this.runs.values()].map((r) => r.saving));
  }

  // ---------- checking ----------

  /**
   * Every item gets its attempt, and every order its guard, all at once with no await in between:
   * an order in flight elsewhere (or named twice in this run) is refused, and no single amend can
   * slip in while the orders are read. The preview's skipped rows are items too.
   */
  private takeGuards(run: Run, requests: readonly ModifyOrderRequest[], skipped: readonly SkippedItem[]): void {
    const { steps } = this;
    const { desk, profile } = run;
    const size = requests.length + skipped.length;
    run.items = requests.map((raw, index) => {
      const attempt = steps.begin(profile, raw, { id: run.id, index, size }, run.source);
      return { index, attempt, ids: steps.idsOf(desk, raw), recorded: false, notSent: false };
    });
    for (const [k, s] of skipped.entries()) {
      const index = requests.length + k;
      const attempt = steps.begin(profile, s.request, { id: run.id, index, size }, run.source);
      const item: Item = { index, attempt, ids: steps.idsOf(desk, s.request), recorded: false, notSent: false };
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
      const refused = steps.take(desk, item.attempt, item.ids, this.queuedReason(run, item));
      if (refused) {
        item.recorded = true;
        run.checked++;
      }
    }
  }

  /** The check, then (unless stopped meanwhile) the sending; a fault of either stops the run. */
  private async checkThenSend(run: Run, checkedAll: () => void): Promise<void> {
    try {
      await this.check(run);
    } catch (e) {
      // A fault of the desk, not an answer: nothing was sent, and nothing will be.
      this.stop(run, 'fault');
      run.sending = false;
      this.settle(run);
      this.opts.onError?.(e);
      return;
    } finally {
      checkedAll();
    }
    if (run.state === 'checking') run.state = 'running';
    run.batches = batchesOf(run.items.filter((i) => !i.recorded && !i.notSent && !i.excluded && !isFinal(i.attempt)));
    // The run's record is on disk before its first request: a restart finds every item.
    await this.persist(run);
    await this.send(run);
  }

  private async check(run: Run): Promise<void> {
    const { desk } = run;
    const { reader } = run;
    const taken = run.items.filter((i) => !i.recorded && !i.excluded);
    const targets = taken.map((item) => {
      const seen = desk.seen.find(item.ids);
      return {
        ids: item.ids,
        category: item.attempt.request.category ?? seen?.category,
        symbol: item.attempt.request.symbol ?? seen?.symbol,
      };
    });
    // The rules' instruments, one Get Instruments per category, while the orders are read.
    let chain = primeInstruments(desk, run.client as AmendClient, targets);
    // Every read starts at once (the reader serves them with a few pages); each item is then decided
    // in run order as soon as its own read is back, so the count of checked items moves as they come.
    for (const [k, item] of taken.entries()) {
      const target = targets[k] as (typeof targets)[number];
      const read = reader.read(target).then(
        (order): { item: Item; order?: Order; error?: unknown } => ({ item, order }),
        (error: unknown) => ({ item, error }),
      );
      chain = chain.then(async () => {
        await this.decide(run, await read);
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
  private async decide(run: Run, r: { item: Item; order?: Order; error?: unknown }): Promise<void> {
    const { steps } = this;
    const { desk } = run;
    const { item } = r;
    const { attempt } = item;
    // Stopped (Cancel, or the desk closing) while the orders were read: its guard is already released.
    if (item.notSent) return;
    if (!r.order) {
      desk.guards.release(item.ids, { attemptId: attempt.id });
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
      return;
    }
    item.ids = full;
    desk.guards.set(full, 'in-flight', this.queuedReason(run, item), attempt.id);
    item.category = (attempt.request.category ?? order.category).toUpperCase();
    item.symbol = attempt.request.symbol ?? order.symbol;
    const checked = await steps.check(desk, run.client as AmendClient, attempt, full, order);
    if ('refused' in checked) {
      // Refused and recorded as such, even if a Cancel came while its rules were checked.
      item.recorded = true;
      item.notSent = false;
    } else if (item.notSent) {
      desk.guards.release(full, { attemptId: attempt.id });
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
    try {
      await recording;
    } catch (e) {
      // Not recorded, so not sent: neither this request nor any after it (the disk is failing).
      watches.forEach((w) => w?.close());
      const error = e instanceof DeskError ? e : deskError('storage', String(e));
      for (const item of items) steps.notRecorded(item.attempt, desk, item.ids, error);
      this.stop(run, 'not-recorded');
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
        const readName = (o: Order) => run.reader.readName(o);
        void steps
          .track(attempt, steps.follow(attempt, desk, ids, watch, read, readName))
          .finally(() => this.settle(run));
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

  /** Nothing more is sent (a fault of the send loop stops it too); while checking, nothing was sent at all. */
  private stop(run: Run, by: StoppedBy = 'fault'): void {
    if (run.finishedAt !== undefined || run.state === 'stopped') return;
    // Cancelled while checking: nothing was sent and nothing will be, so the run ends now, without
    // waiting for the reads still out (their items are decided as not sent when they come back).
    if (run.state === 'checking') run.sending = false;
    run.state = 'stopped';
    run.stoppedBy = by;
    for (const item of run.items) {
      if (item.recorded || item.notSent || item.excluded) continue;
      item.notSent = true;
      run.desk.guards.release(item.ids, { attemptId: item.attempt.id });
    }
    run.resume?.();
    this.settle(run);
    this.persist(run).catch(() => undefined);
  }

  /** "Check again": every item whose outcome is unknown is read and decided as the follow's time limit decides. */
  private async checkAgain(run: Run, only?: Item): Promise<void> {
    const { steps } = this;
    const unknown = only ? [only] : run.items.filter((i) => i.recorded && i.attempt.status === 'unknown');
    if (unknown.length === 0) return;
    const reader = await this.readerOf(run);
    await Promise.all(
      unknown.map(async (item) => {
        let order: Order;
        try {
          order = await reader.read({ ids: item.ids, category: item.category, symbol: item.symbol });
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
    await this.persist(run);
  }

  /** The run's reader; a restored run reads through the active profile, which must be the run's. */
  private async readerOf(run: Run): Promise<OrderReader> {
    if (run.client) return run.reader;
    const { profile, client } = await this.opts.session();
    if (profile.id !== run.profile.id) {
      throw deskError(
        'conflict',
        `This run was made with profile ${run.profile.name}: make it the active profile to check its orders.`,
      );
    }
    run.client = client;
    run.reader = new OrderReader(client, this.opts.reader);
    return run.reader;
  }

  /**
   * Check again for one attempt whose outcome is unknown (Activity): through its run when main holds
   * that run, else with a read of the order by the active profile, which must be the attempt's. An
   * attempt that is not unknown is answered as it stands.
   */
  async checkAttempt(id: string): Promise<AttemptWithGuard> {
    await this.restored;
    const { steps } = this;
    for (const run of this.runs.values()) {
      const item = run.items.find((i) => i.recorded && i.attempt.id === id);
      if (!item) continue;
      if (item.attempt.status === 'unknown') await this.checkAgain(run, item);
      return steps.answer(item.attempt);
    }
    const attempt = steps.live(id) ?? (await steps.log.find(id));
    if (!attempt) throw deskError('not-found', `No amend attempt with id ${id}`);
    if (attempt.status !== 'unknown') return steps.answer(attempt);
    const { profile, client } = await this.opts.session();
    if (profile.id !== attempt.profileId) {
      throw deskError(
        'conflict',
        `This attempt was made with profile ${attempt.profileName}: make it the active profile to check its order.`,
      );
    }
    const ids = attemptIds(attempt);
    const order = await client.getOrder(ids.orderId ? { orderId: ids.orderId } : { clientOid: ids.clientOid });
    steps.recheck(attempt, steps.desk(profile.id), order);
    return steps.answer(attempt);
  }

  // ---------- restoring after a restart ----------

  /**
   * The runs an earlier session left unfinished, or finished with outcomes unknown, back in memory
   * from their records and the log: each item's status is its attempt's last line (attempts left in
   * flight are "unknown" by then), and an item with no attempt in the log was never sent.
   */
  private async restore(): Promise<void> {
    const { records } = this.opts;
    if (!records) return;
    await this.steps.recovered;
    let all;
    try {
      all = await records.all();
    } catch (e) {
      this.opts.onError?.(e);
      return;
    }
    for (const { run: seen, attemptIds: ids } of all) {
      if (this.runs.has(seen.id)) continue;
      if (seen.state === 'done' && seen.counts.unknown === 0) continue;
      const run = await this.restoredRun(seen, ids);
      this.runs.set(run.id, run);
      await this.persist(run);
    }
    await records.prune().catch(() => undefined);
  }

  private async restoredRun(seen: BatchRun, ids: readonly string[]): Promise<Run> {
    const { steps } = this;
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
      desk: steps.desk(seen.profileId),
      reader: new OrderReader(NO_CLIENT),
      startedAt: seen.startedAt,
      finishedAt: seen.finishedAt ?? steps.now(),
      state: 'done',
      stoppedBy: seen.state === 'done' ? seen.stoppedBy : 'desk-stopped',
      checked: seen.items.length,
      restored: true,
      saving: Promise.resolve(),
      requests: seen.requests,
      items,
      batches: [],
      sending: false,
      ...(seen.source ? { source: seen.source } : {}),
    };
  }

  // ---------- bookkeeping ----------

  /** Marks the run done once nothing is being sent and every item has a final status. */
  private settle(run: Run): void {
    if (run.finishedAt !== undefined || run.sending) return;
    const open = run.items.some((i) => !i.notSent && !i.excluded && !(i.recorded && isFinal(i.attempt)));
    if (open) return;
    run.state = 'done';
    run.finishedAt = this.steps.now();
    this.persist(run).catch(() => undefined);
  }

  /** Writes the run's record as it stands now, after the writes before it; a failed write is reported. */
  private persist(run: Run): Promise<void> {
    const { records } = this.opts;
    if (!records) return Promise.resolve();
    run.saving = run.saving.then(async () => {
      try {
        await records.write({ run: this.view(run), attemptIds: run.items.map((i) => i.attempt.id) });
      } catch (e) {
        this.opts.onError?.(e);
      }
    });
    return run.saving;
  }

  private keep(run: Run): void {
    this.runs.set(run.id, run);
    const finished = [...this.runs.values()].filter((r) => r.finishedAt !== undefined && !r.restored);
    for (const old of finished.slice(0, Math.max(0, finished.length - KEPT_RUNS))) this.runs.delete(old.id);
  }

  private find(id: string): Run {
    const run = this.runs.get(id);
    if (!run) throw deskError('not-found', `No amend-many run with id ${id} in this session.`);
    return run;
  }

  private view(run: Run): BatchRun {
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
      items,
    };
  }
}

/** A restored run's client until Check again takes the active profile's (readerOf). */
const NO_CLIENT: OrderReaderClient = {
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

function summaryOf(run: BatchRun): RunSummary {
  const { items: _items, ...summary } = run;
  return summary;
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
