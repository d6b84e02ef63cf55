/** How an attempt reads in the Activity list, its filter and its CSV export. */
import type { Attempt, AttemptStatus } from '../../../shared/attempts';
import { changeText } from '../../../shared/change-text';
import { ENVIRONMENT_LABELS } from '../../../shared/profiles';
import { formatTime, STATUS_LABELS } from '../amend/labels';
import { toCsv } from '../lib/csv';

export function orderLabel(a: Attempt): string {
  return a.request.orderId ?? a.request.clientOid ?? a.after?.orderId ?? '—';
}

export function symbolLabel(a: Attempt): string {
  const s = a.request.symbol ?? a.before?.symbol ?? a.after?.symbol;
  const c = a.request.category ?? a.before?.category ?? a.after?.category;
  return [s, c].filter(Boolean).join(' · ');
}

export function durationMs(a: Attempt): number | undefined {
  return a.finishedAt === undefined ? undefined : a.finishedAt - a.startedAt;
}

export function matches(a: Attempt, text: string, outcome: AttemptStatus | ''): boolean {
  if (outcome && a.status !== outcome) return false;
  const t = text.trim().toLowerCase();
  if (!t) return true;
  const hay = [
    orderLabel(a),
    a.request.clientOid,
    a.request.orderId,
    a.after?.orderId,
    a.after?.clientOid,
    symbolLabel(a),
    changeText(a.request, a.before),
    a.summary,
    a.profileName,
    ENVIRONMENT_LABELS[a.environment],
    STATUS_LABELS[a.status],
    a.error?.code,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return hay.includes(t);
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
];

export function activityCsv(attempts: Attempt[]): string {
  return toCsv([CSV_COLUMNS.map(([h]) => h), ...attempts.map((a) => CSV_COLUMNS.map(([, f]) => f(a)))]);
}
