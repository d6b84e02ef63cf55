/**
 * Runs of many amends (shared/batch-run.ts): main checks every item exactly as it checks a single
 * amend (guard, then the shared rules against the order as just read and its instrument), then sends
 * the accepted ones through Batch Modify Orders — at most 20 of one category per request, request
 * after request, each once (never retried), paced by the client's limiter under the modify budget —
 * and follows each accepted item to its outcome like a single amend. Every per-item rule lives in
 * amend-steps.ts, shared with single amends, so the two guard each other's orders.
 *
 * Run states: 'checking' → 'running' → ('paused' ⇄ 'running') → 'done' when every item has a final
 * status. start() answers at once, while the orders are read and checked (`checked` counts them), so
 * the Amend many screen shows the check's progress and Stop there cancels the run before its first
 * request. Stop makes it 'stopped' at once: nothing more is sent, the items not sent become
 * 'not-sent' (their orders untouched and free again), and it turns 'done' when the sent ones have
 * been followed to their end. A run is finished exactly when it has `finishedAt`. Pause, resume and stop of a finished
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
 *
 * This module holds the runs and their life; the parts of one run live beside it: its shape and
 * view (run-model.ts), its check (run-check.ts), its sending (run-send.ts) and its restoring
 * (run-restore.ts).
 */
import { randomUUID } from 'node:crypto';
import type { CallSource } from '../../shared/call-source';
import type { AttemptWithGuard } from '../../shared/attempts';
import {
  MAX_RUN_ITEMS,
  type BatchRun,
  type RevertLink,
  type RunSummary,
  type SkippedItem,
  type StoppedBy,
} from '../../shared/batch-run';
import { byCategoryBatches } from '../../shared/amend-plan';
import { deskError } from '../../shared/errors';
import type { ModifyOrderRequest } from '../../shared/schemas';
import type { AmendSession } from './amend-service';
import type { AmendSteps } from './amend-steps';
import { OrderReader, type OrderReaderOptions } from './order-reader';
import { checkRun, takeGuards } from './run-check';
import { isFinal, queuedReason, summaryOf, viewOf, type Item, type Run } from './run-model';
import type { RunRecord, RunRecords } from './run-records';
import { RevertLinks, revertBusyWords } from './revert-links';
import type { RevertExpect } from '../../shared/revert-rules';
import { recheckAttempt, recheckItems } from './run-recheck';
import { restoredRun } from './run-restore';
import { sendRun } from './run-send';

/** Finished runs kept for getRun. */
export const KEPT_RUNS = 20;

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

export class AmendRuns {
  private readonly runs = new Map<string, Run>();
  private readonly links = new RevertLinks();
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
   * are not sent, so the run accounts for every selected order. `source`: where the call came from;
   * `revert`: the run or attempt this run undoes, and what each order must still show.
   */
  async start(
    requests: readonly ModifyOrderRequest[],
    skipped: readonly SkippedItem[] = [],
    source?: CallSource,
    revert?: { reverts: RevertLink; expect: readonly RevertExpect[] },
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
    const state = this.steps.profileState(profile.id);
    // Checked after the last await: two reverts of the same run cannot both find it free.
    const busy = revert ? this.openRevertOf(revert.reverts) : undefined;
    if (revert && busy) throw deskError('conflict', revertBusyWords(revert.reverts, busy));
    const run: Run = {
      id: this.newId(),
      profile,
      client,
      batchModify,
      stream,
      profileState: state,
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
      ...(revert ? { reverts: revert.reverts } : {}),
    };
    this.keep(run);
    if (revert) this.links.note(revert.reverts, run.id);
    takeGuards(this.steps, run, requests, skipped);
    for (const [k, expect] of (revert?.expect ?? []).entries()) {
      const item = run.items[k];
      if (item) item.expect = expect;
    }
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
        const record = (await this.opts.records?.read(id).catch(() => undefined)) ?? (await this.teamRecord(id));
        if (record) out.push(summaryOf(this.linked(record.run)));
      }
    }
    return out;
  }

  /** Another desk's run, from the active profile's team store (a revert of one of this desk's, say). */
  private async teamRecord(id: string): Promise<RunRecord | undefined> {
    const session = await this.opts.session().catch(() => undefined);
    const team = session && this.steps.teamOf(session.profile.id);
    return team?.runRecord(id).catch(() => undefined);
  }

  /** Which run reverts which, as the team store lists them: "Reverted by" names another desk's revert too. */
  noteRevertLinks(links: ReadonlyArray<{ runId: string; link: RevertLink }>): void {
    for (const { runId, link } of links) this.links.note(link, runId);
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
        this.resumeNotRecorded(run);
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

  /** Stops every run: nothing more is sent; what is being followed ends as AmendSteps.stopFollowing makes it. */
  async close(): Promise<void> {
    this.closing = true;
    await this.restored;
    for (const run of this.runs.values()) this.stop(run, 'desk-stopped');
    await Promise.allSettled([...this.runs.values()].map((r) => r.loop));
    await this.steps.stopFollowing();
    for (const run of this.runs.values()) this.settle(run);
    await Promise.allSettled([...this.runs.values()].map((r) => r.saving));
  }

  // ---------- checking, then sending ----------

  /** The check, then (unless stopped meanwhile) the sending; a fault of either stops the run. */
  private async checkThenSend(run: Run, checkedAll: () => void): Promise<void> {
    try {
      await checkRun(this.steps, run);
    } catch (e) {
      // A fault in main, not an answer: nothing was sent, and nothing will be.
      this.stop(run, 'fault');
      run.sending = false;
      this.settle(run);
      this.opts.onError?.(e);
      return;
    } finally {
      checkedAll();
    }
    if (run.state === 'checking') run.state = 'running';
    const toSend = run.items.filter((i) => !i.recorded && !i.notSent && !i.excluded && !isFinal(i.attempt));
    run.batches = byCategoryBatches(toSend, (i) => i.category ?? '').map((b) => b.items);
    // The run's record is on disk before its first request: a restart finds every item.
    await this.persist(run);
    await sendRun(this.steps, run, {
      stop: (r, by) => this.stop(r, by),
      settle: (r) => this.settle(r),
      onError: this.opts.onError,
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
      run.profileState.guards.release(item.ids, { attemptId: item.attempt.id });
    }
    run.resume?.();
    this.settle(run);
    this.persist(run).catch(() => undefined);
  }

  /** "Check again": every item whose outcome is unknown is read and decided as the follow's time limit decides. */
  private async checkAgain(run: Run, only?: Item): Promise<void> {
    const unknown = only ? [only] : run.items.filter((i) => i.recorded && i.attempt.status === 'unknown');
    if (unknown.length === 0) return;
    await recheckItems(this.steps, run, await this.readerOf(run), unknown);
    this.settle(run);
    await this.persist(run);
  }

  /**
   * A run stopped because a request of it could not be recorded (a full disk, a team store down):
   * Check again sends what it never sent, once the record can be written again. Each such item gets
   * a new attempt, its guard and a fresh check, as at the start; what was sent stays as it ended.
   */
  private resumeNotRecorded(run: Run): void {
    if (run.stoppedBy !== 'not-recorded' || run.finishedAt === undefined || !run.client || run.sending) return;
    const unsent = run.items.filter(
      (i) => !i.excluded && (i.notSent || (i.attempt.status === 'refused' && i.attempt.error?.kind === 'storage')),
    );
    if (unsent.length === 0) return;
    const state = run.profileState;
    for (const item of unsent) {
      item.attempt = this.steps.begin(
        run.profile,
        item.attempt.request,
        { id: run.id, index: item.index, size: run.items.length },
        run.source,
      );
      item.recorded = false;
      item.notSent = false;
      item.checked = false;
      run.checked--;
      if (this.steps.take(state, item.attempt, item.ids, queuedReason(run, item))) {
        item.recorded = true;
        run.checked++;
      }
    }
    run.state = 'checking';
    delete run.stoppedBy;
    delete run.finishedAt;
    run.sending = true;
    let checkedAll = () => {};
    run.checkedAll = new Promise<void>((resolve) => (checkedAll = resolve));
    run.loop = this.checkThenSend(run, checkedAll);
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
    return recheckAttempt(steps, this.opts.session, id);
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
      if (seen.reverts) this.links.note(seen.reverts, seen.id);
      if (this.runs.has(seen.id)) continue;
      if (seen.state === 'done' && seen.counts.unknown === 0) continue;
      const run = await restoredRun(this.steps, seen, ids);
      this.runs.set(run.id, run);
      await this.persist(run);
    }
    await records.prune().catch(() => undefined);
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
      const record = { run: this.view(run), attemptIds: run.items.map((i) => i.attempt.id) };
      const team = this.steps.teamOf(run.profile.id);
      try {
        await records.write(record);
      } catch (e) {
        this.opts.onError?.(e);
      }
      // The team's desks see and may revert it; its items' attempts are in the store already.
      await team?.recordRun(record).catch((e: unknown) => this.opts.onError?.(e));
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
    return this.linked(viewOf(run));
  }

  /** The run with the runs that revert it. */
  private linked(run: BatchRun): BatchRun {
    const by = this.links.of({ kind: 'run', id: run.id });
    return by.length ? { ...run, revertedBy: by } : run;
  }

  // ---------- reverts ----------

  /** The id of a revert of this run or attempt that is not finished, if any. */
  openRevertOf(link: RevertLink): string | undefined {
    return this.links.of(link).find((id) => {
      const run = this.runs.get(id);
      return run !== undefined && run.finishedAt === undefined;
    });
  }

  /** Summaries of the runs that revert this run or attempt, oldest first. */
  async revertsOf(link: RevertLink): Promise<RunSummary[]> {
    await this.restored;
    return this.summaries(this.links.of(link));
  }

  /** A finished run and its items' attempt ids, from memory or its record; undefined when neither has it. */
  async recordOf(id: string): Promise<{ run: BatchRun; attemptIds: string[] } | undefined> {
    await this.restored;
    const run = this.runs.get(id);
    if (run) return { run: this.view(run), attemptIds: run.items.map((i) => i.attempt.id) };
    const record = await this.opts.records?.read(id).catch(() => undefined);
    return record ? { run: this.linked(record.run), attemptIds: record.attemptIds } : undefined;
  }
}
