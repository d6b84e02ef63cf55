/**
 * The amend desk's IPC handlers: order lookup, modification and its follow-up, and the activity
 * log. All of the logic lives in AmendService; this only wires it to the active profile.
 */
import { ActivityLog } from '../activity/activity-log';
import { AmendService } from '../amend/amend-service';
import type { CoreContext } from './context';
import type { CoreHandlers } from './handlers';

type OrderMethods = 'getOrder' | 'listOpenOrders' | 'sendModification' | 'getAttempt' | 'listActivity';

export function createAmendService(ctx: CoreContext): AmendService {
  return new AmendService({
    session: () => ctx.profiles.active(),
    log: new ActivityLog(ctx.deps.userDataDir),
    now: ctx.now,
    followTimeoutMs: ctx.deps.followTimeoutMs,
    onLogError: (e) =>
      console.error('[activity] could not append to the activity log:', e instanceof Error ? e.message : e),
  });
}

export function orderHandlers(ctx: CoreContext, service = createAmendService(ctx)): Pick<CoreHandlers, OrderMethods> {
  return {
    getOrder: (ref) => service.getOrder(ref),
    listOpenOrders: (query) => service.listOpenOrders(query),
    sendModification: ({ request }) => service.send(request),
    getAttempt: ({ id }) => service.getAttempt(id),
    listActivity: (query) => service.listActivity(query),
  };
}
