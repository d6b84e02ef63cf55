/**
 * The amend screen's handlers: order lookup, open orders, a modification and its follow-up, and the
 * order stream's state. All of the logic lives in AmendService; this only wires it to the active
 * profile. Activity's reads are activity-handlers.ts.
 */
import type { ActivityLog } from '../activity/activity-log';
import { AmendService } from '../amend/amend-service';
import type { CallSource, Caller } from '../../shared/call-source';
import type { CoreContext } from './context';
import { coreLimits } from './core-limits';
import type { CoreHandlers } from './handlers';

type OrderMethods = 'getOrder' | 'listOpenOrders' | 'sendModification' | 'getAttempt' | 'getOrderStream';

/** The active profile, its client and its order stream (started on first use). */
export async function activeSession(ctx: CoreContext) {
  const session = await ctx.profiles.active();
  const team = await ctx.team.forProfile(session.profile);
  return { ...session, stream: ctx.streams.use(session.profile.id, session.client), ...(team ? { team } : {}) };
}

/** `log`: the user-data folder's activity log, which Activity reads too (activity-handlers.ts). */
export function createAmendService(ctx: CoreContext, log: ActivityLog): AmendService {
  return new AmendService({
    session: () => activeSession(ctx),
    log,
    now: ctx.now,
    followTimeoutMs: coreLimits(ctx.deps).followTimeoutMs,
    team: (profileId) => ctx.team.current(profileId),
    onLogError: (e) =>
      console.error('[activity] could not append to the activity log:', e instanceof Error ? e.message : e),
  });
}

/** `sourceOf`: what an attempt records of where it came from (see source-tag.ts). */
export function orderHandlers(
  ctx: CoreContext,
  service: AmendService,
  sourceOf: (caller?: Caller) => CallSource,
): Pick<CoreHandlers, OrderMethods> {
  return {
    getOrder: (ref) => service.getOrder(ref),
    listOpenOrders: (query) => service.listOpenOrders(query),
    sendModification: ({ request }, caller) => service.send(request, sourceOf(caller)),
    getAttempt: ({ id, after }) => service.getAttempt(id, after),
    // Asking is also what keeps the stream on the active profile (and off once its vault is locked).
    getOrderStream: async () => {
      await activeSession(ctx);
      return { stream: ctx.streams.status() };
    },
  };
}
