/**
 * Alerts for watched symbols: taken from main (each is handed out once), shown as desktop
 * notifications (the web Notification API, in Electron's renderer and the browser alike) and kept
 * in the window too. An alert that no notification could show stays on screen as a toast until
 * dismissed, so none is lost when notifications are denied or unavailable.
 */
import { create } from 'zustand';
import type { ChangeAlert } from '../../../shared/instrument-watch';
import { call } from '../lib/desk';
import { openInstrumentHistory } from './open-instrument';

/** Recent alerts kept for the Changes screen. */
const KEEP = 50;

interface AlertsState {
  recent: ChangeAlert[];
  /** Shown in the window: no notification carried them. */
  toasts: ChangeAlert[];
  add(alert: ChangeAlert, notified: boolean): void;
  dismiss(id: string): void;
  dismissAll(): void;
  clearRecent(): void;
}

export const useAlerts = create<AlertsState>()((set) => ({
  recent: [],
  toasts: [],
  add: (alert, notified) =>
    set((s) =>
      s.recent.some((a) => a.id === alert.id)
        ? s
        : {
            recent: [alert, ...s.recent].slice(0, KEEP),
            toasts: notified ? s.toasts : [...s.toasts, alert],
          },
    ),
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((a) => a.id !== id) })),
  dismissAll: () => set({ toasts: [] }),
  clearRecent: () => set({ recent: [] }),
}));

export type NotificationState = NotificationPermission | 'unavailable';

/** Read each time: the permission changes outside the app (site settings), and tests stub the API. */
export function notificationState(): NotificationState {
  return typeof window.Notification === 'function' ? window.Notification.permission : 'unavailable';
}

/** Shows the alert as a desktop notification; false when none could be shown. */
export function notify(alert: ChangeAlert): boolean {
  if (notificationState() !== 'granted') return false;
  try {
    const n = new window.Notification(alert.title, { body: alert.body, tag: alert.id });
    n.onclick = () => {
      window.focus();
      openInstrumentHistory(alert.category, alert.symbol);
    };
    return true;
  } catch {
    // Some platforms refuse page-made notifications (Chrome on Android wants a service worker).
    return false;
  }
}

let inFlight: Promise<number> | undefined;
/** Asked again while a request ran: alerts recorded meanwhile are taken right after it. */
let again = false;

/** Takes the due alerts from main and shows them; resolves to how many came. One request at a time. */
export function pollAlerts(): Promise<number> {
  if (inFlight) {
    again = true;
    return inFlight;
  }
  inFlight = call('takeChangeAlerts', {})
    .then(({ alerts }) => {
      for (const a of alerts) useAlerts.getState().add(a, notify(a));
      return alerts.length;
    })
    // Main unreachable or no profile: the next poll tries again.
    .catch(() => 0)
    .finally(() => {
      inFlight = undefined;
      if (again) {
        again = false;
        void pollAlerts();
      }
    });
  return inFlight;
}
