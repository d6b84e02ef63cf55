/**
 * The Activity log as CSV: one row per attempt, the same columns whether the Activity screen exports
 * it (streamed from main) or `uta-desk activity --csv` writes it. Times are ISO 8601 in UTC so a file
 * reads the same on every machine.
 */
import type { Attempt } from './attempts';
import { toCsv } from './csv';

export function durationMs(a: Attempt): number | undefined {
  return a.finishedAt === undefined ? undefined : a.finishedAt - a.startedAt;
}

const CSV_COLUMNS: [string, (a: Attempt) => string][] = [
  ['time', (a) => new Date(a.startedAt).toISOString()],
  ['started_ms', (a) => String(a.startedAt)],
  ['profile', (a) => a.profileName],
  ['environment', (a) => a.environment],
  ['order_id', (a) => a.request.orderId ?? a.after?.orderId ?? a.before?.orderId ?? ''],
  ['client_oid', (a) => a.request.clientOid ?? a.after?.clientOid ?? a.before?.clientOid ?? ''],
  ['symbol', (a) => a.request.symbol ?? a.before?.symbol ?? a.after?.symbol ?? ''],
  ['category', (a) => a.request.category ?? a.before?.category ?? a.after?.category ?? ''],
  ['old_price', (a) => a.before?.price ?? ''],
  ['new_price', (a) => a.request.price ?? ''],
  ['old_qty', (a) => a.before?.qty ?? ''],
  ['new_qty', (a) => a.request.qty ?? ''],
  ['auto_cancel', (a) => a.request.autoCancel ?? 'no'],
  ['outcome', (a) => a.status],
  ['summary', (a) => a.summary],
  ['code', (a) => a.answer?.code ?? a.error?.code ?? ''],
  ['duration_ms', (a) => (durationMs(a) === undefined ? '' : String(durationMs(a)))],
  ['attempt_id', (a) => a.id],
  // Items of an amend-many run: which run, and which item of how many ("3/48").
  ['run_id', (a) => a.run?.id ?? ''],
  ['run_item', (a) => (a.run ? `${a.run.index + 1}/${a.run.size}` : '')],
  // Where it came from: desktop, browser or cli, and the OS user (empty for records made before).
  ['source', (a) => a.source?.host ?? ''],
  ['os_user', (a) => a.source?.user ?? ''],
];

/** The header line (with its CRLF). */
export const ACTIVITY_CSV_HEADER = toCsv([CSV_COLUMNS.map(([h]) => h)]);

/** The rows of these attempts, without the header: chunks of a streamed file join as they come. */
export function activityCsvRows(attempts: readonly Attempt[]): string {
  return toCsv(attempts.map((a) => CSV_COLUMNS.map(([, f]) => f(a))));
}
