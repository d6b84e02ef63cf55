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

/** An alert as the Changes screen lists it: resolved once a later alert says its condition cleared. */
export type RecentAlert = ChangeAlert & { resolvedAt?: number };

interface AlertsState {
  /** The profile the alerts are of: alerts of another are not shown (one may arrive just after a switch). */
  profileId: string | null;
  recent: RecentAlert[];
  /** Shown in the window: no notification carried them, and their condition has not cleared. */
  toasts: ChangeAlert[];
  add(alert: ChangeAlert, notified: boolean): void;
  dismiss(id: string): void;
  dismissAll(): void;
  clearRecent(): void;
  /** The active profile is now this one: the alerts of any other leave. */
  belongTo(profileId: string): void;
}

const ofProfile = (profileId: string | null) => (a: ChangeAlert) =>
  profileId === null || a.profileId === undefined || a.profileId === profileId;

export const useAlerts = create<AlertsState>()((set) => ({
  profileId: null,
  recent: [],
  toasts: [],
  add: (alert, notified) =>
    set((s) => {
      if (s.recent.some((a) => a.id === alert.id) || !ofProfile(s.profileId)(alert)) return s;
      if (!alert.cleared)
        return {
          recent: [alert, ...s.recent].slice(0, KEEP),
          toasts: notified ? s.toasts : [...s.toasts, alert],
        };
      // The condition cleared: earlier alerts of it are resolved (kept in the list, marked), their toasts go.
      const resolves = (a: ChangeAlert) => !a.cleared && a.condition !== undefined && a.condition === alert.condition;
      return {
        recent: [
          alert,
          ...s.recent.map((a) => (resolves(a) && !a.resolvedAt ? { ...a, resolvedAt: alert.at } : a)),
        ].slice(0, KEEP),
        toasts: s.toasts.filter((a) => !resolves(a)),
      };
    }),
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((a) => a.id !== id) })),
  dismissAll: () => set({ toasts: [] }),
  clearRecent: () => set({ recent: [] }),
  belongTo: (profileId) =>
    set((s) =>
      s.profileId === profileId
        ? s
        : { profileId, recent: s.recent.filter(ofProfile(profileId)), toasts: s.toasts.filter(ofProfile(profileId)) },
    ),
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
      // A condition that cleared is good news for the list, not worth a desktop notification.
      for (const a of alerts) useAlerts.getState().add(a, a.cleared ? true : notify(a));
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
