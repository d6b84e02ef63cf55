/** Words and badge colours of attempt statuses and order states, shared by the desk and Activity. */
import type { AttemptStatus, OrderGuard } from '../../../shared/attempts';
import type { IconName } from '../components/StatusIcon';

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

/**
 * What the status banner is saying, so it can look like it: an attempt's status, or one of the
 * desk's own lines (ready, information, a warning, an error, something under way).
 */
export type NoticeKind =
  'ready' | 'info' | 'progress' | 'warning' | 'error' | Exclude<AttemptStatus, 'sending' | 'following'>;

export function noticeKindOf(status: AttemptStatus): NoticeKind {
  return status === 'sending' || status === 'following' ? 'progress' : status;
}

export type Tone = 'neutral' | 'progress' | 'ok' | 'warn' | 'danger';

export interface Look {
  tone: Tone;
  icon: IconName;
  /** The icon's text alternative: what the colour and the shape say, in words. */
  label: string;
}

/** Tones follow the badges (STATUS_BADGES); icons tell apart what shares a tone. */
export const NOTICE_LOOKS: Record<NoticeKind, Look> = {
  ready: { tone: 'neutral', icon: 'info', label: 'Information' },
  info: { tone: 'neutral', icon: 'info', label: 'Information' },
  progress: { tone: 'progress', icon: 'progress', label: 'In progress' },
  applied: { tone: 'ok', icon: 'check', label: 'Success' },
  failed: { tone: 'warn', icon: 'warning', label: 'Not applied' },
  refused: { tone: 'warn', icon: 'warning', label: 'Refused' },
  unknown: { tone: 'warn', icon: 'question', label: 'Outcome unknown' },
  warning: { tone: 'warn', icon: 'warning', label: 'Warning' },
  rejected: { tone: 'danger', icon: 'cross', label: 'Rejected by the exchange' },
  cancelled: { tone: 'danger', icon: 'ban', label: 'Order cancelled' },
  error: { tone: 'danger', icon: 'cross', label: 'Error' },
};

export const GUARD_LABELS: Record<OrderGuard['state'], string> = {
  free: 'Modifiable',
  'in-flight': 'Modification in progress',
  locked: 'Locked',
  unknown: 'Outcome unknown',
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
