/**
 * An order's status in words, for every table and panel of the app and the CLI's tables. The
 * exchange's code stays reachable (accessible description, tooltip, `--json`); filters and exports
 * keep the code.
 */
const WORDS: Readonly<Record<string, { label: string; meaning: string; tone: OrderStatusTone }>> = Object.assign(
  Object.create(null) as Record<string, { label: string; meaning: string; tone: OrderStatusTone }>,
  {
    live: { label: 'Open', meaning: 'on the book, nothing filled yet', tone: 'info' },
    new: { label: 'Accepted', meaning: 'accepted by the exchange, not yet on the book', tone: 'info' },
    partially_filled: { label: 'Partly filled', meaning: 'on the book, part of it filled', tone: 'warn' },
    filled: { label: 'Filled', meaning: 'completely filled', tone: 'ok' },
    cancelled: { label: 'Cancelled', meaning: 'cancelled, no longer on the book', tone: 'danger' },
  },
);

export type OrderStatusTone = 'ok' | 'warn' | 'danger' | 'info' | 'neutral';

/** "Partly filled" for partially_filled; a status this desk does not know stays as sent. */
export function orderStatusLabel(status: string): string {
  return WORDS[status]?.label ?? (status || '—');
}

/** "Partly filled: on the book, part of it filled (exchange code: partially_filled)". */
export function orderStatusDescription(status: string): string {
  const w = WORDS[status];
  if (!w) return `${status || 'No status'}: a status this desk does not know yet`;
  return `${w.label}: ${w.meaning} (exchange code: ${status})`;
}

/** The badge tone: the same tones as the instrument statuses. */
export function orderStatusTone(status: string): OrderStatusTone {
  return WORDS[status]?.tone ?? 'neutral';
}
