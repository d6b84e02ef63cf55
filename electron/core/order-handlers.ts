import { deskError } from '../../shared/errors';
import type { CoreContext } from './context';
import type { CoreHandlers } from './handlers';

type OrderMethods = 'getOrder' | 'listOpenOrders' | 'sendModification' | 'getAttempt' | 'listActivity';

// The amend desk (order lookup, modification, following, activity log) is its own issue.
export function orderHandlers(_ctx: CoreContext): Pick<CoreHandlers, OrderMethods> {
  const notYet = () => Promise.reject(deskError('internal', 'The amend desk is not built yet.'));
  return { getOrder: notYet, listOpenOrders: notYet, sendModification: notYet, getAttempt: notYet, listActivity: notYet };
}
