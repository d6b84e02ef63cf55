/**
 * The one IPC contract between the renderer and main: every channel with its request and response
 * schema. The preload and the browser test harness both build window.desk with buildDeskApi, and
 * main validates every payload against the same table before any handler runs.
 */
import { z } from 'zod';
import { activitySearchSchema } from './attempt-search';
import {
  activityEntryPageSchema,
  listActivityEntriesSchema,
  listRunAttemptsSchema,
  runAttemptPageSchema,
} from './activity-entries';
import { ATTEMPT_STATUSES, attemptSchema, attemptWithGuardSchema, orderGuardSchema } from './attempts';
import { DeskError, deskErrorSchema, type DeskErrorData } from './errors';
import { excerpt } from './excerpt';
import { orderStreamStatusSchema } from './order-stream-status';
import {
  changeAlertSchema,
  changeMarkSchema,
  changePageSchema,
  changeStatusSchema,
  listChangesSchema,
  watchedSymbolSchema,
} from './instrument-watch';
import {
  connectionTestSchema,
  profileInputSchema,
  profileSummarySchema,
  profileUpdateSchema,
  storageStatusSchema,
  vaultPassphraseSchema,
} from './profiles';
import {
  boundedText,
  categorySchema,
  idTextSchema,
  instrumentSchema,
  MAX_ID_LENGTH,
  modifyOrderRequestSchema,
  orderSchema,
  tickerCategorySchema,
  tickerSchema,
} from './schemas';
import { revertPreviewSchema, revertSourceSchema, startRevertSchema } from './revert';
import { batchRunSchema, listRunsSchema, runControlSchema, runSummarySchema, startRunSchema } from './batch-run';

const empty = z.strictObject({});
const trimmedId = boundedText(MAX_ID_LENGTH, { trim: true });
const profileId = z.strictObject({ id: idTextSchema });
const orderRef = z
  .strictObject({
    orderId: trimmedId.optional(),
    clientOid: trimmedId.optional(),
  })
  .refine((r) => r.orderId !== undefined || r.clientOid !== undefined, {
    message: 'Give an order ID or a client order ID',
  });

export const contract = {
  getAppStatus: {
    channel: 'app:status',
    request: empty,
    response: z.object({
      version: z.string(),
      activeProfile: profileSummarySchema,
      /** Local clock minus exchange clock (ms) as last measured; null until measured. */
      clockSkewMs: z.number().nullable(),
      storage: storageStatusSchema,
    }),
  },
  listInstruments: {
    channel: 'instruments:list',
    request: z.strictObject({ category: categorySchema, symbol: trimmedId.optional() }),
    response: z.object({ instruments: z.array(instrumentSchema), fetchedAt: z.number() }),
  },
  getOrder: {
    channel: 'orders:get',
    request: orderRef,
    response: z.object({ order: orderSchema, guard: orderGuardSchema }),
  },
  listOpenOrders: {
    channel: 'orders:open',
    request: z.strictObject({
      category: categorySchema.optional(),
      symbol: trimmedId.optional(),
      cursor: boundedText(256, { min: 0 }).optional(),
      limit: z.number().int().min(1).max(100).optional(),
    }),
    response: z.object({
      list: z.array(orderSchema),
      cursor: z.string().nullable(),
      /**
       * Main's guard on each listed order that is not free (in flight, outcome unknown, locked; this
       * desk's or another desk's of the team store), by its Order ID: at most one per order listed.
       */
      guards: z.record(z.string(), orderGuardSchema),
    }),
  },
  sendModification: {
    channel: 'amend:send',
    request: z.strictObject({ request: modifyOrderRequestSchema }),
    response: attemptWithGuardSchema,
  },
  /**
   * An attempt as it stands. With `after` (what the caller saw last) main answers once the attempt
   * has moved on from it, or after a few seconds at most: the desk learns an outcome the moment main
   * does, without polling faster.
   */
  getAttempt: {
    channel: 'amend:attempt',
    request: z.strictObject({
      id: idTextSchema,
      after: z
        .strictObject({ status: z.enum(ATTEMPT_STATUSES), steps: z.number().int().min(0).max(100_000) })
        .optional(),
    }),
    response: attemptWithGuardSchema,
  },
  /** A page of the activity log, newest first, optionally searched; `next` goes on further back. */
  listActivity: {
    channel: 'activity:list',
    request: activitySearchSchema.extend({
      before: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(500).optional(),
    }),
    response: z.object({
      attempts: z.array(attemptSchema),
      /** Pass as `before` for the next page; null when the history is exhausted. */
      next: z.number().int().nullable(),
      /** Attempts in the whole log. */
      total: z.number().int(),
      skippedLines: z.number().int(),
    }),
  },
  /** Market prices of a category (or one symbol): last, best bid/ask, and mark price for futures. */
  getTickers: {
    channel: 'market:tickers',
    request: z.strictObject({ category: tickerCategorySchema, symbol: trimmedId.optional() }),
    response: z.object({ tickers: z.array(tickerSchema), fetchedAt: z.number() }),
  },
  /** Starts amending many orders: main checks every item, then sends and follows them (see batch-run.ts). */
  startRun: { channel: 'run:start', request: startRunSchema, response: batchRunSchema },
  getRun: { channel: 'run:get', request: z.strictObject({ id: idTextSchema }), response: batchRunSchema },
  controlRun: { channel: 'run:control', request: runControlSchema, response: batchRunSchema },
  /** Runs an earlier session left unfinished (after a restart), or the summaries of the runs named. */
  listRuns: { channel: 'run:list', request: listRunsSchema, response: z.object({ runs: z.array(runSummarySchema) }) },
  /** Check again for one attempt whose outcome is unknown: its order is read and the outcome decided if it can be. */
  checkAttempt: {
    channel: 'amend:check',
    request: z.strictObject({ id: idTextSchema }),
    response: attemptWithGuardSchema,
  },
  /** Instrument history of the active profile: the change feed, newest first. */
  listChanges: { channel: 'changes:list', request: listChangesSchema, response: changePageSchema },
  /** Refresh setting, when each category was last checked, and the watched symbols. */
  getChangeStatus: { channel: 'changes:status', request: empty, response: changeStatusSchema },
  setRefreshMinutes: {
    channel: 'changes:refresh',
    request: z.strictObject({ minutes: z.number().int().min(0).max(1440) }),
    response: changeStatusSchema,
  },
  /** Rows of a category changed since the operator last looked at them. */
  getChangeMarks: {
    channel: 'changes:marks',
    request: z.strictObject({ category: categorySchema }),
    response: z.object({ marks: z.array(changeMarkSchema) }),
  },
  /** The operator has seen these rows (all of the category when `symbols` is absent). */
  markChangesSeen: {
    channel: 'changes:seen',
    request: z.strictObject({
      category: categorySchema,
      symbols: z.array(trimmedId).max(5000).optional(),
    }),
    response: z.object({ marks: z.array(changeMarkSchema) }),
  },
  setWatched: {
    channel: 'watch:set',
    request: watchedSymbolSchema.extend({ watched: z.boolean() }).strict(),
    response: changeStatusSchema,
  },
  /** Alerts for watched symbols not handed out before: each is given once, to be shown as a notification. */
  takeChangeAlerts: {
    channel: 'changes:alerts',
    request: empty,
    response: z.object({ alerts: z.array(changeAlertSchema) }),
  },
  /** The active profile's private order stream: how amend outcomes become known (null: none runs). */
  getOrderStream: {
    channel: 'stream:status',
    request: empty,
    response: z.object({ stream: orderStreamStatusSchema.nullable() }),
  },
  listProfiles: {
    channel: 'profiles:list',
    request: empty,
    response: z.object({ profiles: z.array(profileSummarySchema), storage: storageStatusSchema }),
  },
  createProfile: { channel: 'profiles:create', request: profileInputSchema, response: profileSummarySchema },
  updateProfile: { channel: 'profiles:update', request: profileUpdateSchema, response: profileSummarySchema },
  deleteProfile: { channel: 'profiles:delete', request: profileId, response: z.object({ deleted: z.string() }) },
  selectProfile: { channel: 'profiles:select', request: profileId, response: profileSummarySchema },
  testConnection: { channel: 'profiles:test', request: profileId, response: connectionTestSchema },
  /** Creates the passphrase vault (only when none exists) and leaves it unlocked. */
  setupVault: {
    channel: 'vault:setup',
    request: z.strictObject({ passphrase: vaultPassphraseSchema }),
    response: storageStatusSchema,
  },
  unlockVault: {
    channel: 'vault:unlock',
    request: z.strictObject({ passphrase: z.string().min(1).max(1024) }),
    response: storageStatusSchema,
  },
  lockVault: { channel: 'vault:lock', request: empty, response: storageStatusSchema },
  /** Re-seals every secret under the new passphrase in one atomic write. */
  changeVaultPassphrase: {
    channel: 'vault:change',
    request: z.strictObject({ current: z.string().min(1).max(1024), next: vaultPassphraseSchema }),
    response: storageStatusSchema,
  },
  /**
   * The operator confirms where a tampered profile now points (its `tampered` field): its secrets
   * are sealed again for that destination and may be used there.
   */
  confirmProfileDestination: {
    channel: 'profiles:confirm-destination',
    request: profileId,
    response: profileSummarySchema,
  },
  /**
   * Whether the activity log can be written. While it cannot, nothing is sent (every amend is
   * recorded before it goes) and the header shows why.
   */
  getActivityHealth: {
    channel: 'activity:health',
    request: empty,
    response: z.object({
      writable: z.boolean(),
      /** Why not, in words; null while writable. */
      message: z.string().max(2000).nullable(),
      /** Since when (ms since the epoch); null while writable. */
      since: z.number().nullable(),
    }),
  },
  /**
   * The renderer's heartbeat (about once a second): an answer means the host and the core behind it
   * are there. Nothing else; it must stay cheap.
   */
  pingHost: { channel: 'app:ping', request: empty, response: z.object({ at: z.number() }) },
  /**
   * Fetches every category of the active profile now, one after another through the client's rate
   * limiter (the background check's round, on demand), and answers with the new status.
   */
  checkChangesNow: { channel: 'changes:check', request: empty, response: changeStatusSchema },
  /**
   * Puts the Local demo's embedded exchange back to its bundled accounts, instruments and orders
   * (its state is otherwise kept across restarts). Refused when the demo exchange runs outside the app.
   */
  resetLocalDemo: { channel: 'demo:reset', request: empty, response: z.object({ resetAt: z.number() }) },
  /**
   * One chunk of the Activity export: CSV rows (no header) of the attempts matching the filter,
   * newest first, from `before` on back. The renderer calls again with `next` until it is null, so
   * the file holds every match however long the history, and shows how far back it has read.
   */
  exportActivity: {
    channel: 'activity:export',
    request: activitySearchSchema.extend({ before: z.number().int().min(0).optional() }),
    response: z.object({
      csv: z.string(),
      /** Attempts in this chunk. */
      rows: z.number().int(),
      /** Pass as `before` for the next chunk; null when the whole history has been read. */
      next: z.number().int().nullable(),
      /** Attempts in the whole log (`total - next` of them have been read). */
      total: z.number().int(),
    }),
  },
  /**
   * The Activity list: entries newest first, a single amend or an amend-many run as one entry each
   * (a run with its counts by outcome; its items through listRunAttempts), optionally searched: a run
   * is listed when any of its items matches. `next` goes on further back.
   */
  listActivityEntries: {
    channel: 'activity:entries',
    request: listActivityEntriesSchema,
    response: activityEntryPageSchema,
  },
  /** One run's attempts in the order recorded, a page at a time; with a search, only those matching. */
  listRunAttempts: { channel: 'activity:run-attempts', request: listRunAttemptsSchema, response: runAttemptPageSchema },
  /**
   * Revert, step 1: what undoing a finished run (runId) or one applied attempt (attemptId) would
   * send. Every applied item's order is read fresh; each row is ready (from → to the recorded
   * values), refused by today's rules, or excluded with why (no longer open, modified since, filled
   * at or above the old quantity). Nothing is sent.
   */
  previewRevert: { channel: 'run:revert-preview', request: revertSourceSchema, response: revertPreviewSchema },
  /**
   * Revert, step 2: starts it as a normal run (answers as run:start does) with the attempts the
   * operator confirmed (`send`); each is refused at its check if its order changed meanwhile.
   * Refused while a revert of the same run or attempt is under way.
   */
  startRevert: { channel: 'run:revert-start', request: startRevertSchema, response: batchRunSchema },
  /** The runs that reverted a run or attempt ("Reverted by …"), and whether one is under way. */
  getRevertLinks: {
    channel: 'run:revert-links',
    request: revertSourceSchema,
    response: revertPreviewSchema.pick({ revertedBy: true, blocked: true }),
  },
} as const satisfies Record<string, { channel: string; request: z.ZodType; response: z.ZodType }>;

export type Contract = typeof contract;
export type Method = keyof Contract;
export type RequestOf<M extends Method> = z.input<Contract[M]['request']>;
export type ParsedRequestOf<M extends Method> = z.output<Contract[M]['request']>;
export type ResponseOf<M extends Method> = z.output<Contract[M]['response']>;

/** Every IPC answer is wrapped so a structured error survives the trip (Electron flattens thrown errors). */
export const resultSchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: deskErrorSchema }),
]);
export type IpcResult = { ok: true; data: unknown } | { ok: false; error: DeskErrorData };

export type Invoke = (channel: string, payload: unknown) => Promise<unknown>;

/**
 * window.desk resolves every call to a result instead of rejecting: contextBridge strips custom
 * properties from errors, so a structured DeskError would not survive a throw across it.
 */
export type DeskResult<T> = { ok: true; data: T } | { ok: false; error: DeskErrorData };
export type DeskApi = { [M in Method]: (request: RequestOf<M>) => Promise<DeskResult<ResponseOf<M>>> };

export const CHANNELS: readonly string[] = Object.values(contract).map((c) => c.channel);

export function methodOfChannel(channel: string): Method | undefined {
  return (Object.keys(contract) as Method[]).find((m) => contract[m].channel === channel);
}

function internal(message: string): { ok: false; error: DeskErrorData } {
  return { ok: false, error: { kind: 'internal', message, mayHaveTakenEffect: false } };
}

/** Builds window.desk from a raw invoke (ipcRenderer.invoke in the preload, a binding in tests). */
export function buildDeskApi(invoke: Invoke): DeskApi {
  const api = {} as Record<Method, (request: unknown) => Promise<DeskResult<unknown>>>;
  for (const method of Object.keys(contract) as Method[]) {
    const { channel, response } = contract[method];
    api[method] = async (request: unknown) => {
      let answer: unknown;
      try {
        answer = await invoke(channel, request);
      } catch (e) {
        return internal(`The main process did not answer on ${channel}: ${e instanceof Error ? e.message : String(e)}`);
      }
      const raw = resultSchema.safeParse(answer);
      if (!raw.success) return internal(`Malformed answer on ${channel}`);
      if (!raw.data.ok) return { ok: false, error: raw.data.error };
      const parsed = response.safeParse(raw.data.data);
      if (!parsed.success) return internal(`Unexpected answer on ${channel}: ${z.prettifyError(parsed.error)}`);
      return { ok: true, data: parsed.data };
    };
  }
  return api as unknown as DeskApi;
}

/** Renderer/CLI side: turns a DeskResult back into a value or a thrown DeskError. */
export async function unwrap<T>(result: Promise<DeskResult<T>> | DeskResult<T>): Promise<T> {
  const r = await result;
  if (r.ok) return r.data;
  throw new DeskError(r.error);
}

/** Issues quoted in a refusal; the rest are counted. */
const MAX_DETAILS = 10;

/**
 * Turns a zod error into the field-level lines of a validation DeskError. Paths and unknown key
 * names come from the payload, so each is a short, sanitised excerpt, and a payload with thousands
 * of bad items gets a few lines and a count.
 */
export function validationDetails(error: z.ZodError): string[] {
  const lines = error.issues.slice(0, MAX_DETAILS).map((i) => {
    const path = i.path.length ? i.path.map((p) => excerpt(String(p), 24)).join('.') : '(payload)';
    return `${path}: ${issueMessage(i)}`;
  });
  const more = error.issues.length - MAX_DETAILS;
  return more > 0 ? [...lines, `… and ${more} more`] : lines;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'unrecognized_keys') return excerpt(issue.message, 200);
  const named = issue.keys.slice(0, 3).map((k) => `"${excerpt(k, 24)}"`);
  const more = issue.keys.length > 3 ? ` and ${issue.keys.length - 3} more` : '';
  return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${named.join(', ')}${more}`;
}
