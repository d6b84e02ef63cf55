/**
 * Revert: undo a finished run, or one applied attempt, with a run that sets each applied item's
 * price and/or quantity back to the values recorded before it. The preview reads every item's order
 * fresh, by category page as a run does (order-reader.ts), with one Get Instruments per category,
 * and plans each row with shared/revert-rules.ts; the start builds the same requests from the
 * records alone and hands them to AmendRuns as a normal run (guards, check against main's own read,
 * write-ahead, pause/stop, follow), each item carrying what the order must still show, so an order
 * modified between the preview and the send is refused rather than reverted blindly.
 */
import type { CallSource } from '../../shared/call-source';
import type { Attempt } from '../../shared/attempts';
import type { BatchRun, RevertLink, SkippedItem } from '../../shared/batch-run';
import { MAX_RUN_ITEMS } from '../../shared/batch-run';
import { changeText } from '../../shared/change-text';
import { deskError, describeError, DeskError } from '../../shared/errors';
import { attemptIds, mergeIds } from '../../shared/order-ids';
import type { RevertPreview, RevertSource } from '../../shared/revert';
import { planRevertRow, revertOf, type RevertExpect, type RevertRow } from '../../shared/revert-rules';
import { categorySchema, type ModifyOrderRequest, type Order } from '../../shared/schemas';
import type { AmendRuns } from './amend-runs';
import type { AmendSession } from './amend-service';
import type { AmendSteps } from './amend-steps';
import { primeInstruments } from './category-pages';
import { OrderReader, type OrderReaderOptions } from './order-reader';
import { revertBusyWords } from './revert-links';

export interface RevertsOptions {
  runs: AmendRuns;
  steps: AmendSteps;
  session: () => Promise<AmendSession>;
  reader?: OrderReaderOptions;
}

/** What is undone, from the records: its link, whose it was, and its attempts in item order. */
interface Source {
  link: RevertLink;
  startedAt: number;
  profileId: string;
  profileName: string;
  environment: BatchRun['environment'];
  label: string;
  attempts: Attempt[];
}

export interface StartRevert {
  source: RevertSource;
  send: readonly string[];
  skipped?: readonly { attemptId: string; verdict: 'refused' | 'excluded'; why: string }[];
  /** Where the call came from: the revert run and its attempts carry it. */
  caller?: CallSource;
}

export class Reverts {
  /** Reads of the last preview (for the benchmark). */
  lastReader: OrderReader | undefined;

  constructor(private readonly opts: RevertsOptions) {}

  async preview(which: RevertSource): Promise<RevertPreview> {
    const source = await this.source(which);
    const { client } = await this.session(source);
    const { steps } = this.opts;
    const state = steps.profileState(source.profileId);
    const reader = new OrderReader(client, this.opts.reader);
    this.lastReader = reader;
    const targets = source.attempts.map((a) => {
      const snap = a.after ?? a.before;
      return {
        ids: mergeIds(attemptIds(a), snap ? { orderId: snap.orderId, clientOid: snap.clientOid } : {}),
        category: (a.request.category ?? snap?.category)?.toUpperCase(),
        symbol: a.request.symbol ?? snap?.symbol,
      };
    });
    // Only the applied ones are read; the others say so from their records.
    const reads = source.attempts.map((a, k) =>
      a.status === 'applied'
        ? reader.read(targets[k]!).then(
            (order): { order?: Order; error?: string } => ({ order }),
            (e: unknown) => ({ error: e instanceof DeskError ? describeError(e.data) : String(e) }),
          )
        : Promise.resolve({}),
    );
    await primeInstruments(state, client, targets);
    const now = steps.now();
    const rows: RevertRow[] = [];
    for (const [k, attempt] of source.attempts.entries()) {
      const read: { order?: Order; error?: string } = await reads[k]!;
      if (read.order) state.seen.remember(read.order);
      const t = targets[k]!;
      const category = categorySchema.safeParse(t.category ?? read.order?.category.toUpperCase());
      const symbol = t.symbol ?? read.order?.symbol;
      let lookup;
      if (read.order && category.success && symbol) {
        lookup = await state.instruments
          .get(category.data, symbol, (c, s) => client.getInstruments(c, s))
          .catch(() => undefined);
      }
      rows.push(
        planRevertRow({
          attempt,
          ...(read.order ? { order: read.order } : {}),
          ...(read.error ? { readError: read.error } : {}),
          ...(lookup?.instrument ? { instrument: lookup.instrument } : {}),
          ...(lookup && 'notFound' in lookup ? { instrumentNotFound: true } : {}),
          now,
        }),
      );
    }
    const busy = this.opts.runs.openRevertOf(source.link);
    return {
      source: {
        ...source.link,
        startedAt: source.startedAt,
        profileId: source.profileId,
        profileName: source.profileName,
        environment: source.environment,
        label: source.label,
      },
      rows,
      revertedBy: await this.opts.runs.revertsOf(source.link),
      ...(busy ? { blocked: revertBusyWords(source.link, busy) } : {}),
      readAt: now,
    };
  }

  /**
   * Starts the revert as a run: the confirmed attempts (`send`) go back to their recorded values,
   * the other applied ones are carried as skipped with the preview's words. Refused while a revert
   * of the same run or attempt is under way (AmendRuns.start decides that, after its last await).
   */
  async start(input: StartRevert): Promise<BatchRun> {
    const source = await this.source(input.source);
    await this.session(source);
    const send = new Set(input.send);
    const why = new Map((input.skipped ?? []).map((s) => [s.attemptId, s]));
    const requests: ModifyOrderRequest[] = [];
    const expect: RevertExpect[] = [];
    const skipped: SkippedItem[] = [];
    for (const attempt of source.attempts) {
      const target = revertOf(attempt);
      if (!('request' in target)) {
        if (send.has(attempt.id)) throw deskError('validation', `Attempt ${attempt.id}: ${target.message}.`);
        continue;
      }
      if (send.delete(attempt.id)) {
        requests.push(target.request);
        expect.push(target.expect);
        continue;
      }
      const said = why.get(attempt.id);
      skipped.push({
        request: target.request,
        verdict: said?.verdict ?? 'excluded',
        why: said?.why ?? 'it was not among the orders confirmed to go back',
      });
    }
    if (send.size > 0) {
      throw deskError('validation', `${send.size} of the attempts named are not part of this ${source.link.kind}.`);
    }
    if (requests.length === 0) throw deskError('validation', 'Nothing to revert: no order is ready to go back.');
    return this.opts.runs.start(requests, skipped, input.caller, { reverts: source.link, expect });
  }

  /** The runs that reverted it, and whether one is under way. */
  async links(which: RevertSource): Promise<Pick<RevertPreview, 'revertedBy' | 'blocked'>> {
    const link = linkOf(which);
    const busy = this.opts.runs.openRevertOf(link);
    return {
      revertedBy: await this.opts.runs.revertsOf(link),
      ...(busy ? { blocked: revertBusyWords(link, busy) } : {}),
    };
  }

  /** A revert goes with the profile that made the amends, and only while it is the active one. */
  private async session(source: Source): Promise<AmendSession> {
    const session = await this.opts.session();
    if (session.profile.id !== source.profileId) {
      throw deskError(
        'conflict',
        `This ${source.link.kind} was made with profile ${source.profileName}: make it the active profile to revert it.`,
      );
    }
    return session;
  }

  private async source(which: RevertSource): Promise<Source> {
    const link = linkOf(which);
    const { steps } = this.opts;
    if (link.kind === 'attempt') {
      const { profile } = await this.opts.session();
      const own = steps.live(link.id) ?? (await steps.log.find(link.id));
      // Another desk's amend, from the active profile's team store: the same account, so this profile's.
      const shared = own ? undefined : (await steps.teamOf(profile.id)?.find([link.id]))?.[0];
      const attempt = own ?? (shared && { ...shared, profileId: profile.id });
      if (!attempt) throw deskError('not-found', `No amend attempt with id ${link.id}.`);
      if (attempt.status !== 'applied') {
        throw deskError('conflict', `This amend was not applied (${attempt.status}): there is nothing to revert.`);
      }
      return {
        link,
        startedAt: attempt.startedAt,
        profileId: attempt.profileId,
        profileName: attempt.profileName,
        environment: attempt.environment,
        label: `Amend of ${attempt.request.symbol ?? attempt.before?.symbol ?? 'order'}: ${changeText(attempt.request, attempt.before, attempt.after)}`,
        attempts: [attempt],
      };
    }
    const local = await this.opts.runs.recordOf(link.id);
    // Another desk's run of the team: its record and attempts are in the profile's team store.
    const { profile } = await this.opts.session();
    const team = local ? undefined : steps.teamOf(profile.id);
    const shared = team ? await team.runRecord(link.id) : undefined;
    const record = local ?? shared;
    if (!record) throw deskError('not-found', `No amend-many run with id ${link.id} is recorded.`);
    const { run } = record;
    if (run.finishedAt === undefined) {
      throw deskError('conflict', 'This run is still under way: it can be reverted once it is finished.');
    }
    // The run's attempts in one read of the log's run key (or the store's), then any not found there one by one.
    const page = shared
      ? { attempts: await team!.runAttempts(run.id) }
      : await steps.log.pageByKeys([`r:${run.id}`], { limit: MAX_RUN_ITEMS });
    const logged = new Map(page.attempts.map((a) => [a.id, a]));
    const attempts: Attempt[] = [];
    for (const item of run.items) {
      if (item.status === 'excluded' || item.status === 'not-sent' || item.status === 'queued') continue;
      const id = record.attemptIds[item.index];
      if (!id) continue;
      const attempt = steps.live(id) ?? logged.get(id) ?? (await steps.log.find(id));
      if (attempt) attempts.push(attempt);
    }
    return {
      link,
      startedAt: run.startedAt,
      // Another desk's run of the team store: the same account, so the active profile's.
      profileId: shared ? profile.id : run.profileId,
      profileName: run.profileName,
      environment: run.environment,
      label: `Amend many run of ${run.items.length} item${run.items.length === 1 ? '' : 's'}${shared ? ` by ${shared.who}` : ''}`,
      attempts,
    };
  }
}

function linkOf(which: RevertSource): RevertLink {
  return which.runId !== undefined ? { kind: 'run', id: which.runId } : { kind: 'attempt', id: which.attemptId ?? '' };
}
