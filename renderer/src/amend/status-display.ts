/** Words and badge colours of attempt statuses and order states, shared by the desk and Activity. */
import type { AttemptStatus, OrderGuard } from '../../../shared/attempts';

export const STATUS_BADGES: Record<AttemptStatus, string> = {
  sending: 'badge-info',
  following: 'badge-info',
  applied: 'badge-ok',
  failed: 'badge-warn',
  cancelled: 'badge-danger',
  rejected: 'badge-danger',
  refused: 'badge-warn',
  unknown: 'badge-warn',
};

export const GUARD_LABELS: Record<OrderGuard['state'], string> = {
  free: 'Modifiable',
  'in-flight': 'Modification in progress',
  locked: 'Locked',
  unknown: 'Outcome unknown',
};

export const ORDER_STATUS_BADGES: Record<string, string> = {
  live: 'badge-info',
  new: 'badge-info',
  partially_filled: 'badge-warn',
  filled: 'badge-ok',
  cancelled: 'badge-danger',
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Local time "2026-11-22 05:47:18" from Unix ms (a number or the exchange's string). */
export function formatTime(ms: number | string | undefined): string {
  const n = typeof ms === 'string' ? Number(ms) : ms;
  if (n === undefined || !Number.isFinite(n) || n <= 0) return '—';
  const d = new Date(n);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || ms < 0) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
