/**
 * The Activity screen's handlers: pages of the log, a run's attempts, the CSV export and whether the
 * log can be written. All of the logic lives in ActivityService.
 */
import type { ActivityService } from '../activity/activity-service';
import type { CoreHandlers } from './handlers';

type ActivityMethods =
  'listActivity' | 'exportActivity' | 'listActivityEntries' | 'listRunAttempts' | 'getActivityHealth';

export function activityHandlers(activity: ActivityService): Pick<CoreHandlers, ActivityMethods> {
  return {
    listActivity: (query) => activity.listActivity(query),
    exportActivity: (query) => activity.exportActivity(query),
    listActivityEntries: (query) => activity.listActivityEntries(query),
    listRunAttempts: (query) => activity.listRunAttempts(query),
    getActivityHealth: () => activity.logHealth(),
  };
}
