/** How an attempt reads in the Activity list's duration and its CSV export. */
import type { Attempt } from '../../../shared/attempts';
import { formatTime } from '../amend/status-display';
import { toCsv } from '../lib/csv';

export function durationMs(a: Attempt): number | undefined {
  return a.finishedAt === undefined ? undefined : a.finishedAt - a.startedAt;
}

const CSV_COLUMNS: [string, (a: Attempt) => string][] = [
  ['time', (a) => formatTime(a.startedAt)],
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
];

export function activityCsv(attempts: Attempt[]): string {
  return toCsv([CSV_COLUMNS.map(([h]) => h), ...attempts.map((a) => CSV_COLUMNS.map(([, f]) => f(a)))]);
}
