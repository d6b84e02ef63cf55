/** How an attempt reads in the Activity list's duration and its CSV (the columns live in shared/activity-csv.ts). */
import type { Attempt } from '../../../shared/attempts';
import { ACTIVITY_CSV_HEADER, activityCsvRows } from '../../../shared/activity-csv';

export { durationMs } from '../../../shared/activity-csv';

export function activityCsv(attempts: Attempt[]): string {
  return ACTIVITY_CSV_HEADER + activityCsvRows(attempts);
}
